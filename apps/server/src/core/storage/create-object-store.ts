import type { AppConfig } from '../../config.ts';
import { LocalObjectStore } from './local-object-store.ts';
import type { ObjectStore } from './object-store.ts';
import { S3ObjectStore } from './s3-object-store.ts';

/**
 * The app's store: the S3_URL bucket when it is set, else files under DATA_DIR (keys are paths
 * below it, today's layout). `check()` it before use: a wrong bucket or credentials stop the start.
 */
export function createObjectStore(
  config: Pick<AppConfig, 'dataDir'> & { s3?: AppConfig['s3'] },
): ObjectStore {
  return config.s3 ? new S3ObjectStore(config.s3) : new LocalObjectStore(config.dataDir);
}
