ALTER TABLE "batch_message_recipients" ADD COLUMN "claimed_by" text;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "send_started_at" timestamp with time zone;