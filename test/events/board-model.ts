// A board kept in memory as a dashboard would keep it: one query, then the
// `boardEvents` of that board applied by the rules of the BoardEvent type.
// The model test compares it with a fresh query after many mutations.

/** What a board view shows of a task. */
const TASK_FIELDS = /* GraphQL */ `
  fragment ModelTask on Task {
    id
    title
    status
    projectId
    sectionId
    parentId
    priority
    position
    commentCount
    labels { id }
    assignees { id }
  }
`;

const COMMENT_FIELDS = 'id taskId text';

/** The board subscription a dashboard runs: every event with the changed thing as the viewer may see it now. */
export const MODEL_SUBSCRIPTION = /* GraphQL */ `
  subscription ModelBoard($projectId: Int!, $after: ID) {
    boardEvents(projectId: $projectId, after: $after) {
      __typename
      id
      cursor
      event
      projectId
      ... on TaskBoardEvent { taskId fromProjectId task { ...ModelTask } }
      ... on SectionBoardEvent { sectionId section { id title ranking visible } }
      ... on LabelBoardEvent { labelId label { id name color } }
      ... on CommentBoardEvent { taskId commentId comment { ${COMMENT_FIELDS} } task { ...ModelTask } }
      ... on MemberBoardEvent { userId member { role user { id } } }
    }
  }
  ${TASK_FIELDS}
`;

/** The one query a dashboard renders the board with (tasks of every status; pages of 100). */
export const BOARD_QUERY = /* GraphQL */ `
  query ModelBoardNow($projectId: Int!, $offset: Int!) {
    project(id: $projectId) {
      sections(includeHidden: true) { id title ranking visible }
      labels { id name color }
      members { role user { id } }
    }
    normal: tasks(filter: { projectId: $projectId, status: NORMAL }, limit: 100, offset: $offset) { total items { ...ModelTask } }
    archived: tasks(filter: { projectId: $projectId, status: ARCHIVE }, limit: 100, offset: $offset) { total items { ...ModelTask } }
    deleted: tasks(filter: { projectId: $projectId, status: DELETED }, limit: 100, offset: $offset) { total items { ...ModelTask } }
  }
  ${TASK_FIELDS}
`;

/** The comments of one task (a board that shows comments loads them when a task arrives from another board). */
export const COMMENTS_QUERY = /* GraphQL */ `
  query ModelComments($taskId: Int!, $offset: Int!) {
    comments(ref: { taskId: $taskId }, limit: 100, offset: $offset) { total items { ${COMMENT_FIELDS} } }
  }
`;

export interface ModelTaskRow {
  id: number;
  projectId: number;
  labels: { id: number }[];
  assignees: { id: string }[];
  [field: string]: unknown;
}
export interface ModelComment {
  id: number;
  taskId: number;
  text: string;
}
type Row = { id: number; [field: string]: unknown };
type Member = { role: string; user: { id: number } };

/** One `boardEvents` result as MODEL_SUBSCRIPTION selects it. */
export interface ModelEvent {
  __typename: string;
  id: string;
  cursor: string;
  event: string;
  projectId: number;
  fromProjectId?: number | null;
  taskId?: number;
  task?: ModelTaskRow | null;
  sectionId?: number;
  section?: Row | null;
  labelId?: number;
  label?: Row | null;
  commentId?: number;
  comment?: ModelComment | null;
  userId?: number;
  member?: Member | null;
}

/** The type of each event family. */
const FAMILY_TYPES: Record<string, string> = {
  task: 'TaskBoardEvent',
  section: 'SectionBoardEvent',
  label: 'LabelBoardEvent',
  comment: 'CommentBoardEvent',
  member: 'MemberBoardEvent',
};

/** Runs a GraphQL query as the dashboard's user; throws on errors. */
export type Query = <T>(document: string, variables: Record<string, unknown>) => Promise<T>;

/** A board in memory, built from one query and kept by applying events. */
export class BoardModel {
  readonly sections = new Map<number, Row>();
  readonly labels = new Map<number, Row>();
  readonly members = new Map<number, Member>();
  readonly tasks = new Map<number, ModelTaskRow>();
  readonly comments = new Map<number, ModelComment>();

  private constructor(
    readonly projectId: number,
    private readonly query: Query,
  ) {}

