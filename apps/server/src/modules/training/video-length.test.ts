// A video's length read from its file: the mvhd of MP4s as encoders lay them out (moov first or last, version 0
// or 1 headers, 64-bit box sizes); files whose length cannot be read answer undefined.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { mp4Of } from '../../../test/video-files';
import { readVideoSeconds } from './video-length';

const dir = mkdtempSync(path.join(tmpdir(), 'ess-video-length-'));
const fileOf = (name: string, bytes: Buffer) => {
  const file = path.join(dir, name);
  writeFileSync(file, bytes);
  return file;
};

describe('a video’s length from its file', () => {
  it.each([
    ['moov first, version 0', mp4Of({ timescale: 600, duration: 24_000 }), 40],
    [
      'moov last after a 64-bit mdat, version 1',
      mp4Of({ timescale: 90_000, duration: 5_400_123, version: 1, moovLast: true, largeMediaBox: true }),
      60.001,
    ],
    ['moov last, milliseconds', mp4Of({ timescale: 1000, duration: 8003, moovLast: true }), 8.003],
    ['fragmented, the length in mvex/mehd', mp4Of({ timescale: 1000, duration: 93_500, fragmented: true }), 93.5],
  ])('reads %s', async (_name, bytes, seconds) => {
    expect(await readVideoSeconds(fileOf(`${seconds}.mp4`, bytes))).toBe(seconds);
  });

  it('answers undefined for what it cannot read', async () => {
    expect(await readVideoSeconds(fileOf('noise.mp4', Buffer.alloc(1000, 7)))).toBeUndefined();
    const cut = mp4Of({ timescale: 600, duration: 24_000 });
    expect(await readVideoSeconds(fileOf('cut.mp4', cut.subarray(0, 60)))).toBeUndefined();
    expect(await readVideoSeconds(path.join(dir, 'missing.mp4'))).toBeUndefined();
    // A fragmented file that says its length nowhere (a live recording cut short).
    const unsaid = mp4Of({ timescale: 1000, duration: 0, fragmented: true });
    expect(await readVideoSeconds(fileOf('unsaid.mp4', unsaid))).toBeUndefined();
    // A damaged header claiming a year does not reach the column (it would fail every beat on it).
    const year = mp4Of({ timescale: 1, duration: 366 * 86_400, version: 1 });
    expect(await readVideoSeconds(fileOf('year.mp4', year))).toBeUndefined();
  });
});
