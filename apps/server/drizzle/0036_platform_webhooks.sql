CREATE TABLE "platform_webhook_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"platform_id" integer NOT NULL,
	"webhook_id" integer NOT NULL,
	"delivery_id" integer NOT NULL,
	"attempt" integer NOT NULL,
	"status_code" integer,
	"error" text,
	"duration_ms" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "platform_webhook_deliveries" (
	"id" serial PRIMARY KEY NOT NULL,
	"platform_id" integer NOT NULL,
	"webhook_id" integer NOT NULL,
	"workspace_id" integer NOT NULL,
	"event" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "platform_webhooks" (
	"id" serial PRIMARY KEY NOT NULL,
	"platform_id" integer NOT NULL,
	"name" text NOT NULL,
	"url" text NOT NULL,
	"events" text[] NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"secret" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "platform_webhook_attempts" ADD CONSTRAINT "platform_webhook_attempts_platform_id_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."platforms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_webhook_attempts" ADD CONSTRAINT "platform_webhook_attempts_webhook_id_platform_webhooks_id_fk" FOREIGN KEY ("webhook_id") REFERENCES "public"."platform_webhooks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_webhook_attempts" ADD CONSTRAINT "platform_webhook_attempts_delivery_id_platform_webhook_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."platform_webhook_deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_webhook_deliveries" ADD CONSTRAINT "platform_webhook_deliveries_platform_id_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."platforms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_webhook_deliveries" ADD CONSTRAINT "platform_webhook_deliveries_webhook_id_platform_webhooks_id_fk" FOREIGN KEY ("webhook_id") REFERENCES "public"."platform_webhooks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_webhooks" ADD CONSTRAINT "platform_webhooks_platform_id_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."platforms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "platform_webhook_attempts_scope_idx" ON "platform_webhook_attempts" USING btree ("platform_id","webhook_id","id");--> statement-breakpoint
CREATE INDEX "platform_webhook_deliveries_scope_idx" ON "platform_webhook_deliveries" USING btree ("platform_id","webhook_id");--> statement-breakpoint
CREATE INDEX "platform_webhook_deliveries_created_idx" ON "platform_webhook_deliveries" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "platform_webhooks_scope_idx" ON "platform_webhooks" USING btree ("platform_id","id");