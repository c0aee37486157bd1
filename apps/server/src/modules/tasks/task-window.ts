/**
 * A task's window: from its start to its finish, or to now while it is not finished (a task without
 * a start has no lower bound). Readings stamped outside it are kept but flagged, and no working time
 * is counted outside it. The data pool and efficiency say the same in SQL.
 */
export function outsideTaskWindow(
  measuredAt: Date,
  task: { startedAt: Date | null; finishedAt: Date | null },
  now = new Date(),
): boolean {
  const time = measuredAt.getTime();
  return (
    (task.startedAt !== null && time < task.startedAt.getTime()) || time > (task.finishedAt ?? now).getTime()
  );
}
