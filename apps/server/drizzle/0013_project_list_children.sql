ALTER TABLE "projects" ADD COLUMN "listed_buildings" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "listed_user_ids" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
-- The project list's children, kept by the database: every change of project_buildings or
-- project_users (by the application, by a cascade of a deleted user or project) refreshes the
-- projects it touched, in the same statement, so the list reads one row per project.
CREATE FUNCTION projects_refresh_listed(project_ids uuid[]) RETURNS void LANGUAGE sql AS $$
  UPDATE projects p SET
    listed_buildings = coalesce((
      SELECT jsonb_agg(jsonb_build_object('BuildingNumber', b.building_number, 'Stories', b.stories,
          'Households', b.households,
          'DeliveryStandard', CASE WHEN b.delivery_standard = 'fine' THEN 'fine' ELSE 'none' END)
        ORDER BY b.sort, b.building_number)
      FROM project_buildings b WHERE b.project_id = p.id), '[]'::jsonb),
    listed_user_ids = coalesce((
      SELECT jsonb_agg(u.user_id ORDER BY u.user_id) FROM project_users u WHERE u.project_id = p.id),
      '[]'::jsonb)
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
