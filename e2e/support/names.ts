import crypto from 'node:crypto';

/** A short unique suffix for the names a test makes. */
export const stamp = () => `${Date.now().toString(36)}${crypto.randomInt(1000, 9999)}`;

/** A button's accessible name: antd puts a space between two Chinese characters of a button. */
export const button = (text: string) =>
  new RegExp(`(^|\\s)${[...text].map((c) => c.replace(/[()[\]{}.*+?^$|\\]/g, '\\$&')).join('\\s*')}\\s*$`);
