import type { Db } from '../../src/db/client.ts';

/**
 * Everything a rejected request must leave as it was in the given projects:
 * their tasks, sections and counters as rows, and how many events,
 * notifications, labels, assignees and watchers their tasks have. Scoped to
 * the projects, as other test files may share the database; compare a
 * snapshot before with one after.
 */
export async function projectState(db: Db, ...projectIds: number[]) {
  const inProjects = { projectId: { in: projectIds } };
  const ofTasks = { task: inProjects };
  const [tasks, events, notifications, counters, sections, labels, assignees, watchers] = await Promise.all([
    db.task.findMany({ where: inProjects, orderBy: { id: 'asc' } }),
    db.outboxEvent.count({ where: inProjects }),
    db.notification.count({ where: ofTasks }),
    db.project.findMany({
      where: { id: { in: projectIds } },
      select: { id: true, taskCounter: true, updatedAt: true },
      orderBy: { id: 'asc' },
    }),
    db.section.findMany({ where: inProjects, orderBy: { id: 'asc' } }),
    db.taskLabel.count({ where: ofTasks }),
    db.taskAssignee.count({ where: ofTasks }),
    db.taskWatcher.count({ where: ofTasks }),
  ]);
  if (counters.length !== projectIds.length) throw new Error(`projectState: unknown project among ${projectIds.join(', ')}`);
  return { tasks, events, notifications, counters, sections, labels, assignees, watchers };
}
