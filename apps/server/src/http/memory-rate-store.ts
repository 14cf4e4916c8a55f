// The in-process counter store of @fastify/rate-limit when no Redis is configured. The plugin's own LocalStore hands
// every request the same mutable counter object and the plugin reads it only after an await, so a burst of
// concurrent requests all read the burst's final count: 50 at once against a limit of 20 refused all 50, the 20
// within the limit included. This store answers each request a snapshot of the count its own increment made.
// Fixed windows per key, like LocalStore; the oldest keys go first beyond MAX_KEYS.

type Counter = { count: number; startMs: number };
type Callback = (error: Error | null, result: { current: number; ttl: number }) => void;

const MAX_KEYS = 10_000;

export class MemoryRateStore {
  private readonly counters = new Map<string, Counter>();

  incr(key: string, callback: Callback, timeWindow: number) {
    const now = Date.now();
    let counter = this.counters.get(key);
    if (!counter || counter.startMs + timeWindow <= now) counter = { count: 0, startMs: now };
    counter.count += 1;
    // Re-inserted, so the map's order is by last use and the first key is the one to drop.
    this.counters.delete(key);
    this.counters.set(key, counter);
    if (this.counters.size > MAX_KEYS) {
      const oldest = this.counters.keys().next().value;
      if (oldest !== undefined) this.counters.delete(oldest);
    }
    callback(null, { current: counter.count, ttl: counter.startMs + timeWindow - now });
  }

  read(key: string, callback: Callback, timeWindow: number) {
    const now = Date.now();
    const counter = this.counters.get(key);
    if (!counter || counter.startMs + timeWindow <= now) return callback(null, { current: 0, ttl: 0 });
    callback(null, { current: counter.count, ttl: counter.startMs + timeWindow - now });
  }

  /** Each route counts on its own. */
  child() {
    return new MemoryRateStore();
  }
}
