// Commands for systems outside this server (the cabinet controller, the attendance system), behind one interface:
// by default they wait in the outbox table for a relay; with CABINET_CONTROLLER_URL, cabinet commands go straight there.
import { sql } from 'drizzle-orm';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { outboxCommands } from '../db/schema/index';
import type { Executor } from '../db/transaction';

export type OutsideTarget = 'cabinet' | 'attendance';
export type OutsideCommand = {
  target: OutsideTarget;
  command: string;
  payload: Record<string, unknown>;
  /** The employee on whose behalf the command goes out (audit). */
  requestedBy: number;
};
/** `detail` is Chinese, fit to show the employee when `ok` is false. */
export type CommandOutcome = { ok: boolean; detail: string };
/**
 * `within`: the transaction of the change the command belongs to. A command that waits in the outbox is then
 * written with that change or not at all (a relay never delivers the command of a change rolled back).
 */
export type OutsideSystems = {
  sendCommand: (command: OutsideCommand, within?: Executor) => Promise<CommandOutcome>;
};

export const QUEUED_MESSAGE = '指令已发送';
export const CONTROLLER_UNREACHABLE_MESSAGE = '柜子控制器无响应，请稍后重试';
export const CONTROLLER_FAILED_MESSAGE = '柜子控制器处理失败，请稍后重试';

/** The default: every command is stored as pending; a relay elsewhere delivers it and records the outcome. */
export const createOutboxAdapter = (db: Db): OutsideSystems => ({
  sendCommand: async ({ target, command, payload, requestedBy }, within = db) => {
    await within.insert(outboxCommands).values({ target, command, payload, requestedBy, status: 'pending' });
    return { ok: true, detail: QUEUED_MESSAGE };
  },
});

/**
 * Delivers at once to the controller and keeps the outcome in the outbox table for the audit trail.
 * The row is written after the attempt, never as pending: a relay must not replay an "open" the employee
 * was already told had failed.
 */
export const createHttpAdapter = ({
  db,
  url,
  timeoutMs,
}: {
  db: Db;
  url: string;
  timeoutMs: number;
}): OutsideSystems => ({
  sendCommand: async ({ target, command, payload, requestedBy }) => {
    let status: 'sent' | 'failed';
    let detail: string;
    let message: string;
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ target, command, payload }),
        signal: AbortSignal.timeout(timeoutMs),
      });
      const text = (await response.text()).slice(0, 500);
      status = response.ok ? 'sent' : 'failed';
      detail = `HTTP ${response.status} ${text}`.trim();
      message = response.ok ? QUEUED_MESSAGE : CONTROLLER_FAILED_MESSAGE;
    } catch (error) {
      status = 'failed';
      const isTimeout = error instanceof Error && error.name === 'TimeoutError';
      detail = isTimeout
        ? `no answer within ${timeoutMs} ms`
        : `unreachable: ${error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error)}`;
      message = CONTROLLER_UNREACHABLE_MESSAGE;
    }
    await db
      .insert(outboxCommands)
      .values({ target, command, payload, requestedBy, status, detail, completedAt: sql`now()` });
    return { ok: status === 'sent', detail: message };
  },
});

/**
 * The adapter the server uses. The controller URL is the cabinet controller's, so only cabinet commands
 * go there; commands for the attendance system always wait in the outbox for its relay.
 */
export const createOutsideSystems = ({ db, config }: { db: Db; config: Config }): OutsideSystems => {
  const outbox = createOutboxAdapter(db);
  if (!config.CABINET_CONTROLLER_URL) return outbox;
  const controller = createHttpAdapter({
    db,
    url: config.CABINET_CONTROLLER_URL,
    timeoutMs: config.CABINET_CONTROLLER_TIMEOUT_MS,
  });
  return {
    sendCommand: (command, within) => (command.target === 'cabinet' ? controller : outbox).sendCommand(command, within),
  };
};
