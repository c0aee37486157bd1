CREATE TABLE "task_facade_sides" (
	"company_id" uuid NOT NULL,
	"task_id" uuid NOT NULL,
	"side_index" smallint NOT NULL,
	"side" text NOT NULL,
	"name" text,
	"width_m" double precision NOT NULL,
	CONSTRAINT "task_facade_sides_task_id_side_index_pk" PRIMARY KEY("task_id","side_index")
);
--> statement-breakpoint
ALTER TABLE "task_sites" ALTER COLUMN "household" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "measure_items" ADD COLUMN "external" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "task_kind" text DEFAULT 'indoor' NOT NULL;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "building_id" uuid;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "floor_from" integer;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "floor_to" integer;--> statement-breakpoint
ALTER TABLE "task_sites" ADD COLUMN "side" text;--> statement-breakpoint
ALTER TABLE "task_sites" ADD COLUMN "x0" double precision;--> statement-breakpoint
ALTER TABLE "task_sites" ADD COLUMN "x1" double precision;--> statement-breakpoint
ALTER TABLE "task_sites" ADD COLUMN "z0" double precision;--> statement-breakpoint
ALTER TABLE "task_sites" ADD COLUMN "z1" double precision;--> statement-breakpoint
ALTER TABLE "task_day_rollups" ADD COLUMN "task_kind" text DEFAULT 'indoor' NOT NULL;--> statement-breakpoint
ALTER TABLE "task_item_day_rollups" ADD COLUMN "task_kind" text DEFAULT 'indoor' NOT NULL;--> statement-breakpoint
ALTER TABLE "task_facade_sides" ADD CONSTRAINT "task_facade_sides_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_facade_sides" ADD CONSTRAINT "task_facade_sides_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "task_facade_sides_side_uq" ON "task_facade_sides" USING btree ("task_id","side");--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_building_id_project_buildings_id_fk" FOREIGN KEY ("building_id") REFERENCES "public"."project_buildings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_sites" ADD CONSTRAINT "task_sites_place_ck" CHECK (("task_sites"."side" is null and "task_sites"."household" is not null) or ("task_sites"."side" is not null and "task_sites"."household" is null and "task_sites"."x0" < "task_sites"."x1" and "task_sites"."z0" < "task_sites"."z1"));--> statement-breakpoint
-- hand-written
-- The day rollups carry the task's kind (indoor | externalWall) for the analyses' TaskKind filter; a
-- task's kind never changes after planning, so only the insert paths copy it (0020's follow trigger stays).
UPDATE task_day_rollups r SET task_kind = t.task_kind FROM tasks t WHERE t.id = r.task_id AND t.task_kind <> 'indoor';--> statement-breakpoint
UPDATE task_item_day_rollups r SET task_kind = t.task_kind FROM tasks t WHERE t.id = r.task_id AND t.task_kind <> 'indoor';--> statement-breakpoint
CREATE OR REPLACE FUNCTION task_day_rollups_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO task_day_rollups AS c (company_id, project_id, task_id, day, stage, inspection_kind, measure_kind, task_kind, cancelled, qualified, warning, unqualified, exploded, unjudged, readings, sites, exploded_sites, area_m2)
  SELECT x.company_id, x.project_id, x.task_id, x.day, t.stage, t.inspection_kind, t.measure_kind, t.task_kind, t.state = 'cancelled', sum(x.qualified), sum(x.warning), sum(x.unqualified), sum(x.exploded), sum(x.unjudged), sum(x.readings), sum(x.sites), sum(x.exploded_sites), sum(x.area_m2)
  FROM (SELECT company_id, project_id, task_id, day, qualified, warning, unqualified, exploded, unjudged, readings, sites, exploded_sites, area_m2 FROM new_rows) x JOIN tasks t ON t.id = x.task_id
  GROUP BY x.company_id, x.project_id, x.task_id, x.day, t.stage, t.inspection_kind, t.measure_kind, t.task_kind, t.state
  ON CONFLICT (task_id, day) DO UPDATE SET qualified = c.qualified + excluded.qualified, warning = c.warning + excluded.warning, unqualified = c.unqualified + excluded.unqualified, exploded = c.exploded + excluded.exploded, unjudged = c.unjudged + excluded.unjudged, readings = c.readings + excluded.readings, sites = c.sites + excluded.sites, exploded_sites = c.exploded_sites + excluded.exploded_sites, area_m2 = c.area_m2 + excluded.area_m2;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION task_day_rollups_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO task_day_rollups AS c (company_id, project_id, task_id, day, stage, inspection_kind, measure_kind, task_kind, cancelled, qualified, warning, unqualified, exploded, unjudged, readings, sites, exploded_sites, area_m2)
  SELECT x.company_id, x.project_id, x.task_id, x.day, t.stage, t.inspection_kind, t.measure_kind, t.task_kind, t.state = 'cancelled', sum(x.qualified), sum(x.warning), sum(x.unqualified), sum(x.exploded), sum(x.unjudged), sum(x.readings), sum(x.sites), sum(x.exploded_sites), sum(x.area_m2)
  FROM (SELECT company_id, project_id, task_id, day, qualified, warning, unqualified, exploded, unjudged, readings, sites, exploded_sites, area_m2 FROM new_rows UNION ALL SELECT company_id, project_id, task_id, day, -qualified, -warning, -unqualified, -exploded, -unjudged, -readings, -sites, -exploded_sites, -area_m2 FROM old_rows) x JOIN tasks t ON t.id = x.task_id
  GROUP BY x.company_id, x.project_id, x.task_id, x.day, t.stage, t.inspection_kind, t.measure_kind, t.task_kind, t.state
  ON CONFLICT (task_id, day) DO UPDATE SET qualified = c.qualified + excluded.qualified, warning = c.warning + excluded.warning, unqualified = c.unqualified + excluded.unqualified, exploded = c.exploded + excluded.exploded, unjudged = c.unjudged + excluded.unjudged, readings = c.readings + excluded.readings, sites = c.sites + excluded.sites, exploded_sites = c.exploded_sites + excluded.exploded_sites, area_m2 = c.area_m2 + excluded.area_m2;
  DELETE FROM task_day_rollups c WHERE c.sites <= 0 AND (c.task_id, c.day) IN (SELECT task_id, day FROM old_rows);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION task_item_day_rollups_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO task_item_day_rollups AS c (company_id, project_id, task_id, item_code, day, stage, inspection_kind, measure_kind, task_kind, cancelled, qualified, warning, unqualified, exploded, unjudged, readings, sites, exploded_sites)
  SELECT x.company_id, x.project_id, x.task_id, x.item_code, x.day, t.stage, t.inspection_kind, t.measure_kind, t.task_kind, t.state = 'cancelled', sum(x.qualified), sum(x.warning), sum(x.unqualified), sum(x.exploded), sum(x.unjudged), sum(x.readings), sum(x.sites), sum(x.exploded_sites)
  FROM (SELECT company_id, project_id, task_id, item_code, day, qualified, warning, unqualified, exploded, unjudged, readings, sites, exploded_sites FROM new_rows) x JOIN tasks t ON t.id = x.task_id
  GROUP BY x.company_id, x.project_id, x.task_id, x.item_code, x.day, t.stage, t.inspection_kind, t.measure_kind, t.task_kind, t.state
  ON CONFLICT (task_id, item_code, day) DO UPDATE SET qualified = c.qualified + excluded.qualified, warning = c.warning + excluded.warning, unqualified = c.unqualified + excluded.unqualified, exploded = c.exploded + excluded.exploded, unjudged = c.unjudged + excluded.unjudged, readings = c.readings + excluded.readings, sites = c.sites + excluded.sites, exploded_sites = c.exploded_sites + excluded.exploded_sites;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION task_item_day_rollups_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO task_item_day_rollups AS c (company_id, project_id, task_id, item_code, day, stage, inspection_kind, measure_kind, task_kind, cancelled, qualified, warning, unqualified, exploded, unjudged, readings, sites, exploded_sites)
  SELECT x.company_id, x.project_id, x.task_id, x.item_code, x.day, t.stage, t.inspection_kind, t.measure_kind, t.task_kind, t.state = 'cancelled', sum(x.qualified), sum(x.warning), sum(x.unqualified), sum(x.exploded), sum(x.unjudged), sum(x.readings), sum(x.sites), sum(x.exploded_sites)
  FROM (SELECT company_id, project_id, task_id, item_code, day, qualified, warning, unqualified, exploded, unjudged, readings, sites, exploded_sites FROM new_rows UNION ALL SELECT company_id, project_id, task_id, item_code, day, -qualified, -warning, -unqualified, -exploded, -unjudged, -readings, -sites, -exploded_sites FROM old_rows) x JOIN tasks t ON t.id = x.task_id
  GROUP BY x.company_id, x.project_id, x.task_id, x.item_code, x.day, t.stage, t.inspection_kind, t.measure_kind, t.task_kind, t.state
  ON CONFLICT (task_id, item_code, day) DO UPDATE SET qualified = c.qualified + excluded.qualified, warning = c.warning + excluded.warning, unqualified = c.unqualified + excluded.unqualified, exploded = c.exploded + excluded.exploded, unjudged = c.unjudged + excluded.unjudged, readings = c.readings + excluded.readings, sites = c.sites + excluded.sites, exploded_sites = c.exploded_sites + excluded.exploded_sites;
  DELETE FROM task_item_day_rollups c WHERE c.sites <= 0 AND (c.task_id, c.item_code, c.day) IN (SELECT task_id, item_code, day FROM old_rows);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Facade sites have no household: they never count as a household measured (domain.md section 11).
