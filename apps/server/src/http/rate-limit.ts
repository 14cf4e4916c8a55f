// Fixed-window counters for rate limits: in memory for one instance, in Redis when several share the load.
import type { Redis } from 'ioredis';

export type RateLimiter = {
  /** Counts one hit; answers false when the key is over `limit` in the current window. */
  hit: (key: string, limit: number, windowMs: number) => Promise<boolean>;
};

export const createMemoryRateLimiter = (): RateLimiter => {
  const windows = new Map<string, { count: number; resetAt: number }>();
  return {
    hit: async (key, limit, windowMs) => {
      const now = Date.now();
      let entry = windows.get(key);
      if (!entry || entry.resetAt <= now) {
        if (windows.size > 50_000) {
          for (const [k, v] of windows) if (v.resetAt <= now) windows.delete(k);
        }
        entry = { count: 0, resetAt: now + windowMs };
        windows.set(key, entry);
      }
      entry.count += 1;
      return entry.count <= limit;
    },
  };
};

export const createRedisRateLimiter = (redis: Redis): RateLimiter => ({
  hit: async (key, limit, windowMs) => {
    const redisKey = `ess:rl:${key}`;
    const [[, count] = [null, 0]] = (await redis.multi().incr(redisKey).pexpire(redisKey, windowMs, 'NX').exec()) ?? [];
    return Number(count) <= limit;
  },
});
