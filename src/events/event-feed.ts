import type { Db } from '../db/client.ts';
import type { Logger } from '../logger.ts';
import type { EventMessage } from './event-message.ts';
import { isUserEvent } from './outbox.ts';
import { boardsOf, readBoardEventsAfter, readEventsAfter, readUserEventsAfter, recipientsOf } from './outbox-reader.ts';
import { PollLoop } from './poll-loop.ts';
import { sequenceState } from './sequencer.ts';
import type { WakeChannel } from './wake-channel.ts';

/** Tuning of an instance's live-event feed. */
export interface FeedOptions {
  /** Poll interval while wake-ups of other instances cannot arrive (the wake channel is down). */
  fallbackPollMs: number;
  /** Poll interval while the wake channel is up: the most latency a lost wake-up can cost. */
  idlePollMs: number;
  /** Outbox rows per read. */
  pageSize: number;
  /** Events a subscription may hold unread before it reads the outbox itself instead. */
  maxQueued: number;
}

export const DEFAULT_FEED_OPTIONS: FeedOptions = {
  fallbackPollMs: 500,
  idlePollMs: 5_000,
  pageSize: 500,
  maxQueued: 1_000,
};

/** What a subscription follows: one board's events, or one user's inbox events (src/events/outbox.ts USER_EVENTS). */
export type FeedTopic = { kind: 'board'; id: number } | { kind: 'user'; id: number };

const topicKey = (topic: FeedTopic) => `${topic.kind}:${topic.id}`;

/**
 * The read side of live events in one instance. It follows the outbox in
 * position (commit) order with one cursor and hands each event to the
 * subscriptions of its board(s), or, for an inbox event, of its recipients:
 * one read per wake-up for all subscribers, not one per subscriber. Wake-ups come from the dispatcher of this instance
 * and, through the wake channel, of the others; a poll covers lost ones
 * (often while the channel is down, rarely while it is up). When nobody is
 * subscribed it reads nothing.
 */
export class EventFeed {
  /** Every event up to here has been handed to the subscriptions registered at the time. */
  private cursor = 0n;
  /** Open subscriptions by topic (`board:<id>`, `user:<id>`). */
  private readonly topics = new Map<string, Set<FeedSubscription>>();
  private subscriptionCount = 0;
  private readonly loop: PollLoop;
  private readonly offs: (() => void)[] = [];

  constructor(
    private readonly db: Db,
    private readonly channel: WakeChannel,
    logger: Logger,
    readonly options: FeedOptions = DEFAULT_FEED_OPTIONS,
  ) {
    this.loop = new PollLoop('event-feed', this.pollInterval(), () => this.step(), logger);
  }

  /** Starts following the outbox. */
  start(): void {
    this.offs.push(
      this.channel.onWake((position) => this.notify(position)),
      this.channel.onConnectionChange(() => {
        this.loop.setIntervalMs(this.pollInterval());
        // Back: read what was stamped while wake-ups could not arrive. Lost: switch to polling now.
        this.loop.nudge();
      }),
    );
    this.loop.start();
  }

  /** Stops following; open subscriptions end. */
  async stop(): Promise<void> {
    for (const off of this.offs.splice(0)) off();
    await this.loop.stop();
    for (const subs of this.topics.values()) for (const sub of subs) void sub.return();
  }

  /** Positions up to `position` exist: read them soon (a no-op when nobody listens or they were read). */
  notify(position: bigint): void {
    if (this.subscriptionCount > 0 && position > this.cursor) this.loop.nudge();
  }

  /**
   * Subscribes to the events of one board, in commit order: those after
   * `after` (a position already checked by parseResumeCursor), read from the
   * outbox first; without it, those the feed has not read yet: everything
   * committed from now on, and possibly a few events committed just before
   * that the dispatcher had not numbered yet (a subscriber may see a little
   * of the past, never miss what follows).
   */
  subscribe(projectId: number, after: bigint | null): Promise<FeedSubscription> {
    return this.subscribeTopic({ kind: 'board', id: projectId }, after);
  }

  /**
   * Subscribes to one user's inbox events (`notification.created` naming
   * them), in commit order, as {@link subscribe} does for a board. Whether
   * the user may still see each event's task is the subscriber's check.
   */
  subscribeUser(userId: number, after: bigint | null): Promise<FeedSubscription> {
    return this.subscribeTopic({ kind: 'user', id: userId }, after);
  }

  private async subscribeTopic(topic: FeedTopic, after: bigint | null): Promise<FeedSubscription> {
    if (this.subscriptionCount === 0) {
      // Nothing was read while nobody listened: start from the present.
      const { lastPosition } = await sequenceState(this.db);
      if (lastPosition > this.cursor) this.cursor = lastPosition;
    }
    const sub = new FeedSubscription(this, topic, after ?? this.cursor, after !== null);
    const key = topicKey(topic);
    let subs = this.topics.get(key);
    if (!subs) this.topics.set(key, (subs = new Set()));
    subs.add(sub);
    this.subscriptionCount++;
    return sub;
  }

