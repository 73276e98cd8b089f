import { type EnqueuedTaskPromise, type Index, Meilisearch, type SearchParams, type Settings } from 'meilisearch';
import type { Db } from '../db/client.ts';
import { parseQuery, TYPO_RULES } from './query-terms.ts';
import type { SearchFilters, SearchHit, SearchIndex } from './search-index.ts';
import { loadTaskDocument, type TaskDocument, taskDocumentBatches } from './task-document.ts';

/** Connection and behaviour of the Meilisearch engine. */
export interface MeilisearchOptions {
  host: string;
  apiKey?: string;
  /** Index uid (default `tasks`); tests use their own. */
  indexUid?: string;
  /** How long to wait for Meilisearch to apply a write (ms, default 10,000). */
  taskTimeoutMs?: number;
}

/**
 * Index settings, applied at start-up (`init`). Typo tolerance follows the
 * same rule as the PostgreSQL engine: one typo from 4 letters, two from 8.
 * Newer tasks win ties.
 */
export const MEILI_SETTINGS: Settings = {
  searchableAttributes: ['ticketNumber', 'title', 'description'],
  filterableAttributes: [
    'projectId',
    'sectionId',
    'sectionKey',
    'assigneeIds',
    'unassigned',
    'priority',
    'hasDueDate',
    'status',
    'ticketNumber',
  ],
  sortableAttributes: ['updatedAt'],
  displayedAttributes: ['*'],
  rankingRules: ['words', 'typo', 'proximity', 'attribute', 'sort', 'exactness', 'updatedAt:desc'],
  typoTolerance: {
    enabled: true,
    minWordSizeForTypos: { oneTypo: TYPO_RULES.oneTypo, twoTypos: TYPO_RULES.twoTypos },
    disableOnAttributes: ['ticketNumber'],
  },
  pagination: { maxTotalHits: 10_000 },
};

