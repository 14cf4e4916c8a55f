// Commands for systems outside this server (the cabinet controller, the attendance system), through one outbox:
// a command is written as pending (in the transaction of the change it belongs to), tried at once after the commit,
// and retried by the `outside-commands` job with a growing delay until it is delivered, refused, out of tries or
// past its lifetime. The employee hears the outcome: at once when the first try settles it, from
// LogisticsCabinet/GetCommandState while the cabinet screen waits, and by a message when it finally fails.
// A target with no endpoint configured leaves its commands pending for a relay the operator runs; they still
// expire, so nobody waits for ever on a command no one will deliver.
import { sql } from 'drizzle-orm';
import type { Config } from '../config';
import { sendMessages } from '../core/messages';
import type { Db } from '../db/client';
import { outboxCommands } from '../db/schema/index';
import { type Executor, withTransaction } from '../db/transaction';

export type OutsideTarget = 'cabinet' | 'attendance';
export type OutsideCommand = {
  target: OutsideTarget;
  command: string;
  payload: Record<string, unknown>;
  /** The employee on whose behalf the command goes out (audit, the outcome's message). */
  requestedBy: number;
};
export type CommandStatus = 'pending' | 'sent' | 'failed';
/** `message` is Chinese, fit to show the employee. */
export type CommandState = { id: number; status: CommandStatus; message: string };

export type OutsideSystems = {
  /** Writes the command to go out (within the change's transaction when given); answers its id. */
  queue: (command: OutsideCommand, within?: Executor) => Promise<number>;
  /** One delivery try now, unless another instance holds it or it is waiting out a retry's delay; answers its state. */
  attempt: (id: number) => Promise<CommandState>;
  /** The state of a command the employee asked for; undefined for anyone else's or an unknown one. */
  stateFor: (employeeId: number, id: number) => Promise<CommandState | undefined>;
  /** The job's pass: every due command tried once, the expired ones given up. */
  deliverDue: (signal?: AbortSignal) => Promise<DeliveryPass>;
};
export type DeliveryPass = { sent: number; retrying: number; failed: number };

export type Endpoint = { url: string; timeoutMs: number };
export type Endpoints = Partial<Record<OutsideTarget, Endpoint>>;

/** How long a command is worth delivering: an open minutes after the worker left the cabinet is worth nothing. */
const LIFETIME_SECONDS: Record<OutsideTarget, number> = { cabinet: 120, attendance: 24 * 3600 };
/** Tries before a command that keeps meeting temporary errors is given up. */
export const MAX_ATTEMPTS = 12;
/** The delay before the n-th retry: 5 s, doubling, at most half an hour. */
export const retryDelaySeconds = (attempts: number) => Math.min(5 * 2 ** (attempts - 1), 1800);
/** Commands one job pass takes; the next pass (five seconds on) takes more. */
const PASS_SIZE = 50;
/** A pass stops taking commands after this (an endpoint that hangs must not make one pass run for ever). */
const PASS_BUDGET_MS = 50_000;

type Words = { pending: string; sent: string; failed: string; link: string };
/** What the employee is told, per kind of command. */
const wordsOf = (target: string, command: string, payload: Record<string, unknown>): Words => {
  if (target === 'cabinet') {
    const boxes = Array.isArray(payload.boxes) ? `，共 ${payload.boxes.length} 个柜子` : '';
    return {
      pending: `正在开柜${boxes}，请稍候`,
      sent: `已开柜${boxes}`,
      failed: '开柜失败，请联系总务',
      link: '/logistics/cabinet',
    };
  }
  return {
    pending: '照片已提交，正在同步到考勤系统',
    sent: '照片已同步到考勤系统',
    failed: '照片同步到考勤系统失败，请联系人事',
    link: command === 'UPDATE_CABINET_PHOTO' ? '/logistics/cabinet' : '/system-setting/person-photo',
  };
};

type CommandRow = {
  id: number;
  target: OutsideTarget;
  command: string;
  payload: Record<string, unknown>;
  status: CommandStatus;
  attempts: number;
  requestedBy: number | null;
  canRetry: boolean;
};
const stateOf = (row: Pick<CommandRow, 'id' | 'target' | 'command' | 'payload' | 'status'>): CommandState => ({
  id: row.id,
  status: row.status,
  message: wordsOf(row.target, row.command, row.payload)[row.status],
});

