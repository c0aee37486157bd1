import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver, { type S3rverContext } from 's3rver';

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
 * files in a temp directory and one bucket; `stop` closes it and removes the directory. s3rver has
 * no ListParts, AbortMultipartUpload or ListMultipartUploads, which @tus/s3-store uses to resume
 * and to sweep uploads; they are answered here from s3rver's own upload folders.
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
  server.middleware.unshift(multipartQueries(server));
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

const xml = (context: S3rverContext, body: string, status = 200) => {
  context.status = status;
  context.type = 'application/xml';
  context.body = `<?xml version="1.0" encoding="UTF-8"?>\n${body}`;
};
const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function multipartQueries(server: S3rver) {
  return async (context: S3rverContext, next: () => Promise<void>) => {
    const [, bucket = '', ...keyParts] = context.path.split('/');
    const key = decodeURIComponent(keyParts.join('/'));
    const uploadId = context.query.uploadId;
    const uploadsRoot = () => server.store.getResourcePath(bucket, undefined, 'uploads');
    if (typeof uploadId === 'string' && key && context.query.partNumber === undefined) {
      const folder = path.join(uploadsRoot(), path.basename(uploadId));
      const names = await fs.readdir(folder).catch(() => undefined);
      if (context.method === 'DELETE') {
        await fs.rm(folder, { recursive: true, force: true });
        context.status = 204;
        context.body = '';
        return;
      }
      if (context.method === 'GET') {
        if (!names)
          return xml(
            context,
            '<Error><Code>NoSuchUpload</Code><Message>no such upload</Message></Error>',
            404,
          );
        const parts = await Promise.all(
          names
            // s3rver writes a part under its final name and its .md5 after it: a part whose upload
            // was cut has no .md5, and S3 lists only parts it received whole.
            .filter((name) => /^\d+$/.test(name) && names.includes(`${name}.md5`))
            .sort((a, b) => Number(a) - Number(b))
            .map(async (name) => {
              const stat = await fs.stat(path.join(folder, name));
              const md5 = await fs.readFile(path.join(folder, `${name}.md5`), 'utf8');
              return `<Part><PartNumber>${name}</PartNumber><LastModified>${stat.mtime.toISOString()}</LastModified><ETag>"${md5}"</ETag><Size>${stat.size}</Size></Part>`;
            }),
        );
        return xml(
          context,
          `<ListPartsResult><Bucket>${bucket}</Bucket><Key>${escape(key)}</Key><UploadId>${uploadId}</UploadId><IsTruncated>false</IsTruncated>${parts.join('')}</ListPartsResult>`,
        );
      }
    }
    if (context.method === 'GET' && !key && context.query.uploads !== undefined) {
      const prefix = typeof context.query.prefix === 'string' ? context.query.prefix : '';
      const uploads: string[] = [];
      for (const id of await fs.readdir(uploadsRoot()).catch(() => [] as string[])) {
        const folder = path.join(uploadsRoot(), id);
        const uploadKey = await fs.readFile(path.join(folder, 'key'), 'utf8').catch(() => undefined);
        if (uploadKey === undefined || !uploadKey.startsWith(prefix)) continue;
        const started = (await fs.stat(path.join(folder, 'key'))).mtime.toISOString();
        uploads.push(
          `<Upload><Key>${escape(uploadKey)}</Key><UploadId>${id}</UploadId><Initiated>${started}</Initiated></Upload>`,
        );
      }
      return xml(
        context,
        `<ListMultipartUploadsResult><Bucket>${bucket}</Bucket><IsTruncated>false</IsTruncated>${uploads.join('')}</ListMultipartUploadsResult>`,
      );
    }
    await next();
  };
}
