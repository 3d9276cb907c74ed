CREATE TABLE "call_instances" (
	"id" uuid PRIMARY KEY NOT NULL,
	"beat_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "opportunity_calls" ADD COLUMN "instance_id" uuid;--> statement-breakpoint
CREATE INDEX "opportunity_calls_active_instance_idx" ON "opportunity_calls" USING btree ("instance_id") WHERE "opportunity_calls"."ended_at" is null and "opportunity_calls"."instance_id" is not null;