CREATE TABLE "automation_step_slots" (
	"platform_id" integer NOT NULL,
	"workspace_id" integer NOT NULL,
	"minute" timestamp with time zone NOT NULL,
	"steps" integer NOT NULL,
	CONSTRAINT "automation_step_slots_platform_id_workspace_id_minute_pk" PRIMARY KEY("platform_id","workspace_id","minute")
);
