CREATE TABLE "household_days" (
	"company_id" uuid NOT NULL,
	"task_id" uuid NOT NULL,
	"building_id" uuid NOT NULL,
	"floor" integer NOT NULL,
	"household" integer NOT NULL,
	"day" date NOT NULL,
	"sites" integer DEFAULT 0 NOT NULL,
	"judged_sites" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "household_days_task_id_building_id_floor_household_day_pk" PRIMARY KEY("task_id","building_id","floor","household","day")
);
--> statement-breakpoint
CREATE TABLE "task_day_rollups" (
	"company_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"task_id" uuid NOT NULL,
	"day" date NOT NULL,
	"qualified" integer DEFAULT 0 NOT NULL,
	"warning" integer DEFAULT 0 NOT NULL,
	"unqualified" integer DEFAULT 0 NOT NULL,
	"exploded" integer DEFAULT 0 NOT NULL,
	"unjudged" integer DEFAULT 0 NOT NULL,
	"readings" integer DEFAULT 0 NOT NULL,
	"sites" integer DEFAULT 0 NOT NULL,
	"exploded_sites" integer DEFAULT 0 NOT NULL,
	"area_m2" double precision DEFAULT 0 NOT NULL,
	CONSTRAINT "task_day_rollups_task_id_day_pk" PRIMARY KEY("task_id","day")
);
--> statement-breakpoint
CREATE TABLE "task_item_day_rollups" (
	"company_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"task_id" uuid NOT NULL,
	"item_code" text NOT NULL,
	"day" date NOT NULL,
	"qualified" integer DEFAULT 0 NOT NULL,
	"warning" integer DEFAULT 0 NOT NULL,
	"unqualified" integer DEFAULT 0 NOT NULL,
	"exploded" integer DEFAULT 0 NOT NULL,
	"unjudged" integer DEFAULT 0 NOT NULL,
	"readings" integer DEFAULT 0 NOT NULL,
	"sites" integer DEFAULT 0 NOT NULL,
	"exploded_sites" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "task_item_day_rollups_task_id_item_code_day_pk" PRIMARY KEY("task_id","item_code","day")
);
--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "listed_buildings" json DEFAULT '[]'::json NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "listed_user_ids" json DEFAULT '[]'::json NOT NULL;--> statement-breakpoint
ALTER TABLE "household_days" ADD CONSTRAINT "household_days_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "household_days" ADD CONSTRAINT "household_days_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_day_rollups" ADD CONSTRAINT "task_day_rollups_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_day_rollups" ADD CONSTRAINT "task_day_rollups_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_item_day_rollups" ADD CONSTRAINT "task_item_day_rollups_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_item_day_rollups" ADD CONSTRAINT "task_item_day_rollups_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "household_days_company_day_idx" ON "household_days" USING btree ("company_id","day");--> statement-breakpoint
CREATE INDEX "task_day_rollups_company_day_idx" ON "task_day_rollups" USING btree ("company_id","day");--> statement-breakpoint
CREATE INDEX "task_item_day_rollups_company_day_idx" ON "task_item_day_rollups" USING btree ("company_id","day");--> statement-breakpoint
-- The project list's children, kept by the database: every change of project_buildings or
-- project_users (by the application, by a cascade of a deleted user or project) refreshes the
-- projects it touched, in the same statement, so the list reads one row per project.
CREATE FUNCTION projects_refresh_listed(project_ids uuid[]) RETURNS void LANGUAGE sql AS $$
  UPDATE projects p SET
    listed_buildings = coalesce((
      SELECT json_agg(json_build_object('BuildingNumber', b.building_number, 'Stories', b.stories,
          'Households', b.households,
          'DeliveryStandard', CASE WHEN b.delivery_standard = 'fine' THEN 'fine' ELSE 'none' END)
        ORDER BY b.sort, b.building_number)
      FROM project_buildings b WHERE b.project_id = p.id), '[]'::json),
    listed_user_ids = coalesce((
      SELECT json_agg(u.user_id ORDER BY u.user_id) FROM project_users u WHERE u.project_id = p.id),
      '[]'::json)
  WHERE p.id = ANY(project_ids)
