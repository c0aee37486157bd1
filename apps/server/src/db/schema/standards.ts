/** Measure items, project standards, design templates and algorithm templates. */
import { boolean, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type {
  MeasureRule,
  StoredAlgorithmParam,
  StoredItem,
  StoredStandard,
  StoredTemplateItem,
} from '../json-types.ts';
import { id, createdAt, updatedAt } from './columns.ts';
import { companyId } from './companies.ts';
import { projects } from './projects.ts';

/**
 * The company's standard library: measure items with their standards (variants, ≤10) and measure
 * rule, both as JSON validated by the contract. Code unique per company; names unique per stage.
 */
export const measureItems = pgTable(
  'measure_items',
  {
    id: id(),
    companyId: companyId(),
    code: text('code').notNull(),
    nameZh: text('name_zh').notNull(),
    nameEn: text('name_en').notNull(),
    /** structure | masonry | plaster | decoration | floorGround */
    stage: text('stage').notNull(),
    /** absolute | deviation | range */
    mode: text('mode').notNull(),
    concrete: boolean('concrete').notNull().default(false),
    /** width | height | thickness, for section and opening items. */
    dimension: text('dimension'),
    needsDesign: boolean('needs_design').notNull().default(false),
    /** Measured on facades (external-wall tasks take only these; indoor tasks never). */
    external: boolean('external').notNull().default(false),
    standards: jsonb('standards').$type<StoredStandard[]>().notNull(),
    rule: jsonb('rule').$type<MeasureRule>().notNull(),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('measure_items_code_uq').on(table.companyId, table.code),
    uniqueIndex('measure_items_name_zh_uq').on(table.companyId, table.stage, table.nameZh),
    uniqueIndex('measure_items_name_en_uq').on(table.companyId, table.stage, table.nameEn),
  ],
);

/**
 * A project's own copy of the library, one row per stage: `classes` holds the copied items (with
 * the project's Enabled and selected standard). `base_time` is when it was last taken from the library.
 */
export const projectStandards = pgTable(
  'project_standards',
  {
    id: id(),
    companyId: companyId(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    stage: text('stage').notNull(),
    classes: jsonb('classes').$type<StoredItem[]>().notNull(),
    baseTime: timestamp('base_time', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex('project_standards_project_stage_uq').on(table.projectId, table.stage)],
);

/**
 * Design value templates of a project (GetMeasureItemTemplate / UpdateMeasureTemplate): named lists
 * of measure items with design values, applied to house types. One default per project.
 */
export const designTemplates = pgTable(
  'design_templates',
  {
    id: id(),
    companyId: companyId(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    items: jsonb('items').$type<StoredTemplateItem[]>().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex('design_templates_project_name_uq').on(table.projectId, table.name)],
);

/**
 * Algorithm parameter templates: named numeric parameters with ranges, for the company (project_id
 * null) or one project.
 */
export const algorithmTemplates = pgTable(
  'algorithm_templates',
  {
    id: id(),
    companyId: companyId(),
    projectId: uuid('project_id').references(() => projects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    detail: text('detail').notNull().default(''),
    params: jsonb('params').$type<StoredAlgorithmParam[]>().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex('algorithm_templates_company_name_uq').on(table.companyId, table.name)],
);
