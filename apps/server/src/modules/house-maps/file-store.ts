import { FileStore } from '../../core/file-store.ts';

export type StoredExtension = 'png' | 'jpg' | 'dxf';
const PLAN_EXTENSIONS: readonly StoredExtension[] = ['png', 'jpg', 'dxf'];

/** Plan files of house types under DATA_DIR/uploads/house-maps (atomic writes: core/file-store.ts). */
export class PlanFileStore extends FileStore<StoredExtension> {
  constructor(directory: string) {
    super(directory, PLAN_EXTENSIONS);
  }
}
