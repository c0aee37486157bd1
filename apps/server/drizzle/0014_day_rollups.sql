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
ALTER TABLE "task_day_rollups" ADD CONSTRAINT "task_day_rollups_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_day_rollups" ADD CONSTRAINT "task_day_rollups_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_item_day_rollups" ADD CONSTRAINT "task_item_day_rollups_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_item_day_rollups" ADD CONSTRAINT "task_item_day_rollups_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "task_day_rollups_company_day_idx" ON "task_day_rollups" USING btree ("company_id","day");--> statement-breakpoint
CREATE INDEX "task_item_day_rollups_company_day_idx" ON "task_item_day_rollups" USING btree ("company_id","day");--> statement-breakpoint
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
SELECT company_id, project_id, task_id, item_code, day, sum(qualified), sum(warning), sum(unqualified), sum(exploded), sum(unjudged), sum(readings), sum(sites), sum(exploded_sites) FROM item_rollups GROUP BY company_id, project_id, task_id, item_code, day;