CREATE TABLE "contract_settings" (
	"id" serial PRIMARY KEY NOT NULL,
	"platform_id" integer NOT NULL,
	"workspace_id" integer NOT NULL,
	"won_on_payment" boolean DEFAULT false NOT NULL,
	"asaas_api_key" text,
	"asaas_webhook_token" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contracts" (
	"id" serial PRIMARY KEY NOT NULL,
	"platform_id" integer NOT NULL,
	"workspace_id" integer NOT NULL,
	"opportunity_id" integer NOT NULL,
	"provider" text NOT NULL,
	"billing_type" text NOT NULL,
	"payment_status" text DEFAULT 'Pending' NOT NULL,
	"enrollment_fee" numeric(12, 2) NOT NULL,
	"payment_due_date" date NOT NULL,
	"payer_document" text NOT NULL,
	"provider_payment_id" text,
	"provider_customer_id" text,
	"payment_url" text,
	"pix_code" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contract_settings" ADD CONSTRAINT "contract_settings_platform_id_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."platforms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_settings" ADD CONSTRAINT "contract_settings_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_platform_id_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."platforms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_opportunity_id_opportunities_id_fk" FOREIGN KEY ("opportunity_id") REFERENCES "public"."opportunities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "contract_settings_scope_uq" ON "contract_settings" USING btree ("platform_id","workspace_id");--> statement-breakpoint
CREATE INDEX "contracts_scope_opportunity_idx" ON "contracts" USING btree ("platform_id","workspace_id","opportunity_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "contracts_scope_live_card_uq" ON "contracts" USING btree ("platform_id","workspace_id","opportunity_id") WHERE "contracts"."payment_status" <> 'Canceled';--> statement-breakpoint
CREATE INDEX "contracts_scope_status_idx" ON "contracts" USING btree ("platform_id","workspace_id","payment_status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "contracts_provider_payment_uq" ON "contracts" USING btree ("platform_id","provider","provider_payment_id");