import { ValidationError } from '../../../errors.ts';
import { IMPORT_LIMITS, type ImportRecord } from '../records.ts';
import { placeholderEmail, readJson } from './parsed.ts';

type Json = Record<string, any>;

/**
 * Records of a Trello board's JSON export (board menu → Print, export and
 * share → Export as JSON; the objects are Trello's REST "object
 * definitions": board, lists, cards, labels, members, actions): one board,
 * its lists as sections in `pos` order, labels (a label without a name is
 * named by its colour), cards in list and `pos` order (`idShort` as ticket
 * number, `desc` as markdown, `due`, archived cards and cards of archived
 * lists as status Archive), and the `commentCard` actions as comments,
 * oldest first. Members have no email in the export: each is
 * `<username>@trello.invalid`.
 */
export async function* trelloRecords(input: AsyncIterable<Buffer | string>): AsyncGenerator<ImportRecord> {
  const board = (await readJson(input)) as Json;
  if (!board || typeof board !== 'object' || !Array.isArray(board.lists) || !Array.isArray(board.cards)) {
    throw new ValidationError('file', 'the file is not a Trello board export (a board object with lists and cards)', 'invalid');
  }
  if (board.cards.length > IMPORT_LIMITS.tasks) throw new ValidationError('cards', `the board has more than ${IMPORT_LIMITS.tasks} cards`, 'too_many');
  const byPos = (a: Json, b: Json) => Number(a?.pos ?? 0) - Number(b?.pos ?? 0);
  const lists = [...(board.lists as Json[])].sort(byPos);
  const closedLists = new Set(lists.filter((l) => l?.closed).map((l) => l.id));
  const members = new Map<string, { email: string; displayName: string }>();
  for (const m of Array.isArray(board.members) ? (board.members as Json[]) : []) {
    if (typeof m?.id === 'string' && typeof m?.username === 'string') {
      members.set(m.id, { email: placeholderEmail(m.username, 'trello'), displayName: String(m.fullName || m.username) });
    }
  }
  for (const m of members.values()) yield { kind: 'person', ...m };
  const labels = new Map<string, string>();
  for (const l of Array.isArray(board.labels) ? (board.labels as Json[]) : []) {
    if (typeof l?.id === 'string') labels.set(l.id, String(l.name || l.color || 'label'));
  }
  yield {
    kind: 'board',
    key: String(board.id ?? 'trello'),
    title: board.name,
    description: board.desc ?? '',
    sections: lists.map((l) => ({ key: l?.id, title: l?.name })),
    labels: [...new Map([...labels.values()].map((name) => [name, { name, color: null }])).values()],
  } as ImportRecord;
  const listOrder = new Map(lists.map((l, i) => [l?.id, i]));
  const cards = [...(board.cards as Json[])].sort((a, b) => (listOrder.get(a?.idList) ?? 0) - (listOrder.get(b?.idList) ?? 0) || byPos(a, b));
  const comments = new Map<string, Json[]>();
  for (const a of Array.isArray(board.actions) ? (board.actions as Json[]) : []) {
    if (a?.type !== 'commentCard' || typeof a?.data?.card?.id !== 'string') continue;
    const list = comments.get(a.data.card.id) ?? [];
    list.push(a);
    comments.set(a.data.card.id, list);
  }
  for (const card of cards) {
    yield {
      kind: 'task',
      key: card?.id,
      board: String(board.id ?? 'trello'),
      number: card?.idShort,
      title: card?.name,
      description: card?.desc ?? '',
      contentType: 'markdown',
      section: card?.idList,
      status: card?.closed || closedLists.has(card?.idList) ? 'Archive' : 'Normal',
      dueDate: card?.due ?? null,
      labels: Array.isArray(card?.idLabels) ? card.idLabels.map((id: string) => labels.get(id)).filter(Boolean) : [],
      assignees: Array.isArray(card?.idMembers) ? card.idMembers.map((id: string) => members.get(id)?.email).filter(Boolean) : [],
      updatedAt: card?.dateLastActivity,
    } as ImportRecord;
    const own = (comments.get(card?.id) ?? []).sort((a, b) => String(a.date).localeCompare(String(b.date)));
    for (const a of own) {
      yield { kind: 'comment', task: card.id, author: members.get(a.idMemberCreator)?.email ?? null, text: a.data?.text, contentType: 'markdown', createdAt: a.date } as ImportRecord;
    }
  }
}
