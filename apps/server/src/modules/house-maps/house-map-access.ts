import { notFound } from '../../core/app-error.ts';
import type { DbExecutor } from '../../db/database-handle.ts';
import type { AuthContext } from '../auth/auth-context.ts';
import { visibleProject } from '../projects/project-access.ts';
import { HouseMapRepository } from './house-map-repository.ts';

/**
 * A house type in a project the caller may see (else 404), with its project. `forUpdate` locks the
 * project row for the transaction and reads the house type again after the lock, since a concurrent
 * change may have finished meanwhile.
 */
export async function visibleHouseMap(
  db: DbExecutor,
  auth: AuthContext,
  houseMapId: string,
  forUpdate = false,
) {
  const repository = new HouseMapRepository(db);
  const found = await repository.find(auth.companyId, houseMapId);
  if (!found) throw notFound();
  const project = await visibleProject(db, auth, found.projectId, { forUpdate });
  const houseMap = forUpdate ? await repository.find(auth.companyId, houseMapId) : found;
  if (!houseMap) throw notFound();
  return { houseMap, project };
}
