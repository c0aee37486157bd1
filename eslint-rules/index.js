/**
 * Project lint rules (flat-config plugin `measure`), used by eslint.config.js.
 *
 * company-scoped-where: in a repository, a `.where(...)` whose condition is only an id (`eq(t.id, x)`,
 * `inArray(t.id, xs)`, or an `and(...)` of nothing else) reaches a row by its id alone. Every
 * company-owned row is reached with its company as well (`and(eq(t.companyId, companyId), eq(t.id, x))`),
 * so an id of another company behaves like an unknown id. Tables that are not company data, or whose
 * rows are only reached through a secret (a token hash) before any company context exists, are named
 * in the rule's `ignoreTables` option.
 */

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const ID_OPERATORS = new Set(['eq', 'inArray']);

/** The table object of `eq(table.id, ...)` / `inArray(table.id, ...)`, else undefined. */
function idConditionTable(node) {
  if (node?.type !== 'CallExpression' || node.callee.type !== 'Identifier') return undefined;
  if (!ID_OPERATORS.has(node.callee.name)) return undefined;
  const column = node.arguments[0];
  if (column?.type !== 'MemberExpression' || column.computed) return undefined;
  if (column.property.type !== 'Identifier' || column.property.name !== 'id') return undefined;
  return column.object.type === 'Identifier' ? column.object.name : '?';
}

/** Tables reached by id alone in a where condition (an id condition or an `and` of only those). */
function idOnlyTables(node) {
  const table = idConditionTable(node);
  if (table) return [table];
  if (
    node?.type === 'CallExpression' &&
    node.callee.type === 'Identifier' &&
    node.callee.name === 'and' &&
    node.arguments.length > 0
  ) {
    const tables = [];
    for (const argument of node.arguments) {
      const inner = idOnlyTables(argument);
      if (!inner) return undefined;
      tables.push(...inner);
    }
    return tables;
  }
  return undefined;
}

const companyScopedWhere = {
  meta: {
    type: 'problem',
    docs: { description: 'Repository queries never reach a company-owned row by its id alone.' },
    schema: [
      {
        type: 'object',
        properties: { ignoreTables: { type: 'array', items: { type: 'string' } } },
        additionalProperties: false,
      },
    ],
    messages: {
      idAlone:
        'Filter by company as well: `{{table}}` is reached by its id alone. Add eq({{table}}.companyId, companyId) and pass the company id through.',
    },
  },
  create(context) {
    const ignored = new Set(context.options[0]?.ignoreTables ?? []);
    return {
      CallExpression(node) {
        const callee = node.callee;
        if (callee.type !== 'MemberExpression' || callee.computed) return;
        if (callee.property.type !== 'Identifier' || callee.property.name !== 'where') return;
        const tables = idOnlyTables(node.arguments[0]);
        const table = tables?.find((name) => !ignored.has(name));
        if (table) context.report({ node: node.arguments[0], messageId: 'idAlone', data: { table } });
      },
    };
  },
};

/**
 * The company-owned tables of the schema folder (`export const x = pgTable('x', { ... companyId ... })`):
 * JavaScript name -> SQL name. Read from the schema itself, so a new company table is checked at once.
 */
