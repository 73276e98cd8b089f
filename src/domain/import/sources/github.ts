import { ValidationError } from '../../../errors.ts';
import { IMPORT_LIMITS, type ImportRecord } from '../records.ts';
import { placeholderEmail, readJson } from './parsed.ts';

type Json = Record<string, any>;

/**
 * Records of the JSON `gh issue list --json number,title,body,state,labels,
 * assignees,author,createdAt,updatedAt,closedAt,comments --state all`
 * prints (GitHub CLI manual, `gh issue list`: "JSON Fields"): one board
 * (`boardTitle`) with the sections Open and Closed (by `state`), labels with
 * their colours, issue numbers as ticket numbers, bodies and comments as
 * markdown. People are GitHub logins (the output has no emails): each is
 * `<login>@github.invalid`, matched if such a user exists, else created.
 */
export async function* githubRecords(input: AsyncIterable<Buffer | string>, boardTitle: string): AsyncGenerator<ImportRecord> {
  const issues = await readJson(input);
  if (!Array.isArray(issues)) throw new ValidationError('file', 'the file is not `gh issue list --json …` output (a JSON array of issues)', 'invalid');
  if (issues.length > IMPORT_LIMITS.tasks) throw new ValidationError('file', `the file has more than ${IMPORT_LIMITS.tasks} issues`, 'too_many');
  const person = (u: Json | null | undefined) => (u && typeof u.login === 'string' ? placeholderEmail(u.login, 'github') : null);
  const people = new Map<string, string>();
  const labels = new Map<string, string | null>();
  for (const issue of issues as Json[]) {
    for (const u of [issue?.author, ...(Array.isArray(issue?.assignees) ? issue.assignees : []), ...(Array.isArray(issue?.comments) ? issue.comments.map((c: Json) => c?.author) : [])]) {
      const email = person(u);
      if (email && !people.has(email)) people.set(email, String(u.name || u.login));
    }
    for (const l of Array.isArray(issue?.labels) ? issue.labels : []) {
      if (typeof l?.name === 'string' && !labels.has(l.name)) labels.set(l.name, typeof l.color === 'string' ? `#${l.color}` : null);
    }
  }
  for (const [email, displayName] of people) yield { kind: 'person', email, displayName };
  yield {
    kind: 'board',
    key: 'github',
    title: boardTitle,
    sections: [
      { key: 'OPEN', title: 'Open' },
      { key: 'CLOSED', title: 'Closed' },
    ],
    labels: [...labels].map(([name, color]) => ({ name, color })),
  };
  for (const [i, issue] of (issues as Json[]).entries()) {
    const key = `issue-${issue?.number ?? i}`;
    yield {
      kind: 'task',
      key,
      board: 'github',
      number: issue?.number,
      title: issue?.title,
      description: issue?.body ?? '',
      contentType: 'markdown',
      section: String(issue?.state ?? 'OPEN').toUpperCase() === 'CLOSED' ? 'CLOSED' : 'OPEN',
      labels: Array.isArray(issue?.labels) ? issue.labels.map((l: Json) => l?.name) : [],
      assignees: Array.isArray(issue?.assignees) ? issue.assignees.map(person).filter(Boolean) : [],
      createdBy: person(issue?.author),
      createdAt: issue?.createdAt,
      updatedAt: issue?.updatedAt ?? issue?.closedAt ?? issue?.createdAt,
    } as ImportRecord;
    for (const c of Array.isArray(issue?.comments) ? issue.comments : []) {
      yield { kind: 'comment', task: key, author: person(c?.author), text: c?.body, contentType: 'markdown', createdAt: c?.createdAt } as ImportRecord;
    }
  }
}