$$;--> statement-breakpoint
CREATE FUNCTION projects_listed_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM projects_refresh_listed(ARRAY(SELECT DISTINCT project_id FROM new_rows));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION projects_listed_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM projects_refresh_listed(ARRAY(SELECT project_id FROM new_rows UNION SELECT project_id FROM old_rows));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION projects_listed_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM projects_refresh_listed(ARRAY(SELECT DISTINCT project_id FROM old_rows));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER project_buildings_listed_insert AFTER INSERT ON project_buildings
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION projects_listed_after_insert();--> statement-breakpoint
CREATE TRIGGER project_buildings_listed_update AFTER UPDATE ON project_buildings
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION projects_listed_after_update();--> statement-breakpoint
CREATE TRIGGER project_buildings_listed_delete AFTER DELETE ON project_buildings
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION projects_listed_after_delete();--> statement-breakpoint
CREATE TRIGGER project_users_listed_insert AFTER INSERT ON project_users
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION projects_listed_after_insert();--> statement-breakpoint
CREATE TRIGGER project_users_listed_update AFTER UPDATE ON project_users
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION projects_listed_after_update();--> statement-breakpoint
CREATE TRIGGER project_users_listed_delete AFTER DELETE ON project_users
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION projects_listed_after_delete();--> statement-breakpoint
SELECT projects_refresh_listed(ARRAY(SELECT id FROM projects));
--> statement-breakpoint
-- Day rollups follow the floor and item rollups in the same statement (set-based, transition tables),
-- whichever code or cascade changes them; a row whose sites drop to 0 goes.
CREATE FUNCTION task_day_rollups_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO task_day_rollups AS c (company_id, project_id, task_id, day, qualified, warning, unqualified, exploded, unjudged, readings, sites, exploded_sites, area_m2)
  SELECT company_id, project_id, task_id, day, sum(qualified), sum(warning), sum(unqualified), sum(exploded), sum(unjudged), sum(readings), sum(sites), sum(exploded_sites), sum(area_m2) FROM (SELECT company_id, project_id, task_id, day, qualified, warning, unqualified, exploded, unjudged, readings, sites, exploded_sites, area_m2 FROM new_rows) x GROUP BY company_id, project_id, task_id, day
  ON CONFLICT (task_id, day) DO UPDATE SET qualified = c.qualified + excluded.qualified, warning = c.warning + excluded.warning, unqualified = c.unqualified + excluded.unqualified, exploded = c.exploded + excluded.exploded, unjudged = c.unjudged + excluded.unjudged, readings = c.readings + excluded.readings, sites = c.sites + excluded.sites, exploded_sites = c.exploded_sites + excluded.exploded_sites, area_m2 = c.area_m2 + excluded.area_m2;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION task_day_rollups_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO task_day_rollups AS c (company_id, project_id, task_id, day, qualified, warning, unqualified, exploded, unjudged, readings, sites, exploded_sites, area_m2)
  SELECT company_id, project_id, task_id, day, sum(qualified), sum(warning), sum(unqualified), sum(exploded), sum(unjudged), sum(readings), sum(sites), sum(exploded_sites), sum(area_m2) FROM (SELECT company_id, project_id, task_id, day, qualified, warning, unqualified, exploded, unjudged, readings, sites, exploded_sites, area_m2 FROM new_rows UNION ALL SELECT company_id, project_id, task_id, day, -qualified, -warning, -unqualified, -exploded, -unjudged, -readings, -sites, -exploded_sites, -area_m2 FROM old_rows) x GROUP BY company_id, project_id, task_id, day
  ON CONFLICT (task_id, day) DO UPDATE SET qualified = c.qualified + excluded.qualified, warning = c.warning + excluded.warning, unqualified = c.unqualified + excluded.unqualified, exploded = c.exploded + excluded.exploded, unjudged = c.unjudged + excluded.unjudged, readings = c.readings + excluded.readings, sites = c.sites + excluded.sites, exploded_sites = c.exploded_sites + excluded.exploded_sites, area_m2 = c.area_m2 + excluded.area_m2;
  DELETE FROM task_day_rollups c WHERE c.sites <= 0 AND (c.task_id, c.day) IN (SELECT task_id, day FROM old_rows);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION task_day_rollups_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Subtract only: a cascade (task or company deleted) may have removed the coarse rows already.
  UPDATE task_day_rollups c SET qualified = c.qualified - d.qualified, warning = c.warning - d.warning, unqualified = c.unqualified - d.unqualified, exploded = c.exploded - d.exploded, unjudged = c.unjudged - d.unjudged, readings = c.readings - d.readings, sites = c.sites - d.sites, exploded_sites = c.exploded_sites - d.exploded_sites, area_m2 = c.area_m2 - d.area_m2
  FROM (SELECT task_id, day, sum(qualified) qualified, sum(warning) warning, sum(unqualified) unqualified, sum(exploded) exploded, sum(unjudged) unjudged, sum(readings) readings, sum(sites) sites, sum(exploded_sites) exploded_sites, sum(area_m2) area_m2 FROM old_rows GROUP BY task_id, day) d
  WHERE c.task_id = d.task_id AND c.day = d.day;
  DELETE FROM task_day_rollups c WHERE c.sites <= 0 AND (c.task_id, c.day) IN (SELECT task_id, day FROM old_rows);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER floor_rollups_to_task_day_rollups_insert AFTER INSERT ON floor_rollups
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION task_day_rollups_after_insert();
--> statement-breakpoint
CREATE TRIGGER floor_rollups_to_task_day_rollups_update AFTER UPDATE ON floor_rollups
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION task_day_rollups_after_update();
--> statement-breakpoint
CREATE TRIGGER floor_rollups_to_task_day_rollups_delete AFTER DELETE ON floor_rollups
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION task_day_rollups_after_delete();
--> statement-breakpoint
INSERT INTO task_day_rollups (company_id, project_id, task_id, day, qualified, warning, unqualified, exploded, unjudged, readings, sites, exploded_sites, area_m2)
SELECT company_id, project_id, task_id, day, sum(qualified), sum(warning), sum(unqualified), sum(exploded), sum(unjudged), sum(readings), sum(sites), sum(exploded_sites), sum(area_m2) FROM floor_rollups GROUP BY company_id, project_id, task_id, day;
--> statement-breakpoint
CREATE FUNCTION task_item_day_rollups_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO task_item_day_rollups AS c (company_id, project_id, task_id, item_code, day, qualified, warning, unqualified, exploded, unjudged, readings, sites, exploded_sites)
  SELECT company_id, project_id, task_id, item_code, day, sum(qualified), sum(warning), sum(unqualified), sum(exploded), sum(unjudged), sum(readings), sum(sites), sum(exploded_sites) FROM (SELECT company_id, project_id, task_id, item_code, day, qualified, warning, unqualified, exploded, unjudged, readings, sites, exploded_sites FROM new_rows) x GROUP BY company_id, project_id, task_id, item_code, day
  ON CONFLICT (task_id, item_code, day) DO UPDATE SET qualified = c.qualified + excluded.qualified, warning = c.warning + excluded.warning, unqualified = c.unqualified + excluded.unqualified, exploded = c.exploded + excluded.exploded, unjudged = c.unjudged + excluded.unjudged, readings = c.readings + excluded.readings, sites = c.sites + excluded.sites, exploded_sites = c.exploded_sites + excluded.exploded_sites;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION task_item_day_rollups_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO task_item_day_rollups AS c (company_id, project_id, task_id, item_code, day, qualified, warning, unqualified, exploded, unjudged, readings, sites, exploded_sites)
  SELECT company_id, project_id, task_id, item_code, day, sum(qualified), sum(warning), sum(unqualified), sum(exploded), sum(unjudged), sum(readings), sum(sites), sum(exploded_sites) FROM (SELECT company_id, project_id, task_id, item_code, day, qualified, warning, unqualified, exploded, unjudged, readings, sites, exploded_sites FROM new_rows UNION ALL SELECT company_id, project_id, task_id, item_code, day, -qualified, -warning, -unqualified, -exploded, -unjudged, -readings, -sites, -exploded_sites FROM old_rows) x GROUP BY company_id, project_id, task_id, item_code, day
  ON CONFLICT (task_id, item_code, day) DO UPDATE SET qualified = c.qualified + excluded.qualified, warning = c.warning + excluded.warning, unqualified = c.unqualified + excluded.unqualified, exploded = c.exploded + excluded.exploded, unjudged = c.unjudged + excluded.unjudged, readings = c.readings + excluded.readings, sites = c.sites + excluded.sites, exploded_sites = c.exploded_sites + excluded.exploded_sites;
  DELETE FROM task_item_day_rollups c WHERE c.sites <= 0 AND (c.task_id, c.item_code, c.day) IN (SELECT task_id, item_code, day FROM old_rows);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION task_item_day_rollups_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Subtract only: a cascade (task or company deleted) may have removed the coarse rows already.
  UPDATE task_item_day_rollups c SET qualified = c.qualified - d.qualified, warning = c.warning - d.warning, unqualified = c.unqualified - d.unqualified, exploded = c.exploded - d.exploded, unjudged = c.unjudged - d.unjudged, readings = c.readings - d.readings, sites = c.sites - d.sites, exploded_sites = c.exploded_sites - d.exploded_sites
  FROM (SELECT task_id, item_code, day, sum(qualified) qualified, sum(warning) warning, sum(unqualified) unqualified, sum(exploded) exploded, sum(unjudged) unjudged, sum(readings) readings, sum(sites) sites, sum(exploded_sites) exploded_sites FROM old_rows GROUP BY task_id, item_code, day) d
  WHERE c.task_id = d.task_id AND c.item_code = d.item_code AND c.day = d.day;
  DELETE FROM task_item_day_rollups c WHERE c.sites <= 0 AND (c.task_id, c.item_code, c.day) IN (SELECT task_id, item_code, day FROM old_rows);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER item_rollups_to_task_item_day_rollups_insert AFTER INSERT ON item_rollups
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION task_item_day_rollups_after_insert();
--> statement-breakpoint
CREATE TRIGGER item_rollups_to_task_item_day_rollups_update AFTER UPDATE ON item_rollups
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION task_item_day_rollups_after_update();
--> statement-breakpoint
CREATE TRIGGER item_rollups_to_task_item_day_rollups_delete AFTER DELETE ON item_rollups
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION task_item_day_rollups_after_delete();
--> statement-breakpoint
INSERT INTO task_item_day_rollups (company_id, project_id, task_id, item_code, day, qualified, warning, unqualified, exploded, unjudged, readings, sites, exploded_sites)
SELECT company_id, project_id, task_id, item_code, day, sum(qualified), sum(warning), sum(unqualified), sum(exploded), sum(unjudged), sum(readings), sum(sites), sum(exploded_sites) FROM item_rollups GROUP BY company_id, project_id, task_id, item_code, day;--> statement-breakpoint
-- Household days follow task_sites in the same statement (set-based, transition tables), whichever
-- code or cascade changes them; a site counts as judged when it has a judged value.
CREATE FUNCTION household_days_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO household_days AS c (company_id, task_id, building_id, floor, household, day, sites, judged_sites)
  SELECT company_id, task_id, building_id, floor, household, day, count(*),
    count(*) FILTER (WHERE qualified + warning + unqualified + exploded > 0)
  FROM new_rows GROUP BY company_id, task_id, building_id, floor, household, day
  ON CONFLICT (task_id, building_id, floor, household, day) DO UPDATE
    SET sites = c.sites + excluded.sites, judged_sites = c.judged_sites + excluded.judged_sites;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION household_days_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO household_days AS c (company_id, task_id, building_id, floor, household, day, sites, judged_sites)
  SELECT company_id, task_id, building_id, floor, household, day, sum(sign), sum(sign * judged)
  FROM (
    SELECT company_id, task_id, building_id, floor, household, day, 1 sign,
      (qualified + warning + unqualified + exploded > 0)::int judged FROM new_rows
    UNION ALL
    SELECT company_id, task_id, building_id, floor, household, day, -1,
      (qualified + warning + unqualified + exploded > 0)::int FROM old_rows) x
  GROUP BY company_id, task_id, building_id, floor, household, day
  ON CONFLICT (task_id, building_id, floor, household, day) DO UPDATE
    SET sites = c.sites + excluded.sites, judged_sites = c.judged_sites + excluded.judged_sites;
  DELETE FROM household_days c WHERE c.sites <= 0
    AND (c.task_id, c.building_id, c.floor, c.household, c.day) IN
      (SELECT task_id, building_id, floor, household, day FROM old_rows);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION household_days_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Subtract only: a cascade (task or company deleted) may have removed the rows already.
  UPDATE household_days c SET sites = c.sites - d.sites, judged_sites = c.judged_sites - d.judged_sites
  FROM (
    SELECT task_id, building_id, floor, household, day, count(*) sites,
      count(*) FILTER (WHERE qualified + warning + unqualified + exploded > 0) judged_sites
    FROM old_rows GROUP BY task_id, building_id, floor, household, day) d
  WHERE c.task_id = d.task_id AND c.building_id = d.building_id AND c.floor = d.floor
    AND c.household = d.household AND c.day = d.day;
  DELETE FROM household_days c WHERE c.sites <= 0
    AND (c.task_id, c.building_id, c.floor, c.household, c.day) IN
      (SELECT task_id, building_id, floor, household, day FROM old_rows);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER task_sites_to_household_days_insert AFTER INSERT ON task_sites
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION household_days_after_insert();
--> statement-breakpoint
CREATE TRIGGER task_sites_to_household_days_update AFTER UPDATE ON task_sites
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION household_days_after_update();
--> statement-breakpoint
CREATE TRIGGER task_sites_to_household_days_delete AFTER DELETE ON task_sites
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION household_days_after_delete();
--> statement-breakpoint
INSERT INTO household_days (company_id, task_id, building_id, floor, household, day, sites, judged_sites)
SELECT company_id, task_id, building_id, floor, household, day, count(*),
  count(*) FILTER (WHERE qualified + warning + unqualified + exploded > 0)
FROM task_sites GROUP BY company_id, task_id, building_id, floor, household, day;
