// The imports' checking thread (check-worker.ts), kept between checks: starting one loads its TypeScript through
// tsx, about a second, which an upload should not wait for. It is started when a clerk starts an upload or opens the
// imports (warm), runs one check at a time, answers what each check asks (the employees of the file's numbers, where
// to put each chunk of valid rows), and stops after IDLE_MS without a check, or at once when a check failed (a new
// one starts clean). The handlers of a check run one at a time, in order. A check past its time limit has its
// thread ended mid-work (terminate stops even a loop that never yields) and is refused with IMPORT_TIMED_OUT; the limit
// counts from the moment the thread takes the check.
import { Worker } from 'node:worker_threads';
import { BusinessError } from '../../core/errors';
import { runtimePaths } from '../../paths';
import type { CheckInput, CheckResult, FromCheck, ToCheck } from './check-protocol';
import type { Lookups } from './validate';

export type CheckHandlers = {
  onRead: (read: { totalRows: number; empNos: string[] }) => Promise<Lookups>;
  onProgress: (done: number) => void;
  onRows: (text: string) => Promise<void>;
};

export type CheckThread = {
  check: (input: CheckInput, handlers: CheckHandlers, limits: { timeLimitMs: number }) => Promise<CheckResult>;
  /** Starts the thread if it is not up, so that the next check need not wait for it. */
  warm: () => void;
  close: () => Promise<void>;
};

/** 180000 → "3 分钟", 90000 → "90 秒": the limit as the clerk reads it in the job's message. */
export const durationText = (ms: number) => {
  const seconds = Math.round(ms / 1000);
  return seconds >= 60 && seconds % 60 === 0 ? `${seconds / 60} 分钟` : `${seconds} 秒`;
};

const WORKER_URL = runtimePaths.checkWorker;
const IDLE_MS = 10 * 60_000;
/** A thread that has not taken its check by then will not: its start failed without a word. */
const START_LIMIT_MS = 5 * 60_000;

export const createCheckThread = ({ idleMs = IDLE_MS }: { idleMs?: number } = {}): CheckThread => {
  let worker: Worker | undefined;
  let idleTimer: NodeJS.Timeout | undefined;
  let queue: Promise<unknown> = Promise.resolve();
  let isClosed = false;

  const stop = (stopped: Worker | undefined) => {
    if (!stopped) return;
    if (worker === stopped) worker = undefined;
    void stopped.terminate();
  };

  const restartIdleTimer = () => {
    clearTimeout(idleTimer);
    idleTimer = setTimeout(() => stop(worker), idleMs);
    idleTimer.unref();
  };

  const start = (): Worker => {
    if (!worker) {
      const started = new Worker(WORKER_URL);
      // Idle, it must not keep the process alive; a crash between checks only means a new one next time.
      started.unref();
      started.on('error', () => stop(started));
      started.on('exit', () => {
        if (worker === started) worker = undefined;
      });
      worker = started;
    }
    restartIdleTimer();
    return worker;
  };

  const runCheck = (input: CheckInput, handlers: CheckHandlers, { timeLimitMs }: { timeLimitMs: number }) =>
    new Promise<CheckResult>((resolve, reject) => {
      const thread = start();
      clearTimeout(idleTimer); // not idle while it checks
      let isSettled = false;
      // The limit is the file's: it starts when the thread takes the check, so that a new thread loading its code on
      // a busy machine (seconds) is not counted against the file.
      let timeLimit = setTimeout(() => fail(new Error('import check thread did not start')), START_LIMIT_MS);
      const startTimeLimit = () => {
        clearTimeout(timeLimit);
        timeLimit = setTimeout(
          () => fail(new BusinessError('IMPORT_TIMED_OUT', { limit: durationText(timeLimitMs) })),
          timeLimitMs,
        );
      };
      const settle = (isFailed: boolean, fn: () => void) => {
        if (isSettled) return;
        isSettled = true;
        clearTimeout(timeLimit);
        thread.off('message', onMessage);
        thread.off('error', fail);
        thread.off('exit', onExit);
        if (isFailed) stop(thread);
        else restartIdleTimer();
        fn();
      };
      const fail = (error: unknown) => settle(true, () => reject(error));
      const onExit = (code: number) => fail(new Error(`import check thread stopped (${code})`));
      const send = (message: ToCheck) => thread.postMessage(message);
      // Each message's handling waits for the one before: rows are staged in order, the result comes after them.
      let chain = Promise.resolve();
      const then = (step: () => Promise<void> | void) => {
        chain = chain.then(step).catch(fail);
      };
      const onMessage = (message: FromCheck) => {
        switch (message.type) {
          case 'started':
            startTimeLimit();
            break;
          case 'read':
            then(async () => {
              const lookups = await handlers.onRead(message);
              send({
                type: 'lookups',
                employees: [...lookups.employees],
                values: { empType: [...lookups.values.empType], safetyType: [...lookups.values.safetyType] },
              });
            });
            break;
          case 'progress':
            handlers.onProgress(message.done);
            break;
          case 'rows':
            then(() => handlers.onRows(message.text));
            break;
          case 'done': {
            const { type: _type, ...result } = message;
            then(() => settle(false, () => resolve(result)));
            break;
          }
          case 'refused': {
            const error = new BusinessError(message.code);
            error.message = message.message;
            // A refusal ends the check cleanly: the thread stays.
            then(() => settle(false, () => reject(error)));
            break;
          }
          case 'failed':
            then(() => fail(new Error(`import check failed: ${message.message}`)));
            break;
        }
      };
      thread.on('message', onMessage);
      thread.on('error', fail);
      thread.on('exit', onExit);
      send({ type: 'check', input });
    });

  return {
    check: (input, handlers, limits) => {
      if (isClosed) return Promise.reject(new Error('import check thread closed'));
      const result = queue.then(() => runCheck(input, handlers, limits));
      queue = result.catch(() => {});
      return result;
    },
    warm: () => {
      if (!isClosed) start();
    },
    close: async () => {
      isClosed = true;
      clearTimeout(idleTimer);
      await queue;
      if (worker) await worker.terminate();
      worker = undefined;
    },
  };
};