  /** The board as a fresh query returns it now. */
  static async load(projectId: number, query: Query): Promise<BoardModel> {
    const model = new BoardModel(projectId, query);
    type Page = { total: number; items: ModelTaskRow[] };
    type Answer = { project: { sections: Row[]; labels: Row[]; members: Member[] }; normal: Page; archived: Page; deleted: Page };
    for (let offset = 0; ; offset += 100) {
      const now = await query<Answer>(BOARD_QUERY, { projectId, offset });
      if (offset === 0) {
        for (const s of now.project.sections) model.sections.set(s.id, s);
        for (const l of now.project.labels) model.labels.set(l.id, l);
        for (const m of now.project.members) model.members.set(m.user.id, m);
      }
      const pages = [now.normal, now.archived, now.deleted];
      for (const t of pages.flatMap((p) => p.items)) model.tasks.set(t.id, t);
      if (pages.every((p) => p.total <= offset + 100)) break;
    }
    for (const taskId of model.tasks.keys()) await model.loadComments(taskId);
    return model;
  }

  private async loadComments(taskId: number) {
    type Answer = { comments: { total: number; items: ModelComment[] } };
    for (let offset = 0; ; offset += 100) {
      const page = await this.query<Answer>(COMMENTS_QUERY, { taskId, offset }).catch((e: Error) => {
        // Deleted or moved away since: an event still to come says so.
        if (e.message.includes('NOT_FOUND')) return { comments: { total: 0, items: [] } };
        throw e;
      });
      for (const c of page.comments.items) this.comments.set(c.id, c);
      if (page.comments.total <= offset + 100) return;
    }
  }

  private dropTask(id: number) {
    this.tasks.delete(id);
    for (const c of this.comments.values()) if (c.taskId === id) this.comments.delete(c.id);
  }

  /** Takes a task as an event carries it: on this board, put in place; gone or elsewhere, dropped. */
  private async takeTask(taskId: number, task: ModelTaskRow | null, created = false) {
    if (!task || task.projectId !== this.projectId) return this.dropTask(taskId);
    const arrived = !this.tasks.has(taskId) && !created;
    this.tasks.set(taskId, task);
    // A task that came from another board brings its comments; no event of this board lists them.
    if (arrived) await this.loadComments(taskId);
  }

  /** Applies one event by the rules in the description of the BoardEvent type. */
  async apply(e: ModelEvent): Promise<void> {
    // `TASK_CREATED` is task.created, a TaskBoardEvent: the family's type tells the events apart.
    const name = e.event.toLowerCase().replace('_', '.');
    const [kind] = name.split('.');
    if (FAMILY_TYPES[kind] !== e.__typename) throw new Error(`${e.event} arrived as a ${e.__typename}`);
    if (name === 'task.deleted') return this.dropTask(e.taskId!);
    if (kind === 'task') return this.takeTask(e.taskId!, e.task ?? null, name === 'task.created');
    if (kind === 'section') {
      if (name === 'section.deleted' || !e.section) this.sections.delete(e.sectionId!);
      else this.sections.set(e.section.id, e.section);
      return;
    }
    if (kind === 'label') {
      if (name !== 'label.deleted' && e.label) return void this.labels.set(e.label.id, e.label);
      this.labels.delete(e.labelId!);
      for (const t of this.tasks.values()) t.labels = t.labels.filter((l) => l.id !== e.labelId);
      return;
    }
    if (kind === 'comment') {
      if (!this.tasks.has(e.taskId!)) return; // about a task this board no longer has
      if (name === 'comment.deleted' || !e.comment) this.comments.delete(e.commentId!);
      else this.comments.set(e.comment.id, e.comment);
      // The task (its comment count) as it is now.
      return this.takeTask(e.taskId!, e.task ?? null);
    }
    if (kind === 'member') {
      if (name === 'member.removed' || !e.member) this.members.delete(e.userId!);
      else this.members.set(e.userId!, e.member);
      return;
    }
    throw new Error(`The model does not know event ${e.event}`);
  }

  /** A plain, ordered picture of the board, for comparison. */
  snapshot() {
    const byId = <T extends { id: number }>(rows: Iterable<T>) => [...rows].sort((a, b) => a.id - b.id);
    const sortIds = <T extends { id: number | string }>(rows: T[]) => [...rows].map((r) => r.id).sort();
    return {
      sections: byId(this.sections.values()),
      labels: byId(this.labels.values()),
      members: [...this.members.values()].map((m) => ({ userId: m.user.id, role: m.role })).sort((a, b) => a.userId - b.userId),
      tasks: byId(this.tasks.values()).map((t) => ({ ...t, labels: sortIds(t.labels), assignees: sortIds(t.assignees) })),
      comments: byId(this.comments.values()),
    };
  }
}
