import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import measure from './eslint-rules/index.js';

// Feature modules register API routes only through registerRoute(contract route), which always
// carries the route's declared access; a bare app.get/post would bypass the guard.
const REGISTER_ROUTE = {
  selector:
    "CallExpression[callee.type='MemberExpression'][callee.property.name=/^(get|post|put|patch|delete|all|route)$/][callee.object.name=/^(app|scope|fastify|instance|server)$/]",
  message: 'Register API routes with registerRoute(<contract route>, handler) so each declares its access.',
};

// Query building on a database handle (db, tx, this.db, this.deps.db) outside a repository.
const SQL_METHODS =
  '/^(select|selectDistinct|selectDistinctOn|insert|update|delete|execute|with|query|\\$count)$/';
const NO_SQL = [
  {
    selector: `MemberExpression[property.name=${SQL_METHODS}][object.type='Identifier'][object.name=/^(db|tx)$/]`,
    message: 'Queries belong in a *-repository.ts; services call repositories (and db.transaction).',
  },
  {
    selector: `MemberExpression[property.name=${SQL_METHODS}][object.type='MemberExpression'][object.property.name='db']`,
    message: 'Queries belong in a *-repository.ts; services call repositories (and db.transaction).',
  },
];

// Services and the other non-repository files of a module: no Drizzle, no schema.
const SERVICE_IMPORTS = [
  { regex: '^drizzle-orm(/|$)', message: 'Only *-repository.ts files build SQL (Drizzle).' },
  { regex: '(^|/)db/schema(\\.ts|/.*)?$', message: 'Only *-repository.ts files use the schema.' },
];
// Routes additionally: no database module and no repository (types included).
const ROUTE_IMPORTS = [
  { regex: '(^|/)db/', message: 'Routes call services; they never see the database.' },
  { regex: '-repository(\\.ts)?$', message: 'Routes call services, not repositories.' },
];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'e2e/artifacts/**', 'apps/server/drizzle/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      eqeqeq: ['error', 'always'],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  // ---- server layers: routes -> services -> repositories (docs/ARCHITECTURE.md, "Server layout") ----
  {
    // Every feature module file except repositories (and tests): no SQL. Services hold the business
    // rules and group writes in transactions (db.transaction); the queries live in *-repository.ts.
    files: ['apps/server/src/modules/**/*.ts'],
    ignores: ['**/*.test.ts', '**/*-repository.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: SERVICE_IMPORTS }],
      'no-restricted-syntax': ['error', REGISTER_ROUTE, ...NO_SQL],
    },
  },
  {
    // Routes parse, authorize, call a service and respond: no database, no repository, no Drizzle.
    files: ['apps/server/src/modules/**/*-routes.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [...SERVICE_IMPORTS, ...ROUTE_IMPORTS] }] },
  },
  {
    // Repositories build the SQL; a company-owned row is never reached by its id alone.
    files: ['apps/server/src/modules/**/*-repository.ts'],
    plugins: { measure },
    rules: {
      'no-restricted-syntax': ['error', REGISTER_ROUTE],
      'measure/company-scoped-where': [
        'error',
        {
          // companies: the company row itself. sessions, loginTickets: reached through a token hash
          // (a secret) or by the id just read that way, before any company context exists.
          ignoreTables: ['companies', 'sessions', 'loginTickets'],
        },
      ],
      // Raw SQL too: a statement on a company table passes the company id (the schema folder says
      // which tables are company data; the same secret-reached tables are left out).
      'measure/company-scoped-sql': [
        'error',
        { schemaDir: 'apps/server/src/db/schema', ignoreTables: ['sessions', 'loginTickets'] },
      ],
    },
  },
  {
    files: ['scripts/**', '**/scripts/**', '**/*.mjs', '**/server.ts', '**/bench/**'],
    rules: { 'no-console': 'off' },
  },
);