/** A filter string value, quoted for Meilisearch's filter syntax. */
function quoted(value: string): string {
  return `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

/** Meilisearch filter expressions of a search (all ANDed). */
export function meiliFilter(f: SearchFilters): string[] {
  const out = [
    `projectId IN [${f.visibleProjectIds.map((id) => Math.trunc(id)).join(', ')}]`,
    `status = ${quoted(f.status ?? 'Normal')}`,
  ];
  if (f.projectId != null) out.push(`projectId = ${Math.trunc(f.projectId)}`);
  if (f.section != null) out.push(`sectionKey = ${quoted(f.section.toLowerCase())}`);
  if (f.assignedTo === 'unassigned') out.push('unassigned = true');
  else if (f.assignedTo != null) out.push(`assigneeIds = ${Math.trunc(f.assignedTo)}`);
  if (f.priority != null) out.push(`priority = ${quoted(f.priority)}`);
  if (f.hasDueDate != null) out.push(`hasDueDate = ${f.hasDueDate}`);
  return out;
}

/**
 * Meilisearch engine (official client), used when `MEILI_HOST` is set.
 * Documents are built from the database (`task-document.ts`) and kept in
 * sync by the outbox dispatcher, which calls `indexTask` for every task
 * event after commit; `rebuild` (`tasksvc reindex`) builds a fresh index
 * and swaps it in atomically. Every search is filtered by the caller's
 * projects, and the caller reloads hits from the database with the same
 * rules, so a document not yet re-indexed can never leak a task.
 */
export class MeilisearchSearchIndex implements SearchIndex {
  readonly engine = 'meilisearch' as const;
  readonly client: Meilisearch;
  readonly indexUid: string;
  private readonly timeout: number;
  private ready: Promise<void> | null = null;

  constructor(
    private readonly db: Db,
    options: MeilisearchOptions,
  ) {
    this.client = new Meilisearch({ host: options.host, apiKey: options.apiKey });
    this.indexUid = options.indexUid ?? 'tasks';
    this.timeout = options.taskTimeoutMs ?? 10_000;
  }

  /** Creates the index when missing and applies `MEILI_SETTINGS`; idempotent, run once per instance. */
  init(): Promise<void> {
    this.ready ??= this.prepare(this.indexUid).catch((err) => {
      this.ready = null;
      throw err;
    });
    return this.ready;
  }

  /** Meilisearch's `/health` (readiness: src/http/readiness.ts). */
  async ping(): Promise<void> {
    await this.client.health();
  }

  async search(query: string, filters: SearchFilters): Promise<{ hits: SearchHit[]; total: number }> {
    if (filters.visibleProjectIds.length === 0 || filters.limit < 1) return { hits: [], total: 0 };
    await this.init();
    const index = this.index();
    const filter = meiliFilter(filters);
    const parsed = parseQuery(query);
    // Meilisearch answers a query without words (`!!!`) like an empty one: with everything.
    if (parsed.terms.length === 0 && parsed.tickets.length === 0) return { hits: [], total: 0 };
    const tickets = parsed.tickets.length
      ? await index.search('', {
          filter: [...filter, parsed.tickets.map((t) => `ticketNumber = ${quoted(t.ticketNumber)}`)],
          limit: parsed.tickets.length * 5,
          attributesToRetrieve: ['id', 'ticketNumber'],
        })
      : null;
    const ticketIds = parsed.tickets.flatMap((t) =>
      (tickets?.hits ?? [])
        .filter((h) => String(h.ticketNumber).toUpperCase() === t.ticketNumber)
        .map((h) => Number(h.id)),
    );
    const params = {
      filter,
      page: 1,
      hitsPerPage: filters.limit,
      showRankingScore: true,
      attributesToRetrieve: ['id'],
    } satisfies SearchParams;
    // All words first; when nothing has them all, the words from the end are dropped one by one.
    let text = await index.search(query, { ...params, matchingStrategy: 'all' });
    if (text.totalHits === 0 && parsed.terms.length > 1)
      text = await index.search(query, { ...params, matchingStrategy: 'last' });
    const hits: SearchHit[] = ticketIds.map((taskId) => ({ taskId, score: 1 }));
    for (const h of text.hits) {
      const taskId = Number(h.id);
      if (!ticketIds.includes(taskId)) hits.push({ taskId, score: Math.min(1, Math.max(0, h._rankingScore ?? 0)) });
    }
    return {
      hits: hits.slice(0, filters.limit),
      total: text.totalHits + ticketIds.filter((id) => !text.hits.some((h) => Number(h.id) === id)).length,
    };
  }

  /** Upserts the task's document from the database (deletes it when the task is gone). */
  async indexTask(taskId: number): Promise<void> {
    await this.init();
    const doc = await loadTaskDocument(this.db, taskId);
    if (!doc) return this.removeTask(taskId);
    await this.wait(this.index().addDocuments([doc], { primaryKey: 'id' }));
  }

  async removeTask(taskId: number): Promise<void> {
    await this.init();
    await this.wait(this.index().deleteDocument(taskId));
  }

  /**
   * Builds a new index from every task of the database, then swaps it with
   * the live one (searches see the old index until the swap) and drops the
   * old one. `onProgress(done, total)` counts tasks.
   */
  async rebuild(onProgress?: (done: number, total: number) => void): Promise<void> {
    await this.init();
    const staging = `${this.indexUid}_rebuild`;
    await this.client.deleteIndexIfExists(staging);
    await this.prepare(staging);
    const total = await this.db.task.count();
    let done = 0;
    onProgress?.(0, total);
    for await (const batch of taskDocumentBatches(this.db)) {
      await this.wait(this.client.index<TaskDocument>(staging).addDocuments(batch, { primaryKey: 'id' }));
      done += batch.length;
      onProgress?.(Math.min(done, total), Math.max(total, done));
    }
    await this.wait(this.client.swapIndexes([{ indexes: [this.indexUid, staging], rename: false }]));
    await this.wait(this.client.deleteIndex(staging));
  }

  private index(): Index<TaskDocument> {
    return this.client.index<TaskDocument>(this.indexUid);
  }

  private async prepare(uid: string): Promise<void> {
    const created = await this.client.createIndex(uid, { primaryKey: 'id' }).waitTask({ timeout: this.timeout });
    if (created.status === 'failed' && created.error?.code !== 'index_already_exists') {
      throw new Error(`Meilisearch: cannot create index ${uid}: ${created.error?.message}`);
    }
    await this.wait(this.client.index(uid).updateSettings(MEILI_SETTINGS));
  }

  private async wait(task: EnqueuedTaskPromise): Promise<void> {
    const done = await task.waitTask({ timeout: this.timeout });
    if (done.status === 'failed')
      throw new Error(`Meilisearch task ${done.uid} (${done.type}) failed: ${done.error?.message}`);
  }
}
