CREATE TABLE "opportunity_stage_days" (
	"platform_id" integer NOT NULL,
	"workspace_id" integer NOT NULL,
	"sales_stage_id" integer NOT NULL,
	"day" date NOT NULL,
	"cards" integer NOT NULL,
	"total" numeric NOT NULL,
	CONSTRAINT "opportunity_stage_days_platform_id_workspace_id_sales_stage_id_day_pk" PRIMARY KEY("platform_id","workspace_id","sales_stage_id","day")
);
--> statement-breakpoint
-- One statement's changed cards move between the (stage, day of updated_at) buckets; buckets whose net change is
-- nothing are not written, so repeated edits of a card today take no lock on the day's row.
CREATE FUNCTION opportunity_stage_days_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO opportunity_stage_days AS d (platform_id, workspace_id, sales_stage_id, day, cards, total)
    SELECT platform_id, workspace_id, sales_stage_id, (updated_at AT TIME ZONE 'America/Sao_Paulo')::date,
           count(*), sum(price)
    FROM new_cards
    GROUP BY 1, 2, 3, 4
    ORDER BY 1, 2, 3, 4
    ON CONFLICT (platform_id, workspace_id, sales_stage_id, day)
    DO UPDATE SET cards = d.cards + excluded.cards, total = d.total + excluded.total;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO opportunity_stage_days AS d (platform_id, workspace_id, sales_stage_id, day, cards, total)
    SELECT platform_id, workspace_id, sales_stage_id, (updated_at AT TIME ZONE 'America/Sao_Paulo')::date,
           -count(*), -sum(price)
    FROM old_cards
    GROUP BY 1, 2, 3, 4
    ORDER BY 1, 2, 3, 4
    ON CONFLICT (platform_id, workspace_id, sales_stage_id, day)
    DO UPDATE SET cards = d.cards + excluded.cards, total = d.total + excluded.total;
  ELSE
    INSERT INTO opportunity_stage_days AS d (platform_id, workspace_id, sales_stage_id, day, cards, total)
    SELECT platform_id, workspace_id, sales_stage_id, day, sum(cards), sum(total)
    FROM (
      SELECT platform_id, workspace_id, sales_stage_id, (updated_at AT TIME ZONE 'America/Sao_Paulo')::date AS day,
             -1 AS cards, -price AS total
      FROM old_cards
      UNION ALL
      SELECT platform_id, workspace_id, sales_stage_id, (updated_at AT TIME ZONE 'America/Sao_Paulo')::date,
             1, price
      FROM new_cards
    ) AS changes
    GROUP BY 1, 2, 3, 4
    HAVING sum(cards) <> 0 OR sum(total) <> 0
    ORDER BY 1, 2, 3, 4
    ON CONFLICT (platform_id, workspace_id, sales_stage_id, day)
    DO UPDATE SET cards = d.cards + excluded.cards, total = d.total + excluded.total;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER opportunities_stage_days_insert AFTER INSERT ON opportunities
  REFERENCING NEW TABLE AS new_cards FOR EACH STATEMENT EXECUTE FUNCTION opportunity_stage_days_apply();
--> statement-breakpoint
CREATE TRIGGER opportunities_stage_days_update AFTER UPDATE ON opportunities
  REFERENCING OLD TABLE AS old_cards NEW TABLE AS new_cards FOR EACH STATEMENT EXECUTE FUNCTION opportunity_stage_days_apply();
--> statement-breakpoint
CREATE TRIGGER opportunities_stage_days_delete AFTER DELETE ON opportunities
  REFERENCING OLD TABLE AS old_cards FOR EACH STATEMENT EXECUTE FUNCTION opportunity_stage_days_apply();
--> statement-breakpoint
INSERT INTO opportunity_stage_days (platform_id, workspace_id, sales_stage_id, day, cards, total)
SELECT platform_id, workspace_id, sales_stage_id, (updated_at AT TIME ZONE 'America/Sao_Paulo')::date, count(*), sum(price)
FROM opportunities
GROUP BY 1, 2, 3, 4;
