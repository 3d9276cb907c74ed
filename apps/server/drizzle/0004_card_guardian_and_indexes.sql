DROP INDEX "contacts_scope_phone_idx";--> statement-breakpoint
ALTER TABLE "opportunities" ALTER COLUMN "is_responsible" SET DEFAULT false;--> statement-breakpoint
-- is_responsible now means "the contact is the student's guardian"; it used to be stored the other way round.
UPDATE "opportunities" SET "is_responsible" = NOT "is_responsible";--> statement-breakpoint
CREATE UNIQUE INDEX "contacts_scope_phone_uq" ON "contacts" USING btree ("platform_id","workspace_id","phone_number");--> statement-breakpoint
CREATE INDEX "opportunities_stage_updated_idx" ON "opportunities" USING btree ("platform_id","workspace_id","sales_stage_id","updated_at","price");