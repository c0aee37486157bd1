/** The parts of dxf-viewer's parsed drawing this module reads and writes. */
interface LayerRecord {
  name: string;
  color: number;
  colorIndex: number;
  visible: boolean;
  frozen: boolean;
}
interface ParsedEntity {
  layer?: unknown;
}
interface ParsedDrawing {
  tables?: { layer?: { layers?: Record<string, LayerRecord> } };
  entities?: ParsedEntity[];
  blocks?: Record<string, { entities?: ParsedEntity[] }>;
}

/** AutoCAD colour 7 (white on black, black on white): what a layer without a LAYER record shows. */
const DEFAULT_LAYER_COLOR = { color: 0xffffff, colorIndex: 7 };

/**
 * Adds a LAYER record for every layer an entity names but the drawing's LAYER table lacks (many
 * exporters write no table at all). Without it dxf-viewer puts those entities on a hidden default
 * layer, and the editor's Layers panel says the drawing has none. Records already there are kept.
 */
export function addReferencedLayers<T extends object>(drawing: T): T & ParsedDrawing {
  const parsed = drawing as T & ParsedDrawing;
  const entityLists = [
    parsed.entities ?? [],
    ...Object.values(parsed.blocks ?? {}).map((block) => block.entities ?? []),
  ];
  const named = new Set<string>();
  for (const list of entityLists) {
    for (const entity of list) {
      if (typeof entity.layer === 'string' && entity.layer !== '') named.add(entity.layer);
    }
  }
  // Top-level entities without a layer are on "0" (dxf-viewer's own fallback).
  if ((parsed.entities ?? []).some((entity) => entity.layer === undefined || entity.layer === null))
    named.add('0');
  if (named.size === 0) return parsed;

  parsed.tables ??= {};
  parsed.tables.layer ??= {};
  const records = (parsed.tables.layer.layers ??= {});
  for (const name of named) {
    records[name] ??= { name, ...DEFAULT_LAYER_COLOR, visible: true, frozen: false };
  }
  return parsed;
}
