// Runs one job's reading and checking in a thread (check-worker.ts) and answers what it asks: the employees of the
// file's numbers, and where to put each chunk of valid rows. The handlers run one at a time, in order.
import { Worker } from 'node:worker_threads';
import { BusinessError } from '../../core/errors';
import type { CheckInput, CheckResult, FromCheck, ToCheck } from './check-protocol';
import type { Lookups } from './validate';

export type CheckHandlers = {
  onRead: (read: { totalRows: number; empNos: string[] }) => Promise<Lookups>;
  onProgress: (done: number) => void;
  onRows: (json: string) => Promise<void>;
};

const WORKER_URL = new URL('./check-worker.mjs', import.meta.url);

export const checkInThread = (input: CheckInput, handlers: CheckHandlers): Promise<CheckResult> =>
  new Promise<CheckResult>((resolve, reject) => {
    const worker = new Worker(WORKER_URL, { workerData: input });
    let isSettled = false;
    const settle = (fn: () => void) => {
      if (isSettled) return;
      isSettled = true;
      fn();
      void worker.terminate();
    };
    const fail = (error: unknown) => settle(() => reject(error));
    const send = (message: ToCheck) => worker.postMessage(message);
    // Each message's handling waits for the one before: rows are staged in order, the result comes after them.
    let chain = Promise.resolve();
    const then = (step: () => Promise<void> | void) => {
      chain = chain.then(step).catch(fail);
    };
    worker.on('message', (message: FromCheck) => {
      switch (message.type) {
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
          then(async () => {
            await handlers.onRows(message.json);
            send({ type: 'ack' });
          });
          break;
        case 'done': {
          const { type: _type, ...result } = message;
          then(() => settle(() => resolve(result)));
          break;
        }
        case 'refused': {
          const error = new BusinessError(message.code);
          error.message = message.message;
          then(() => fail(error));
          break;
        }
        case 'failed':
          then(() => fail(new Error(`import check failed: ${message.message}`)));
          break;
      }
    });
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`import check thread stopped (${code})`)));
  });
