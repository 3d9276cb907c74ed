CREATE TABLE "batch_message_recipients" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"platform_id" integer NOT NULL,
	"workspace_id" integer NOT NULL,
	"batch_id" integer NOT NULL,
	"opportunity_id" integer NOT NULL,
	"card_user_id" integer,
	"phone_number" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"error" text,
	"values" jsonb,
	"dialog_id" integer,
	"message_id" integer,
	"remote_id" text,
	"claimed_at" timestamp with time zone,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "batch_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"platform_id" integer NOT NULL,
	"workspace_id" integer NOT NULL,
	"user_id" integer,
	"title" text NOT NULL,
	"bot_id" integer NOT NULL,
	"template" jsonb NOT NULL,
	"message" text,
	"header" text,
	"footer" text,
	"filter" jsonb NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"total" integer NOT NULL,
	"sent" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"skipped" integer DEFAULT 0 NOT NULL,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "batch_message_recipients" ADD CONSTRAINT "batch_message_recipients_platform_id_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."platforms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batch_message_recipients" ADD CONSTRAINT "batch_message_recipients_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batch_message_recipients" ADD CONSTRAINT "batch_message_recipients_batch_id_batch_messages_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."batch_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batch_messages" ADD CONSTRAINT "batch_messages_platform_id_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."platforms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batch_messages" ADD CONSTRAINT "batch_messages_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batch_messages" ADD CONSTRAINT "batch_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batch_messages" ADD CONSTRAINT "batch_messages_bot_id_bots_id_fk" FOREIGN KEY ("bot_id") REFERENCES "public"."bots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "batch_message_recipients_phone_uq" ON "batch_message_recipients" USING btree ("platform_id","batch_id","phone_number");--> statement-breakpoint
CREATE INDEX "batch_message_recipients_scope_status_idx" ON "batch_message_recipients" USING btree ("platform_id","workspace_id","batch_id","status","id");--> statement-breakpoint
CREATE INDEX "batch_messages_scope_idx" ON "batch_messages" USING btree ("platform_id","workspace_id","created_at");