import { messageCatalogues } from '@measure/contract/i18n/index';
import { LANGUAGES } from '@measure/contract/languages';
import { i18n } from './index.ts';

/** The contract writes placeholders as `{max}`; i18next expects `{{max}}`. */
function toI18nextPlaceholders(catalogue: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(catalogue).map(([key, text]) => [
      key,
      text
        // A counted word `{count|# room|# rooms}` (server-side plural) shows its plural form here.
        .replace(/\{(\w+)\|[^|{}]*\|([^|{}]*)\}/g, (_whole, name: string, other: string) =>
          other.replace(/#/g, `{{${name}}}`),
        )
        .replace(/\{(\w+)\}/g, '{{$1}}'),
    ]),
  );
}

/**
 * Namespace `messages`: the contract catalogue (server and form-rule messages). Only forms need it,
 * so it is registered by the modules that import this one instead of being part of the first load.
 */
export const messageResources = {
  'zh-CN': toI18nextPlaceholders(messageCatalogues['zh-CN']),
  'en-US': toI18nextPlaceholders(messageCatalogues['en-US']),
};

export function registerMessages(): void {
  if (!i18n.isInitialized) {
    // Imported before start-up finished (tests): register once i18next exists.
    i18n.on('initialized', registerMessages);
    return;
  }
  for (const language of LANGUAGES) {
    if (!i18n.hasResourceBundle(language, 'messages')) {
      i18n.addResourceBundle(language, 'messages', messageResources[language]);
    }
  }
}
