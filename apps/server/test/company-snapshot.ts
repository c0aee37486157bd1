/** Everything of a company that a call could change, as one string (tests that a call changed nothing). */
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../src/db/client.ts';
import {
  algorithmTemplates,
  designTemplates,
  householdAssignments,
  houseMaps,
  measureItems,
  notificationReads,
  orgs,
  pointTypes,
  projectBuildings,
  projectLogs,
  projects,
  projectStandards,
  projectUsers,
  tasks,
  taskSites,
  taskSurveyors,
  sessions,
  userImports,
  userRoles,
  users,
} from '../src/db/schema.ts';

export async function companySnapshot(db: Database, companyId: string): Promise<string> {
  const [userRows, roleRows, orgRows, sessionRows, reads, imports] = await Promise.all([
    db
      .select({
        id: users.id,
        name: users.name,
        email: users.email,
        phone: users.phone,
        status: users.status,
        orgId: users.orgId,
        hash: users.passwordHash,
        mustChange: users.mustChangePassword,
      })
      .from(users)
      .where(eq(users.companyId, companyId))
      .orderBy(asc(users.id)),
    db.select().from(userRoles).where(eq(userRoles.companyId, companyId)).orderBy(asc(userRoles.userId)),
    db.select().from(orgs).where(eq(orgs.companyId, companyId)).orderBy(asc(orgs.id)),
    db
      .select({ id: sessions.id, revokedAt: sessions.revokedAt })
      .from(sessions)
      .where(eq(sessions.companyId, companyId))
      .orderBy(asc(sessions.id)),
    db.select().from(notificationReads).where(eq(notificationReads.companyId, companyId)),
    db.select({ id: userImports.id }).from(userImports).where(eq(userImports.companyId, companyId)),
  ]);
  const [projectRows, buildingRows, staffRows, mapRows, typeRows, assignmentRows, logRows] =
    await Promise.all([
      db.select().from(projects).where(eq(projects.companyId, companyId)).orderBy(asc(projects.id)),
      db
        .select()
        .from(projectBuildings)
        .where(eq(projectBuildings.companyId, companyId))
        .orderBy(asc(projectBuildings.id)),
      db
        .select()
        .from(projectUsers)
        .where(eq(projectUsers.companyId, companyId))
        .orderBy(asc(projectUsers.projectId), asc(projectUsers.userId)),
      db.select().from(houseMaps).where(eq(houseMaps.companyId, companyId)).orderBy(asc(houseMaps.id)),
      db.select().from(pointTypes).where(eq(pointTypes.companyId, companyId)).orderBy(asc(pointTypes.id)),
      db
        .select()
        .from(householdAssignments)
        .where(eq(householdAssignments.companyId, companyId))
        .orderBy(
          asc(householdAssignments.buildingId),
          asc(householdAssignments.floor),
          asc(householdAssignments.household),
        ),
      db
        .select({ id: projectLogs.id })
        .from(projectLogs)
        .where(eq(projectLogs.companyId, companyId))
        .orderBy(asc(projectLogs.id)),
    ]);
  const [itemRows, standardRows, templateRows, algorithmRows] = await Promise.all([
    db.select().from(measureItems).where(eq(measureItems.companyId, companyId)).orderBy(asc(measureItems.id)),
    db
      .select()
      .from(projectStandards)
      .where(eq(projectStandards.companyId, companyId))
      .orderBy(asc(projectStandards.id)),
    db
      .select()
      .from(designTemplates)
      .where(eq(designTemplates.companyId, companyId))
      .orderBy(asc(designTemplates.id)),
    db
      .select()
      .from(algorithmTemplates)
      .where(eq(algorithmTemplates.companyId, companyId))
      .orderBy(asc(algorithmTemplates.id)),
  ]);
  const [taskRows, surveyorRows, siteRows] = await Promise.all([
    db.select().from(tasks).where(eq(tasks.companyId, companyId)).orderBy(asc(tasks.id)),
    db
      .select()
      .from(taskSurveyors)
      .where(eq(taskSurveyors.companyId, companyId))
      .orderBy(asc(taskSurveyors.taskId), asc(taskSurveyors.userId)),
    db
      .select()
      .from(taskSites)
      .where(eq(taskSites.companyId, companyId))
      .orderBy(asc(taskSites.taskId), asc(taskSites.pointIndex)),
  ]);
  return JSON.stringify({
    taskRows,
    surveyorRows,
    siteRows,
    itemRows,
    standardRows,
    templateRows,
    algorithmRows,
    userRows,
    roleRows,
    orgRows,
    sessionRows,
    reads,
    imports,
    projectRows,
    buildingRows,
    staffRows,
    mapRows,
    typeRows,
    assignmentRows,
    logRows,
  });
}
