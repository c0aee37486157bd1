export * from './envelope.ts';
export * from './dates.ts';
export * from './figures.ts';
export * from './languages.ts';
export * from './i18n/index.ts';
export * from './permissions.ts';
export * from './seeded-texts.ts';
export * as rules from './rules.ts';
export * from './routes/index.ts';
