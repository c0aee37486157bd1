import { formatMessage, type Language, type MessageKey } from '@measure/contract';

/** A generated download (an export, a template): its name is the message `downloads.<kind>`. */
export type DownloadKind =
  Extract<MessageKey, `downloads.${string}`> extends `downloads.${infer K}` ? K : never;

/** A download's name in the reader's language, and the ASCII (English) name sent beside it. */
export interface DownloadName {
  fileName: string;
  fallbackName: string;
}

/** The one place a download's name follows the request's language: Chinese for zh-CN, English for en-US. */
export function downloadName(kind: DownloadKind, language: Language): DownloadName {
  const key: MessageKey = `downloads.${kind}`;
  return { fileName: formatMessage(language, key), fallbackName: formatMessage('en-US', key) };
}
