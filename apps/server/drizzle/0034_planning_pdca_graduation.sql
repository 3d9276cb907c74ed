DROP INDEX "plannings_scope_year_uq";--> statement-breakpoint
ALTER TABLE "planning_actions" ADD COLUMN "indicator" text;--> statement-breakpoint
ALTER TABLE "planning_actions" ADD COLUMN "target" integer;--> statement-breakpoint
ALTER TABLE "planning_actions" ADD COLUMN "pdca_state" text DEFAULT 'Plan' NOT NULL;--> statement-breakpoint
ALTER TABLE "planning_actions" ADD COLUMN "corrective_action" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "plannings" ADD COLUMN "type" text DEFAULT 'regular' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "plannings_scope_year_type_uq" ON "plannings" USING btree ("platform_id","workspace_id","type","year");--> statement-breakpoint
CREATE INDEX "plannings_scope_created_idx" ON "plannings" USING btree ("platform_id","workspace_id","created_at");