const schemaCache = new Map();
function companyTables(schemaDir) {
  if (schemaCache.has(schemaDir)) return schemaCache.get(schemaDir);
  const tables = new Map();
  for (const file of readdirSync(schemaDir).filter((name) => name.endsWith('.ts'))) {
    const text = readFileSync(path.join(schemaDir, file), 'utf8');
    const declarations = text.split(/^export const /m).slice(1);
    for (const declaration of declarations) {
      const table = /^(\w+) = pgTable\(\s*'(\w+)'/.exec(declaration);
      if (table && /\bcompanyId\(\)|'company_id'/.test(declaration)) tables.set(table[1], table[2]);
    }
  }
  schemaCache.set(schemaDir, tables);
  return tables;
}

/** The last name of an expression: `companyId` for `companyId`, `auth.companyId`, `share.companyId`. */
function lastName(expression) {
  if (expression.type === 'Identifier') return { name: expression.name, object: undefined };
  if (
    expression.type === 'MemberExpression' &&
    !expression.computed &&
    expression.property.type === 'Identifier'
  ) {
    return { name: expression.property.name, object: expression.object };
  }
  return undefined;
}

/**
 * company-scoped-sql: in a repository, a raw `sql` template reads or writes company data only with a
 * company id passed in. A template is checked when it is a statement on a company table (the table
 * interpolated as `${tasks}` or written as `tasks` after from / join / update / into) or when it is the
 * whole condition of a `.where(...)` on a company table's columns. It passes when one of its
 * interpolations is a company id value: `${companyId}` or `${<anything but a table>.companyId}` (a
 * table's column `${tasks.companyId}` is not a value), or when it is a subquery correlated with the
 * row of an outer query on another company table (`... where r.user_id = ${users}.id`). Statements that cross companies on purpose (an
 * operator's sweep, a nightly check) say so and why in an eslint-disable-next-line comment.
 */
const companyScopedSql = {
  meta: {
    type: 'problem',
    docs: { description: 'Raw SQL on company data passes the company id.' },
    schema: [
      {
        type: 'object',
        properties: {
          schemaDir: { type: 'string' },
          ignoreTables: { type: 'array', items: { type: 'string' } },
        },
        required: ['schemaDir'],
        additionalProperties: false,
      },
    ],
    messages: {
      noCompany:
        'Raw SQL on `{{table}}` passes no company id: add `company_id = ${companyId}` (or the operator-wide reason in an eslint-disable comment).',
    },
  },
  create(context) {
    const options = context.options[0];
    const ignored = new Set(options.ignoreTables ?? []);
    const tables = new Map(
      [...companyTables(path.resolve(context.cwd, options.schemaDir))].filter(([name]) => !ignored.has(name)),
    );
    const sqlNames = new Map([...tables].map(([name, sqlName]) => [sqlName, name]));
    const statementKeyword = /\b(?:from|join|update|into)\s+(?:only\s+)?$/i;
    const literalTable = /\b(?:from|join|update|into)\s+(?:only\s+)?"?([a-z_]+)"?(?!\s*\()/gi;

    const passesCompany = (template) =>
      template.expressions.some((expression) => {
        const found = lastName(expression);
        if (!found || found.name !== 'companyId') return false;
        return !(found.object?.type === 'Identifier' && tables.has(found.object.name));
      });

    /** The company tables a template's statement reads or writes. */
    function statementTables(template) {
      const found = [];
      template.expressions.forEach((expression, index) => {
        const before = template.quasis[index].value.cooked ?? '';
        if (
          expression.type === 'Identifier' &&
          tables.has(expression.name) &&
          statementKeyword.test(before)
        ) {
          found.push(expression.name);
        }
      });
      for (const quasi of template.quasis) {
        for (const match of (quasi.value.cooked ?? '').matchAll(literalTable)) {
          const name = sqlNames.get(match[1].toLowerCase());
          if (name) found.push(name);
        }
      }
      return found;
    }

    /**
     * A subquery correlated with the row of an outer query on another company table (`where
     * ${userRoles.userId} = ${users}.id`): that outer query is the one filtered by company.
     */
    function correlated(template, read) {
      return template.expressions.some((expression, index) => {
        const before = template.quasis[index].value.cooked ?? '';
        if (expression.type === 'Identifier') {
          return (
            tables.has(expression.name) && !read.includes(expression.name) && !statementKeyword.test(before)
          );
        }
        return (
          expression.type === 'MemberExpression' &&
          expression.object.type === 'Identifier' &&
          tables.has(expression.object.name) &&
          !read.includes(expression.object.name)
        );
      });
    }

    /** The company tables whose columns a template names (`${tasks.state}`). */
    function columnTables(template) {
      return template.expressions
        .map((expression) =>
          expression.type === 'MemberExpression' && expression.object.type === 'Identifier'
            ? expression.object.name
            : undefined,
        )
        .filter((name) => name !== undefined && tables.has(name));
    }

    const isSqlTag = (node) =>
      (node.tag.type === 'Identifier' && node.tag.name === 'sql') ||
      (node.tag.type === 'TSInstantiationExpression' &&
        node.tag.expression.type === 'Identifier' &&
        node.tag.expression.name === 'sql');

    const isWhereArgument = (node) =>
      node.parent?.type === 'CallExpression' &&
      node.parent.arguments[0] === node &&
      node.parent.callee.type === 'MemberExpression' &&
      !node.parent.callee.computed &&
      node.parent.callee.property.type === 'Identifier' &&
      node.parent.callee.property.name === 'where';

    return {
      TaggedTemplateExpression(node) {
        if (!isSqlTag(node)) return;
        const template = node.quasi;
        const read = statementTables(template);
        if (read.length > 0 && !passesCompany(template) && !correlated(template, read)) {
          context.report({ node, messageId: 'noCompany', data: { table: read[0] } });
          return;
        }
        // The whole condition of a query builder's where: no subquery to correlate, the company id is needed.
        const filtered = read.length === 0 && isWhereArgument(node) ? columnTables(template) : [];
        if (filtered.length > 0 && !passesCompany(template)) {
          context.report({ node, messageId: 'noCompany', data: { table: filtered[0] } });
        }
      },
    };
  },
};

export default {
  meta: { name: 'eslint-plugin-measure' },
  rules: { 'company-scoped-where': companyScopedWhere, 'company-scoped-sql': companyScopedSql },
};
