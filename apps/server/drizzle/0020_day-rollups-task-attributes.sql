-- The day rollups carry their task's stage, kinds and whether it is cancelled, so the analysis sums
-- them without joining the tasks (a year of a company's day rollups is summed per call). The rollup
-- triggers of 0013 copy them from the task; a trigger on tasks follows a change of any of them.
ALTER TABLE "task_day_rollups" ADD COLUMN "stage" text;--> statement-breakpoint
ALTER TABLE "task_day_rollups" ADD COLUMN "inspection_kind" text;--> statement-breakpoint
ALTER TABLE "task_day_rollups" ADD COLUMN "measure_kind" text;--> statement-breakpoint
ALTER TABLE "task_day_rollups" ADD COLUMN "cancelled" boolean;--> statement-breakpoint
UPDATE task_day_rollups r SET stage = t.stage, inspection_kind = t.inspection_kind, measure_kind = t.measure_kind,
  cancelled = t.state = 'cancelled' FROM tasks t WHERE t.id = r.task_id;--> statement-breakpoint
ALTER TABLE "task_day_rollups" ALTER COLUMN "stage" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "task_day_rollups" ALTER COLUMN "inspection_kind" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "task_day_rollups" ALTER COLUMN "measure_kind" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "task_day_rollups" ALTER COLUMN "cancelled" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "task_item_day_rollups" ADD COLUMN "stage" text;--> statement-breakpoint
ALTER TABLE "task_item_day_rollups" ADD COLUMN "inspection_kind" text;--> statement-breakpoint
ALTER TABLE "task_item_day_rollups" ADD COLUMN "measure_kind" text;--> statement-breakpoint
ALTER TABLE "task_item_day_rollups" ADD COLUMN "cancelled" boolean;--> statement-breakpoint
UPDATE task_item_day_rollups r SET stage = t.stage, inspection_kind = t.inspection_kind, measure_kind = t.measure_kind,
  cancelled = t.state = 'cancelled' FROM tasks t WHERE t.id = r.task_id;--> statement-breakpoint
ALTER TABLE "task_item_day_rollups" ALTER COLUMN "stage" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "task_item_day_rollups" ALTER COLUMN "inspection_kind" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "task_item_day_rollups" ALTER COLUMN "measure_kind" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "task_item_day_rollups" ALTER COLUMN "cancelled" SET NOT NULL;--> statement-breakpoint
CREATE OR REPLACE FUNCTION task_day_rollups_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO task_day_rollups AS c (company_id, project_id, task_id, day, stage, inspection_kind, measure_kind, cancelled, qualified, warning, unqualified, exploded, unjudged, readings, sites, exploded_sites, area_m2)
  SELECT x.company_id, x.project_id, x.task_id, x.day, t.stage, t.inspection_kind, t.measure_kind, t.state = 'cancelled', sum(x.qualified), sum(x.warning), sum(x.unqualified), sum(x.exploded), sum(x.unjudged), sum(x.readings), sum(x.sites), sum(x.exploded_sites), sum(x.area_m2)
  FROM (SELECT company_id, project_id, task_id, day, qualified, warning, unqualified, exploded, unjudged, readings, sites, exploded_sites, area_m2 FROM new_rows) x JOIN tasks t ON t.id = x.task_id
  GROUP BY x.company_id, x.project_id, x.task_id, x.day, t.stage, t.inspection_kind, t.measure_kind, t.state
  ON CONFLICT (task_id, day) DO UPDATE SET qualified = c.qualified + excluded.qualified, warning = c.warning + excluded.warning, unqualified = c.unqualified + excluded.unqualified, exploded = c.exploded + excluded.exploded, unjudged = c.unjudged + excluded.unjudged, readings = c.readings + excluded.readings, sites = c.sites + excluded.sites, exploded_sites = c.exploded_sites + excluded.exploded_sites, area_m2 = c.area_m2 + excluded.area_m2;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION task_day_rollups_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO task_day_rollups AS c (company_id, project_id, task_id, day, stage, inspection_kind, measure_kind, cancelled, qualified, warning, unqualified, exploded, unjudged, readings, sites, exploded_sites, area_m2)
  SELECT x.company_id, x.project_id, x.task_id, x.day, t.stage, t.inspection_kind, t.measure_kind, t.state = 'cancelled', sum(x.qualified), sum(x.warning), sum(x.unqualified), sum(x.exploded), sum(x.unjudged), sum(x.readings), sum(x.sites), sum(x.exploded_sites), sum(x.area_m2)
  FROM (SELECT company_id, project_id, task_id, day, qualified, warning, unqualified, exploded, unjudged, readings, sites, exploded_sites, area_m2 FROM new_rows UNION ALL SELECT company_id, project_id, task_id, day, -qualified, -warning, -unqualified, -exploded, -unjudged, -readings, -sites, -exploded_sites, -area_m2 FROM old_rows) x JOIN tasks t ON t.id = x.task_id
  GROUP BY x.company_id, x.project_id, x.task_id, x.day, t.stage, t.inspection_kind, t.measure_kind, t.state
  ON CONFLICT (task_id, day) DO UPDATE SET qualified = c.qualified + excluded.qualified, warning = c.warning + excluded.warning, unqualified = c.unqualified + excluded.unqualified, exploded = c.exploded + excluded.exploded, unjudged = c.unjudged + excluded.unjudged, readings = c.readings + excluded.readings, sites = c.sites + excluded.sites, exploded_sites = c.exploded_sites + excluded.exploded_sites, area_m2 = c.area_m2 + excluded.area_m2;
  DELETE FROM task_day_rollups c WHERE c.sites <= 0 AND (c.task_id, c.day) IN (SELECT task_id, day FROM old_rows);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION task_item_day_rollups_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO task_item_day_rollups AS c (company_id, project_id, task_id, item_code, day, stage, inspection_kind, measure_kind, cancelled, qualified, warning, unqualified, exploded, unjudged, readings, sites, exploded_sites)
  SELECT x.company_id, x.project_id, x.task_id, x.item_code, x.day, t.stage, t.inspection_kind, t.measure_kind, t.state = 'cancelled', sum(x.qualified), sum(x.warning), sum(x.unqualified), sum(x.exploded), sum(x.unjudged), sum(x.readings), sum(x.sites), sum(x.exploded_sites)
  FROM (SELECT company_id, project_id, task_id, item_code, day, qualified, warning, unqualified, exploded, unjudged, readings, sites, exploded_sites FROM new_rows) x JOIN tasks t ON t.id = x.task_id
  GROUP BY x.company_id, x.project_id, x.task_id, x.item_code, x.day, t.stage, t.inspection_kind, t.measure_kind, t.state
  ON CONFLICT (task_id, item_code, day) DO UPDATE SET qualified = c.qualified + excluded.qualified, warning = c.warning + excluded.warning, unqualified = c.unqualified + excluded.unqualified, exploded = c.exploded + excluded.exploded, unjudged = c.unjudged + excluded.unjudged, readings = c.readings + excluded.readings, sites = c.sites + excluded.sites, exploded_sites = c.exploded_sites + excluded.exploded_sites;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION task_item_day_rollups_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO task_item_day_rollups AS c (company_id, project_id, task_id, item_code, day, stage, inspection_kind, measure_kind, cancelled, qualified, warning, unqualified, exploded, unjudged, readings, sites, exploded_sites)
  SELECT x.company_id, x.project_id, x.task_id, x.item_code, x.day, t.stage, t.inspection_kind, t.measure_kind, t.state = 'cancelled', sum(x.qualified), sum(x.warning), sum(x.unqualified), sum(x.exploded), sum(x.unjudged), sum(x.readings), sum(x.sites), sum(x.exploded_sites)
  FROM (SELECT company_id, project_id, task_id, item_code, day, qualified, warning, unqualified, exploded, unjudged, readings, sites, exploded_sites FROM new_rows UNION ALL SELECT company_id, project_id, task_id, item_code, day, -qualified, -warning, -unqualified, -exploded, -unjudged, -readings, -sites, -exploded_sites FROM old_rows) x JOIN tasks t ON t.id = x.task_id
  GROUP BY x.company_id, x.project_id, x.task_id, x.item_code, x.day, t.stage, t.inspection_kind, t.measure_kind, t.state
  ON CONFLICT (task_id, item_code, day) DO UPDATE SET qualified = c.qualified + excluded.qualified, warning = c.warning + excluded.warning, unqualified = c.unqualified + excluded.unqualified, exploded = c.exploded + excluded.exploded, unjudged = c.unjudged + excluded.unjudged, readings = c.readings + excluded.readings, sites = c.sites + excluded.sites, exploded_sites = c.exploded_sites + excluded.exploded_sites;
  DELETE FROM task_item_day_rollups c WHERE c.sites <= 0 AND (c.task_id, c.item_code, c.day) IN (SELECT task_id, item_code, day FROM old_rows);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION day_rollups_follow_task() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE task_day_rollups SET stage = NEW.stage, inspection_kind = NEW.inspection_kind,
    measure_kind = NEW.measure_kind, cancelled = NEW.state = 'cancelled'
  WHERE task_id = NEW.id;
  UPDATE task_item_day_rollups SET stage = NEW.stage, inspection_kind = NEW.inspection_kind,
    measure_kind = NEW.measure_kind, cancelled = NEW.state = 'cancelled'
  WHERE task_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER tasks_to_day_rollups AFTER UPDATE OF stage, inspection_kind, measure_kind, state ON tasks
  FOR EACH ROW WHEN (OLD.stage IS DISTINCT FROM NEW.stage OR OLD.inspection_kind IS DISTINCT FROM NEW.inspection_kind
    OR OLD.measure_kind IS DISTINCT FROM NEW.measure_kind
    OR (OLD.state = 'cancelled') IS DISTINCT FROM (NEW.state = 'cancelled'))
  EXECUTE FUNCTION day_rollups_follow_task();
