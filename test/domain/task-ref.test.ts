import { describe, expect, it } from 'vitest';
import { createTask } from '../../src/domain/task/create.ts';
import { resolveTaskRef } from '../../src/domain/task/task-ref.ts';
import { makeProject, makeUser } from '../support/factories.ts';
import { useTestDb } from '../support/database.ts';
import { useBystander } from '../support/bystander.ts';
import { expectAppError } from '../support/errors.ts';

const db = useTestDb();
useBystander(db);

/** A user with two boards of the same prefix (task 1 on each) and one of another prefix. */
async function world() {
  const user = await makeUser(db, 'Ref');
  const a = await makeProject(db, { memberIds: [user.id], prefix: 'REF' });
  const b = await makeProject(db, { memberIds: [user.id], prefix: 'REF' });
  const c = await makeProject(db, { memberIds: [user.id], prefix: 'RFC' });
  const inA = await createTask(db, user.id, { projectId: a.id, title: 'in a' });
  const inB = await createTask(db, user.id, { projectId: b.id, title: 'in b' });
  const inC = await createTask(db, user.id, { projectId: c.id, title: 'in c' });
  return { user, a, b, c, inA, inB, inC };
}

/** The `project` a resolved task was loaded with (the return type does not show `include`). */
const projectOf = (task: object) => (task as { project?: unknown }).project;

describe('resolveTaskRef', () => {
  it('names what is wrong with the form: none, several, unique_index without project_id, a bad ticket number', async () => {
    const { user, a, inA } = await world();
    const none = await expectAppError(resolveTaskRef(db, user.id, {}), 'VALIDATION', 'taskId', 'missing_task_identification');
    expect(none.message).toBe('Identify the task with task_id, ticket_number, or project_id + unique_index.');
    const two = await expectAppError(resolveTaskRef(db, user.id, { taskId: inA.id, ticketNumber: 'REF-1' }), 'VALIDATION', 'taskId');
    expect(two.message).toBe('Give exactly one of task_id, ticket_number, or project_id + unique_index.');
    await expectAppError(resolveTaskRef(db, user.id, { projectId: a.id }), 'VALIDATION', 'taskId', 'missing_task_identification');
    await expectAppError(resolveTaskRef(db, user.id, { taskId: inA.id, uniqueIndex: 1, projectId: a.id }), 'VALIDATION', 'taskId', 'ambiguous_task_identification');
    await expectAppError(resolveTaskRef(db, user.id, { ticketNumber: 'REF-1', uniqueIndex: 1 }), 'VALIDATION', 'taskId', 'ambiguous_task_identification');
    await expectAppError(resolveTaskRef(db, user.id, { uniqueIndex: 1 }), 'VALIDATION', 'projectId', 'required');
    await expectAppError(resolveTaskRef(db, user.id, { ticketNumber: 'REF1' }), 'VALIDATION', 'ticketNumber', 'invalid_format');
    await expectAppError(resolveTaskRef(db, user.id, { ticketNumber: ' ' }), 'VALIDATION', 'ticketNumber', 'too_small');
    await expectAppError(resolveTaskRef(db, user.id, { ticketNumber: `REF-${'1'.repeat(57)}` }), 'VALIDATION', 'ticketNumber', 'too_big');
  });

  it('taskId with a projectId must be a task of that project', async () => {
    const { user, a, b, inA, inC } = await world();
    expect((await resolveTaskRef(db, user.id, { taskId: inA.id, projectId: a.id })).id).toBe(inA.id);
    await expectAppError(resolveTaskRef(db, user.id, { taskId: inA.id, projectId: b.id }), 'NOT_FOUND', 'taskId');
    // A null projectId is no filter, in every form.
    expect((await resolveTaskRef(db, user.id, { taskId: inA.id, projectId: null })).id).toBe(inA.id);
    expect((await resolveTaskRef(db, user.id, { ticketNumber: 'RFC-1', projectId: null })).id).toBe(inC.id);
  });

  it('projectId + uniqueIndex finds that task of that project only', async () => {
    const { user, a, b, c, inA, inB } = await world();
    expect((await resolveTaskRef(db, user.id, { projectId: a.id, uniqueIndex: 1 })).id).toBe(inA.id);
    expect((await resolveTaskRef(db, user.id, { projectId: b.id, uniqueIndex: 1 })).id).toBe(inB.id);
    await expectAppError(resolveTaskRef(db, user.id, { projectId: c.id, uniqueIndex: 2 }), 'NOT_FOUND', 'uniqueIndex');
    const outsider = await makeUser(db, 'Outsider');
    await expectAppError(resolveTaskRef(db, outsider.id, { projectId: a.id, uniqueIndex: 1 }), 'NOT_FOUND', 'uniqueIndex');
  });

  it('a ticket number in two of the user’s boards needs projectId, and the error names both', async () => {
    const { user, a, b, inA, inC } = await world();
    const err = await expectAppError(resolveTaskRef(db, user.id, { ticketNumber: 'ref-1' }), 'VALIDATION', 'projectId', 'ambiguous_ticket_number');
    expect(err.message).toBe(`Ticket number REF-1 exists in several projects (${a.id}, ${b.id}); add project_id.`);
    expect((await resolveTaskRef(db, user.id, { ticketNumber: 'REF-1', projectId: a.id })).id).toBe(inA.id);
    expect((await resolveTaskRef(db, user.id, { ticketNumber: ' RFC-1 ' })).id).toBe(inC.id);
    await expectAppError(resolveTaskRef(db, user.id, { ticketNumber: 'RFC-2' }), 'NOT_FOUND', 'ticketNumber');
    await expectAppError(resolveTaskRef(db, user.id, { ticketNumber: 'RFC-1', projectId: a.id }), 'NOT_FOUND', 'ticketNumber');
    // Another user's board with the same prefix is not a candidate.
    const other = await makeUser(db, 'Other');
    const theirs = await makeProject(db, { memberIds: [other.id], prefix: 'RFC' });
    await createTask(db, other.id, { projectId: theirs.id, title: 'theirs' });
    expect((await resolveTaskRef(db, user.id, { ticketNumber: 'RFC-1' })).id).toBe(inC.id);
  });

  it('loads what `include` asks for, in every form', async () => {
    const { user, a, inA } = await world();
    const include = { project: { select: { ticketPrefix: true } } };
    for (const ref of [{ taskId: inA.id }, { projectId: a.id, uniqueIndex: 1 }, { ticketNumber: 'REF-1', projectId: a.id }]) {
      expect(projectOf(await resolveTaskRef(db, user.id, ref, include))).toEqual({ ticketPrefix: 'REF' });
    }
    expect(await resolveTaskRef(db, user.id, { ticketNumber: 'RFC-1' })).not.toHaveProperty('project');
    expect(projectOf(await resolveTaskRef(db, user.id, { ticketNumber: 'RFC-1' }, include))).toEqual({ ticketPrefix: 'RFC' });
  });
});
