/**
 * Waiting work of many owners (users), handed out fairly: each owner has its
 * own FIFO queue, owners take turns (the owner served longest ago, or never,
 * goes first), and an owner with `share` items running is skipped until one
 * of them ends. So one owner's burst waits behind its own earlier items,
 * never in front of another owner's.
 */
export class FairQueue<T> {
  private readonly waiting = new Map<string, T[]>();
  private readonly running = new Map<string, number>();
  /** When each owner with waiting or running items was last served (a counter); forgotten when it has neither. */
  private readonly served = new Map<string, number>();
  private turns = 0;

  constructor(private share: number) {}

  /** Changes the number of items one owner may have running at once. */
  setShare(share: number): void {
    this.share = share;
  }

  /** Queues an item at the end of its owner's queue. */
  push(owner: string, item: T): void {
    const queue = this.waiting.get(owner);
    if (queue) queue.push(item);
    else this.waiting.set(owner, [item]);
  }

  /**
   * The next item to run (its owner now counts it as running until
   * {@link done}), or null when nothing waits that its owner's share allows.
   */
  take(): { owner: string; item: T } | null {
    let next: string | null = null;
    for (const owner of this.waiting.keys()) {
      if ((this.running.get(owner) ?? 0) >= this.share) continue;
      if (next === null || (this.served.get(owner) ?? -1) < (this.served.get(next) ?? -1)) next = owner;
    }
    if (next === null) return null;
    const queue = this.waiting.get(next)!;
    const item = queue.shift()!;
    if (!queue.length) this.waiting.delete(next);
    this.running.set(next, (this.running.get(next) ?? 0) + 1);
    this.served.set(next, this.turns++);
    return { owner: next, item };
  }

  /** An item {@link take} handed out has ended. */
  done(owner: string): void {
    const running = (this.running.get(owner) ?? 1) - 1;
    if (running > 0) this.running.set(owner, running);
    else {
      this.running.delete(owner);
      if (!this.waiting.has(owner)) this.served.delete(owner);
    }
  }

  /** Items waiting that could run now (their owners are within their share). */
  get runnable(): number {
    let n = 0;
    for (const [owner, queue] of this.waiting) n += Math.min(queue.length, Math.max(0, this.share - (this.running.get(owner) ?? 0)));
    return n;
  }

  /** Removes and returns every waiting item. */
  drain(): T[] {
    const items = [...this.waiting.values()].flat();
    this.waiting.clear();
    for (const owner of this.served.keys()) if (!this.running.has(owner)) this.served.delete(owner);
    return items;
  }
}
