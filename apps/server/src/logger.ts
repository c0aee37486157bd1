import { mkdirSync } from 'node:fs';
import path from 'node:path';
import pino from 'pino';

/** JSON logs to stdout and to DATA_DIR/logs/server.log. Credentials are never logged. */
export function createLogger(options: { level: string; dataDir: string }) {
  const directory = path.join(options.dataDir, 'logs');
  mkdirSync(directory, { recursive: true });
  return pino(
    {
      level: options.level,
      redact: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.Password'],
    },
    pino.multistream([
      { level: options.level as pino.Level, stream: process.stdout },
      {
        level: options.level as pino.Level,
        stream: pino.destination({ dest: path.join(directory, 'server.log'), mkdir: true }),
      },
    ]),
  );
}
