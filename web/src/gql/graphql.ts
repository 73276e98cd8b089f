/* eslint-disable */
/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';
/** What kind of identity an assignee is. */
export type AssigneeKind =
  /** An agent of a team (UUID). */
  | 'AGENT'
  /** A user (numeric id). */
  | 'USER';

/** The events of a board view (the outbox names them `task.created`, …; webhooks get the task ones). */
export type BoardEventKind =
  /** A comment was added (CommentBoardEvent). */
  | 'COMMENT_CREATED'
  /** A comment was deleted (CommentBoardEvent; `comment` is null). */
  | 'COMMENT_DELETED'
  /** A comment was edited (CommentBoardEvent). */
  | 'COMMENT_UPDATED'
  /** A label was added (LabelBoardEvent). */
  | 'LABEL_CREATED'
  /** A label was deleted and came off every task (LabelBoardEvent). */
  | 'LABEL_DELETED'
  /** A label was renamed or recoloured (LabelBoardEvent). */
  | 'LABEL_UPDATED'
  /** A user joined the board (MemberBoardEvent). */
  | 'MEMBER_ADDED'
  /** A user left the board (MemberBoardEvent; `member` is null). */
  | 'MEMBER_REMOVED'
  /** A section was added (SectionBoardEvent). */
  | 'SECTION_CREATED'
  /** A section was deleted; its tasks moved to `movedToSectionId` (SectionBoardEvent). */
  | 'SECTION_DELETED'
  /** A section was renamed, moved, hidden or shown (SectionBoardEvent). */
  | 'SECTION_UPDATED'
  /** A task was assigned or unassigned (TaskBoardEvent, `data.action`). */
  | 'TASK_ASSIGNED'
  /** A task was created on the board (TaskBoardEvent). */
  | 'TASK_CREATED'
  /** A task was deleted for good (TaskBoardEvent; `task` is null). */
  | 'TASK_DELETED'
  /** Fields of a task changed, or it moved in or out of the board (TaskBoardEvent, `data.changes`). */
  | 'TASK_UPDATED';

/** Tool manifest of a board (as `tasksvc_create_board` takes it). Limits as the team manifest: title 1-200, 1-50 sections, up to 100 labels, up to 500 tasks, task titles 1-500. */
export type BoardInput = {
  /** Free-text board description, at most 10,000 characters. */
  description?: string | null | undefined;
  /** Up to 100 labels of the new board, names unique in the manifest regardless of case. */
  labels?: Array<BoardLabelInput> | null | undefined;
  /** The new board's sections (columns), 1 to 50, in board order. */
  sections: Array<BoardSectionInput>;
  /** Up to 500 starter tasks, in manifest order, numbered 1 to n (ticket numbers `<prefix>-1` …). */
  tasks?: Array<BoardTaskInput> | null | undefined;
  /** Team: its number (`team_id` of the tool API) or its UUID. */
  teamId: string | number;
  /** Board title, 1 to 200 characters (trimmed on write). */
  title: string;
};

/** A label of a board manifest. */
export type BoardLabelInput = {
  /** A manifest label’s colour: accepted and not stored. */
  color?: string | null | undefined;
  /** Label name, 1 to 100 characters (trimmed on write), unique in the board regardless of case (a rename may change its own case). */
  name: string;
};

/** A section of a board manifest. */
export type BoardSectionInput = {
  /** Section (column) title, 1 to 200 characters (trimmed on write). */
  title: string;
};

/** A starter task of the tool manifest (`tasksvc_create_board`). */
export type BoardTaskInput = {
  /** User ids to assign; each must be a member of the team (so of the board). */
  assigneeIds?: Array<number> | null | undefined;
  /** HTML description, at most 100,000 characters (sanitised). */
  description?: string | null | undefined;
  /** Names of labels of the same manifest. */
  labels?: Array<string> | null | undefined;
  /** `urgent`, `high`, `medium` or `low` (`none` or omitted: no priority). */
  priority?: string | null | undefined;
  /** Title of a section of the same manifest (case-insensitive). */
  section: string;
  /** Title, 1 to 500 characters. */
  title: string;
};

/** The markup of a text you send (REST and tool routes: `html`, `markdown`). */
export type ContentType =
  /** HTML, sanitised (the default). */
  | 'HTML'
  /** Markdown (GFM), converted to sanitised HTML on write: images become links, raw HTML is shown as text. Content too complex to render within the time budget (pathological nesting or emphasis) is a VALIDATION error `too_complex` on the field. */
  | 'MARKDOWN';

/** A new label of a board. */
export type CreateLabelInput = {
  /** Display colour, a hex colour `#rrggbb` (any case on write, stored lower case); null when none (null in an update clears it). Anything else is VALIDATION on `color`. */
  color?: string | null | undefined;
  /** Label name, 1 to 100 characters (trimmed on write), unique in the board regardless of case (a rename may change its own case). */
  name: string;
  /** Project (board) to add it to. */
  projectId: number;
};

/** A new section of a board. */
export type CreateSectionInput = {
  /** Place the new section right after this section; omitted or null: at the end. */
  afterSectionId?: number | null | undefined;
  /** Project (board) to add it to. */
  projectId: number;
  /** Section (column) title, 1 to 200 characters (trimmed on write). */
  title: string;
};

/** A new task. Without `sectionId` it goes to the section `Backlog` (created at the end of the board when missing). */
export type CreateTaskInput = {
  /** Users to assign; they must be project members and are notified. */
  assigneeUserIds?: Array<number> | null | undefined;
  /** Attachment URLs (http or https, up to 2,048 characters each), at most 50; an update replaces the list (null or [] empties it). */
  attachments?: Array<string> | null | undefined;
  /** The markup a written description is in: HTML (the default) or markdown (GitHub Flavored Markdown, converted to HTML). Spelt `HTML` or `MARKDOWN` (see ContentType). */
  contentType?: ContentType | null | undefined;
  /** Description as sanitised HTML; written as HTML or as markdown (by the content type; markdown is converted), at most 100,000 characters as written. Markdown with `contentType: MARKDOWN`. */
  description?: string | null | undefined;
  /** Due date: an ISO 8601 date (00:00 UTC) or datetime in years 1–9999; null when none (null in an update clears it). */
  dueDate?: string | null | undefined;
  /** Estimate in minutes, a whole number from 0 to 525,600 (a year); null when not estimated (null in an update clears it). */
  estimateMinutes?: number | null | undefined;
  /** T-shirt size of the team board manifest: 0 none, 2 XS, 3 S, 4 M, 5 L, 6 XL (1 is refused); independent of the estimate in minutes; null when not sized (null in an update clears it). */
  estimateSize?: number | null | undefined;
  /** Image URLs (http or https, up to 2,048 characters each), at most 50; an update replaces the list (null or [] empties it). */
  images?: Array<string> | null | undefined;
  /** Labels of the same project (GraphQL only: the tool routes do not take labels). */
  labelIds?: Array<number> | null | undefined;
  /** Parent task id (same project), to create a subtask. */
  parentId?: number | null | undefined;
  /** Priority; null when the task has none (null in an update clears it). */
  priority?: Priority | null | undefined;
  /** Project (board) id; you must be a member. */
  projectId: number;
  /** Section of the same project. */
  sectionId?: number | null | undefined;
  /** Status: normal, archived or deleted (hidden, and can be undone); a new task is normal unless given. */
  status?: Status | null | undefined;
  /** Title, 1 to 500 characters (trimmed on write). */
  title: string;
};

/** A new webhook subscription: exactly one of `projectId` and `teamId`. */
export type CreateWebhookSubscriptionInput = {
  /** Free text, up to 500 characters (trimmed on write); null when none (empty in an update clears it). */
  description?: string | null | undefined;
  /** The events the subscription receives: `{"X-Event-Type": [event names]}` with one or more of task.created, task.assigned, task.updated; an update replaces the selection. */
  metadata: unknown;
  /** Project scope: the subscription receives the events of this project; null for a team subscription (a new subscription gives exactly one of the project and the team). */
  projectId?: number | null | undefined;
  /** Team scope: the events of every project of this team (its UUID; a write may give its numeric id); team-wide subscriptions are for team owners only (a member subscribes a board instead); null for a project subscription. A member gets FORBIDDEN `not_team_owner`. */
  teamId?: string | number | null | undefined;
  /** Destination URL, an absolute http:// or https:// URL of at most 2,048 characters (trimmed on write); private, loopback and link-local addresses are refused unless the service allows them. */
  url: string;
};

/** A structured mention: the user must be a member of the task’s board. */
export type MentionInput = {
  /** The mentioned user’s display name when the comment was written, read from the user, never the request: a request’s own (at most 200 characters) is accepted and ignored. Kept so the input matches the tool and REST routes. */
  displayName?: string | null | undefined;
  /** Id of the mentioned user. */
  userId: number;
};

/** Why an inbox entry was made (REST and tool routes: `assignment`, `mention`, `task_updated`). */
export type NotificationType =
  /** You were assigned to the task. */
  | 'ASSIGNMENT'
  /** You were mentioned in a comment through the structured list. */
  | 'MENTION'
  /** Someone else changed a task you watch. */
  | 'TASK_UPDATED';

/** Task priority. No priority is `null`. The team board manifest numbers map onto it: 0 none, 1 urgent, 2 high, 3 medium, 4 low. */
export type Priority =
  /** High (manifest code 2). */
  | 'HIGH'
  /** Low (manifest code 4). */
  | 'LOW'
  /** Medium (manifest code 3). */
  | 'MEDIUM'
  /** Urgent (manifest code 1). */
  | 'URGENT';

/** How a session started. */
export type SessionMethod =
  /** Signed in by accepting a team invite. */
  | 'INVITE'
  /** Made from an API key (`POST /api/auth/session`). */
  | 'KEY'
  /** Signed in with a password. */
  | 'PASSWORD';

/** Lifecycle of projects and tasks. */
export type Status =
  /** Archived, hidden from default lists. */
  | 'ARCHIVE'
  /** Deleted (soft). */
  | 'DELETED'
  /** Active. */
  | 'NORMAL';

/** How a saved view shows subtasks: `NONE`, `PARENT`, `FLATTENED`, `CARD` or `FLATTENED_CARD` (the REST and tool routes: `None`, `Parent`, `Flattened`, `Card`, `Flattened_Card`). */
export type SubtaskSetting =
  /** Subtasks are shown on their parent’s card. */
  | 'CARD'
  /** Subtasks are listed as ordinary tasks. */
  | 'FLATTENED'
  /** Subtasks are listed as tasks and also shown on the parent’s card. */
  | 'FLATTENED_CARD'
  /** Subtasks are not shown separately (default). */
  | 'NONE'
  /** Subtasks are shown under their parent task. */
  | 'PARENT';

