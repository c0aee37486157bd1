-- Analysis joins the rollups of a period with the company's tasks for their stage, inspection kind,
-- measure kind and state. A task row carries its frozen standard (a few kB, kept inline), so a scan
-- of tasks read about three rows a page; this narrow index answers the join by an index-only scan.
-- Drizzle's index builder has no INCLUDE, so the index lives here only (see `tasks` in schema.ts).
CREATE INDEX "tasks_analysis_idx" ON "tasks" USING btree ("company_id", "stage")
  INCLUDE ("id", "project_id", "inspection_kind", "measure_kind", "state");
