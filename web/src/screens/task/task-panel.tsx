import { useEffect, useMemo, useState } from 'react';
import { useClient, useMutation, useQuery } from 'urql';
import { useMe } from '../../auth/session';
import { Dialog } from '../../components/dialog';
import { dateInputValue, formatDateTime } from '../../components/format';
import { LabelChip } from '../../components/label-chip';
import { errorCode, errorMessage } from '../../graphql/errors';
import type { UpdateTaskInput } from '../../gql/graphql';
import type { CardTask } from '../board/board-state';
import type { BoardEventListener } from '../board/use-board-tasks';
import { eventTaskId } from '../board/board-events';
import { CommentComposer } from './comment-composer';
import { CommentList, useTaskComments } from './comment-list';
import { type SaveResult, staleVersionOf } from './conflict';
import { draftKey } from './drafts';
import { SubtaskList } from './subtask-list';
import { TaskActivity } from './task-activity';
import { TaskDescription } from './task-description';
import { TitleField } from './title-field';
import {
  AddCommentMutation,
  DeleteTaskMutation,
  SetAssigneesMutation,
  TaskDetailQuery,
  UnwatchTaskMutation,
  UpdateTaskMutation,
  WatchTaskMutation,
} from './task-queries';

type Member = { id: number; displayName: string };

/**
 * The task panel (a dialog over the board): title, description (HTML; edit as
 * markdown), section, status, priority, due date, assignees, labels and
 * comments with mentions. Every change goes through GraphQL and is handed to
 * the board (`onChanged`), which also hears it through the live events.
 */
