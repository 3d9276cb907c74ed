CREATE TABLE "batch_call_items" (
	"platform_id" integer NOT NULL,
	"workspace_id" integer NOT NULL,
	"batch_call_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"opportunity_id" integer NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"done" boolean DEFAULT false NOT NULL,
	CONSTRAINT "batch_call_items_platform_id_batch_call_id_position_pk" PRIMARY KEY("platform_id","batch_call_id","position")
);
--> statement-breakpoint
CREATE TABLE "batch_calls" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"platform_id" integer NOT NULL,
	"workspace_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"role" text NOT NULL,
	"filter" jsonb NOT NULL,
	"max_attempts" integer NOT NULL,
	"status" text DEFAULT 'Created' NOT NULL,
	"total_count" integer NOT NULL,
	"current_index" integer DEFAULT 0 NOT NULL,
	"current_call_id" integer,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "opportunity_calls" (
	"id" serial PRIMARY KEY NOT NULL,
	"platform_id" integer NOT NULL,
	"workspace_id" integer NOT NULL,
	"opportunity_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"batch_call_id" uuid,
	"attempt" integer DEFAULT 1 NOT NULL,
	"phone_number" text NOT NULL,
	"adapter" text NOT NULL,
	"remote_id" text,
	"status" text DEFAULT 'dialing' NOT NULL,
	"outcome" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"duration" integer DEFAULT 0 NOT NULL,
	"answered" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "batch_call_items" ADD CONSTRAINT "batch_call_items_platform_id_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."platforms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batch_call_items" ADD CONSTRAINT "batch_call_items_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batch_call_items" ADD CONSTRAINT "batch_call_items_batch_call_id_batch_calls_id_fk" FOREIGN KEY ("batch_call_id") REFERENCES "public"."batch_calls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batch_call_items" ADD CONSTRAINT "batch_call_items_opportunity_id_opportunities_id_fk" FOREIGN KEY ("opportunity_id") REFERENCES "public"."opportunities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batch_calls" ADD CONSTRAINT "batch_calls_platform_id_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."platforms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batch_calls" ADD CONSTRAINT "batch_calls_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batch_calls" ADD CONSTRAINT "batch_calls_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opportunity_calls" ADD CONSTRAINT "opportunity_calls_platform_id_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."platforms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opportunity_calls" ADD CONSTRAINT "opportunity_calls_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opportunity_calls" ADD CONSTRAINT "opportunity_calls_opportunity_id_opportunities_id_fk" FOREIGN KEY ("opportunity_id") REFERENCES "public"."opportunities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opportunity_calls" ADD CONSTRAINT "opportunity_calls_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opportunity_calls" ADD CONSTRAINT "opportunity_calls_batch_call_id_batch_calls_id_fk" FOREIGN KEY ("batch_call_id") REFERENCES "public"."batch_calls"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "batch_call_items_next_idx" ON "batch_call_items" USING btree ("platform_id","batch_call_id","done","attempts","position");--> statement-breakpoint
CREATE INDEX "batch_calls_scope_idx" ON "batch_calls" USING btree ("platform_id","workspace_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "opportunity_calls_active_card_uq" ON "opportunity_calls" USING btree ("platform_id","opportunity_id") WHERE "opportunity_calls"."ended_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "opportunity_calls_active_user_uq" ON "opportunity_calls" USING btree ("platform_id","user_id") WHERE "opportunity_calls"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "opportunity_calls_card_idx" ON "opportunity_calls" USING btree ("platform_id","workspace_id","opportunity_id","started_at");--> statement-breakpoint
CREATE INDEX "opportunity_calls_user_idx" ON "opportunity_calls" USING btree ("platform_id","workspace_id","user_id","started_at");