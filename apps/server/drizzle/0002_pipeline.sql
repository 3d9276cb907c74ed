CREATE TABLE "history_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"platform_id" integer NOT NULL,
	"workspace_id" integer NOT NULL,
	"type" text NOT NULL,
	"opportunity_id" integer,
	"contact_id" integer,
	"user_id" integer,
	"task_id" integer,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tasks" (
	"id" serial PRIMARY KEY NOT NULL,
	"platform_id" integer NOT NULL,
	"workspace_id" integer NOT NULL,
	"opportunity_id" integer NOT NULL,
	"user_id" integer,
	"name" text,
	"task_type_id" integer,
	"interaction_type_id" integer,
	"description" text,
	"start_timestamp" timestamp NOT NULL,
	"is_registry" boolean DEFAULT false NOT NULL,
	"ended_scheduled" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'NotStarted' NOT NULL,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "contacts_scope_name_idx";--> statement-breakpoint
DROP INDEX "opportunities_board_idx";--> statement-breakpoint
DROP INDEX "opportunities_user_idx";--> statement-breakpoint
ALTER TABLE "opportunities" ALTER COLUMN "display_order" SET DATA TYPE double precision;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "country_code" text DEFAULT '55' NOT NULL;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "birthdate" date;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "document" text;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "id_number" text;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "postal_code" text;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "address_line1" text;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "address_line2" text;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "neighborhood" text;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "instagram" text;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "facebook" text;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "linkedin" text;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "blacklist_reason" text;--> statement-breakpoint
ALTER TABLE "opportunities" ADD COLUMN "open_stage_id" integer;--> statement-breakpoint
ALTER TABLE "opportunities" ADD COLUMN "opportunity_type_id" integer;--> statement-breakpoint
ALTER TABLE "opportunities" ADD COLUMN "product_id" integer;--> statement-breakpoint
ALTER TABLE "opportunities" ADD COLUMN "media_id" integer;--> statement-breakpoint
ALTER TABLE "opportunities" ADD COLUMN "campaign_id" integer;--> statement-breakpoint
ALTER TABLE "opportunities" ADD COLUMN "campaign_url" text;--> statement-breakpoint
ALTER TABLE "opportunities" ADD COLUMN "tag_ids" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "opportunities" ADD COLUMN "is_responsible" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "opportunities" ADD COLUMN "student_name" text;--> statement-breakpoint
ALTER TABLE "opportunities" ADD COLUMN "student_document" text;--> statement-breakpoint
ALTER TABLE "opportunities" ADD COLUMN "visit_generator" text;--> statement-breakpoint
ALTER TABLE "opportunities" ADD COLUMN "form_id" text;--> statement-breakpoint
ALTER TABLE "opportunities" ADD COLUMN "closed_type" integer;--> statement-breakpoint
ALTER TABLE "opportunities" ADD COLUMN "closed_description" text;--> statement-breakpoint
ALTER TABLE "opportunities" ADD COLUMN "tma" integer;--> statement-breakpoint
ALTER TABLE "opportunities" ADD COLUMN "recreated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "opportunities" ADD COLUMN "remote_id" text;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "last_assigned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "history_logs" ADD CONSTRAINT "history_logs_platform_id_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."platforms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "history_logs" ADD CONSTRAINT "history_logs_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "history_logs" ADD CONSTRAINT "history_logs_opportunity_id_opportunities_id_fk" FOREIGN KEY ("opportunity_id") REFERENCES "public"."opportunities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "history_logs" ADD CONSTRAINT "history_logs_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "history_logs" ADD CONSTRAINT "history_logs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_platform_id_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."platforms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_opportunity_id_opportunities_id_fk" FOREIGN KEY ("opportunity_id") REFERENCES "public"."opportunities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_task_type_id_task_types_id_fk" FOREIGN KEY ("task_type_id") REFERENCES "public"."task_types"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_interaction_type_id_interaction_types_id_fk" FOREIGN KEY ("interaction_type_id") REFERENCES "public"."interaction_types"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "history_logs_opportunity_idx" ON "history_logs" USING btree ("platform_id","workspace_id","opportunity_id","created_at");--> statement-breakpoint
CREATE INDEX "history_logs_contact_idx" ON "history_logs" USING btree ("platform_id","workspace_id","contact_id","created_at");--> statement-breakpoint
CREATE INDEX "history_logs_user_idx" ON "history_logs" USING btree ("platform_id","workspace_id","user_id","created_at");--> statement-breakpoint
CREATE INDEX "tasks_opportunity_idx" ON "tasks" USING btree ("platform_id","workspace_id","opportunity_id");--> statement-breakpoint
CREATE INDEX "tasks_start_idx" ON "tasks" USING btree ("platform_id","workspace_id","start_timestamp");--> statement-breakpoint
CREATE INDEX "tasks_user_start_idx" ON "tasks" USING btree ("platform_id","workspace_id","user_id","start_timestamp");--> statement-breakpoint
ALTER TABLE "opportunities" ADD CONSTRAINT "opportunities_open_stage_id_sales_stages_id_fk" FOREIGN KEY ("open_stage_id") REFERENCES "public"."sales_stages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opportunities" ADD CONSTRAINT "opportunities_opportunity_type_id_opportunity_types_id_fk" FOREIGN KEY ("opportunity_type_id") REFERENCES "public"."opportunity_types"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opportunities" ADD CONSTRAINT "opportunities_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opportunities" ADD CONSTRAINT "opportunities_media_id_medias_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."medias"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opportunities" ADD CONSTRAINT "opportunities_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opportunities" ADD CONSTRAINT "opportunities_closed_type_objections_id_fk" FOREIGN KEY ("closed_type") REFERENCES "public"."objections"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "opportunities_created_idx" ON "opportunities" USING btree ("platform_id","workspace_id","created_at");--> statement-breakpoint
CREATE INDEX "opportunities_contact_idx" ON "opportunities" USING btree ("platform_id","workspace_id","contact_id");--> statement-breakpoint
CREATE INDEX "opportunities_tags_idx" ON "opportunities" USING gin ("tag_ids");--> statement-breakpoint
CREATE INDEX "contacts_scope_name_idx" ON "contacts" USING btree ("platform_id","workspace_id",lower("name"));--> statement-breakpoint
CREATE INDEX "opportunities_board_idx" ON "opportunities" USING btree ("platform_id","workspace_id","sales_stage_id","display_order","id");--> statement-breakpoint
CREATE INDEX "opportunities_user_idx" ON "opportunities" USING btree ("platform_id","workspace_id","user_id","updated_at");