/** Filters of a task search (spec 4.1 `tasksvc_search_tasks`). */
export interface SearchFilters {
  /** Projects the caller may see; engines must never return tasks outside them. */
  visibleProjectIds: number[];
  /** Only this project (one of `visibleProjectIds`, else nothing matches). */
  projectId?: number;
  /** Section title, compared case-insensitively. */
  section?: string;
  /** `me` resolved by the caller to a user id; `unassigned` (no user, no agent) stays a keyword. */
  assignedTo?: number | 'unassigned';
  priority?: 'urgent' | 'high' | 'medium' | 'low';
  hasDueDate?: boolean;
  /** Default: Normal. */
  status?: 'Normal' | 'Archive' | 'Deleted';
  /** Hits to return, at least 1. */
  limit: number;
}

/** What a result list shows of a task (spec 4.1), as of the search. */
export interface SearchHitTask {
  ticketNumber: string;
  title: string;
  /** Section title. */
  section: string;
  priority: 'urgent' | 'high' | 'medium' | 'low' | null;
  projectId: number;
}

/** One ranked hit; `score` in [0, 1], higher is better. */
export interface SearchHit {
  taskId: number;
  score: number;
  /**
   * The listed fields, read in the same statement as the match, by an engine
   * that searches the database itself; the caller then needs no second read.
   */
  task?: SearchHitTask;
}

/**
 * One interface, two engines (PostgreSQL default, Meilisearch when
 * configured; `createSearchIndex` picks). The outbox dispatcher calls
 * `indexTask` after every committed task event.
 */
export interface SearchIndex {
  readonly engine: 'postgres' | 'meilisearch';
  /** Applies settings (index creation, attributes); idempotent. */
  init(): Promise<void>;
  /**
   * Hits best first, at most `filters.limit`: tasks whose ticket number is
   * in the query first (score 1), then by relevance. `total` counts every
   * task matching the query and filters.
   */
  search(query: string, filters: SearchFilters): Promise<{ hits: SearchHit[]; total: number }>;
  /** Makes the task's current state searchable (re-reads it; removes it when gone). */
  indexTask(taskId: number): Promise<void>;
  removeTask(taskId: number): Promise<void>;
  /** Asks a separate search engine whether it answers (readiness); absent when the engine is the database. */
  ping?(): Promise<void>;
  /** Rebuilds from the database; `onProgress(done, total)`. */
  rebuild(onProgress?: (done: number, total: number) => void): Promise<void>;
}
