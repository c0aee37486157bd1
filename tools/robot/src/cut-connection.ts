/**
 * A fetch whose package downloads (`.../File`) break after `cut` bytes, the first `times` times:
 * the dropped connection the update flow must resume from (tests and demonstrations).
 */
export function cuttingFetch(
  cut: number,
  times = 1,
  onRequest?: (range: string | null) => void,
): typeof fetch {
  let left = times;
  return async (input, init) => {
    const response = await fetch(input, init);
    if (!String(input).endsWith('/File')) return response;
    onRequest?.(new Headers(init?.headers).get('range'));
    if (left <= 0 || !response.body) return response;
    left -= 1;
    const reader = response.body.getReader();
    let sent = 0;
    const broken = new ReadableStream<Uint8Array>({
      async pull(controller) {
        // The error comes on the read after the last bytes (an error drops chunks still queued).
        if (sent >= cut) {
          await reader.cancel();
          return controller.error(new Error('connection reset'));
        }
        const { value, done } = await reader.read();
        if (done) return controller.close();
        const room = cut - sent;
        controller.enqueue(value.length > room ? value.subarray(0, room) : value);
        sent += Math.min(value.length, room);
      },
    });
    return new Response(broken, { status: response.status, headers: response.headers });
  };
}
