-- hand-written
-- Issue 33 (ew-core): existing companies get the outer-wall items new companies are seeded with
-- (standards/default-items.ts EXTERNAL_ROWS, marked external), each where the company lacks it (by
-- code, or by name in its stage); then every project copy of that stage takes the company's external
-- items it lacks (enabled, first standard), as "update from the library" would: indoor tasks never take
-- external items, so no indoor plan or judgement changes.
INSERT INTO measure_items (company_id, code, name_zh, name_en, stage, mode, concrete, dimension, needs_design,
  external, standards, rule, sort)
SELECT c.id, i.code, i.name_zh, i.name_en, i.stage, i.mode, i.concrete, NULL, false, true, i.standards, i.rule,
  coalesce((SELECT max(m.sort) FROM measure_items m WHERE m.company_id = c.id), 0) + i.position
FROM companies c CROSS JOIN (VALUES
  ('EW-ST-01', '外墙平整度', 'Outer-wall flatness', 'structure', 'absolute', true, '[{"Name":"标准","NameEn":"Standard","Left":0,"Right":8,"WarnLeft":0,"WarnRight":6.5,"Exploded":null}]'::jsonb, '{"MinReadings":2,"MaxReadings":3,"InitialReadings":2,"RulerLength":2000,"RulerPositions":[{"Name":"左上 45°","OffsetMm":50,"HeightMm":50,"AngleDeg":45},{"Name":"右下 45°","OffsetMm":50,"HeightMm":50,"AngleDeg":-45},{"Name":"中部","OffsetMm":50,"HeightMm":1500,"AngleDeg":0}],"ManualEntry":true,"BaseboardStartHeight":null,"BaseboardEndHeight":null,"DoorCoverStartMargin":null,"DoorCoverEndMargin":null}'::jsonb, 1),
  ('EW-ST-02', '外墙垂直度', 'Outer-wall verticality', 'structure', 'absolute', true, '[{"Name":"标准","NameEn":"Standard","Left":0,"Right":10,"WarnLeft":0,"WarnRight":8,"Exploded":null}]'::jsonb, '{"MinReadings":1,"MaxReadings":3,"InitialReadings":2,"RulerLength":2000,"RulerPositions":[{"Name":"左端","OffsetMm":300,"HeightMm":200,"AngleDeg":90},{"Name":"右端","OffsetMm":300,"HeightMm":200,"AngleDeg":90},{"Name":"中部","OffsetMm":1500,"HeightMm":200,"AngleDeg":90}],"ManualEntry":true,"BaseboardStartHeight":null,"BaseboardEndHeight":null,"DoorCoverStartMargin":null,"DoorCoverEndMargin":null}'::jsonb, 2),
  ('EW-PL-01', '外墙抹灰平整度', 'Outer-wall render flatness', 'plaster', 'absolute', false, '[{"Name":"标准","NameEn":"Standard","Left":0,"Right":4,"WarnLeft":0,"WarnRight":3,"Exploded":null}]'::jsonb, '{"MinReadings":2,"MaxReadings":3,"InitialReadings":2,"RulerLength":2000,"RulerPositions":[{"Name":"左上 45°","OffsetMm":50,"HeightMm":50,"AngleDeg":45},{"Name":"右下 45°","OffsetMm":50,"HeightMm":50,"AngleDeg":-45},{"Name":"中部","OffsetMm":50,"HeightMm":1500,"AngleDeg":0}],"ManualEntry":true,"BaseboardStartHeight":null,"BaseboardEndHeight":null,"DoorCoverStartMargin":null,"DoorCoverEndMargin":null}'::jsonb, 3),
  ('EW-PL-02', '外墙抹灰垂直度', 'Outer-wall render verticality', 'plaster', 'absolute', false, '[{"Name":"标准","NameEn":"Standard","Left":0,"Right":4,"WarnLeft":0,"WarnRight":3,"Exploded":null}]'::jsonb, '{"MinReadings":1,"MaxReadings":3,"InitialReadings":2,"RulerLength":2000,"RulerPositions":[{"Name":"左端","OffsetMm":300,"HeightMm":200,"AngleDeg":90},{"Name":"右端","OffsetMm":300,"HeightMm":200,"AngleDeg":90},{"Name":"中部","OffsetMm":1500,"HeightMm":200,"AngleDeg":90}],"ManualEntry":true,"BaseboardStartHeight":null,"BaseboardEndHeight":null,"DoorCoverStartMargin":null,"DoorCoverEndMargin":null}'::jsonb, 4)
) AS i(code, name_zh, name_en, stage, mode, concrete, standards, rule, position)
WHERE NOT EXISTS (
  SELECT 1 FROM measure_items m WHERE m.company_id = c.id
    AND (lower(m.code) = lower(i.code)
      OR (m.stage = i.stage AND (lower(m.name_zh) = lower(i.name_zh) OR lower(m.name_en) = lower(i.name_en)))));
--> statement-breakpoint
UPDATE project_standards p SET classes = p.classes || added.items
FROM (
  SELECT p2.id, jsonb_agg(jsonb_build_object(
      'MeasureItemId', m.id, 'Code', m.code, 'NameZh', m.name_zh, 'NameEn', m.name_en, 'Stage', m.stage,
      'Mode', m.mode, 'Concrete', m.concrete, 'Dimension', m.dimension, 'NeedsDesign', m.needs_design,
      'External', true, 'Standards', m.standards, 'Rule', m.rule, 'Enabled', true, 'Selected', 0,
      'UpdateTime', to_char(m.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
    ORDER BY m.sort) AS items
  FROM project_standards p2
  JOIN measure_items m ON m.company_id = p2.company_id AND m.stage = p2.stage AND m.external
  WHERE NOT EXISTS (SELECT 1 FROM jsonb_array_elements(p2.classes) e WHERE e ->> 'MeasureItemId' = m.id::text)
  GROUP BY p2.id
) added
WHERE p.id = added.id;
