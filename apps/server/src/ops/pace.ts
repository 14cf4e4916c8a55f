// The pace of a backup beside a serving instance (BACKUP_MB_PER_SECOND).
import { Transform } from 'node:stream';

/**
 * Passes bytes on at `bytesPerSecond` on average since its first one: held back, the COPY waits on its socket and
 * the compression on its input, and their CPU goes to the requests a serving instance answers meanwhile. Each call
 * of the returned function is a stream for the next part, on the same clock. 0 passes everything at once. An
 * aborted `signal` fails the stream at its next chunk.
 */
export const pacer = (bytesPerSecond: number, signal?: AbortSignal) => {
  let startedAt: number | undefined;
  let passed = 0;
  return () =>
    new Transform({
      transform(chunk: Buffer, _encoding, done) {
        // A stopping server ends its backup here, between two chunks, instead of waiting for the rest.
        if (signal?.aborted) return done(signal.reason instanceof Error ? signal.reason : new Error('stopped'));
        startedAt ??= performance.now();
        passed += chunk.length;
        const wait = bytesPerSecond > 0 ? startedAt + (passed / bytesPerSecond) * 1000 - performance.now() : 0;
        if (wait > 1) setTimeout(() => done(null, chunk), wait);
        else done(null, chunk);
      },
    });
};
