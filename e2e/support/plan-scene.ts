/**
 * Waits until the server's `houseMaps:buildScene` job has built the scene of a DXF plan
 * (GetHouseMapScene answers the scene instead of a 404 envelope): the editor then draws the plan
 * without parsing the DXF. Returns how long the wait took in ms. Used by the browser tests and by
 * the editor benchmark (apps/server/bench/editor-render.ts): plain fetch, no test runner.
 */
export async function waitForPlanScene(
  baseUrl: string,
  token: string,
  houseMapId: string,
  timeoutMs = 120_000,
): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < timeoutMs) {
    const response = await fetch(`${baseUrl}/api/ms/Project/GetHouseMapScene`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ id: houseMapId }),
    });
    const type = response.headers.get('content-type') ?? '';
    await response.arrayBuffer();
    if (type.startsWith('application/octet-stream')) return performance.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no scene for house type ${houseMapId} after ${timeoutMs} ms`);
}
