/**
 * At most `limit` holders at once; a caller past them waits at most `waitMs` for a slot, and none
 * waits at all once `maxWaiting` are waiting. Either refusal rejects with what `refuse` makes, so the
 * caller answers at once instead of queueing behind work that may never end (a lock held elsewhere).
 */
export interface SlotLimits {
  limit: number;
  waitMs: number;
  maxWaiting: number;
}

interface Waiter {
  grant: () => void;
}

export class BoundedSlots {
  private taken = 0;
  private readonly waiters: Waiter[] = [];

  constructor(
    private readonly limits: SlotLimits,
    private readonly refuse: (why: string) => Error,
  ) {}

  get running() {
    return this.taken;
  }

  get waiting() {
    return this.waiters.length;
  }

  /** Resolves with a release function once a slot is held; call it exactly once, however the work ends. */
  acquire(): Promise<() => void> {
    if (this.taken < this.limits.limit) {
      this.taken += 1;
      return Promise.resolve(this.releaser());
    }
    if (this.waiters.length >= this.limits.maxWaiting)
      return Promise.reject(
        this.refuse(`${this.waiters.length} already wait for one of ${this.limits.limit}`),
      );
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        grant: () => {
          clearTimeout(timer);
          resolve(this.releaser());
        },
      };
      const timer = setTimeout(() => {
        this.waiters.splice(this.waiters.indexOf(waiter), 1);
        reject(this.refuse(`no slot of ${this.limits.limit} within ${this.limits.waitMs} ms`));
      }, this.limits.waitMs);
      this.waiters.push(waiter);
    });
  }

  private releaser() {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      // The slot passes straight to the longest waiter; `taken` stays the same.
      const next = this.waiters.shift();
      if (next) next.grant();
      else this.taken -= 1;
    };
  }
}
