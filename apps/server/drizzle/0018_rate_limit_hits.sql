-- Request counters of the rate limits, shared by every server process. Unlogged: a counter lost in a crash only
-- forgives a few minutes of attempts, and not writing them to the WAL keeps sign-ins cheap.
CREATE UNLOGGED TABLE "rate_limit_hits" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "rate_limit_hits_expires_idx" ON "rate_limit_hits" ("expires_at");