/** What one try came to: delivered, refused for good, or worth another try. */
type TryOutcome = { kind: 'sent' | 'refused' | 'temporary'; detail: string };

/** Statuses the far side may clear up by itself (busy, rate-limited, timed out): those are retried. */
const isTemporaryStatus = (status: number) => status >= 500 || status === 408 || status === 425 || status === 429;

/**
 * Posts the command as JSON; its id goes along as the Idempotency-Key, so a controller that honours it does not act
 * twice when a retry follows an answer that was lost.
 */
const deliver = async (endpoint: Endpoint, row: CommandRow): Promise<TryOutcome> => {
  try {
    const response = await fetch(endpoint.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': `outbox-${row.id}` },
      body: JSON.stringify({ id: row.id, target: row.target, command: row.command, payload: row.payload }),
      signal: AbortSignal.timeout(endpoint.timeoutMs),
    });
    const text = (await response.text()).slice(0, 500);
    const detail = `HTTP ${response.status} ${text}`.trim();
    if (response.ok) return { kind: 'sent', detail };
    return { kind: isTemporaryStatus(response.status) ? 'temporary' : 'refused', detail };
  } catch (error) {
    const isTimeout = error instanceof Error && error.name === 'TimeoutError';
    const reason = error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : '';
    return {
      kind: 'temporary',
      detail: isTimeout ? `no answer within ${endpoint.timeoutMs} ms` : `unreachable: ${reason || String(error)}`,
    };
  }
};

/** The columns a claim answers, as CommandRow. */
const claimedColumns = sql`id::int, target, command, payload, status, attempts, requested_by as "requestedBy",
  attempts < ${MAX_ATTEMPTS} and (expires_at is null or expires_at > now()) as "canRetry"`;

