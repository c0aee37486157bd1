import type {
  AvailableUpdate,
  Envelope,
  RegisterScanBody,
  ResultBatch,
  ResultBatchAnswer,
  WorkPackage,
} from '@measure/contract';
import type { ReadStream } from 'node:fs';
import { Upload } from 'tus-js-client';

export interface DeviceTaskRow {
  TaskId: string;
  Name: string;
  State: string;
  ProjectName: string;
}

/** A call failed for good (the server refused it); network trouble and 5xx are retried first. */
export class DeviceApiError extends Error {}

const RETRIES = 5;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The public device API (measurement-api.md section 3), with the device key, retrying what may pass. */
export class DeviceClient {
  constructor(
    private readonly server: string,
    private readonly key: string,
  ) {}

  private async call<T>(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) {
    let lastError: unknown;
    for (let attempt = 0; attempt <= RETRIES; attempt += 1) {
      try {
        const response = await fetch(`${this.server}/api/device/v1/${path}`, {
          method,
          headers: {
            authorization: `Device ${this.key}`,
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
            ...headers,
          },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        if (response.status >= 500) throw new Error(`HTTP ${response.status}`);
        if (response.status === 401)
          throw new DeviceApiError('the device key is missing, wrong or revoked (HTTP 401)');
        const envelope = (await response.json()) as Envelope<T>;
        if (envelope.Code !== 0) {
          throw new DeviceApiError(
            `${path}: ${envelope.Code} ${envelope.Message} ${JSON.stringify(envelope.Result)}`,
          );
        }
        return envelope.Result;
      } catch (error) {
        if (error instanceof DeviceApiError) throw error;
        lastError = error;
        await pause(200 * 2 ** attempt);
      }
    }
    throw lastError;
  }

  tasks = () => this.call<DeviceTaskRow[]>('GET', 'Tasks');
  workPackage = (taskId: string) => this.call<WorkPackage>('GET', `Tasks/${taskId}`);
  start = (taskId: string) => this.call('POST', `Tasks/${taskId}/Start`);
  finish = (taskId: string) => this.call('POST', `Tasks/${taskId}/Finish`);
  heartbeat = (battery: number, softwareVersion = 'simulator-1.0') =>
    this.call<{ ServerTime: string; NextHeartbeatMs: number }>('POST', 'Heartbeat', {
      DriveHealth: { Health: true, Msg: '' },
      NetworkHealth: { Health: true, Msg: '' },
      PowerHealth: { Health: true, Msg: '' },
      VisionServerHealth: { Health: true, Msg: '' },
      SoftwareVersion: softwareVersion,
      Battery: battery,
      DiskFreeMB: 51_200,
    });
  /** The newest software update newer than `version` (none: the newest of all), or null. */
  availableUpdate = (version?: string) =>
    this.call<AvailableUpdate | null>(
      'GET',
      version === undefined ? 'Updates' : `Updates?Version=${encodeURIComponent(version)}`,
    );
  /** The install report of a package (success, or failure with its reason). */
  reportUpdate = (updateId: string, result: { Success: boolean; Message: string }) =>
    this.call('POST', `Updates/${updateId}/Result`, result);
  /** One results batch; a retry after a network error sends the same Idempotency-Key. */
  results = (taskId: string, batch: ResultBatch, idempotencyKey: string) =>
    this.call<ResultBatchAnswer>('POST', `Tasks/${taskId}/Results`, batch, {
      'idempotency-key': idempotencyKey,
    });

  /** Registers an uploaded cloud or model as a scan (section 8); a retry sends the same key, the same FileId answers the same ScanId. */
  registerScan = (taskId: string, body: RegisterScanBody, idempotencyKey: string) =>
    this.call<{ ScanId: string }>('POST', `Tasks/${taskId}/Scans`, body, {
      'idempotency-key': idempotencyKey,
    });

  /** A resumable upload (tus); answers the FileId. A file stream (big clouds) is read in chunks. */
  upload(
    data: Buffer | ReadStream,
    fileName: string,
    kind: 'picture' | 'pointcloud' | 'model' | 'other',
  ): Promise<string> {
    return new Promise((resolve, reject) => {
      const upload: Upload = new Upload(data, {
        endpoint: `${this.server}/api/device/v1/Files`,
        headers: { authorization: `Device ${this.key}` },
        metadata: { filename: fileName, kind },
        chunkSize: 5 * 1024 * 1024,
        retryDelays: [200, 1000, 3000],
        onSuccess: () => resolve(upload.url?.split('/').pop() ?? ''),
        onError: reject,
      });
      upload.start();
    });
  }
}
