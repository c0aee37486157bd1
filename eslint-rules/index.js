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

export default {
  meta: { name: 'eslint-plugin-measure' },
  rules: { 'company-scoped-where': companyScopedWhere },
};
