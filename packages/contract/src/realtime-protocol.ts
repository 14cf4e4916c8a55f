// The websocket at /ws (SPEC §7): GET_ONLINE (type 2) and SEND (type 1) as the spec has them, and what the server
// adds: the sign-in of the socket, the keep-alive and the pushes that wake a screen. No zod here: the signed-in
// shell holds the socket on every screen.

export const WS_PATH = '/ws';

/** SPEC §9 message types. */
export const MESSAGE_TYPE = { SEND: 1, GET_ONLINE: 2 } as const;

/**
 * Close codes the client acts on: the token no longer holds (4401: renew it, or sign in again), the account was
 * disabled (4403: marked as left; sign-in at once, saying so), another tab took the place (4409), too many (4429).
 */
export const WS_CLOSE = {
  UNAUTHORIZED: 4401,
  ACCOUNT_DISABLED: 4403,
  REPLACED: 4409,
  TOO_MANY: 4429,
  /** The instance is stopping (a restart, a deploy): connect again, to another instance behind the proxy. */
  RESTARTING: 1012,
} as const;

/** The content of a `session.ended` notification whose employee was marked as left (their sockets close 4403). */
export const SESSION_ENDED_LEFT = 'left';

/** Client → server. The first message signs the socket in (the token never appears in a URL). */
export type ClientMessage =
  | { type: 'AUTH'; token: string }
  | { type: 'PING' }
  | { type: typeof MESSAGE_TYPE.GET_ONLINE; To?: number }
  | { type: typeof MESSAGE_TYPE.SEND; To?: number; SenderId?: number; ReceiverId: number; Content: string };

/** What a push is about; the screen re-reads the matching data by REST (the rows are the truth). */
export type NotifyKind =
  /** A change was sent for review (to reviewers). */
  | 'change-request.submitted'
  /** A change was decided (to reviewers, so their lists update). */
  | 'change-request.decided'
  /** New messages for the employee (a decision on their change, …). */
  | 'messages'
  /** An HR console import changed state (to the clerk who uploaded it); content is `{ id, status, progress }`. */
  | 'import.progress'
  /** The employee's sessions ended: their sockets close on every instance (4403 when marked as left, else 4401). */
  | 'session.ended'
  /**
   * The employee's roles, menus or plant changed (to them), or a role's menus (to its holders): the app re-reads the
   * signed-in user's menus and the console its session. Every instance's token checks forget the old access on it.
   */
  | 'menus';

/** Server → client. */
export type ServerMessage =
  | { type: 'AUTH_OK'; userId: number }
  | { type: 'PONG' }
  | { type: 'NOTIFY'; kind: NotifyKind; content?: string }
  | { type: typeof MESSAGE_TYPE.GET_ONLINE; online: number[] }
  | { type: typeof MESSAGE_TYPE.SEND; SenderId: number; ReceiverId: number; Content: string }
  | { type: 'ERROR'; msg: string };

/** The client sends a PING this often; the server ends a socket silent for three of them. */
export const WS_PING_MS = 25_000;
