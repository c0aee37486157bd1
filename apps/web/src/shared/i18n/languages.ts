import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@measure/contract/languages';

/** The language choice is kept in plain localStorage: it is not sensitive and is read before any key exists. */
export const LANGUAGE_STORAGE_KEY = 'measure.language';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

export function readStoredLanguage(): Language {
  try {
    const stored = globalThis.localStorage?.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

export function storeLanguage(language: Language): void {
  try {
    globalThis.localStorage?.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Private mode or a full quota: the choice then lasts only for this page.
  }
}
