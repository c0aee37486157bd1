import type { AppConfig } from '../../config.ts';
import { LocalObjectStore } from './local-object-store.ts';
import type { ObjectStore } from './object-store.ts';

/** The app's store: files under DATA_DIR (keys are paths below it, today's layout). */
export function createObjectStore(config: Pick<AppConfig, 'dataDir'>): ObjectStore {
  return new LocalObjectStore(config.dataDir);
}
