/**
 * The API answer the server put into index.html for a page opened cold (server core/page-data.ts):
 * `<script type="application/json" id="page-data" data-for="<API path>" data-language="...">`.
 * Taken once: the element is removed, so a later visit to the same page asks the server again.
 * Answers undefined when there is none, it is for another call or language, or it does not parse.
 */
export function takePageData(
  apiPath: string,
  language: string,
  doc: Pick<Document, 'getElementById'> | undefined = globalThis.document,
): unknown {
  const element = doc?.getElementById('page-data');
  if (!element) return undefined;
  element.remove();
  if (element.dataset.for !== apiPath || element.dataset.language !== language) return undefined;
  try {
    return JSON.parse(element.textContent ?? '') as unknown;
  } catch {
    return undefined;
  }
}
