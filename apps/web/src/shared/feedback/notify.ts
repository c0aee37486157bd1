import { LANGUAGES } from '@measure/contract/languages';
import type { MessageInstance } from 'antd/es/message/interface';
import { i18n } from '../i18n/index.ts';

/** Spec section 9: the message bar shows 4 s by default and 5 s for errors and successes (seconds for antd). */
export const MESSAGE_DURATION = { default: 4, emphasised: 5 } as const;

type Kind = 'success' | 'error' | 'warning' | 'info';

export interface PendingMessage {
  type: Kind;
  content: string;
  /** Seconds. */
  duration: number;
  /**
   * The same kind and text share a key: antd shows one message and restarts its time instead of
   * stacking copies (a refused read shown by every query of a page, a double click on Save).
   */
  key: string;
}

let messageApi: MessageInstance | null = null;
let loadMessageBar: (() => void) | null = null;
const pending: PendingMessage[] = [];

/**
 * Bound by MessageBridge (antd's message API), so code outside React (the API client) can show
 * messages; messages that waited for it are shown now.
 */
export function bindMessageApi(api: MessageInstance | null): void {
  messageApi = api;
  if (api) for (const item of pending.splice(0)) void api.open(item);
}

/**
 * Set by MessageHost: loads antd's message bar. It is not part of the login route's first load, so
 * the first message of a page waits for it (and MessageHost shows it plainly when it cannot load).
 */
export function setMessageBarLoader(loader: (() => void) | null): void {
  loadMessageBar = loader;
}

/** Loads the message bar ahead of the first message (the shell does, so 401 messages show at once). */
export function preloadMessageBar(): void {
  if (!messageApi) loadMessageBar?.();
}

/** Takes the messages still waiting for the message bar. */
export function takePendingMessages(): PendingMessage[] {
  return pending.splice(0);
}

/** Spec section 8: a message meaning "request response intercepted" is never shown, in any language. */
export function isSuppressedMessage(text: string): boolean {
  const trimmed = text.trim();
  return LANGUAGES.some((lng) => i18n.t('common:fetchIntercepted', { lng }) === trimmed);
}

function show(type: Kind, content: string, duration: number): void {
  if (!content || isSuppressedMessage(content)) return;
  const message: PendingMessage = { type, content, duration, key: `${type}:${content}` };
  if (messageApi) {
    void messageApi.open(message);
  } else if (loadMessageBar) {
    if (!pending.some((waiting) => waiting.key === message.key)) pending.push(message);
    loadMessageBar();
  } else {
    console.warn(`[${type}] ${content}`);
  }
}

export const notify = {
  success: (text: string) => show('success', text, MESSAGE_DURATION.emphasised),
  error: (text: string) => show('error', text, MESSAGE_DURATION.emphasised),
  warning: (text: string) => show('warning', text, MESSAGE_DURATION.default),
  info: (text: string) => show('info', text, MESSAGE_DURATION.default),
};
