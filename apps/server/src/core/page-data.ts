import { apiRoutes, DEFAULT_LANGUAGE } from '@measure/contract';
import type { FastifyInstance } from 'fastify';

/**
 * Pages opened cold on a phone whose first screen is one public API answer: the shared report a QR
 * code opens. Their index.html carries that answer, so the page renders complete with its first
 * frame instead of asking for it after its code has loaded (issue 29's LCP goal on slow networks).
 * `page` matches the path below BASE_PATH.
 */
const PAGES_WITH_DATA: ReadonlyArray<{ page: RegExp; api: (match: RegExpExecArray) => string }> = [
  {
    page: /^supplement\/taskReportList\/([^/]+)\/?$/,
    api: (match) =>
      apiRoutes.reports.getSharedReport.path.replace(':ShareId', encodeURIComponent(match[1] ?? '')),
  },
];

/** JSON inside a <script> element: `<` escaped, so no `</script>` or `<!--` can end it early. */
const scriptSafeJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * The `<script type="application/json" id="page-data">` element for a page, or '' when the page
 * has none or its answer is not a success (an unknown share: the page asks and shows why). The
 * answer comes from the API route itself (in-process), so it is byte for byte what the page would
 * fetch, in the default language the page starts in (a visitor who chose another language asks again).
 */
export async function pageDataElement(app: FastifyInstance, page: string): Promise<string> {
  for (const { page: pattern, api } of PAGES_WITH_DATA) {
    const match = pattern.exec(page);
    if (!match) continue;
    const url = api(match);
    const answer = await app.inject({ method: 'GET', url, headers: { 'accept-language': DEFAULT_LANGUAGE } });
    if (answer.statusCode !== 200) return '';
    const envelope = answer.json<{ Code?: number; Result?: unknown }>();
    if (envelope.Code !== 0) return '';
    return (
      `\n    <script type="application/json" id="page-data" data-for="${url}" ` +
      `data-language="${DEFAULT_LANGUAGE}">${scriptSafeJson(envelope.Result)}</script>`
    );
  }
  return '';
}
