import type { Language } from '../languages.ts';
import { messagesEnUS } from './messages.en-US.ts';
import { messagesZhCN, type MessageKey } from './messages.zh-CN.ts';

export { messagesEnUS, messagesZhCN, type MessageKey };

export const messageCatalogues: Record<Language, Record<MessageKey, string>> = {
  'zh-CN': messagesZhCN,
  'en-US': messagesEnUS,
};

/**
 * A message's values. `{ key }` is itself a message, translated in the same language: the word of an
 * enum value (a task's state) in an error thrown before the reader's language is known.
 */
export type MessageParam = string | number | { key: MessageKey };
export type MessageParams = Record<string, MessageParam>;

export function isMessageKey(key: string): key is MessageKey {
  return Object.hasOwn(messagesZhCN, key);
}

/**
 * Looks a key up in the language's catalogue and fills `{name}` placeholders. A counted word is
 * written `{count|# room|# rooms}`: the first form for a count of 1, the second otherwise, `#` being
 * the count (English plurals; Chinese has none and writes `{count}`).
 */
export function formatMessage(language: Language, key: MessageKey, params: MessageParams = {}): string {
  const template = messageCatalogues[language][key];
  const text = (param: MessageParam) =>
    typeof param === 'object' ? formatMessage(language, param.key) : String(param);
  return template
    .replace(/\{(\w+)\|([^|{}]*)\|([^|{}]*)\}/g, (whole, name: string, one: string, other: string) => {
      if (!Object.hasOwn(params, name)) return whole;
      const count = text(params[name] as MessageParam);
      return (Number(count) === 1 ? one : other).replace(/#/g, count);
    })
    .replace(/\{(\w+)\}/g, (whole, name: string) =>
      Object.hasOwn(params, name) ? text(params[name] as MessageParam) : whole,
    );
}
