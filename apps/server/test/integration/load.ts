/**
 * A small load generator for the integration tests: `connections` keep-alive HTTP/1.1 connections,
 * each sending its next request as soon as the previous one is answered, until told to stop. Every
 * answer that is not HTTP 200 with envelope Code 0, and every connection error, counts as failed.
 */
import http from 'node:http';

export interface LoadTarget {
  port: number;
  path: string;
  body: unknown;
  headers: Record<string, string>;
  connections: number;
}

export interface LoadResult {
  ok: number;
  failed: string[];
  /** Answers by the value of the header named in `countBy` (the last address when there are several). */
  by: Map<string, number>;
}

export interface Load {
  /** Answers so far (ok and failed). */
  answered(): number;
  /** Answers so far that carried this value in the counted header. */
  served(value: string): number;
  /** Stops sending; resolves when every connection's last request is answered. */
  stop(): Promise<LoadResult>;
}

export function startLoad(target: LoadTarget, countBy: string): Load {
  const agent = new http.Agent({ keepAlive: true, maxSockets: target.connections });
  const body = Buffer.from(JSON.stringify(target.body));
  const result: LoadResult = { ok: 0, failed: [], by: new Map() };
  let stopping = false;

  const send = () =>
    new Promise<void>((resolve) => {
      const request = http.request(
        {
          host: '127.0.0.1',
          port: target.port,
          path: target.path,
          method: 'POST',
          agent,
          headers: { 'content-type': 'application/json', 'content-length': body.length, ...target.headers },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            const served =
              String(response.headers[countBy] ?? '')
                .split(', ')
                .at(-1) ?? '';
            result.by.set(served, (result.by.get(served) ?? 0) + 1);
            let code: unknown;
            try {
              code = (JSON.parse(text) as { Code?: unknown }).Code;
            } catch {
              code = undefined;
            }
            if (response.statusCode === 200 && code === 0) result.ok += 1;
            else result.failed.push(`HTTP ${response.statusCode}: ${text.slice(0, 200)}`);
            resolve();
          });
          response.on('error', (error) => {
            result.failed.push(`response: ${error.message}`);
            resolve();
          });
        },
      );
      request.on('error', (error) => {
        result.failed.push(`request: ${error.message}`);
        resolve();
      });
      request.end(body);
    });

  const loops = Array.from({ length: target.connections }, async () => {
    while (!stopping) await send();
  });
  return {
    answered: () => result.ok + result.failed.length,
    served: (value) => result.by.get(value) ?? 0,
    stop: async () => {
      stopping = true;
      await Promise.all(loops);
      agent.destroy();
      return result;
    },
  };
}
