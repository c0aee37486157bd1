/** The report list of one project (`mscProjectReports`, a child of the data reports page). */
export const projectReportsPath = (projectId: string) =>
  `/measurerobot/mscProjectReports?projectId=${encodeURIComponent(projectId)}`;
