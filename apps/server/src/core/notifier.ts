// The Notifier port: services announce, after their change has committed, that employees have something
// new (a message, a review outcome) or that their access changed. Whoever holds live connections (the realtime
// module's websocket hub) subscribes, and so do the token checks (http/auth.ts); services never import either. In-process here; a Redis implementation fans out across
// instances when several run.

/** To the employees named, and/or to every holder of a role (the reviewers). */
/** The notifier's word for a notice published or withdrawn: every instance forgets its live notices, no screen hears it. */
export const ANNOUNCEMENTS_CHANGED = 'announcements';

export type Notification = {
  employeeIds?: readonly number[];
  role?: string;
  /**
   * What the screens re-read, or 'chat': a SEND message of the socket, from one employee to another, or 'access':
   * the token checks of every instance forget what they remember of the employees, or 'announcements': every
   * instance forgets the live notices it keeps (modules/announcements/live.ts); neither reaches a socket.
   */
  kind: NotifyKind | 'chat' | 'access' | typeof ANNOUNCEMENTS_CHANGED;
  payload?: { content?: string; senderId?: number };
};

import type { NotifyKind } from '@ess/contract/realtime-protocol';

export type NotificationListener = (notification: Notification) => void;

export type Notifier = {
  publish: (notification: Notification) => Promise<void>;
  /** Answers the function that unsubscribes. */
  subscribe: (listener: NotificationListener) => () => void;
};

export const createInProcessNotifier = (): Notifier => {
  const listeners = new Set<NotificationListener>();
  return {
    publish: async (notification) => {
      for (const listener of listeners) {
        try {
          listener(notification);
        } catch {
          // One broken listener must not keep the others from hearing.
        }
      }
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
};
