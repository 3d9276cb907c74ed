ALTER TABLE "bot_templates" ADD COLUMN "meta_id" text;--> statement-breakpoint
ALTER TABLE "bot_templates" ADD COLUMN "rejected_reason" text;