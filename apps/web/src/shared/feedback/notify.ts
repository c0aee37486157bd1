import { LANGUAGES } from '@measure/contract/languages';
import type { MessageInstance } from 'antd/es/message/interface';
import { i18n } from '../i18n/index.ts';

/** Spec section 9: the message bar shows 4 s by default and 5 s for errors and successes (seconds for antd). */
export const MESSAGE_DURATION = { default: 4, emphasised: 5 } as const;

let messageApi: MessageInstance | null = null;

/** Bound by the component inside antd's <App>, so code outside React (the API client) can show messages. */
export function bindMessageApi(api: MessageInstance | null): void {
  messageApi = api;
}

/** Spec section 8: a message meaning "request response intercepted" is never shown, in any language. */
export function isSuppressedMessage(text: string): boolean {
  const trimmed = text.trim();
  return LANGUAGES.some((lng) => i18n.t('common:fetchIntercepted', { lng }) === trimmed);
}

type Kind = 'success' | 'error' | 'warning' | 'info';

function show(kind: Kind, text: string, duration: number): void {
  if (!text || isSuppressedMessage(text)) return;
  if (!messageApi) {
    console.warn(`[${kind}] ${text}`);
    return;
  }
  void messageApi.open({ type: kind, content: text, duration });
}

export const notify = {
  success: (text: string) => show('success', text, MESSAGE_DURATION.emphasised),
  error: (text: string) => show('error', text, MESSAGE_DURATION.emphasised),
  warning: (text: string) => show('warning', text, MESSAGE_DURATION.default),
  info: (text: string) => show('info', text, MESSAGE_DURATION.default),
};