export const createOutsideSystems = ({ db, endpoints }: { db: Db; endpoints: Endpoints }): OutsideSystems => {
  const deliveredTargets = Object.keys(endpoints);
  /** The lease of a try: longer than the longest try, so two instances never try the same command at once. */
  const leaseSeconds = Math.ceil(Math.max(0, ...Object.values(endpoints).map((e) => e.timeoutMs)) / 1000) + 10;

  /** Takes due commands (one by id, or the oldest due ones) for a try, counting it: one statement. */
  const claim = async (only: { id: number } | { limit: number }): Promise<CommandRow[]> => {
    if (deliveredTargets.length === 0) return [];
    const { rows } = await db.execute<CommandRow>(sql`
      update ${outboxCommands} set attempts = attempts + 1, next_attempt_at = now() + make_interval(secs => ${leaseSeconds})
      where id in (
        select id from ${outboxCommands}
        where status = 'pending' and next_attempt_at <= now() and (expires_at is null or expires_at > now())
          and target in (${sql.join(
            deliveredTargets.map((target) => sql`${target}`),
            sql`, `,
          )})
          ${'id' in only ? sql`and id = ${only.id}` : sql``}
        order by next_attempt_at limit ${'id' in only ? 1 : only.limit}
        for update skip locked)
      returning ${claimedColumns}`);
    return rows;
  };

  /** A command given up: kept as failed and its employee told, in one transaction. */
  const giveUp = async (tx: Executor, row: CommandRow, detail: string) => {
    await tx.execute(sql`update ${outboxCommands} set status = 'failed', detail = ${detail}, completed_at = now()
                         where id = ${row.id}`);
    await tellFailure(tx, row, detail);
  };

  const tellFailure = async (tx: Executor, row: Omit<CommandRow, 'canRetry'>, detail: string) => {
    if (row.requestedBy === null) return;
    const words = wordsOf(row.target, row.command, row.payload);
    const caseNo = typeof row.payload.caseNo === 'string' ? `柜号 ${row.payload.caseNo}：` : '';
    await sendMessages(
      { tx },
      {
        to: { employeeIds: [row.requestedBy] },
        title: words.failed,
        body: `${caseNo}${detail.startsWith('HTTP 4') ? '对方系统拒绝了该指令' : '对方系统无响应'}（${row.id} 号指令）`,
        link: words.link,
      },
    );
  };

  /** Tries one claimed command and keeps what came of it. */
  const tryOne = async (row: CommandRow): Promise<CommandStatus> => {
    const endpoint = endpoints[row.target] as Endpoint;
    const outcome = await deliver(endpoint, row);
    if (outcome.kind === 'sent') {
      await db.execute(sql`update ${outboxCommands} set status = 'sent', detail = ${outcome.detail}, completed_at = now()
                           where id = ${row.id}`);
      return 'sent';
    }
    if (outcome.kind === 'temporary' && row.canRetry) {
      const delay = retryDelaySeconds(row.attempts);
      // Retried only while the next try still falls within the command's lifetime; otherwise given up now.
      const { rowCount } = await db.execute(sql`
        update ${outboxCommands} set detail = ${outcome.detail}, next_attempt_at = now() + make_interval(secs => ${delay})
        where id = ${row.id} and (expires_at is null or expires_at > now() + make_interval(secs => ${delay}))`);
      if ((rowCount ?? 0) > 0) return 'pending';
    }
    await withTransaction(db, (tx) => giveUp(tx, row, outcome.detail));
    return 'failed';
  };

  const read = async (id: number, employeeId?: number) => {
    const { rows } = await db.execute<CommandRow>(sql`
      select id::int, target, command, payload, status from ${outboxCommands}
      where id = ${id} ${employeeId === undefined ? sql`` : sql`and requested_by = ${employeeId}`}`);
    return rows[0] ? stateOf(rows[0]) : undefined;
  };

  /** Commands past their lifetime that nobody is trying gone failed, their employees told. */
  const expire = () =>
    withTransaction(db, async (tx) => {
      const { rows } = await tx.execute<Omit<CommandRow, 'canRetry'> & { detail: string }>(sql`
        update ${outboxCommands} set status = 'failed', completed_at = now(),
          detail = case when detail = '' then 'not delivered in time' else detail end
        where status = 'pending' and expires_at <= now() and next_attempt_at <= now()
        returning id::int, target, command, payload, status, attempts, requested_by as "requestedBy", detail`);
      for (const row of rows) await tellFailure(tx, row, row.detail);
      return rows.length;
    });

  return {
    queue: async ({ target, command, payload, requestedBy }, within = db) => {
      const [row] = await within
        .insert(outboxCommands)
        .values({
          target,
          command,
          payload,
          requestedBy,
          status: 'pending',
          expiresAt: sql`now() + make_interval(secs => ${LIFETIME_SECONDS[target]})`,
        })
        .returning({ id: outboxCommands.id });
      return (row as { id: number }).id;
    },
    attempt: async (id) => {
      const [row] = await claim({ id });
      if (row) await tryOne(row);
      return (await read(id)) as CommandState;
    },
    stateFor: (employeeId, id) => read(id, employeeId),
    deliverDue: async (signal) => {
      const pass: DeliveryPass = { sent: 0, retrying: 0, failed: await expire() };
      const endsAt = Date.now() + PASS_BUDGET_MS;
      while (!signal?.aborted && Date.now() < endsAt) {
        const rows = await claim({ limit: PASS_SIZE });
        if (rows.length === 0) break;
        for (const row of rows) {
          const status = await tryOne(row);
          if (status === 'sent') pass.sent += 1;
          else if (status === 'failed') pass.failed += 1;
          else pass.retrying += 1;
        }
      }
      return pass;
    },
  };
};

/** The endpoints this server delivers to, as configured; a target left out waits for an outside relay. */
export const endpointsOf = (config: Config): Endpoints => ({
  ...(config.CABINET_CONTROLLER_URL && {
    cabinet: { url: config.CABINET_CONTROLLER_URL, timeoutMs: config.CABINET_CONTROLLER_TIMEOUT_MS },
  }),
  ...(config.ATTENDANCE_SYSTEM_URL && {
    attendance: { url: config.ATTENDANCE_SYSTEM_URL, timeoutMs: config.ATTENDANCE_SYSTEM_TIMEOUT_MS },
  }),
});
