import { describe, expect, it } from 'vitest';
import { createTask } from '../../src/domain/task/create.ts';
import { makeOwnedProject, makeUser } from '../support/factories.ts';
import { useTestDb } from '../support/database.ts';
import { useBystander } from '../support/bystander.ts';
import { expectAppError } from '../support/errors.ts';

const db = useTestDb();
useBystander(db);

/** A board with a member `mate` and a label `bug`; an outsider who is on another board; a label of that board. */
async function world() {
  const { user, project } = await makeOwnedProject(db, { prefix: 'CRR' });
  const mate = await makeUser(db, 'Mate');
  await db.projectMember.create({ data: { projectId: project.id, userId: mate.id } });
  const label = await db.label.create({ data: { projectId: project.id, name: 'bug' } });
  const elsewhere = await makeOwnedProject(db);
  const foreignLabel = await db.label.create({ data: { projectId: elsewhere.project.id, name: 'bug' } });
  return { user, mate, project, label, outsider: elsewhere.user, foreignLabel };
}

/** The task's own events (not the inbox event notification.created of its assignees). */
const eventsOf = async (taskId: number) =>
  (
    await db.outboxEvent.findMany({ where: { taskId, type: { not: 'notification.created' } }, orderBy: { id: 'asc' } })
  ).map((e) => [e.type, e.data]);

// In a given section: a plain create there is the one-statement path, so a reference must send it the other way.
describe('createTask references', () => {
  it('labels alone are written (and nothing else: one event)', async () => {
    const { user, project, label } = await world();
    const task = await createTask(db, user.id, {
      projectId: project.id,
      sectionId: project.sections[0].id,
      title: 'labelled',
      labelIds: [label.id, label.id],
    });
    expect(await db.taskLabel.findMany({ where: { taskId: task.id } })).toEqual([
      { taskId: task.id, labelId: label.id },
    ]);
    expect((await eventsOf(task.id)).map(([type]) => type)).toEqual(['task.created']);
    expect(await db.taskAssignee.count({ where: { taskId: task.id } })).toBe(0);
  });

  it('assignees alone are written, with task.assigned naming them', async () => {
    const { user, mate, project } = await world();
    const task = await createTask(db, user.id, {
      projectId: project.id,
      sectionId: project.sections[0].id,
      title: 'assigned',
      assigneeUserIds: [mate.id],
    });
    expect((await db.taskAssignee.findMany({ where: { taskId: task.id } })).map((a) => a.userId)).toEqual([mate.id]);
    const events = await eventsOf(task.id);
    expect(events[1]).toEqual([
      'task.assigned',
      { assignees: [{ id: mate.id, kind: 'user' }], actor: { id: user.id } },
    ]);
    expect(await db.taskLabel.count({ where: { taskId: task.id } })).toBe(0);
  });

  it('one foreign label among good ones is NOT_FOUND; one non-member among members is not_project_member', async () => {
    const { user, mate, project, label, foreignLabel, outsider } = await world();
    await expectAppError(
      createTask(db, user.id, { projectId: project.id, title: 'x', labelIds: [label.id, foreignLabel.id] }),
      'NOT_FOUND',
      'labelIds',
    );
    await expectAppError(
      createTask(db, user.id, { projectId: project.id, title: 'x', assigneeUserIds: [mate.id, outsider.id] }),
      'VALIDATION',
      'assigneeUserIds',
      'not_project_member',
    );
    expect(await db.task.count({ where: { projectId: project.id } })).toBe(0);
  });
});

describe('createTask fields', () => {
  it('a task given only a title has empty description, images and attachments', async () => {
    const { user, project } = await world();
    const task = await createTask(db, user.id, { projectId: project.id, title: 'bare' });
    expect(task).toMatchObject({
      description: '',
      images: [],
      attachments: [],
      priority: null,
      status: 'Normal',
      parentId: null,
    });
  });

  it('a description the renderer gives up on names the field', async () => {
    const { user, project } = await world();
    await expectAppError(
      createTask(db, user.id, { projectId: project.id, title: 'deep', description: '<div>'.repeat(16_000) }),
      'VALIDATION',
      'description',
      'too_complex',
    );
  });
});
