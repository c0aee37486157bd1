import type { AuthContext } from '../auth/auth-context.ts';
import { notFound } from '../../core/app-error.ts';
import type { Database } from '../../db/client.ts';
import { visibleProject, writeProjectLog } from './project-access.ts';
import { ProjectRepository } from './project-repository.ts';

/** The staff of projects: who is assigned to which project (the project scope of administrators and surveyors). */
export class ProjectStaffService {
  constructor(private readonly deps: { db: Database }) {}

  /** Replaces the staff of a project. Every user must be of the company (else 404, nothing changes). */
  async saveProjectUsers(auth: AuthContext, projectId: string, userIds: readonly string[]): Promise<void> {
    const unique = [...new Set(userIds)];
    await this.deps.db.transaction(async (tx) => {
      const repository = new ProjectRepository(tx);
      const project = await visibleProject(tx, auth, projectId, { forUpdate: true });
      const found = await repository.existingUserIds(auth.companyId, unique);
      if (found.size !== unique.length) throw notFound('projects.unknownUser');
      await repository.setStaff(auth.companyId, project.id, unique);
      await writeProjectLog(tx, auth, project.id, 'projectLog.staffChanged', {
        names: unique.map((id) => found.get(id)).join('、') || '-',
      });
    });
  }

  /** Replaces the projects of a user; each changed project gets a log entry. */
  async saveUserProjects(auth: AuthContext, userId: string, projectIds: readonly string[]): Promise<void> {
    const unique = [...new Set(projectIds)];
    await this.deps.db.transaction(async (tx) => {
      const repository = new ProjectRepository(tx);
      const user = await repository.existingUserIds(auth.companyId, [userId]);
      if (user.size !== 1) throw notFound('projects.unknownUser');
      const wanted = await repository.existingProjects(auth.companyId, unique);
      if (wanted.length !== unique.length) throw notFound();
      const current = new Set(await repository.projectsOfUser(auth.companyId, userId));
      const added = unique.filter((id) => !current.has(id));
      const removed = [...current].filter((id) => !unique.includes(id));
      await repository.addStaff(auth.companyId, added, userId);
      await repository.removeStaff(auth.companyId, removed, userId);
      for (const projectId of [...added, ...removed]) {
        const staff = await repository.staffOf(auth.companyId, [projectId]);
        const names = await repository.existingUserIds(
          auth.companyId,
          staff.map((entry) => entry.userId),
        );
        await writeProjectLog(tx, auth, projectId, 'projectLog.staffChanged', {
          names: [...names.values()].join('、') || '-',
        });
      }
    });
  }
}
