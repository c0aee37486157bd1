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
ALTER TABLE "household_days" ADD CONSTRAINT "household_days_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "household_days" ADD CONSTRAINT "household_days_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "household_days_company_day_idx" ON "household_days" USING btree ("company_id","day");--> statement-breakpoint
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
