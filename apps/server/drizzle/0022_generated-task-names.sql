ALTER TABLE "tasks" ADD COLUMN "name_parts" jsonb;--> statement-breakpoint
-- Existing names the system made are recognised where the name is exactly what the generator made
-- (in either language) from the row's own data; every other name stays as typed (name_parts null).
-- A work order's re-measure task: '<order> 复测' / '<order> re-measure'.
UPDATE "tasks" AS t SET
  "name_parts" = jsonb_build_object('kind', 'remeasure', 'order', w."order_number"),
  "name" = w."order_number" || ' 复测'
FROM "work_orders" AS w
WHERE w."remeasure_task_id" = t."id" AND w."company_id" = t."company_id" AND t."name_parts" IS NULL
  AND t."name" IN (w."order_number" || ' 复测', w."order_number" || ' re-measure');
--> statement-breakpoint
-- A task planned without a name: '<project> <stage> <planned date, else the day of creation>', that
-- day in UTC (as earlier versions named it) or in the company's zone (as it is named now).
WITH stage_labels (code, zh, en) AS (
  VALUES ('structure', '主体结构', 'Structure'), ('masonry', '砌筑', 'Masonry'), ('plaster', '抹灰', 'Plaster'),
    ('decoration', '装饰', 'Decoration'), ('floorGround', '地坪', 'Floor ground')
), planned AS (
  SELECT t."id", p."name" AS project, s.zh, s.en, d.day
  FROM "tasks" AS t
  JOIN "projects" AS p ON p."id" = t."project_id" AND p."company_id" = t."company_id"
  JOIN stage_labels AS s ON s.code = t."stage"
  CROSS JOIN LATERAL (VALUES
    (coalesce(t."planned_date"::text, to_char(t."created_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD'))),
    (coalesce(t."planned_date"::text, to_char(t."created_at" AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD')))
  ) AS d (day)
  WHERE t."name_parts" IS NULL
)
UPDATE "tasks" AS t SET
  "name_parts" = jsonb_build_object('kind', 'plan', 'project', planned.project, 'stage', t."stage", 'date', planned.day),
  "name" = planned.project || ' ' || planned.zh || ' ' || planned.day
FROM planned
WHERE planned."id" = t."id"
  AND t."name" IN (planned.project || ' ' || planned.zh || ' ' || planned.day, planned.project || ' ' || planned.en || ' ' || planned.day);
--> statement-breakpoint
-- The demo's '<building> <floors> 层 <stage> <inspection>' over one building's floors (earlier demo
-- seeds wrote 主体 and 地面 for the stages now named 主体结构 and 地坪).
WITH stage_labels (code, zh, canonical) AS (
  VALUES ('structure', '主体结构', '主体结构'), ('structure', '主体', '主体结构'), ('masonry', '砌筑', '砌筑'),
    ('plaster', '抹灰', '抹灰'), ('decoration', '装饰', '装饰'), ('floorGround', '地坪', '地坪'),
    ('floorGround', '地面', '地坪')
), inspection_labels (code, zh) AS (VALUES ('self', '自检'), ('third', '第三方')),
scopes AS (
  SELECT h."task_id", min(h."building_number") AS building,
    CASE WHEN min(h."floor") = max(h."floor") THEN min(h."floor")::text
      ELSE min(h."floor") || '-' || max(h."floor") END AS floors,
    min(h."floor") AS low, max(h."floor") AS high
  FROM "task_households" AS h
  GROUP BY h."task_id"
  HAVING count(DISTINCT h."building_number") = 1
)
UPDATE "tasks" AS t SET
  "name_parts" = jsonb_build_object('kind', 'scope', 'building', scopes.building,
    'floors', jsonb_build_array(scopes.low, scopes.high), 'stage', t."stage", 'inspection', t."inspection_kind"),
  "name" = scopes.building || ' ' || scopes.floors || ' 层 ' || s.canonical || ' ' || i.zh
FROM scopes, stage_labels AS s, inspection_labels AS i
WHERE scopes."task_id" = t."id" AND t."name_parts" IS NULL AND s.code = t."stage" AND i.code = t."inspection_kind"
  AND t."name" = scopes.building || ' ' || scopes.floors || ' 层 ' || s.zh || ' ' || i.zh;