export function TaskPanel({
  projectId,
  ticket,
  sections,
  members,
  labels,
  onBoardEvent,
  onChanged,
  onRemoved,
  onClose,
  taskName = () => undefined,
}: {
  projectId: number;
  ticket: string;
  sections: { id: number; title: string }[];
  members: Member[];
  labels: { id: number; name: string }[];
  /** Registers a listener for the board's live events (the panel follows its task's). */
  onBoardEvent: (listener: BoardEventListener) => () => void;
  onChanged: (task: CardTask) => void;
  onRemoved: (taskId: number) => void;
  onClose: () => void;
  /** "A-3 Title" of a task of the board by id, for the history (undefined when not on the board). */
  taskName?: (taskId: number) => string | undefined;
}) {
  const client = useClient();
  const me = useMe();
  const ref = { projectId, ticketNumber: ticket };
  const [{ data, error }, refetchTask] = useQuery({ query: TaskDetailQuery, variables: { ref } });
  const comments = useTaskComments(ref);
  const { refresh: refreshComments, remove: removeComment } = comments;
  const [, updateTask] = useMutation(UpdateTaskMutation);
  const [, setAssignees] = useMutation(SetAssigneesMutation);
  const [, addComment] = useMutation(AddCommentMutation);
  const [, deleteTask] = useMutation(DeleteTaskMutation);
  const [, setWatching] = useMutation(WatchTaskMutation);
  const [, setNotWatching] = useMutation(UnwatchTaskMutation);
  const [saveError, setSaveError] = useState<string | null>(null);
  const task = data?.task;
  const taskId = task?.id;
  const subtaskKey = task?.subtasks.map((s) => s.id).join(',') ?? '';
  const subtaskIds = useMemo(() => (subtaskKey ? subtaskKey.split(',').map(Number) : []), [subtaskKey]);

  // Changes by anyone to this task and its comments show at once.
  useEffect(
    () =>
      onBoardEvent((event) => {
        if (taskId === undefined) return;
        // A subtask added, changed or taken away by anyone: the list of subtasks follows.
        if (eventTaskId(event) !== taskId) {
          const child =
            event.__typename === 'TaskBoardEvent' && (event.task?.parentId === taskId || subtaskIds.includes(event.taskId));
          if (child) refetchTask({ requestPolicy: 'network-only' });
          return;
        }
        if (event.__typename === 'CommentBoardEvent') {
          if (event.event === 'COMMENT_DELETED') removeComment(event.commentId);
          void refreshComments();
        }
        refetchTask({ requestPolicy: 'network-only' });
      }),
    [onBoardEvent, taskId, subtaskIds, refetchTask, refreshComments, removeComment],
  );

  /** Saves fields; text fields name the version they were edited from (`expectedVersion`): a stale one answers the current task. */
  const update = async (input: UpdateTaskInput): Promise<SaveResult> => {
    setSaveError(null);
    const result = await updateTask({ ref, input });
    if (result.error) {
      const current = staleVersionOf(result.error);
      if (current) return { ok: false, current };
      setSaveError(errorMessage(result.error));
      return { ok: false, current: null };
    }
    onChanged(result.data!.updateTask);
    refetchTask({ requestPolicy: 'network-only' });
    return { ok: true };
  };

  if (!task) {
    // `task` is null for a task that does not exist or is not yours (no error: the lookup answers null).
    const gone = data?.task === null || errorCode(error) === 'NOT_FOUND';
    return (
      <Dialog title={ticket} onClose={onClose} className="task-panel">
        {gone || error ? (
          <p role="alert">{gone ? 'This task does not exist on this board.' : errorMessage(error)}</p>
        ) : (
          <p aria-busy="true">Loading…</p>
        )}
      </Dialog>
    );
  }

  const assigned = task.assignees.filter((a) => a.userId !== null).map((a) => a.userId!);
  const changeAssignees = async (userIds: number[]) => {
    setSaveError(null);
    const result = await setAssignees({ ref, userIds });
    if (result.error) return setSaveError(errorMessage(result.error));
    // The panel's own query shares this result (same operation).
    const fresh = await client.query(TaskDetailQuery, { ref }, { requestPolicy: 'network-only' }).toPromise();
    if (fresh.data?.task) onChanged(fresh.data.task);
  };

  return (
    <Dialog
      title={
        <TitleField
          ticket={task.ticketNumber}
          title={task.title}
          version={task.version}
          updatedBy={task.updatedBy ?? null}
          onSave={(title, expectedVersion) => update({ title, expectedVersion })}
        />
      }
      onClose={onClose}
      className="task-panel"
    >
      {saveError && (
        <p className="form-error" role="alert">
          {saveError}
        </p>
      )}
      <div className="task-layout">
        <div className="task-main">
          <TaskDescription
            html={task.description}
            source={{
              text: task.descriptionSource,
              contentType: task.descriptionContentType === 'HTML' ? 'html' : 'markdown',
            }}
            version={task.version}
            draftKey={draftKey(me?.id, task.id, 'description')}
            onSave={(text, contentType, expectedVersion) =>
              update({ description: text, contentType: contentType === 'html' ? 'HTML' : 'MARKDOWN', expectedVersion })
            }
          />
          <SubtaskList
            task={task}
            onCreated={(subtask) => {
              onChanged(subtask);
              refetchTask({ requestPolicy: 'network-only' });
            }}
          />
          <section className="comments" aria-labelledby="comments-title">
            <CommentList comments={comments} />
            <CommentComposer
              members={members}
              draftKey={draftKey(me?.id, task.id, 'comment')}
              onSubmit={async (text, mentions) => {
                setSaveError(null);
                const result = await addComment({ ref, text, mentions });
                if (result.error) {
                  setSaveError(errorMessage(result.error));
                  return false;
                }
                await refreshComments();
                refetchTask({ requestPolicy: 'network-only' });
                return true;
              }}
            />
          </section>
          <TaskActivity
            taskRef={ref}
            version={task.version}
            names={{ section: (id) => sections.find((s) => s.id === id)?.title, task: taskName }}
          />
        </div>
        <aside className="task-fields" aria-label="Task fields">
          <label>
            Section
            <select value={task.sectionId} onChange={(e) => void update({ sectionId: Number(e.target.value) })}>
              {sections.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.title}
                </option>
              ))}
            </select>
          </label>
          <label>
            Status
            <select
              value={task.status}
              onChange={(e) => void update({ status: e.target.value as UpdateTaskInput['status'] })}
            >
              <option value="NORMAL">Open</option>
              <option value="ARCHIVE">Archived</option>
            </select>
          </label>
          <label>
            Priority
            <select
              value={task.priority ?? ''}
              onChange={(e) => void update({ priority: (e.target.value || null) as UpdateTaskInput['priority'] })}
            >
              <option value="">None</option>
              <option value="URGENT">Urgent</option>
              <option value="HIGH">High</option>
              <option value="MEDIUM">Medium</option>
              <option value="LOW">Low</option>
            </select>
          </label>
          <label>
            Due date
            <input
              type="date"
              value={dateInputValue(task.dueDate)}
              onChange={(e) => void update({ dueDate: e.target.value ? `${e.target.value}T00:00:00.000Z` : null })}
            />
          </label>
          <fieldset>
            <legend>Assignees</legend>
            <ul className="assignee-list">
              {task.assignees.map((a) => (
                <li key={a.id}>
                  {a.displayName}
                  {a.userId !== null && (
                    <button
                      type="button"
                      className="link-button"
                      aria-label={`Unassign ${a.displayName}`}
                      onClick={() => void changeAssignees(assigned.filter((id) => id !== a.userId))}
                    >
                      Remove
                    </button>
                  )}
                </li>
              ))}
            </ul>
            <label>
              <span className="sr-only">Add assignee</span>
              <select
                value=""
                onChange={(e) => e.target.value && void changeAssignees([...assigned, Number(e.target.value)])}
              >
                <option value="">Add assignee…</option>
                {members
                  .filter((m) => !assigned.includes(m.id))
                  .map((m) => (
                    <option key={m.id} value={m.id}>
                      {m.displayName}
                    </option>
                  ))}
              </select>
            </label>
          </fieldset>
          <fieldset>
            <legend>Labels</legend>
            <ul className="label-list">
              {task.labels.map((l) => (
                <LabelChip key={l.id} label={l} as="li">
                  <button
                    type="button"
                    className="chip-remove"
                    aria-label={`Remove label ${l.name}`}
                    onClick={() => void update({ labelIds: task.labels.filter((x) => x.id !== l.id).map((x) => x.id) })}
                  >
                    ×
                  </button>
                </LabelChip>
              ))}
            </ul>
            <label>
              <span className="sr-only">Add label</span>
              <select
                value=""
                onChange={(e) =>
                  e.target.value && void update({ labelIds: [...task.labels.map((l) => l.id), Number(e.target.value)] })
                }
              >
                <option value="">Add label…</option>
                {labels
                  .filter((l) => !task.labels.some((x) => x.id === l.id))
                  .map((l) => (
                    <option key={l.id} value={l.id}>
                      {l.name}
                    </option>
                  ))}
              </select>
            </label>
          </fieldset>
          <button
            type="button"
            aria-pressed={task.viewerIsWatching}
            onClick={async () => {
              const result = await (task.viewerIsWatching ? setNotWatching({ ref }) : setWatching({ ref }));
              if (result.error) setSaveError(errorMessage(result.error));
              else refetchTask({ requestPolicy: 'network-only' });
            }}
          >
            {task.viewerIsWatching ? 'Watching' : 'Watch'}
          </button>
          <button
            type="button"
            className="danger"
            onClick={async () => {
              if (!window.confirm(`Delete ${task.ticketNumber} "${task.title}" for everyone? This cannot be undone.`))
                return;
              const result = await deleteTask({ ref });
              if (result.error) return setSaveError(errorMessage(result.error));
              onRemoved(task.id);
              onClose();
            }}
          >
            Delete task
          </button>
          <p className="task-created">
            Created {formatDateTime(task.createdAt)}
            {task.createdBy && ` by ${task.createdBy.displayName}`}
          </p>
        </aside>
      </div>
    </Dialog>
  );
}