/** The task events (webhooks and the REST and tool routes: `task.created`, `task.assigned`, `task.updated`). */
export type TaskEventKind =
  /** A user or agent was assigned or unassigned (`data.action`). */
  | 'TASK_ASSIGNED'
  /** A task was created. */
  | 'TASK_CREATED'
  /** Fields of a task changed (`data.changes`), or it was deleted for good (`data.deleted`). */
  | 'TASK_UPDATED';

/** Identifies a task, exactly one form: `taskId`; or `ticketNumber` (with `projectId` when the number exists in several of your projects); or `projectId` + `uniqueIndex`. */
export type TaskRefInput = {
  /** Project id: disambiguates a ticket number, or scopes `uniqueIndex`. */
  projectId?: number | null | undefined;
  /** Internal task id. */
  taskId?: number | null | undefined;
  /** Ticket number such as `ABC-12`. */
  ticketNumber?: string | null | undefined;
  /** Index of the task within its project (needs `projectId`). */
  uniqueIndex?: number | null | undefined;
};

/** Role in a team. Owners manage its members and invites; a team always keeps at least one owner. */
export type TeamRole =
  /** Works on the team’s boards; may leave the team. */
  | 'MEMBER'
  /** Manages the team: adds and removes members, changes roles, invites people. */
  | 'OWNER';

/** Changes to a label; omitted fields stay. */
export type UpdateLabelInput = {
  /** Display colour, a hex colour `#rrggbb` (any case on write, stored lower case); null when none (null in an update clears it). Anything else is VALIDATION on `color`. */
  color?: string | null | undefined;
  /** Label name, 1 to 100 characters (trimmed on write), unique in the board regardless of case (a rename may change its own case). */
  name?: string | null | undefined;
};

/** Changes to a section; give at least one of `title`, `moveAfterSectionId`, `visible`. */
export type UpdateSectionInput = {
  /** Move the section right after this one; an explicit null moves it to the first place; omitted, it keeps its place. */
  moveAfterSectionId?: number | null | undefined;
  /** When given, the section must belong to this project (else NOT_FOUND). */
  projectId?: number | null | undefined;
  /** Section to change. */
  sectionId: number;
  /** Section (column) title, 1 to 200 characters (trimmed on write). */
  title?: string | null | undefined;
  /** Whether the column shows on the board: false when hidden (hidden sections are listed only on request); an update shows (true) or hides (false) it. */
  visible?: boolean | null | undefined;
};

/** Fields to change. Omitted fields stay; null clears priority, estimates and the due date. A real change sets `updatedAt`, emits `task.updated` with `{changes: {field: {from, to}}}` and notifies watchers; an update that changes nothing writes nothing. */
export type UpdateTaskInput = {
  /** Attachment URLs (http or https, up to 2,048 characters each), at most 50; an update replaces the list (null or [] empties it). */
  attachments?: Array<string> | null | undefined;
  /** The markup a written description is in: HTML (the default) or markdown (GitHub Flavored Markdown, converted to HTML). Spelt `HTML` or `MARKDOWN` (see ContentType). */
  contentType?: ContentType | null | undefined;
  /** Description as sanitised HTML; written as HTML or as markdown (by the content type; markdown is converted), at most 100,000 characters as written. Markdown with `contentType: MARKDOWN`. */
  description?: string | null | undefined;
  /** Due date: an ISO 8601 date (00:00 UTC) or datetime in years 1–9999; null when none (null in an update clears it). */
  dueDate?: string | null | undefined;
  /** Estimate in minutes, a whole number from 0 to 525,600 (a year); null when not estimated (null in an update clears it). */
  estimateMinutes?: number | null | undefined;
  /** T-shirt size of the team board manifest: 0 none, 2 XS, 3 S, 4 M, 5 L, 6 XL (1 is refused); independent of the estimate in minutes; null when not sized (null in an update clears it). */
  estimateSize?: number | null | undefined;
  /** The task’s `version` you edited (read with the task). When the task has another version now (someone changed it meanwhile) nothing is written: CONFLICT `stale_version`, with the task as it is now in `extensions.current` `{version, title, description, updatedAt, updatedBy {id, displayName}}`. Omitted: the update applies to whatever the task holds (last write wins). */
  expectedVersion?: number | null | undefined;
  /** Image URLs (http or https, up to 2,048 characters each), at most 50; an update replaces the list (null or [] empties it). */
  images?: Array<string> | null | undefined;
  /** Replaces the labels: ids of labels of the task’s project (at most 100); `[]` or null removes them all. The change reads `labels: {from, to}` in label names. `addTaskLabels`/`removeTaskLabels` change some. */
  labelIds?: Array<number> | null | undefined;
  /** Makes the task a subtask of this task of the same project (not the task itself nor one of its subtasks: VALIDATION `parent_cycle`); null makes it a top-level task. */
  parentId?: number | null | undefined;
  /** Priority; null when the task has none (null in an update clears it). */
  priority?: Priority | null | undefined;
  /** Section of the same project. */
  sectionId?: number | null | undefined;
  /** Status: normal, archived or deleted (hidden, and can be undone); a new task is normal unless given. `NORMAL`, `ARCHIVE` or `DELETED`. */
  status?: Status | null | undefined;
  /** Title, 1 to 500 characters (trimmed on write). */
  title?: string | null | undefined;
};

/** Changes to a subscription; at least one field. */
export type UpdateWebhookSubscriptionInput = {
  /** False once disabled (by a 410 answer, days of failures, its creator losing access, or by hand). While disabled, its events are logged as `skipped` deliveries and not sent. An update with true re-enables it (pending deliveries resume; the skipped ones stay in the log, not sent: redeliver the ones you want); false pauses it. Re-enabling one whose creator no longer sees its board or team takes it over: only an owner of the team may, and becomes its creator. Anyone else: FORBIDDEN `not_team_owner`. */
  active?: boolean | null | undefined;
  /** Free text, up to 500 characters (trimmed on write); null when none (empty in an update clears it). */
  description?: string | null | undefined;
  /** The events the subscription receives: `{"X-Event-Type": [event names]}` with one or more of task.created, task.assigned, task.updated; an update replaces the selection. */
  metadata?: unknown;
  /** Destination URL, an absolute http:// or https:// URL of at most 2,048 characters (trimmed on write); private, loopback and link-local addresses are refused unless the service allows them. */
  url?: string | null | undefined;
};

/** How a saved view lays out its tasks (the REST and tool routes: `board`, `list`, …). */
export type ViewLayout =
  /** Columns of sections (default). */
  | 'BOARD'
  /** Tasks by due date on a calendar. */
  | 'CALENDAR'
  /** One list of tasks. */
  | 'LIST'
  /** A table of task fields. */
  | 'TABLE'
  /** Tasks on a timeline. */
  | 'TIMELINE';

/** What became of one webhook attempt. */
export type WebhookAttemptOutcome =
  /** Another answer, a timeout, a connection error or a refused destination. */
  | 'FAILED'
  /** The endpoint answered 2xx. */
  | 'SUCCEEDED'
  /** No answer recorded: the request is in flight, or the sender stopped (a crash or restart) before recording it. The receiver may or may not have the event; the retry after the lease has the same `webhook-id`. */
  | 'UNKNOWN';

/** State of one webhook delivery. */
export type WebhookDeliveryStatus =
  /** Retries exhausted (about 3 days), or the endpoint answered 410 Gone. */
  | 'FAILED'
  /** Waiting for its first attempt or a retry. */
  | 'PENDING'
  /** The event was committed while the subscription was disabled: logged, not sent. Re-enabling does not send it (as GitHub and Stripe do not replay what a disabled endpoint missed); redeliver it to send it. */
  | 'SKIPPED'
  /** The endpoint answered 2xx. */
  | 'SUCCEEDED';

/** Why a webhook subscription was disabled. */
export type WebhookDisabledCause =
  /** Its creator no longer sees its board (left or was removed), or no longer owns its team for a team-wide subscription. Nothing is sent to it from then on, queued deliveries included; an owner of the team re-enables it (`active: true`) and becomes its creator. */
  | 'CREATOR_LOST_ACCESS'
  /** Deliveries failed without a success for days. */
  | 'FAILING'
  /** The endpoint answered 410 Gone. */
  | 'GONE'
  /** Disabled through the API (`active: false`). */
  | 'MANUAL';

export type MeQueryVariables = Exact<{ [key: string]: never; }>;


export type MeQuery = { me: { id: number, email: string, displayName: string } };

export type ApiKeysQueryVariables = Exact<{ [key: string]: never; }>;


export type ApiKeysQuery = { apiKeys: Array<{ id: number, label: string | null, prefix: string, createdAt: string, lastUsedAt: string | null, revokedAt: string | null }> };

export type CreateApiKeyMutationVariables = Exact<{
  label?: string | null | undefined;
}>;


export type CreateApiKeyMutation = { createApiKey: { id: number, key: string, prefix: string, label: string | null } };

export type RevokeApiKeyMutationVariables = Exact<{
  id: number;
}>;


export type RevokeApiKeyMutation = { revokeApiKey: boolean };

export type CommandSearchQueryVariables = Exact<{
  query: string;
}>;


export type CommandSearchQuery = { searchTasks: { items: Array<{ id: number, projectId: number, ticketNumber: string, title: string }> } };

export type CreateTaskOnBoardMutationVariables = Exact<{
  input: CreateTaskInput;
}>;


export type CreateTaskOnBoardMutation = { createTask: { id: number, projectId: number, ticketNumber: string } };

export type CreateTaskColumnsQueryVariables = Exact<{
  projectId: number;
}>;


export type CreateTaskColumnsQuery = { sections: Array<{ id: number, projectId: number, title: string }> };

export type CardFieldsFragment = { id: number, projectId: number, sectionId: number, parentId: number | null, position: string | null, status: Status, ticketNumber: string, title: string, priority: Priority | null, dueDate: string | null, updatedAt: string, commentCount: number, assignees: Array<{ id: string, kind: AssigneeKind, userId: number | null, displayName: string }>, labels: Array<{ id: number, name: string, color: string | null }> };

export type BoardQueryVariables = Exact<{
  projectId: number;
}>;


export type BoardQuery = { project: { id: number, title: string, ticketPrefix: string, team: { id: string, title: string } | null } | null, sections: Array<{ id: number, title: string, ranking: string }>, labels: Array<{ id: number, name: string, color: string | null }>, projectMembers: Array<{ id: number, displayName: string, email: string }> };

export type BoardTasksQueryVariables = Exact<{
  projectId: number;
  offset: number;
}>;


