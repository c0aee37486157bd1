import { FileStore } from '../../core/file-store.ts';
import type { ObjectStore } from '../../core/storage/object-store.ts';

export type StoredExtension = 'png' | 'jpg' | 'dxf';
const PLAN_EXTENSIONS: readonly StoredExtension[] = ['png', 'jpg', 'dxf'];

/** Plan files of house types under the key prefix uploads/house-maps (atomic writes: core/storage). */
export class PlanFileStore extends FileStore<StoredExtension> {
  constructor(store: ObjectStore) {
    super(store, 'uploads/house-maps', PLAN_EXTENSIONS);
  }
}
