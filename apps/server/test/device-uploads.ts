import { Upload } from 'tus-js-client';
import { listeningUrl, type TestApp } from './app.ts';

/** The tus endpoint of a test app listening on a free port (listens on first use). */
export async function deviceFilesEndpoint(t: TestApp): Promise<string> {
  return `${await listeningUrl(t)}/api/device/v1/Files`;
}

/**
 * Uploads `data` through the real tus route as a device does (tus-js-client); answers the FileId
 * (the upload id at the end of its address).
 */
export async function uploadDeviceFile(
  t: TestApp,
  deviceKey: string,
  data: Buffer,
  options: { kind: 'picture' | 'pointcloud' | 'model' | 'other'; fileName: string },
): Promise<string> {
  const endpoint = await deviceFilesEndpoint(t);
  const url = await new Promise<string>((resolve, reject) => {
    const uploader: Upload = new Upload(data, {
      endpoint,
      chunkSize: 1024 * 1024,
      retryDelays: [],
      headers: { authorization: `Device ${deviceKey}` },
      metadata: { filename: options.fileName, kind: options.kind },
      onSuccess: () => resolve(uploader.url ?? ''),
      onError: reject,
    });
    uploader.start();
  });
  const fileId = url.split('/').pop();
  if (!fileId) throw new Error(`no upload id in ${url}`);
  return fileId;
}
