ALTER TABLE "products" ADD COLUMN "category" text DEFAULT 'enrollment' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "modality" text DEFAULT 'on_site' NOT NULL;