CREATE TABLE "platform_brands" (
	"platform_id" integer PRIMARY KEY NOT NULL,
	"overrides" jsonb NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "manager_id" integer;--> statement-breakpoint
ALTER TABLE "platform_brands" ADD CONSTRAINT "platform_brands_platform_id_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."platforms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_manager_id_users_id_fk" FOREIGN KEY ("manager_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "members_manager_idx" ON "members" USING btree ("platform_id","workspace_id","manager_id");