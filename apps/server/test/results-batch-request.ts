import http from 'node:http';

/**
 * A device's results batch sent over a real connection (not `app.inject`), for tests that kill the
 * server while it takes the batch: `onSent` runs once the whole body is out. Answers
 * `answered <status>` or `cut: <error>` (the connection broke before an answer).
 */
export function sendResultsBatch(options: {
  port: number;
  taskId: string;
  deviceKey: string;
  idempotencyKey: string;
  body: string;
  onSent: () => void;
}): Promise<string> {
  return new Promise((resolve) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port: options.port,
        method: 'POST',
        path: `/api/device/v1/Tasks/${options.taskId}/Results`,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(options.body),
          authorization: `Device ${options.deviceKey}`,
          'idempotency-key': options.idempotencyKey,
        },
      },
      (response) => {
        response.resume();
        resolve(`answered ${response.statusCode}`);
      },
    );
    request.on('error', (error) => resolve(`cut: ${error.message}`));
    request.end(options.body, options.onSent);
  });
}
