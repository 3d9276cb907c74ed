-- The board's column totals read a few hundred rows of this pre-aggregated table. PostgreSQL's planner may still
-- start parallel workers for them, and starting them costs several times the read (7 ms against about 1 ms for the
-- stage summary). No scan of this table is worth a worker.
ALTER TABLE "opportunity_stage_days" SET (parallel_workers = 0);
