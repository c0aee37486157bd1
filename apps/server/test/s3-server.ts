import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

/** s3rver's fixed credentials. */
const KEY = 'S3RVER';
const SECRET = 'S3RVER';

export interface TestS3Server {
  /** `s3+http://KEY:SECRET@127.0.0.1:<port>/<bucket>?region=us-east-1`, ready for S3_URL. */
  s3Url: string;
  bucket: string;
  stop: () => Promise<void>;
}

/**
 * Starts s3rver 3.7 (design.md section 1: the S3-speaking server of tests) on a free port with its
 * files in a temp directory and one bucket; `stop` closes it and removes the directory.
 */
export async function startS3Server(bucket = 'measure-test'): Promise<TestS3Server> {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'mc-s3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory,
    silent: true,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  return {
    s3Url: `s3+http://${KEY}:${SECRET}@127.0.0.1:${port}/${bucket}?region=us-east-1`,
    bucket,
    stop: async () => {
      // The SDK keeps connections alive; close them so the server stops now.
      server.httpServer.closeAllConnections();
      await server.close();
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}
