// The backup's pace: bytes pass intact, no faster than asked on average, across the parts of one clock.
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { describe, expect, it } from 'vitest';
import { pacer } from './pace';

const pass = async (stream: ReturnType<ReturnType<typeof pacer>>, bytes: Buffer) => {
  const received: Buffer[] = [];
  await pipeline(
    Readable.from([bytes.subarray(0, bytes.length / 2), bytes.subarray(bytes.length / 2)]),
    stream,
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        received.push(chunk);
        done();
      },
    }),
  );
  return Buffer.concat(received);
};

describe('pacer', () => {
  it('holds two parts of 256 KB to 1 MB a second together, and passes their bytes unchanged', async () => {
    const paced = pacer(1024 * 1024);
    const part = Buffer.alloc(256 * 1024, 7);
    const started = performance.now();
    expect((await pass(paced(), part)).equals(part)).toBe(true);
    expect((await pass(paced(), part)).equals(part)).toBe(true);
    // 512 KB at 1 MB/s: the last chunk is due half a second after the first.
    expect(performance.now() - started).toBeGreaterThanOrEqual(490);
  });

  it('passes everything at once at pace 0', async () => {
    const part = Buffer.alloc(4 * 1024 * 1024, 1);
    const started = performance.now();
    expect((await pass(pacer(0)(), part)).equals(part)).toBe(true);
    expect(performance.now() - started).toBeLessThan(2000);
  });
});