  /** @internal Called by a subscription when it ends. */
  unregister(sub: FeedSubscription): void {
    const key = topicKey(sub.topic);
    const subs = this.topics.get(key);
    if (!subs?.delete(sub)) return;
    this.subscriptionCount--;
    if (subs.size === 0) this.topics.delete(key);
  }

  /** @internal A subscription's own read (catching up, or after its queue overflowed). */
  read(topic: FeedTopic, after: bigint): Promise<EventMessage[]> {
    return topic.kind === 'board'
      ? readBoardEventsAfter(this.db, topic.id, after, this.options.pageSize)
      : readUserEventsAfter(this.db, topic.id, after, this.options.pageSize);
  }

  /** The last position this feed has read (tests and metrics). */
  get position(): bigint {
    return this.cursor;
  }

  /** How many subscriptions are open (tests and metrics). */
  get size(): number {
    return this.subscriptionCount;
  }

  private pollInterval(): number {
    return this.channel.connected ? this.options.idlePollMs : this.options.fallbackPollMs;
  }

  private async step(): Promise<boolean> {
    if (this.subscriptionCount === 0) return false;
    const events = await readEventsAfter(this.db, this.cursor, this.options.pageSize);
    for (const event of events) {
      const keys = isUserEvent(event)
        ? recipientsOf(event).map((id) => topicKey({ kind: 'user', id }))
        : boardsOf(event).map((id) => topicKey({ kind: 'board', id }));
      for (const key of keys) {
        for (const sub of this.topics.get(key) ?? []) sub.push(event);
      }
      this.cursor = BigInt(event.cursor!);
    }
    return events.length === this.options.pageSize;
  }
}

const RETRY_READ_MS = 1_000;

/**
 * One subscriber's stream of a topic's events (a board's, or a user's inbox
 * events), in position order, each once.
 * Fed from two sources that never leave a gap: the feed's live queue (every
 * event after the feed's cursor when it registered) and its own outbox reads
 * (everything after the last event it yielded). It reads the outbox itself
 * while catching up from `after`, and when its queue overflowed (a slow
 * client): the outbox is the buffer, so a slow subscriber costs no memory
 * and loses nothing. Queued events at or below the last yielded one are
 * dropped, so the two sources never duplicate.
 */
export class FeedSubscription implements AsyncIterableIterator<EventMessage> {
  private queue: EventMessage[] = [];
  private backlog: EventMessage[] = [];
  private wakeUp: (() => void) | null = null;
  private closed = false;

  constructor(
    private readonly feed: EventFeed,
    readonly topic: FeedTopic,
    /** Position of the last event yielded (or the start). */
    private last: bigint,
    private catchingUp: boolean,
  ) {}

  /** @internal The feed hands over an event of this topic. */
  push(event: EventMessage): void {
    if (this.closed) return;
    if (this.queue.length >= this.feed.options.maxQueued) {
      this.queue = [];
      this.catchingUp = true;
    }
    this.queue.push(event);
    this.wakeUp?.();
  }

  async next(): Promise<IteratorResult<EventMessage>> {
    for (;;) {
      if (this.closed) return { done: true, value: undefined };
      const event = this.backlog.shift() ?? (this.catchingUp ? undefined : this.queue.shift());
      if (event) {
        const position = BigInt(event.cursor!);
        if (position <= this.last) continue;
        this.last = position;
        return { done: false, value: event };
      }
      if (this.catchingUp) {
        await this.catchUp();
        continue;
      }
      await new Promise<void>((resolve) => (this.wakeUp = resolve));
      this.wakeUp = null;
    }
  }

  /** One page of the outbox after the last yielded event; catching up ends with a short page. */
  private async catchUp(): Promise<void> {
    try {
      this.backlog = await this.feed.read(this.topic, this.last);
      if (this.backlog.length < this.feed.options.pageSize) this.catchingUp = false;
    } catch {
      // The database is unreachable: try again (the feed's own loop logs the outage).
      await new Promise((r) => setTimeout(r, RETRY_READ_MS).unref());
    }
  }

  async return(): Promise<IteratorResult<EventMessage>> {
    if (!this.closed) {
      this.closed = true;
      this.queue = [];
      this.backlog = [];
      this.feed.unregister(this);
      this.wakeUp?.();
    }
    return { done: true, value: undefined };
  }

  async throw(error?: unknown): Promise<IteratorResult<EventMessage>> {
    await this.return();
    throw error;
  }

  [Symbol.asyncIterator](): this {
    return this;
  }
}
