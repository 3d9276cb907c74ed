CREATE TABLE "planning_actions" (
	"id" serial PRIMARY KEY NOT NULL,
	"platform_id" integer NOT NULL,
	"workspace_id" integer NOT NULL,
	"planning_id" integer NOT NULL,
	"what" text NOT NULL,
	"why" text DEFAULT '' NOT NULL,
	"where" text DEFAULT '' NOT NULL,
	"when" date NOT NULL,
	"who_user_id" integer,
	"how" text DEFAULT '' NOT NULL,
	"how_much" numeric(12, 2) DEFAULT 0 NOT NULL,
	"media_id" integer,
	"campaign_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "planning_medias" (
	"id" serial PRIMARY KEY NOT NULL,
	"platform_id" integer NOT NULL,
	"workspace_id" integer NOT NULL,
	"planning_id" integer NOT NULL,
	"media_id" integer NOT NULL,
	"campaign_id" integer,
	"months" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plannings" (
	"id" serial PRIMARY KEY NOT NULL,
	"platform_id" integer NOT NULL,
	"workspace_id" integer NOT NULL,
	"year" integer NOT NULL,
	"phase" text DEFAULT 'PrePlanning' NOT NULL,
	"start_month" integer DEFAULT 1 NOT NULL,
	"end_month" integer DEFAULT 12 NOT NULL,
	"goals" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"lead_to_visit_rate" numeric(5, 2),
	"visit_to_enrollment_rate" numeric(5, 2),
	"phase_history" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "planning_actions" ADD CONSTRAINT "planning_actions_platform_id_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."platforms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planning_actions" ADD CONSTRAINT "planning_actions_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planning_actions" ADD CONSTRAINT "planning_actions_planning_id_plannings_id_fk" FOREIGN KEY ("planning_id") REFERENCES "public"."plannings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planning_actions" ADD CONSTRAINT "planning_actions_who_user_id_users_id_fk" FOREIGN KEY ("who_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planning_actions" ADD CONSTRAINT "planning_actions_media_id_medias_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."medias"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planning_actions" ADD CONSTRAINT "planning_actions_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planning_medias" ADD CONSTRAINT "planning_medias_platform_id_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."platforms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planning_medias" ADD CONSTRAINT "planning_medias_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planning_medias" ADD CONSTRAINT "planning_medias_planning_id_plannings_id_fk" FOREIGN KEY ("planning_id") REFERENCES "public"."plannings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planning_medias" ADD CONSTRAINT "planning_medias_media_id_medias_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."medias"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planning_medias" ADD CONSTRAINT "planning_medias_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plannings" ADD CONSTRAINT "plannings_platform_id_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."platforms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plannings" ADD CONSTRAINT "plannings_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plannings" ADD CONSTRAINT "plannings_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "planning_actions_scope_plan_idx" ON "planning_actions" USING btree ("platform_id","workspace_id","planning_id","when","id");--> statement-breakpoint
CREATE INDEX "planning_medias_scope_plan_idx" ON "planning_medias" USING btree ("platform_id","workspace_id","planning_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "planning_medias_scope_media_uq" ON "planning_medias" USING btree ("platform_id","workspace_id","planning_id","media_id",coalesce("campaign_id", 0));--> statement-breakpoint
CREATE UNIQUE INDEX "plannings_scope_year_uq" ON "plannings" USING btree ("platform_id","workspace_id","year");