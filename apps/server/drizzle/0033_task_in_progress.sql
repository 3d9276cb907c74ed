ALTER TABLE "tasks" ADD COLUMN "linked_call_id" integer;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "linked_dialog_id" integer;