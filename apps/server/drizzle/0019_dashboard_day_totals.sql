CREATE TABLE "opportunity_dashboard_days" (
	"platform_id" integer NOT NULL,
	"workspace_id" integer NOT NULL,
	"date_type" text NOT NULL,
	"dimension" text NOT NULL,
	"day" date NOT NULL,
	"key" text NOT NULL,
	"sales_stage_id" integer NOT NULL,
	"cards" integer NOT NULL,
	"total" numeric NOT NULL,
	"answered" integer NOT NULL,
	"tma_sum" bigint NOT NULL,
	"acceptable" integer NOT NULL,
	"exceeded" integer NOT NULL,
	CONSTRAINT "opportunity_dashboard_days_platform_id_workspace_id_date_type_dimension_day_key_sales_stage_id_pk" PRIMARY KEY("platform_id","workspace_id","date_type","dimension","day","key","sales_stage_id")
);
--> statement-breakpoint
-- What changed cards add to the dashboard day totals: +1 for each card of `added`, -1 for each of `removed`, on
-- the day of its creation and of its last change, for every dimension. Buckets whose net change is nothing are not
-- written, so an edit that moves no figure takes no lock; buckets are written in one order, so writers never
-- deadlock. The response-time classes are those of decisions.md §4 (below 600 s, above 1800 s).
CREATE FUNCTION opportunity_dashboard_days_change(added opportunities[], removed opportunities[]) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO opportunity_dashboard_days AS d (platform_id, workspace_id, date_type, dimension, day, key,
    sales_stage_id, cards, total, answered, tma_sum, acceptable, exceeded)
  SELECT c.platform_id, c.workspace_id, t.date_type, k.dimension, (t.at AT TIME ZONE 'America/Sao_Paulo')::date,
         k.key, c.sales_stage_id, sum(c.sign), sum(c.sign * c.price), sum(c.sign * (c.tma IS NOT NULL)::int),
         sum(c.sign * coalesce(c.tma, 0)), sum(c.sign * coalesce(c.tma < 600, false)::int), sum(c.sign * coalesce(c.tma > 1800, false)::int)
  FROM (
    SELECT 1 AS sign, * FROM unnest(added)
    UNION ALL
    SELECT -1, * FROM unnest(removed)
  ) AS c
  CROSS JOIN LATERAL (VALUES ('created_at', c.created_at), ('updated_at', c.updated_at)) AS t(date_type, at)
  CROSS JOIN LATERAL (VALUES
    ('stage', ''),
    ('campaign', coalesce(c.campaign_id::text, '')),
    ('media', coalesce(c.media_id::text, '')),
    ('product', coalesce(c.product_id::text, '')),
    ('closed-type', coalesce(c.closed_type::text, '')),
    ('user', coalesce(c.user_id::text, '')),
    ('source-type', coalesce(c.source_type, '')),
    ('probability', c.probability::text)
  ) AS k(dimension, key)
  GROUP BY 1, 2, 3, 4, 5, 6, 7
  HAVING sum(c.sign) <> 0 OR sum(c.sign * c.price) <> 0 OR sum(c.sign * (c.tma IS NOT NULL)::int) <> 0
      OR sum(c.sign * coalesce(c.tma, 0)) <> 0 OR sum(c.sign * coalesce(c.tma < 600, false)::int) <> 0
      OR sum(c.sign * coalesce(c.tma > 1800, false)::int) <> 0
  ORDER BY 1, 2, 3, 4, 5, 6, 7
  ON CONFLICT (platform_id, workspace_id, date_type, dimension, day, key, sales_stage_id)
  DO UPDATE SET cards = d.cards + excluded.cards, total = d.total + excluded.total,
    answered = d.answered + excluded.answered, tma_sum = d.tma_sum + excluded.tma_sum,
    acceptable = d.acceptable + excluded.acceptable, exceeded = d.exceeded + excluded.exceeded;
$$;
--> statement-breakpoint
CREATE FUNCTION opportunity_dashboard_days_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM opportunity_dashboard_days_change(ARRAY(SELECT n::opportunities FROM new_cards n), '{}');
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM opportunity_dashboard_days_change('{}', ARRAY(SELECT o::opportunities FROM old_cards o));
  ELSE
    PERFORM opportunity_dashboard_days_change(
      ARRAY(SELECT n::opportunities FROM new_cards n), ARRAY(SELECT o::opportunities FROM old_cards o));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER opportunities_dashboard_days_insert AFTER INSERT ON opportunities
  REFERENCING NEW TABLE AS new_cards FOR EACH STATEMENT EXECUTE FUNCTION opportunity_dashboard_days_apply();
--> statement-breakpoint
CREATE TRIGGER opportunities_dashboard_days_update AFTER UPDATE ON opportunities
  REFERENCING OLD TABLE AS old_cards NEW TABLE AS new_cards FOR EACH STATEMENT EXECUTE FUNCTION opportunity_dashboard_days_apply();
--> statement-breakpoint
CREATE TRIGGER opportunities_dashboard_days_delete AFTER DELETE ON opportunities
  REFERENCING OLD TABLE AS old_cards FOR EACH STATEMENT EXECUTE FUNCTION opportunity_dashboard_days_apply();
--> statement-breakpoint
-- The cards already there, a slice of ids at a time so no array holds a whole big workspace.
DO $$
DECLARE
  next_id integer;
  last_id integer;
BEGIN
  SELECT min(id), max(id) INTO next_id, last_id FROM opportunities;
  WHILE next_id <= last_id LOOP
    PERFORM opportunity_dashboard_days_change(
      ARRAY(SELECT c FROM opportunities c WHERE c.id >= next_id AND c.id < next_id + 20000), '{}');
    next_id := next_id + 20000;
  END LOOP;
END
$$;
