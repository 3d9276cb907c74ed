-- What changed cards add to the day totals per responsible: +1 for each card of `added`, -1 for each of `removed`,
-- on the day of its creation and of its last change, with the cards of the workspace's won and lost stages apart
-- (any other stage is open, as the dashboards count them). Written like opportunity_dashboard_days_change: no
-- bucket without a net change, buckets in one order.
CREATE FUNCTION opportunity_user_days_change(added opportunities[], removed opportunities[]) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO opportunity_user_days AS d (platform_id, workspace_id, date_type, day, user_id, cards, won, lost,
    total, won_total, answered, tma_sum, acceptable, exceeded)
  SELECT c.platform_id, c.workspace_id, t.date_type, (t.at AT TIME ZONE 'America/Sao_Paulo')::date,
         coalesce(c.user_id, 0), sum(c.sign), sum(c.sign * c.won), sum(c.sign * c.lost), sum(c.sign * c.price),
         sum(c.sign * c.won * c.price), sum(c.sign * (c.tma IS NOT NULL)::int), sum(c.sign * coalesce(c.tma, 0)),
         sum(c.sign * coalesce(c.tma < 600, false)::int), sum(c.sign * coalesce(c.tma > 1800, false)::int)
  FROM (
    SELECT card.*, coalesce(s.type = 'Won', false)::int AS won, coalesce(s.type = 'Lost', false)::int AS lost
    FROM (
      SELECT 1 AS sign, * FROM unnest(added)
      UNION ALL
      SELECT -1, * FROM unnest(removed)
    ) AS card
    LEFT JOIN sales_stages s
      ON s.id = card.sales_stage_id AND s.platform_id = card.platform_id AND s.workspace_id = card.workspace_id
  ) AS c
  CROSS JOIN LATERAL (VALUES ('created_at', c.created_at), ('updated_at', c.updated_at)) AS t(date_type, at)
  GROUP BY 1, 2, 3, 4, 5
  HAVING sum(c.sign) <> 0 OR sum(c.sign * c.won) <> 0 OR sum(c.sign * c.lost) <> 0 OR sum(c.sign * c.price) <> 0
      OR sum(c.sign * c.won * c.price) <> 0 OR sum(c.sign * (c.tma IS NOT NULL)::int) <> 0
      OR sum(c.sign * coalesce(c.tma, 0)) <> 0 OR sum(c.sign * coalesce(c.tma < 600, false)::int) <> 0
      OR sum(c.sign * coalesce(c.tma > 1800, false)::int) <> 0
  ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (platform_id, workspace_id, date_type, day, user_id)
  DO UPDATE SET cards = d.cards + excluded.cards, won = d.won + excluded.won, lost = d.lost + excluded.lost,
    total = d.total + excluded.total, won_total = d.won_total + excluded.won_total,
    answered = d.answered + excluded.answered, tma_sum = d.tma_sum + excluded.tma_sum,
    acceptable = d.acceptable + excluded.acceptable, exceeded = d.exceeded + excluded.exceeded;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION opportunity_dashboard_days_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  added opportunities[] := '{}';
  removed opportunities[] := '{}';
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    added := ARRAY(SELECT n::opportunities FROM new_cards n);
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    removed := ARRAY(SELECT o::opportunities FROM old_cards o);
  END IF;
  PERFORM opportunity_dashboard_days_change(added, removed);
  PERFORM opportunity_user_days_change(added, removed);
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- The split above is made when a card changes, so a stage must not turn won or lost, or stop being so, later. The
-- pipeline already keeps exactly one won and one lost stage whatever is edited; this says so where the totals live.
CREATE FUNCTION sales_stages_keep_closing_kind() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (OLD.type IN ('Won', 'Lost') OR NEW.type IN ('Won', 'Lost')) AND NEW.type IS DISTINCT FROM OLD.type THEN
    RAISE EXCEPTION 'stage % cannot change from % to %: won and lost stages stay so', OLD.id, OLD.type, NEW.type;
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER sales_stages_keep_closing_kind BEFORE UPDATE OF type ON sales_stages
  FOR EACH ROW EXECUTE FUNCTION sales_stages_keep_closing_kind();
--> statement-breakpoint
-- The cards already there, from their per-stage day totals (equal to a recount of them), in key order so that a
-- workspace's days sit together on disk.
INSERT INTO opportunity_user_days (platform_id, workspace_id, date_type, day, user_id, cards, won, lost, total,
  won_total, answered, tma_sum, acceptable, exceeded)
SELECT d.platform_id, d.workspace_id, d.date_type, d.day, coalesce(nullif(d.key, '')::int, 0), sum(d.cards),
       coalesce(sum(d.cards) FILTER (WHERE s.type = 'Won'), 0), coalesce(sum(d.cards) FILTER (WHERE s.type = 'Lost'), 0),
       sum(d.total), coalesce(sum(d.total) FILTER (WHERE s.type = 'Won'), 0), sum(d.answered), sum(d.tma_sum),
       sum(d.acceptable), sum(d.exceeded)
FROM opportunity_dashboard_days d
LEFT JOIN sales_stages s ON s.id = d.sales_stage_id AND s.platform_id = d.platform_id AND s.workspace_id = d.workspace_id
WHERE d.dimension = 'user'
GROUP BY 1, 2, 3, 4, 5
HAVING sum(d.cards) <> 0 OR coalesce(sum(d.cards) FILTER (WHERE s.type = 'Won'), 0) <> 0
    OR coalesce(sum(d.cards) FILTER (WHERE s.type = 'Lost'), 0) <> 0 OR sum(d.total) <> 0
    OR coalesce(sum(d.total) FILTER (WHERE s.type = 'Won'), 0) <> 0 OR sum(d.answered) <> 0 OR sum(d.tma_sum) <> 0
    OR sum(d.acceptable) <> 0 OR sum(d.exceeded) <> 0
ORDER BY 1, 2, 3, 4, 5;