export type BoardTasksQuery = { tasks: { total: number, items: Array<{ id: number, projectId: number, sectionId: number, parentId: number | null, position: string | null, status: Status, ticketNumber: string, title: string, priority: Priority | null, dueDate: string | null, updatedAt: string, commentCount: number, assignees: Array<{ id: string, kind: AssigneeKind, userId: number | null, displayName: string }>, labels: Array<{ id: number, name: string, color: string | null }> }> } };

export type BoardEventsSubscriptionVariables = Exact<{
  projectId: number;
  after?: string | number | null | undefined;
}>;


export type BoardEventsSubscription = { boardEvents:
    | { __typename: 'CommentBoardEvent', taskId: number, commentId: number, cursor: string, event: BoardEventKind, task: { id: number, projectId: number, sectionId: number, parentId: number | null, position: string | null, status: Status, ticketNumber: string, title: string, priority: Priority | null, dueDate: string | null, updatedAt: string, commentCount: number, assignees: Array<{ id: string, kind: AssigneeKind, userId: number | null, displayName: string }>, labels: Array<{ id: number, name: string, color: string | null }> } | null }
    | { __typename: 'LabelBoardEvent', labelId: number, cursor: string, event: BoardEventKind, label: { id: number, name: string, color: string | null } | null }
    | { __typename: 'MemberBoardEvent', cursor: string, event: BoardEventKind }
    | { __typename: 'SectionBoardEvent', cursor: string, event: BoardEventKind }
    | { __typename: 'TaskBoardEvent', taskId: number, cursor: string, event: BoardEventKind, task: { id: number, projectId: number, sectionId: number, parentId: number | null, position: string | null, status: Status, ticketNumber: string, title: string, priority: Priority | null, dueDate: string | null, updatedAt: string, commentCount: number, assignees: Array<{ id: string, kind: AssigneeKind, userId: number | null, displayName: string }>, labels: Array<{ id: number, name: string, color: string | null }> } | null }
   };

export type PlaceTaskMutationVariables = Exact<{
  taskId: number;
  sectionId: number;
  afterTaskId?: number | null | undefined;
}>;


export type PlaceTaskMutation = { placeTask: { task: { id: number, projectId: number, sectionId: number, parentId: number | null, position: string | null, status: Status, ticketNumber: string, title: string, priority: Priority | null, dueDate: string | null, updatedAt: string, commentCount: number, assignees: Array<{ id: string, kind: AssigneeKind, userId: number | null, displayName: string }>, labels: Array<{ id: number, name: string, color: string | null }> }, alsoPlaced: Array<{ id: number, projectId: number, sectionId: number, parentId: number | null, position: string | null, status: Status, ticketNumber: string, title: string, priority: Priority | null, dueDate: string | null, updatedAt: string, commentCount: number, assignees: Array<{ id: string, kind: AssigneeKind, userId: number | null, displayName: string }>, labels: Array<{ id: number, name: string, color: string | null }> }> } };

export type CreateCardMutationVariables = Exact<{
  input: CreateTaskInput;
}>;


export type CreateCardMutation = { createTask: { id: number, projectId: number, sectionId: number, parentId: number | null, position: string | null, status: Status, ticketNumber: string, title: string, priority: Priority | null, dueDate: string | null, updatedAt: string, commentCount: number, assignees: Array<{ id: string, kind: AssigneeKind, userId: number | null, displayName: string }>, labels: Array<{ id: number, name: string, color: string | null }> } };

export type BoardSearchQueryVariables = Exact<{
  projectId: number;
  query: string;
  offset: number;
}>;


export type BoardSearchQuery = { searchTasks: { total: number, hasMore: boolean, items: Array<{ id: number }> } };

export type BoardViewFieldsFragment = { id: number, title: string, layout: ViewLayout, subtaskSetting: SubtaskSetting, filters: unknown };

export type SavedViewsQueryVariables = Exact<{
  projectId: number;
}>;


export type SavedViewsQuery = { savedViews: Array<{ id: number, title: string, layout: ViewLayout, subtaskSetting: SubtaskSetting, filters: unknown }> };

export type CreateViewMutationVariables = Exact<{
  projectId: number;
  title: string;
  layout?: ViewLayout | null | undefined;
  subtaskSetting?: SubtaskSetting | null | undefined;
  filters?: unknown;
}>;


export type CreateViewMutation = { createSavedView: { id: number, title: string, layout: ViewLayout, subtaskSetting: SubtaskSetting, filters: unknown } };

export type UpdateViewMutationVariables = Exact<{
  id: number;
  layout?: ViewLayout | null | undefined;
  subtaskSetting?: SubtaskSetting | null | undefined;
  filters?: unknown;
}>;


export type UpdateViewMutation = { updateSavedView: { id: number, title: string, layout: ViewLayout, subtaskSetting: SubtaskSetting, filters: unknown } };

export type DeleteViewMutationVariables = Exact<{
  id: number;
}>;


export type DeleteViewMutation = { deleteSavedView: { id: number } };

export type BoardsQueryVariables = Exact<{ [key: string]: never; }>;


export type BoardsQuery = { projects: { total: number, items: Array<{ id: number, title: string, description: string, ticketPrefix: string, taskCount: number, team: { id: string, title: string } | null }> } };

export type ArchivedBoardsQueryVariables = Exact<{ [key: string]: never; }>;


export type ArchivedBoardsQuery = { projects: { total: number, items: Array<{ id: number, title: string, ticketPrefix: string, taskCount: number, team: { id: string, title: string } | null }> } };

export type TeamsQueryVariables = Exact<{ [key: string]: never; }>;


export type TeamsQuery = { teams: Array<{ id: string, title: string }> };

export type CreateBoardMutationVariables = Exact<{
  input: BoardInput;
}>;


export type CreateBoardMutation = { createBoard: { project: { id: number } } };

export type InboxEventsSubscriptionVariables = Exact<{
  after?: string | number | null | undefined;
}>;


export type InboxEventsSubscription = { inboxEvents: { cursor: string, type: NotificationType, taskId: number } };

export type UnreadCountQueryVariables = Exact<{ [key: string]: never; }>;


export type UnreadCountQuery = { inbox: { total: number } };

export type InboxQueryVariables = Exact<{
  unreadOnly: boolean;
  offset: number;
}>;


export type InboxQuery = { inbox: { total: number, items: Array<{ id: number, type: NotificationType, message: string, read: boolean, createdAt: string, ticketNumber: string, taskId: number, actor: { id: number, displayName: string } | null, task: { id: number, projectId: number, title: string } }> } };

export type MarkNotificationsReadMutationVariables = Exact<{
  ids: Array<number> | number;
}>;


export type MarkNotificationsReadMutation = { markNotificationsRead: number };

export type ArchiveNotificationsMutationVariables = Exact<{
  ids: Array<number> | number;
}>;


export type ArchiveNotificationsMutation = { archiveNotifications: number };

export type SessionsQueryVariables = Exact<{ [key: string]: never; }>;


export type SessionsQuery = { sessions: Array<{ id: number, method: SessionMethod, userAgent: string | null, ip: string | null, createdAt: string, lastSeenAt: string, current: boolean }> };

export type RevokeSessionMutationVariables = Exact<{
  id: number;
}>;


export type RevokeSessionMutation = { revokeSession: boolean };

export type RevokeOtherSessionsMutationVariables = Exact<{ [key: string]: never; }>;


export type RevokeOtherSessionsMutation = { revokeOtherSessions: number };

export type AccountQueryVariables = Exact<{ [key: string]: never; }>;


export type AccountQuery = { me: { id: number, email: string, displayName: string } };

export type UpdateMeMutationVariables = Exact<{
  displayName: string;
}>;


export type UpdateMeMutation = { updateMe: { id: number, displayName: string } };

export type ChangePasswordMutationVariables = Exact<{
  currentPassword: string;
  newPassword: string;
}>;


export type ChangePasswordMutation = { changePassword: boolean };

export type BoardSettingsQueryVariables = Exact<{
  projectId: number;
}>;


export type BoardSettingsQuery = { project: { id: number, title: string, status: Status, ticketPrefix: string, team: { id: string, number: number, title: string, viewerRole: TeamRole | null } | null, members: Array<{ joinedAt: string, user: { id: number, displayName: string, email: string } }>, sections: Array<{ id: number, title: string, ranking: string, taskCount: number, visible: boolean }>, labels: Array<{ id: number, name: string, color: string | null }> } | null };

export type BoardSettingsEventsSubscriptionVariables = Exact<{
  projectId: number;
  after?: string | number | null | undefined;
}>;


export type BoardSettingsEventsSubscription = { boardEvents:
    | { cursor: string, event: BoardEventKind }
    | { cursor: string, event: BoardEventKind }
    | { cursor: string, event: BoardEventKind }
    | { cursor: string, event: BoardEventKind }
    | { cursor: string, event: BoardEventKind }
   };

export type CreateSettingsSectionMutationVariables = Exact<{
  input: CreateSectionInput;
}>;


export type CreateSettingsSectionMutation = { createSection: { id: number, title: string } };

export type UpdateSettingsSectionMutationVariables = Exact<{
  input: UpdateSectionInput;
}>;


export type UpdateSettingsSectionMutation = { updateSection: { id: number, title: string, ranking: string, visible: boolean } };

export type DeleteSettingsSectionMutationVariables = Exact<{
  projectId: number;
  sectionId: number;
}>;


export type DeleteSettingsSectionMutation = { deleteSection: { deletedSectionId: number, movedTaskCount: number, movedToSection: { id: number, title: string } } };

export type CreateSettingsLabelMutationVariables = Exact<{
  input: CreateLabelInput;
}>;


export type CreateSettingsLabelMutation = { createLabel: { id: number, name: string, color: string | null } };

export type UpdateSettingsLabelMutationVariables = Exact<{
  projectId: number;
  id: number;
  input: UpdateLabelInput;
}>;


export type UpdateSettingsLabelMutation = { updateLabel: { id: number, name: string, color: string | null } };

export type DeleteSettingsLabelMutationVariables = Exact<{
  projectId: number;
  id: number;
}>;


export type DeleteSettingsLabelMutation = { deleteLabel: { id: number } };

export type AddBoardMemberMutationVariables = Exact<{
  projectId: number;
  user: string;
}>;


export type AddBoardMemberMutation = { addProjectMember: { user: { id: number, displayName: string } } };

export type RemoveBoardMemberMutationVariables = Exact<{
  projectId: number;
  user: string;
}>;


export type RemoveBoardMemberMutation = { removeProjectMember: { id: number } };

