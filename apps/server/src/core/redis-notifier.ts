// The Notifier across server instances: a notification published on one instance reaches the listeners of every
// instance through Redis pub/sub (a reviewer connected to instance B hears of a change sent to instance A). The
// message rows are the truth and the push only wakes a screen, so when Redis is unreachable the notification is
// still delivered on this instance and the others catch up when their screens re-read.
import type { Redis } from 'ioredis';
import { createInProcessNotifier, type Notification, type Notifier } from './notifier';

/** `channel`: the deployment's own (core/redis-names.ts). */
export const createRedisNotifier = (redis: Redis, channel: string): Notifier & { close: () => Promise<void> } => {
  const local = createInProcessNotifier();
  // A connection in subscriber mode can do nothing else: its own one.
  const subscriber = redis.duplicate();
  subscriber.on('error', () => {});
  void subscriber.subscribe(channel).catch(() => {});
  subscriber.on('message', (_channel, text: string) => {
    let notification: Notification;
    try {
      notification = JSON.parse(text) as Notification;
    } catch {
      return;
    }
    void local.publish(notification);
  });
  return {
    publish: async (notification) => {
      try {
        await redis.publish(channel, JSON.stringify(notification));
      } catch {
        await local.publish(notification);
      }
    },
    subscribe: local.subscribe,
    close: async () => {
      subscriber.disconnect();
    },
  };
};