CREATE OR REPLACE FUNCTION household_days_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO household_days AS c (company_id, task_id, building_id, floor, household, day, sites, judged_sites)
  SELECT company_id, task_id, building_id, floor, household, day, count(*),
    count(*) FILTER (WHERE qualified + warning + unqualified + exploded > 0)
  FROM new_rows WHERE household IS NOT NULL GROUP BY company_id, task_id, building_id, floor, household, day
  ON CONFLICT (task_id, building_id, floor, household, day) DO UPDATE
    SET sites = c.sites + excluded.sites, judged_sites = c.judged_sites + excluded.judged_sites;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION household_days_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO household_days AS c (company_id, task_id, building_id, floor, household, day, sites, judged_sites)
  SELECT company_id, task_id, building_id, floor, household, day, sum(sign), sum(sign * judged)
  FROM (
    SELECT company_id, task_id, building_id, floor, household, day, 1 sign,
      (qualified + warning + unqualified + exploded > 0)::int judged FROM new_rows WHERE household IS NOT NULL
    UNION ALL
    SELECT company_id, task_id, building_id, floor, household, day, -1,
      (qualified + warning + unqualified + exploded > 0)::int FROM old_rows WHERE household IS NOT NULL) x
  GROUP BY company_id, task_id, building_id, floor, household, day
  ON CONFLICT (task_id, building_id, floor, household, day) DO UPDATE
    SET sites = c.sites + excluded.sites, judged_sites = c.judged_sites + excluded.judged_sites;
  DELETE FROM household_days c WHERE c.sites <= 0
    AND (c.task_id, c.building_id, c.floor, c.household, c.day) IN
      (SELECT task_id, building_id, floor, household, day FROM old_rows);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION household_days_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Subtract only: a cascade (task or company deleted) may have removed the rows already.
  UPDATE household_days c SET sites = c.sites - d.sites, judged_sites = c.judged_sites - d.judged_sites
  FROM (
    SELECT task_id, building_id, floor, household, day, count(*) sites,
      count(*) FILTER (WHERE qualified + warning + unqualified + exploded > 0) judged_sites
    FROM old_rows WHERE household IS NOT NULL GROUP BY task_id, building_id, floor, household, day) d
  WHERE c.task_id = d.task_id AND c.building_id = d.building_id AND c.floor = d.floor
    AND c.household = d.household AND c.day = d.day;
  DELETE FROM household_days c WHERE c.sites <= 0
    AND (c.task_id, c.building_id, c.floor, c.household, c.day) IN
      (SELECT task_id, building_id, floor, household, day FROM old_rows);
  RETURN NULL;
END $$;
