CREATE TABLE "opportunity_user_days" (
	"platform_id" integer NOT NULL,
	"workspace_id" integer NOT NULL,
	"date_type" text NOT NULL,
	"day" date NOT NULL,
	"user_id" integer NOT NULL,
	"cards" integer NOT NULL,
	"won" integer NOT NULL,
	"lost" integer NOT NULL,
	"total" numeric NOT NULL,
	"won_total" numeric NOT NULL,
	"answered" integer NOT NULL,
	"tma_sum" bigint NOT NULL,
	"acceptable" integer NOT NULL,
	"exceeded" integer NOT NULL,
	CONSTRAINT "opportunity_user_days_platform_id_workspace_id_date_type_day_user_id_pk" PRIMARY KEY("platform_id","workspace_id","date_type","day","user_id")
);