export type SetBoardStatusMutationVariables = Exact<{
  projectId: number;
  status: Status;
}>;


export type SetBoardStatusMutation = { updateProjectStatus: { id: number, status: Status } };

export type SettingsTeamsQueryVariables = Exact<{ [key: string]: never; }>;


export type SettingsTeamsQuery = { teams: Array<{ id: string, number: number, title: string, viewerRole: TeamRole | null }> };

export type TeamInvitesQueryVariables = Exact<{
  teamId: string | number;
}>;


export type TeamInvitesQuery = { teamInvites: Array<{ id: number, email: string, role: TeamRole, createdAt: string, expiresAt: string }> };

export type CreateTeamInviteMutationVariables = Exact<{
  teamId: string | number;
  email: string;
  role?: TeamRole | null | undefined;
}>;


export type CreateTeamInviteMutation = { createTeamInvite: { url: string | null, path: string, invite: { id: number, email: string, role: TeamRole, expiresAt: string } } };

export type RevokeTeamInviteMutationVariables = Exact<{
  id: number;
}>;


export type RevokeTeamInviteMutation = { revokeTeamInvite: { id: number, revokedAt: string | null } };

export type TeamSettingsQueryVariables = Exact<{ [key: string]: never; }>;


export type TeamSettingsQuery = { teams: Array<{ id: string, number: number, title: string, viewerRole: TeamRole | null, members: Array<{ role: TeamRole, joinedAt: string, user: { id: number, displayName: string, email: string } }> }> };

export type SetTeamMemberRoleMutationVariables = Exact<{
  teamId: string | number;
  user: string;
  role: TeamRole;
}>;


export type SetTeamMemberRoleMutation = { setTeamMemberRole: { role: TeamRole, user: { id: number } } };

export type RemoveTeamMemberMutationVariables = Exact<{
  teamId: string | number;
  user: string;
}>;


export type RemoveTeamMemberMutation = { removeTeamMember: { id: string } };

export type WebhooksQueryVariables = Exact<{ [key: string]: never; }>;


export type WebhooksQuery = { webhookSubscriptions: Array<{ id: number, url: string, description: string | null, active: boolean, createdAt: string, disabledAt: string | null, disabledCause: WebhookDisabledCause | null, disabledReason: string | null, failingSince: string | null, metadata: unknown, projectId: number | null, createdBy: { id: number, displayName: string } | null, team: { id: string, title: string } | null }>, projects: { items: Array<{ id: number, title: string }> }, teams: Array<{ id: string, title: string, viewerRole: TeamRole | null }> };

export type WebhookDeliveriesQueryVariables = Exact<{
  subscriptionId: number;
}>;


export type WebhookDeliveriesQuery = { webhookDeliveries: { total: number, items: Array<{ id: number, event: TaskEventKind, eventId: string, ticketNumber: string, status: WebhookDeliveryStatus, attemptCount: number, lastStatusCode: number | null, nextAttemptAt: string | null, createdAt: string, attempts: Array<{ id: number, outcome: WebhookAttemptOutcome, statusCode: number | null, durationMs: number | null, error: string | null, responseExcerpt: string | null, createdAt: string }> }> } };

export type CreateWebhookMutationVariables = Exact<{
  input: CreateWebhookSubscriptionInput;
}>;


export type CreateWebhookMutation = { createWebhookSubscription: { secret: string, subscription: { id: number, url: string } } };

export type UpdateWebhookMutationVariables = Exact<{
  id: number;
  input: UpdateWebhookSubscriptionInput;
}>;


export type UpdateWebhookMutation = { updateWebhookSubscription: { id: number, active: boolean, disabledCause: WebhookDisabledCause | null } };

export type DeleteWebhookMutationVariables = Exact<{
  id: number;
}>;


export type DeleteWebhookMutation = { deleteWebhookSubscription: { id: number } };

export type TestWebhookMutationVariables = Exact<{
  id: number;
}>;


export type TestWebhookMutation = { testWebhookSubscription: { delivered: boolean, statusCode: number | null, durationMs: number, error: string | null } };

export type RedeliverWebhookMutationVariables = Exact<{
  subscriptionId: number;
  deliveryId: number;
}>;


export type RedeliverWebhookMutation = { redeliverWebhookDelivery: { id: number, status: WebhookDeliveryStatus } };

export type TaskDetailQueryVariables = Exact<{
  ref: TaskRefInput;
}>;


export type TaskDetailQuery = { task: { description: string, descriptionSource: string, descriptionContentType: ContentType, version: number, viewerIsWatching: boolean, createdAt: string, id: number, projectId: number, sectionId: number, parentId: number | null, position: string | null, status: Status, ticketNumber: string, title: string, priority: Priority | null, dueDate: string | null, updatedAt: string, commentCount: number, updatedBy: { id: number, displayName: string } | null, createdBy: { id: number, displayName: string } | null, parent: { id: number, ticketNumber: string, title: string } | null, subtasks: Array<{ id: number, ticketNumber: string, title: string, status: Status, section: { id: number, title: string } }>, assignees: Array<{ id: string, kind: AssigneeKind, userId: number | null, displayName: string }>, labels: Array<{ id: number, name: string, color: string | null }> } | null };

export type TaskCommentsQueryVariables = Exact<{
  ref: TaskRefInput;
  first: number;
  after?: string | null | undefined;
}>;


export type TaskCommentsQuery = { commentsConnection: { totalCount: number, pageInfo: { hasNextPage: boolean }, edges: Array<{ cursor: string, node: { id: number, text: string, createdAt: string, author: { id: number, displayName: string } | null } }> } };

export type UpdateTaskMutationVariables = Exact<{
  ref: TaskRefInput;
  input: UpdateTaskInput;
}>;


export type UpdateTaskMutation = { updateTask: { description: string, version: number, id: number, projectId: number, sectionId: number, parentId: number | null, position: string | null, status: Status, ticketNumber: string, title: string, priority: Priority | null, dueDate: string | null, updatedAt: string, commentCount: number, assignees: Array<{ id: string, kind: AssigneeKind, userId: number | null, displayName: string }>, labels: Array<{ id: number, name: string, color: string | null }> } };

export type SetAssigneesMutationVariables = Exact<{
  ref: TaskRefInput;
  userIds?: Array<number> | number | null | undefined;
}>;


export type SetAssigneesMutation = { setAssignees: Array<{ id: string }> };

export type AddCommentMutationVariables = Exact<{
  ref: TaskRefInput;
  text: string;
  mentions?: Array<MentionInput> | MentionInput | null | undefined;
}>;


export type AddCommentMutation = { addComment: { id: number } };

export type DeleteTaskMutationVariables = Exact<{
  ref: TaskRefInput;
}>;


export type DeleteTaskMutation = { deleteTask: { id: number } };

export type WatchTaskMutationVariables = Exact<{
  ref: TaskRefInput;
}>;


export type WatchTaskMutation = { watchTask: { id: number } };

export type UnwatchTaskMutationVariables = Exact<{
  ref: TaskRefInput;
}>;


export type UnwatchTaskMutation = { unwatchTask: { id: number } };

export type TaskActivityQueryVariables = Exact<{
  ref: TaskRefInput;
  first: number;
  after?: string | null | undefined;
}>;


export type TaskActivityQuery = { taskActivity: { totalCount: number, pageInfo: { hasNextPage: boolean }, edges: Array<{ cursor: string, node: { id: string, event: TaskEventKind, createdAt: string, actor: { id: number, displayName: string } | null, changes: Array<{ field: string, from: unknown, to: unknown }> } }> } };

