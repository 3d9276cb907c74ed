CREATE TABLE "news_warnings" (
	"id" serial PRIMARY KEY NOT NULL,
	"platform_id" integer NOT NULL,
	"message" text NOT NULL,
	"expiration" date NOT NULL,
	"iframe_info" jsonb,
	"carousel_info" jsonb,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "news_warnings" ADD CONSTRAINT "news_warnings_platform_id_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."platforms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "news_warnings_platform_idx" ON "news_warnings" USING btree ("platform_id","expiration");