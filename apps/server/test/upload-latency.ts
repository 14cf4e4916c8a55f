// A clerk's large upload beside the employees' calls, measured from outside a running server (the test of it and
// `npm run bench -- --only imports`): the upload sent in pieces as an office line delivers it, and the payslip
// call's answer times from eight employees at once meanwhile.
import http from 'node:http';
import { payslipMonths } from '@ess/contract/salary';
import { companyMonth } from '../src/lib/calendar';
import { callApi } from './server-process';

const BOUNDARY = '----ess-upload-beside-calls';

const multipartHead = (bu: string, month: string) =>
  Buffer.from(
    [
      ['bu', bu],
      ['kind', 'payslip'],
      ['month', month],
    ]
      .map(([name, value]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
      .join('') +
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="工资.xlsx"\r\n` +
      'Content-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n',
  );
const multipartTail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);

/**
 * Sends an upload of `bytes` bytes in pieces of 256 KB every 25 ms (about 10 MB/s, an office line), and answers the
 * server's reply and how much had been sent by then. `declared` overrides the Content-Length, to tell a server
 * what is coming without sending it.
 */
export const sendUpload = (
  base: string,
  token: string,
  { bytes, declared, bu = 'HZ', month = '2024-05' }: { bytes: number; declared?: number; bu?: string; month?: string },
) =>
  new Promise<{ status: number; body: { result: boolean; msg: string }; sentBytes: number }>((resolve, reject) => {
    const head = multipartHead(bu, month);
    const length = head.length + bytes + multipartTail.length;
    const request = http.request(`${base}/api/Import/Upload`, {
      method: 'POST',
      headers: {
        'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
        'content-length': String(declared ?? length),
        token,
        authorization: `Bearer ${token}`,
      },
    });
    let sentBytes = 0;
    let isAnswered = false;
    request.on('response', (response) => {
      isAnswered = true;
      let text = '';
      response.on('data', (chunk) => {
        text += chunk;
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(text), sentBytes }));
    });
    request.on('error', (error) => (isAnswered ? undefined : reject(error)));
    const piece = Buffer.alloc(256 * 1024, 0x5a);
    const sendNext = () => {
      if (isAnswered || request.destroyed) return;
      if (sentBytes === 0) request.write(head);
      if (sentBytes >= bytes) {
        request.end(multipartTail);
        return;
      }
      const size = Math.min(piece.length, bytes - sentBytes);
      sentBytes += size;
      request.write(piece.subarray(0, size));
      setTimeout(sendNext, 25);
    };
    sendNext();
  });

/** The payslip call from each employee at once, each after its last answer, until `isDone`; the answers' ms. */
export const payslipLatencies = async (base: string, tokens: string[], isDone: () => boolean) => {
  const latencies: number[] = [];
  const [month] = payslipMonths(companyMonth());
  await Promise.all(
    tokens.map(async (token) => {
      while (!isDone()) {
        const started = performance.now();
        const answer = await callApi(base, 'SalaryPayslip/GetPersonSalaryByOld', token, { day: month });
        latencies.push(performance.now() - started);
        if (answer.status !== 200) throw new Error(`payslip call answered ${answer.status}`);
      }
    }),
  );
  return latencies;
};

export const p99 = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))] as number;
};

/** The payslip call's p99 for `idleMs` alone, then while a file of `fileBytes` is uploaded; and the upload's answer. */
export const uploadBesideCalls = async ({
  base,
  clerkToken,
  tokens,
  fileBytes,
  idleMs = 3000,
}: {
  base: string;
  clerkToken: string;
  tokens: string[];
  fileBytes: number;
  idleMs?: number;
}) => {
  const idleStarted = performance.now();
  const idle = await payslipLatencies(base, tokens, () => performance.now() - idleStarted > idleMs);
  let isUploaded = false;
  const uploadStarted = performance.now();
  const [upload, during] = await Promise.all([
    sendUpload(base, clerkToken, { bytes: fileBytes }).finally(() => {
      isUploaded = true;
    }),
    payslipLatencies(base, tokens, () => isUploaded),
  ]);
  return {
    upload,
    uploadMs: performance.now() - uploadStarted,
    idle: { count: idle.length, p99: p99(idle), max: Math.max(...idle) },
    during: { count: during.length, p99: p99(during), max: Math.max(...during) },
  };
};