export const CardFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"CardFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Task"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"projectId"}},{"kind":"Field","name":{"kind":"Name","value":"sectionId"}},{"kind":"Field","name":{"kind":"Name","value":"parentId"}},{"kind":"Field","name":{"kind":"Name","value":"position"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"ticketNumber"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"priority"}},{"kind":"Field","name":{"kind":"Name","value":"dueDate"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"commentCount"}},{"kind":"Field","name":{"kind":"Name","value":"assignees"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"userId"}},{"kind":"Field","name":{"kind":"Name","value":"displayName"}}]}},{"kind":"Field","name":{"kind":"Name","value":"labels"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"color"}}]}}]}}]} as unknown as DocumentNode<CardFieldsFragment, unknown>;
export const BoardViewFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"BoardViewFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"SavedView"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"layout"}},{"kind":"Field","name":{"kind":"Name","value":"subtaskSetting"}},{"kind":"Field","name":{"kind":"Name","value":"filters"}}]}}]} as unknown as DocumentNode<BoardViewFieldsFragment, unknown>;
export const MeDocument = {"__meta__":{"documentId":"sha256:1933387b45a60dd019925070079ed395f78b2c34ed324105f8dad28d1f9f2c04"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Me"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"me"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"displayName"}}]}}]}}]} as unknown as DocumentNode<MeQuery, MeQueryVariables>;
export const ApiKeysDocument = {"__meta__":{"documentId":"sha256:75dffe0f45abacec9effee0d4edd441e2480ca7f5ff123c21ac797090c84c1f6"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ApiKeys"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"apiKeys"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"label"}},{"kind":"Field","name":{"kind":"Name","value":"prefix"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"lastUsedAt"}},{"kind":"Field","name":{"kind":"Name","value":"revokedAt"}}]}}]}}]} as unknown as DocumentNode<ApiKeysQuery, ApiKeysQueryVariables>;
export const CreateApiKeyDocument = {"__meta__":{"documentId":"sha256:668f4312d32624739cafd2899f52dc9c7754ffe9af7efd62448ca271c638e531"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreateApiKey"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"label"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createApiKey"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"label"},"value":{"kind":"Variable","name":{"kind":"Name","value":"label"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"prefix"}},{"kind":"Field","name":{"kind":"Name","value":"label"}}]}}]}}]} as unknown as DocumentNode<CreateApiKeyMutation, CreateApiKeyMutationVariables>;
export const RevokeApiKeyDocument = {"__meta__":{"documentId":"sha256:d039c43979892f8d1fa88074cf46cf7b8a4a0c5ab1d8fd5a3e18fbc1d6ee5c23"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RevokeApiKey"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"revokeApiKey"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}]}]}}]} as unknown as DocumentNode<RevokeApiKeyMutation, RevokeApiKeyMutationVariables>;
export const CommandSearchDocument = {"__meta__":{"documentId":"sha256:0eaf50006b5f75a15b0b1ca8bd874d6d84ce58ce8add63eb73474e7280f95d4a"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"CommandSearch"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"query"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"searchTasks"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"query"},"value":{"kind":"Variable","name":{"kind":"Name","value":"query"}}},{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"IntValue","value":"8"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"items"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"projectId"}},{"kind":"Field","name":{"kind":"Name","value":"ticketNumber"}},{"kind":"Field","name":{"kind":"Name","value":"title"}}]}}]}}]}}]} as unknown as DocumentNode<CommandSearchQuery, CommandSearchQueryVariables>;
export const CreateTaskOnBoardDocument = {"__meta__":{"documentId":"sha256:9b75574d1cf3a14fa0c8d8745495e587a078ba43eca96d2d67c6f7cfdc5bc23c"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreateTaskOnBoard"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateTaskInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createTask"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"projectId"}},{"kind":"Field","name":{"kind":"Name","value":"ticketNumber"}}]}}]}}]} as unknown as DocumentNode<CreateTaskOnBoardMutation, CreateTaskOnBoardMutationVariables>;
export const CreateTaskColumnsDocument = {"__meta__":{"documentId":"sha256:de6e3f8ee06512236cfdac1745bcac9490b613a12ca78272b083b10d0ba47533"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"CreateTaskColumns"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"projectId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"sections"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"projectId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"projectId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"projectId"}},{"kind":"Field","name":{"kind":"Name","value":"title"}}]}}]}}]} as unknown as DocumentNode<CreateTaskColumnsQuery, CreateTaskColumnsQueryVariables>;
export const BoardDocument = {"__meta__":{"documentId":"sha256:e950ebdc15a8ccb989004c15bde0204a22d7e57e1a1cfaa5d07e580343dfb4b6"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Board"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"projectId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"project"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"projectId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"ticketPrefix"}},{"kind":"Field","name":{"kind":"Name","value":"team"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"title"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"sections"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"projectId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"projectId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"ranking"}}]}},{"kind":"Field","name":{"kind":"Name","value":"labels"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"projectId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"projectId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"color"}}]}},{"kind":"Field","name":{"kind":"Name","value":"projectMembers"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"projectId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"projectId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"displayName"}},{"kind":"Field","name":{"kind":"Name","value":"email"}}]}}]}}]} as unknown as DocumentNode<BoardQuery, BoardQueryVariables>;
export const BoardTasksDocument = {"__meta__":{"documentId":"sha256:0b6671202af91a3b7069bf70cde64854788d00c0916dffffd63916e8196f6e43"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"BoardTasks"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"projectId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"offset"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"tasks"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"ObjectValue","fields":[{"kind":"ObjectField","name":{"kind":"Name","value":"projectId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"projectId"}}}]}},{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"IntValue","value":"100"}},{"kind":"Argument","name":{"kind":"Name","value":"offset"},"value":{"kind":"Variable","name":{"kind":"Name","value":"offset"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"total"}},{"kind":"Field","name":{"kind":"Name","value":"items"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"CardFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"CardFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Task"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"projectId"}},{"kind":"Field","name":{"kind":"Name","value":"sectionId"}},{"kind":"Field","name":{"kind":"Name","value":"parentId"}},{"kind":"Field","name":{"kind":"Name","value":"position"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"ticketNumber"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"priority"}},{"kind":"Field","name":{"kind":"Name","value":"dueDate"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"commentCount"}},{"kind":"Field","name":{"kind":"Name","value":"assignees"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"userId"}},{"kind":"Field","name":{"kind":"Name","value":"displayName"}}]}},{"kind":"Field","name":{"kind":"Name","value":"labels"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"color"}}]}}]}}]} as unknown as DocumentNode<BoardTasksQuery, BoardTasksQueryVariables>;
export const BoardEventsDocument = {"__meta__":{"documentId":"sha256:cac5eb2bb9be0a5123e254f1a62a8d0b1ca4b2538c01d9b2d6c14f7884a78fcd"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"subscription","name":{"kind":"Name","value":"BoardEvents"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"projectId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"boardEvents"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"projectId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"projectId"}}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"cursor"}},{"kind":"Field","name":{"kind":"Name","value":"event"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"TaskBoardEvent"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"taskId"}},{"kind":"Field","name":{"kind":"Name","value":"task"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"CardFields"}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"CommentBoardEvent"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"taskId"}},{"kind":"Field","name":{"kind":"Name","value":"commentId"}},{"kind":"Field","name":{"kind":"Name","value":"task"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"CardFields"}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"LabelBoardEvent"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"labelId"}},{"kind":"Field","name":{"kind":"Name","value":"label"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"color"}}]}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"CardFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Task"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"projectId"}},{"kind":"Field","name":{"kind":"Name","value":"sectionId"}},{"kind":"Field","name":{"kind":"Name","value":"parentId"}},{"kind":"Field","name":{"kind":"Name","value":"position"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"ticketNumber"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"priority"}},{"kind":"Field","name":{"kind":"Name","value":"dueDate"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"commentCount"}},{"kind":"Field","name":{"kind":"Name","value":"assignees"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"userId"}},{"kind":"Field","name":{"kind":"Name","value":"displayName"}}]}},{"kind":"Field","name":{"kind":"Name","value":"labels"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"color"}}]}}]}}]} as unknown as DocumentNode<BoardEventsSubscription, BoardEventsSubscriptionVariables>;
export const PlaceTaskDocument = {"__meta__":{"documentId":"sha256:a7e8c182b2538bf1136ff83b0d54b3687f1ad4d2ef451f7ee12b7d62ebbb50f0"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"PlaceTask"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"taskId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"sectionId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"afterTaskId"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"placeTask"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"ref"},"value":{"kind":"ObjectValue","fields":[{"kind":"ObjectField","name":{"kind":"Name","value":"taskId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"taskId"}}}]}},{"kind":"Argument","name":{"kind":"Name","value":"sectionId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"sectionId"}}},{"kind":"Argument","name":{"kind":"Name","value":"afterTaskId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"afterTaskId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"task"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"CardFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"alsoPlaced"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"CardFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"CardFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Task"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"projectId"}},{"kind":"Field","name":{"kind":"Name","value":"sectionId"}},{"kind":"Field","name":{"kind":"Name","value":"parentId"}},{"kind":"Field","name":{"kind":"Name","value":"position"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"ticketNumber"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"priority"}},{"kind":"Field","name":{"kind":"Name","value":"dueDate"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"commentCount"}},{"kind":"Field","name":{"kind":"Name","value":"assignees"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"userId"}},{"kind":"Field","name":{"kind":"Name","value":"displayName"}}]}},{"kind":"Field","name":{"kind":"Name","value":"labels"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"color"}}]}}]}}]} as unknown as DocumentNode<PlaceTaskMutation, PlaceTaskMutationVariables>;
export const CreateCardDocument = {"__meta__":{"documentId":"sha256:b75055f16c7fb36228c28aa6d0c153a42b7fd14b099cb53f0fa65640c4781785"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreateCard"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateTaskInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createTask"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"CardFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"CardFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Task"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"projectId"}},{"kind":"Field","name":{"kind":"Name","value":"sectionId"}},{"kind":"Field","name":{"kind":"Name","value":"parentId"}},{"kind":"Field","name":{"kind":"Name","value":"position"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"ticketNumber"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"priority"}},{"kind":"Field","name":{"kind":"Name","value":"dueDate"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"commentCount"}},{"kind":"Field","name":{"kind":"Name","value":"assignees"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"userId"}},{"kind":"Field","name":{"kind":"Name","value":"displayName"}}]}},{"kind":"Field","name":{"kind":"Name","value":"labels"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"color"}}]}}]}}]} as unknown as DocumentNode<CreateCardMutation, CreateCardMutationVariables>;
export const BoardSearchDocument = {"__meta__":{"documentId":"sha256:5f6b80100bb5ae8dfec6ee526c98c4b294c3d0dd8c8134b8b376f620ac6c1934"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"BoardSearch"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"projectId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"query"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"offset"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"searchTasks"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"projectId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"projectId"}}},{"kind":"Argument","name":{"kind":"Name","value":"query"},"value":{"kind":"Variable","name":{"kind":"Name","value":"query"}}},{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"IntValue","value":"50"}},{"kind":"Argument","name":{"kind":"Name","value":"offset"},"value":{"kind":"Variable","name":{"kind":"Name","value":"offset"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"total"}},{"kind":"Field","name":{"kind":"Name","value":"hasMore"}},{"kind":"Field","name":{"kind":"Name","value":"items"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}}]}}]} as unknown as DocumentNode<BoardSearchQuery, BoardSearchQueryVariables>;
export const SavedViewsDocument = {"__meta__":{"documentId":"sha256:994759dd596058ab03c01cca46bc07ed5b53d0ae76b12f5031f80cd13f69717e"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"SavedViews"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"projectId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"savedViews"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"projectId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"projectId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"BoardViewFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"BoardViewFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"SavedView"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"layout"}},{"kind":"Field","name":{"kind":"Name","value":"subtaskSetting"}},{"kind":"Field","name":{"kind":"Name","value":"filters"}}]}}]} as unknown as DocumentNode<SavedViewsQuery, SavedViewsQueryVariables>;
export const CreateViewDocument = {"__meta__":{"documentId":"sha256:04741d6095cbb0e17f43598c17bb5c20ae59fc03c8d90da21ef11766994fa498"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreateView"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"projectId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"title"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"layout"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"ViewLayout"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"subtaskSetting"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"SubtaskSetting"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"filters"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"JSON"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createSavedView"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"projectId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"projectId"}}},{"kind":"Argument","name":{"kind":"Name","value":"title"},"value":{"kind":"Variable","name":{"kind":"Name","value":"title"}}},{"kind":"Argument","name":{"kind":"Name","value":"layout"},"value":{"kind":"Variable","name":{"kind":"Name","value":"layout"}}},{"kind":"Argument","name":{"kind":"Name","value":"subtaskSetting"},"value":{"kind":"Variable","name":{"kind":"Name","value":"subtaskSetting"}}},{"kind":"Argument","name":{"kind":"Name","value":"filters"},"value":{"kind":"Variable","name":{"kind":"Name","value":"filters"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"BoardViewFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"BoardViewFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"SavedView"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"layout"}},{"kind":"Field","name":{"kind":"Name","value":"subtaskSetting"}},{"kind":"Field","name":{"kind":"Name","value":"filters"}}]}}]} as unknown as DocumentNode<CreateViewMutation, CreateViewMutationVariables>;
export const UpdateViewDocument = {"__meta__":{"documentId":"sha256:720d4dc2a562278e1f4f98f883337fd5d6dd233ca01c133c0d1709fa15541fcf"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"UpdateView"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"layout"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"ViewLayout"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"subtaskSetting"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"SubtaskSetting"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"filters"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"JSON"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateSavedView"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"layout"},"value":{"kind":"Variable","name":{"kind":"Name","value":"layout"}}},{"kind":"Argument","name":{"kind":"Name","value":"subtaskSetting"},"value":{"kind":"Variable","name":{"kind":"Name","value":"subtaskSetting"}}},{"kind":"Argument","name":{"kind":"Name","value":"filters"},"value":{"kind":"Variable","name":{"kind":"Name","value":"filters"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"BoardViewFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"BoardViewFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"SavedView"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"layout"}},{"kind":"Field","name":{"kind":"Name","value":"subtaskSetting"}},{"kind":"Field","name":{"kind":"Name","value":"filters"}}]}}]} as unknown as DocumentNode<UpdateViewMutation, UpdateViewMutationVariables>;
export const DeleteViewDocument = {"__meta__":{"documentId":"sha256:5c15121e7877d0546d43c2ff0ac78dd7c0491a369702a287bfc25ef598534da6"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"DeleteView"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deleteSavedView"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}}]} as unknown as DocumentNode<DeleteViewMutation, DeleteViewMutationVariables>;
export const BoardsDocument = {"__meta__":{"documentId":"sha256:de3047fca6e23a44dd748b9219ba5dc8577aee5018e6c4dbd228260564ab9579"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Boards"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"projects"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"IntValue","value":"100"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"total"}},{"kind":"Field","name":{"kind":"Name","value":"items"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"ticketPrefix"}},{"kind":"Field","name":{"kind":"Name","value":"taskCount"}},{"kind":"Field","name":{"kind":"Name","value":"team"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"title"}}]}}]}}]}}]}}]} as unknown as DocumentNode<BoardsQuery, BoardsQueryVariables>;
export const ArchivedBoardsDocument = {"__meta__":{"documentId":"sha256:3c91af775fcd18d3a1581512bd628481cb34f28a41648754fb70a16e07ec3b22"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ArchivedBoards"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"projects"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"IntValue","value":"100"}},{"kind":"Argument","name":{"kind":"Name","value":"status"},"value":{"kind":"EnumValue","value":"ARCHIVE"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"total"}},{"kind":"Field","name":{"kind":"Name","value":"items"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"ticketPrefix"}},{"kind":"Field","name":{"kind":"Name","value":"taskCount"}},{"kind":"Field","name":{"kind":"Name","value":"team"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"title"}}]}}]}}]}}]}}]} as unknown as DocumentNode<ArchivedBoardsQuery, ArchivedBoardsQueryVariables>;
export const TeamsDocument = {"__meta__":{"documentId":"sha256:1ca3905c6cc33516d361646d9d1e113b4a9603a4582863bf7c70c08b3aabfdf1"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Teams"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"teams"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"title"}}]}}]}}]} as unknown as DocumentNode<TeamsQuery, TeamsQueryVariables>;
export const CreateBoardDocument = {"__meta__":{"documentId":"sha256:0b465a29119032bfce659ac6f4ca8fbeba1169fb84c95cf4e94605e71a1bb995"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreateBoard"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"BoardInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createBoard"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"project"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}}]}}]} as unknown as DocumentNode<CreateBoardMutation, CreateBoardMutationVariables>;
export const InboxEventsDocument = {"__meta__":{"documentId":"sha256:c308ae92191ce3f226cbce700e5b809efc947142eb500b36122985de03b3b8ff"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"subscription","name":{"kind":"Name","value":"InboxEvents"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"inboxEvents"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cursor"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"taskId"}}]}}]}}]} as unknown as DocumentNode<InboxEventsSubscription, InboxEventsSubscriptionVariables>;
export const UnreadCountDocument = {"__meta__":{"documentId":"sha256:a0fd9b778e2bb3050d118a00a70a02c937c6d5e004ec832fb12ac1e006efae68"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"UnreadCount"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"inbox"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"unreadOnly"},"value":{"kind":"BooleanValue","value":true}},{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"IntValue","value":"1"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"total"}}]}}]}}]} as unknown as DocumentNode<UnreadCountQuery, UnreadCountQueryVariables>;
export const InboxDocument = {"__meta__":{"documentId":"sha256:c271740516c3ac180383fb57f5207e009c736b5a0103005173a7e5d7b4a60a3e"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Inbox"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"unreadOnly"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Boolean"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"offset"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"inbox"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"unreadOnly"},"value":{"kind":"Variable","name":{"kind":"Name","value":"unreadOnly"}}},{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"IntValue","value":"50"}},{"kind":"Argument","name":{"kind":"Name","value":"offset"},"value":{"kind":"Variable","name":{"kind":"Name","value":"offset"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"total"}},{"kind":"Field","name":{"kind":"Name","value":"items"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"read"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"ticketNumber"}},{"kind":"Field","name":{"kind":"Name","value":"taskId"}},{"kind":"Field","name":{"kind":"Name","value":"actor"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"displayName"}}]}},{"kind":"Field","name":{"kind":"Name","value":"task"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"projectId"}},{"kind":"Field","name":{"kind":"Name","value":"title"}}]}}]}}]}}]}}]} as unknown as DocumentNode<InboxQuery, InboxQueryVariables>;
export const MarkNotificationsReadDocument = {"__meta__":{"documentId":"sha256:09ee1377d634856a91bd0ca0a8b51a18affca0518e297dc86f112baa1cffbd5d"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"MarkNotificationsRead"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"ids"}},"type":{"kind":"NonNullType","type":{"kind":"ListType","type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"markNotificationsRead"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"ids"},"value":{"kind":"Variable","name":{"kind":"Name","value":"ids"}}}]}]}}]} as unknown as DocumentNode<MarkNotificationsReadMutation, MarkNotificationsReadMutationVariables>;
export const ArchiveNotificationsDocument = {"__meta__":{"documentId":"sha256:c7acd09b2bb44746c3eeb6711dc9630fb2e872dc83bdf650e3e53d9790b7f9fc"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"ArchiveNotifications"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"ids"}},"type":{"kind":"NonNullType","type":{"kind":"ListType","type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"archiveNotifications"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"ids"},"value":{"kind":"Variable","name":{"kind":"Name","value":"ids"}}}]}]}}]} as unknown as DocumentNode<ArchiveNotificationsMutation, ArchiveNotificationsMutationVariables>;
export const SessionsDocument = {"__meta__":{"documentId":"sha256:cf84e033677274e1cb1f0cf9bf6c924ea3db50cfcb5cfdfe3283978ba40d9fec"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Sessions"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"sessions"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"method"}},{"kind":"Field","name":{"kind":"Name","value":"userAgent"}},{"kind":"Field","name":{"kind":"Name","value":"ip"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"lastSeenAt"}},{"kind":"Field","name":{"kind":"Name","value":"current"}}]}}]}}]} as unknown as DocumentNode<SessionsQuery, SessionsQueryVariables>;
export const RevokeSessionDocument = {"__meta__":{"documentId":"sha256:835147a842df5bcf7a223f446fff85b09c9538a424a764f7cbd662ea13ab7bbd"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RevokeSession"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"revokeSession"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}]}]}}]} as unknown as DocumentNode<RevokeSessionMutation, RevokeSessionMutationVariables>;
export const RevokeOtherSessionsDocument = {"__meta__":{"documentId":"sha256:7182192a65355e1770c6cb6e9ac93cdf397b7d953c452b6f0988d38e743c1253"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RevokeOtherSessions"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"revokeOtherSessions"}}]}}]} as unknown as DocumentNode<RevokeOtherSessionsMutation, RevokeOtherSessionsMutationVariables>;
export const AccountDocument = {"__meta__":{"documentId":"sha256:7343f912f3a14f4d12b48f2e5455568c95271919543dd973cbf55c2b1ec4adbc"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Account"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"me"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"displayName"}}]}}]}}]} as unknown as DocumentNode<AccountQuery, AccountQueryVariables>;
export const UpdateMeDocument = {"__meta__":{"documentId":"sha256:7cf0405516e284669c1ca4d3b16342bbba723bf7256984fd9afb01b476e5d440"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"UpdateMe"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"displayName"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateMe"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"displayName"},"value":{"kind":"Variable","name":{"kind":"Name","value":"displayName"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"displayName"}}]}}]}}]} as unknown as DocumentNode<UpdateMeMutation, UpdateMeMutationVariables>;
export const ChangePasswordDocument = {"__meta__":{"documentId":"sha256:7f0a6b0db92d5a7d22267f951ee02f777c1a809310502943fe0c420069eb691f"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"ChangePassword"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"currentPassword"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"newPassword"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"changePassword"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"currentPassword"},"value":{"kind":"Variable","name":{"kind":"Name","value":"currentPassword"}}},{"kind":"Argument","name":{"kind":"Name","value":"newPassword"},"value":{"kind":"Variable","name":{"kind":"Name","value":"newPassword"}}}]}]}}]} as unknown as DocumentNode<ChangePasswordMutation, ChangePasswordMutationVariables>;
export const BoardSettingsDocument = {"__meta__":{"documentId":"sha256:0787926a9abd5f0c3d15ebf35666be4c05fe18953f5c7725a2b938113aac0923"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"BoardSettings"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"projectId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"project"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"projectId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"ticketPrefix"}},{"kind":"Field","name":{"kind":"Name","value":"team"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"number"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"viewerRole"}}]}},{"kind":"Field","name":{"kind":"Name","value":"members"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"joinedAt"}},{"kind":"Field","name":{"kind":"Name","value":"user"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"displayName"}},{"kind":"Field","name":{"kind":"Name","value":"email"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"sections"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"includeHidden"},"value":{"kind":"BooleanValue","value":true}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"ranking"}},{"kind":"Field","name":{"kind":"Name","value":"taskCount"}},{"kind":"Field","name":{"kind":"Name","value":"visible"}}]}},{"kind":"Field","name":{"kind":"Name","value":"labels"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"color"}}]}}]}}]}}]} as unknown as DocumentNode<BoardSettingsQuery, BoardSettingsQueryVariables>;
export const BoardSettingsEventsDocument = {"__meta__":{"documentId":"sha256:4c51e25bd7f0c913cdf0edbc46ab45a11fe4a63781c34c466277252aa98991a7"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"subscription","name":{"kind":"Name","value":"BoardSettingsEvents"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"projectId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"boardEvents"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"projectId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"projectId"}}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}},{"kind":"Argument","name":{"kind":"Name","value":"events"},"value":{"kind":"ListValue","values":[{"kind":"EnumValue","value":"SECTION_CREATED"},{"kind":"EnumValue","value":"SECTION_UPDATED"},{"kind":"EnumValue","value":"SECTION_DELETED"},{"kind":"EnumValue","value":"LABEL_CREATED"},{"kind":"EnumValue","value":"LABEL_UPDATED"},{"kind":"EnumValue","value":"LABEL_DELETED"},{"kind":"EnumValue","value":"MEMBER_ADDED"},{"kind":"EnumValue","value":"MEMBER_REMOVED"}]}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cursor"}},{"kind":"Field","name":{"kind":"Name","value":"event"}}]}}]}}]} as unknown as DocumentNode<BoardSettingsEventsSubscription, BoardSettingsEventsSubscriptionVariables>;
export const CreateSettingsSectionDocument = {"__meta__":{"documentId":"sha256:6227988b56596e7a9ef30166e3ff70038d44ad92a0dbd90f36b92c8c1c25e791"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreateSettingsSection"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateSectionInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createSection"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"title"}}]}}]}}]} as unknown as DocumentNode<CreateSettingsSectionMutation, CreateSettingsSectionMutationVariables>;
export const UpdateSettingsSectionDocument = {"__meta__":{"documentId":"sha256:e86913833edffcc2fab65dd17381b6f6cdcb148f804e2694b56ff0d791e542a6"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"UpdateSettingsSection"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UpdateSectionInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateSection"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"ranking"}},{"kind":"Field","name":{"kind":"Name","value":"visible"}}]}}]}}]} as unknown as DocumentNode<UpdateSettingsSectionMutation, UpdateSettingsSectionMutationVariables>;
export const DeleteSettingsSectionDocument = {"__meta__":{"documentId":"sha256:f9cd920de07cc48fd7bb6857a1d272630ba0534c7ae73b9289f3deced295d14d"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"DeleteSettingsSection"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"projectId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"sectionId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deleteSection"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"projectId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"projectId"}}},{"kind":"Argument","name":{"kind":"Name","value":"sectionId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"sectionId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deletedSectionId"}},{"kind":"Field","name":{"kind":"Name","value":"movedTaskCount"}},{"kind":"Field","name":{"kind":"Name","value":"movedToSection"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"title"}}]}}]}}]}}]} as unknown as DocumentNode<DeleteSettingsSectionMutation, DeleteSettingsSectionMutationVariables>;
export const CreateSettingsLabelDocument = {"__meta__":{"documentId":"sha256:76f9abdc20a1f5d1cbb4d5338baddb87298e90ff83b115f8700ea5328e14a02e"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreateSettingsLabel"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateLabelInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createLabel"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"color"}}]}}]}}]} as unknown as DocumentNode<CreateSettingsLabelMutation, CreateSettingsLabelMutationVariables>;
export const UpdateSettingsLabelDocument = {"__meta__":{"documentId":"sha256:c9ad9f36f91ae57a87382919888e8fc72572f029ef8674e1cfece6d61cf48ee9"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"UpdateSettingsLabel"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"projectId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UpdateLabelInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateLabel"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"projectId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"projectId"}}},{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"color"}}]}}]}}]} as unknown as DocumentNode<UpdateSettingsLabelMutation, UpdateSettingsLabelMutationVariables>;
export const DeleteSettingsLabelDocument = {"__meta__":{"documentId":"sha256:f4d4c2019184c807f4253c46bef9fae1c1ac6c86139705fc0e6abc971b4da06f"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"DeleteSettingsLabel"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"projectId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deleteLabel"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"projectId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"projectId"}}},{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}}]} as unknown as DocumentNode<DeleteSettingsLabelMutation, DeleteSettingsLabelMutationVariables>;
export const AddBoardMemberDocument = {"__meta__":{"documentId":"sha256:d80f71c66a66847e0d8c706c98a1e623c2b926a75fe9227a835db494e98e8142"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"AddBoardMember"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"projectId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"user"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"addProjectMember"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"projectId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"projectId"}}},{"kind":"Argument","name":{"kind":"Name","value":"user"},"value":{"kind":"Variable","name":{"kind":"Name","value":"user"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"user"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"displayName"}}]}}]}}]}}]} as unknown as DocumentNode<AddBoardMemberMutation, AddBoardMemberMutationVariables>;
export const RemoveBoardMemberDocument = {"__meta__":{"documentId":"sha256:0cb5d0f723305488299144c3127ffd897764aae970653353ea12b6c94d022dcb"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RemoveBoardMember"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"projectId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"user"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"removeProjectMember"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"projectId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"projectId"}}},{"kind":"Argument","name":{"kind":"Name","value":"user"},"value":{"kind":"Variable","name":{"kind":"Name","value":"user"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}}]} as unknown as DocumentNode<RemoveBoardMemberMutation, RemoveBoardMemberMutationVariables>;
export const SetBoardStatusDocument = {"__meta__":{"documentId":"sha256:be6ea6f46087fc7f18feca3e7d83c8b77599bfd610f31b1b513199df5a0e4e2a"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"SetBoardStatus"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"projectId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"status"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Status"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateProjectStatus"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"projectId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"projectId"}}},{"kind":"Argument","name":{"kind":"Name","value":"status"},"value":{"kind":"Variable","name":{"kind":"Name","value":"status"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}}]}}]}}]} as unknown as DocumentNode<SetBoardStatusMutation, SetBoardStatusMutationVariables>;
export const SettingsTeamsDocument = {"__meta__":{"documentId":"sha256:2f28578288aca26450aff04e3f23cce697643039c3092f77ab61e4d26259a430"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"SettingsTeams"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"teams"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"number"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"viewerRole"}}]}}]}}]} as unknown as DocumentNode<SettingsTeamsQuery, SettingsTeamsQueryVariables>;
export const TeamInvitesDocument = {"__meta__":{"documentId":"sha256:0d506573670869c58824a5a3b0f82abdbc0c64764f0a0c1ca1490d1ecd7af5f5"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"TeamInvites"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"teamId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"teamInvites"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"teamId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"teamId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"role"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"expiresAt"}}]}}]}}]} as unknown as DocumentNode<TeamInvitesQuery, TeamInvitesQueryVariables>;
export const CreateTeamInviteDocument = {"__meta__":{"documentId":"sha256:5eb471a9cb5923d823427b56b6740f01871939f1bb05b6444819e4cf281e7d32"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreateTeamInvite"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"teamId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"email"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"role"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"TeamRole"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createTeamInvite"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"teamId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"teamId"}}},{"kind":"Argument","name":{"kind":"Name","value":"email"},"value":{"kind":"Variable","name":{"kind":"Name","value":"email"}}},{"kind":"Argument","name":{"kind":"Name","value":"role"},"value":{"kind":"Variable","name":{"kind":"Name","value":"role"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"url"}},{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"invite"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"role"}},{"kind":"Field","name":{"kind":"Name","value":"expiresAt"}}]}}]}}]}}]} as unknown as DocumentNode<CreateTeamInviteMutation, CreateTeamInviteMutationVariables>;
export const RevokeTeamInviteDocument = {"__meta__":{"documentId":"sha256:0ab60ab49e13d7fe3d0191386a8f71895a04a45bb5033d13294fd2daa3b8a086"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RevokeTeamInvite"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"revokeTeamInvite"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"revokedAt"}}]}}]}}]} as unknown as DocumentNode<RevokeTeamInviteMutation, RevokeTeamInviteMutationVariables>;
export const TeamSettingsDocument = {"__meta__":{"documentId":"sha256:f171318b1a482c0ff7249a241fbe06ad38bd156e41b43f226d30ade2662f6a45"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"TeamSettings"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"teams"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"number"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"viewerRole"}},{"kind":"Field","name":{"kind":"Name","value":"members"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"role"}},{"kind":"Field","name":{"kind":"Name","value":"joinedAt"}},{"kind":"Field","name":{"kind":"Name","value":"user"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"displayName"}},{"kind":"Field","name":{"kind":"Name","value":"email"}}]}}]}}]}}]}}]} as unknown as DocumentNode<TeamSettingsQuery, TeamSettingsQueryVariables>;
export const SetTeamMemberRoleDocument = {"__meta__":{"documentId":"sha256:91a26da9d7e3fd999061770be49a229d0702d7604d642bf3ef66a5502befedf6"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"SetTeamMemberRole"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"teamId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"user"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"role"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"TeamRole"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"setTeamMemberRole"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"teamId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"teamId"}}},{"kind":"Argument","name":{"kind":"Name","value":"user"},"value":{"kind":"Variable","name":{"kind":"Name","value":"user"}}},{"kind":"Argument","name":{"kind":"Name","value":"role"},"value":{"kind":"Variable","name":{"kind":"Name","value":"role"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"role"}},{"kind":"Field","name":{"kind":"Name","value":"user"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}}]}}]} as unknown as DocumentNode<SetTeamMemberRoleMutation, SetTeamMemberRoleMutationVariables>;
export const RemoveTeamMemberDocument = {"__meta__":{"documentId":"sha256:fa73a370a51703632d30ab6ac12dbe330446d9a9ea48167b8562229f0326f121"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RemoveTeamMember"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"teamId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"user"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"removeTeamMember"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"teamId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"teamId"}}},{"kind":"Argument","name":{"kind":"Name","value":"user"},"value":{"kind":"Variable","name":{"kind":"Name","value":"user"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}}]} as unknown as DocumentNode<RemoveTeamMemberMutation, RemoveTeamMemberMutationVariables>;
export const WebhooksDocument = {"__meta__":{"documentId":"sha256:0466f5d54537530f0803cc6944bfbcb6641834c9c0c9068a9ee095db8a5f709b"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Webhooks"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"webhookSubscriptions"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"url"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"active"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"createdBy"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"displayName"}}]}},{"kind":"Field","name":{"kind":"Name","value":"disabledAt"}},{"kind":"Field","name":{"kind":"Name","value":"disabledCause"}},{"kind":"Field","name":{"kind":"Name","value":"disabledReason"}},{"kind":"Field","name":{"kind":"Name","value":"failingSince"}},{"kind":"Field","name":{"kind":"Name","value":"metadata"}},{"kind":"Field","name":{"kind":"Name","value":"projectId"}},{"kind":"Field","name":{"kind":"Name","value":"team"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"title"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"projects"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"IntValue","value":"100"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"items"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"title"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"teams"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"viewerRole"}}]}}]}}]} as unknown as DocumentNode<WebhooksQuery, WebhooksQueryVariables>;
export const WebhookDeliveriesDocument = {"__meta__":{"documentId":"sha256:db23f60482ca5f8567b777e51622325a71b2601decf6b2864d58a5d5eea30e7d"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"WebhookDeliveries"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"subscriptionId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"webhookDeliveries"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"subscriptionId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"subscriptionId"}}},{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"IntValue","value":"20"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"total"}},{"kind":"Field","name":{"kind":"Name","value":"items"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"event"}},{"kind":"Field","name":{"kind":"Name","value":"eventId"}},{"kind":"Field","name":{"kind":"Name","value":"ticketNumber"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"attemptCount"}},{"kind":"Field","name":{"kind":"Name","value":"lastStatusCode"}},{"kind":"Field","name":{"kind":"Name","value":"nextAttemptAt"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"attempts"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"outcome"}},{"kind":"Field","name":{"kind":"Name","value":"statusCode"}},{"kind":"Field","name":{"kind":"Name","value":"durationMs"}},{"kind":"Field","name":{"kind":"Name","value":"error"}},{"kind":"Field","name":{"kind":"Name","value":"responseExcerpt"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}}]}}]}}]}}]}}]} as unknown as DocumentNode<WebhookDeliveriesQuery, WebhookDeliveriesQueryVariables>;
export const CreateWebhookDocument = {"__meta__":{"documentId":"sha256:40e98a756499f26723acb3b11be527d45d04c2787bd21b6ffa490f13588487b7"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreateWebhook"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateWebhookSubscriptionInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createWebhookSubscription"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"secret"}},{"kind":"Field","name":{"kind":"Name","value":"subscription"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"url"}}]}}]}}]}}]} as unknown as DocumentNode<CreateWebhookMutation, CreateWebhookMutationVariables>;
export const UpdateWebhookDocument = {"__meta__":{"documentId":"sha256:fadde321c698507f86e655fe8708cae82218bcb2f12299e7456bb2d735c4229a"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"UpdateWebhook"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UpdateWebhookSubscriptionInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateWebhookSubscription"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"active"}},{"kind":"Field","name":{"kind":"Name","value":"disabledCause"}}]}}]}}]} as unknown as DocumentNode<UpdateWebhookMutation, UpdateWebhookMutationVariables>;
export const DeleteWebhookDocument = {"__meta__":{"documentId":"sha256:d86b8a021649b789a0962487e96b88b3920b9aeb18c9e8f1c09d719a36a0dff5"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"DeleteWebhook"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deleteWebhookSubscription"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}}]} as unknown as DocumentNode<DeleteWebhookMutation, DeleteWebhookMutationVariables>;
export const TestWebhookDocument = {"__meta__":{"documentId":"sha256:b52d007690a10651641c73af2c44902585880eef7c88974597e3c9b5326f1098"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"TestWebhook"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"testWebhookSubscription"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"delivered"}},{"kind":"Field","name":{"kind":"Name","value":"statusCode"}},{"kind":"Field","name":{"kind":"Name","value":"durationMs"}},{"kind":"Field","name":{"kind":"Name","value":"error"}}]}}]}}]} as unknown as DocumentNode<TestWebhookMutation, TestWebhookMutationVariables>;
export const RedeliverWebhookDocument = {"__meta__":{"documentId":"sha256:448cb6393f733378047f957189964ed70750cf11b77c005fbbd298d2a232ff82"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RedeliverWebhook"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"subscriptionId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"deliveryId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"redeliverWebhookDelivery"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"subscriptionId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"subscriptionId"}}},{"kind":"Argument","name":{"kind":"Name","value":"deliveryId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"deliveryId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}}]}}]}}]} as unknown as DocumentNode<RedeliverWebhookMutation, RedeliverWebhookMutationVariables>;
export const TaskDetailDocument = {"__meta__":{"documentId":"sha256:b696e38b25841ba4db2bb6a060126d8108129d144ee792d19bc3848ee5500211"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"TaskDetail"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"ref"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"TaskRefInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"task"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"ref"},"value":{"kind":"Variable","name":{"kind":"Name","value":"ref"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"CardFields"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"descriptionSource"}},{"kind":"Field","name":{"kind":"Name","value":"descriptionContentType"}},{"kind":"Field","name":{"kind":"Name","value":"version"}},{"kind":"Field","name":{"kind":"Name","value":"updatedBy"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"displayName"}}]}},{"kind":"Field","name":{"kind":"Name","value":"viewerIsWatching"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"createdBy"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"displayName"}}]}},{"kind":"Field","name":{"kind":"Name","value":"parent"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"ticketNumber"}},{"kind":"Field","name":{"kind":"Name","value":"title"}}]}},{"kind":"Field","name":{"kind":"Name","value":"subtasks"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"ticketNumber"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"section"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"title"}}]}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"CardFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Task"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"projectId"}},{"kind":"Field","name":{"kind":"Name","value":"sectionId"}},{"kind":"Field","name":{"kind":"Name","value":"parentId"}},{"kind":"Field","name":{"kind":"Name","value":"position"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"ticketNumber"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"priority"}},{"kind":"Field","name":{"kind":"Name","value":"dueDate"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"commentCount"}},{"kind":"Field","name":{"kind":"Name","value":"assignees"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"userId"}},{"kind":"Field","name":{"kind":"Name","value":"displayName"}}]}},{"kind":"Field","name":{"kind":"Name","value":"labels"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"color"}}]}}]}}]} as unknown as DocumentNode<TaskDetailQuery, TaskDetailQueryVariables>;
export const TaskCommentsDocument = {"__meta__":{"documentId":"sha256:c977809cc8cad82a9dcf1a127648f4ff7486edac80ffab0cb1c864ab16dd46b5"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"TaskComments"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"ref"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"TaskRefInput"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"commentsConnection"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"ref"},"value":{"kind":"Variable","name":{"kind":"Name","value":"ref"}}},{"kind":"Argument","name":{"kind":"Name","value":"sortOrder"},"value":{"kind":"EnumValue","value":"DESC"}},{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalCount"}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}}]}},{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cursor"}},{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"text"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"author"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"displayName"}}]}}]}}]}}]}}]}}]} as unknown as DocumentNode<TaskCommentsQuery, TaskCommentsQueryVariables>;
export const UpdateTaskDocument = {"__meta__":{"documentId":"sha256:a4084a1de8127b8b24fea23484d1aba78228bcc73e0839ba77e48ae4b27ce0c5"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"UpdateTask"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"ref"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"TaskRefInput"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UpdateTaskInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateTask"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"ref"},"value":{"kind":"Variable","name":{"kind":"Name","value":"ref"}}},{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"CardFields"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"version"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"CardFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Task"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"projectId"}},{"kind":"Field","name":{"kind":"Name","value":"sectionId"}},{"kind":"Field","name":{"kind":"Name","value":"parentId"}},{"kind":"Field","name":{"kind":"Name","value":"position"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"ticketNumber"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"priority"}},{"kind":"Field","name":{"kind":"Name","value":"dueDate"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"commentCount"}},{"kind":"Field","name":{"kind":"Name","value":"assignees"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"userId"}},{"kind":"Field","name":{"kind":"Name","value":"displayName"}}]}},{"kind":"Field","name":{"kind":"Name","value":"labels"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"color"}}]}}]}}]} as unknown as DocumentNode<UpdateTaskMutation, UpdateTaskMutationVariables>;
export const SetAssigneesDocument = {"__meta__":{"documentId":"sha256:8456a19a738a1ae5d591be4d63a92dd3803f3055cf2aacbe32d502425c5430cf"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"SetAssignees"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"ref"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"TaskRefInput"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"userIds"}},"type":{"kind":"ListType","type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"setAssignees"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"ref"},"value":{"kind":"Variable","name":{"kind":"Name","value":"ref"}}},{"kind":"Argument","name":{"kind":"Name","value":"userIds"},"value":{"kind":"Variable","name":{"kind":"Name","value":"userIds"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}}]} as unknown as DocumentNode<SetAssigneesMutation, SetAssigneesMutationVariables>;
export const AddCommentDocument = {"__meta__":{"documentId":"sha256:31dd0cf01b9f8b8a3d6ebfb7366c3009a9dcf58eef7105c37da80c8cda9dc000"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"AddComment"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"ref"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"TaskRefInput"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"text"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"mentions"}},"type":{"kind":"ListType","type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"MentionInput"}}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"addComment"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"ref"},"value":{"kind":"Variable","name":{"kind":"Name","value":"ref"}}},{"kind":"Argument","name":{"kind":"Name","value":"text"},"value":{"kind":"Variable","name":{"kind":"Name","value":"text"}}},{"kind":"Argument","name":{"kind":"Name","value":"contentType"},"value":{"kind":"EnumValue","value":"MARKDOWN"}},{"kind":"Argument","name":{"kind":"Name","value":"mentions"},"value":{"kind":"Variable","name":{"kind":"Name","value":"mentions"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}}]} as unknown as DocumentNode<AddCommentMutation, AddCommentMutationVariables>;
export const DeleteTaskDocument = {"__meta__":{"documentId":"sha256:86aa16712bd2c93515944ac35373de8a300583e33ae2523e2affebce020cd1f6"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"DeleteTask"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"ref"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"TaskRefInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deleteTask"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"ref"},"value":{"kind":"Variable","name":{"kind":"Name","value":"ref"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}}]} as unknown as DocumentNode<DeleteTaskMutation, DeleteTaskMutationVariables>;
export const WatchTaskDocument = {"__meta__":{"documentId":"sha256:5f18a8ece6a7510c789a1178d36a83d33eb82db9b7e1da8d158c0345d4deb536"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"WatchTask"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"ref"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"TaskRefInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"watchTask"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"ref"},"value":{"kind":"Variable","name":{"kind":"Name","value":"ref"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}}]} as unknown as DocumentNode<WatchTaskMutation, WatchTaskMutationVariables>;
export const UnwatchTaskDocument = {"__meta__":{"documentId":"sha256:55de62e5f36574690d708978a299ab25eafe869487ff5504eb0b4a774411c5f9"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"UnwatchTask"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"ref"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"TaskRefInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"unwatchTask"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"ref"},"value":{"kind":"Variable","name":{"kind":"Name","value":"ref"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}}]} as unknown as DocumentNode<UnwatchTaskMutation, UnwatchTaskMutationVariables>;
export const TaskActivityDocument = {"__meta__":{"documentId":"sha256:2bb7a0bf7c1755906a994bdd085705be24a8bfe1ea6f5a4e18175914d8fb7ded"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"TaskActivity"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"ref"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"TaskRefInput"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"taskActivity"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"ref"},"value":{"kind":"Variable","name":{"kind":"Name","value":"ref"}}},{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalCount"}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}}]}},{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cursor"}},{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"event"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"actor"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"displayName"}}]}},{"kind":"Field","name":{"kind":"Name","value":"changes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"from"}},{"kind":"Field","name":{"kind":"Name","value":"to"}}]}}]}}]}}]}}]}}]} as unknown as DocumentNode<TaskActivityQuery, TaskActivityQueryVariables>;