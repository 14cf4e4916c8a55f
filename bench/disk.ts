// The disk's flush rate, as PostgreSQL's commits meet it: 8 KB written in place and fdatasync'd, over and over, in a
// file beside the database's files. Each commit waits for one such flush (or shares one with others: group commit).
import { closeSync, fdatasyncSync, openSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';

export const diskFlushesPerSecond = (dir: string, seconds = 2) => {
  const file = path.join(dir, 'bench-flush-rate');
  const fd = openSync(file, 'w');
  const page = Buffer.alloc(8192, 0x5a);
  let flushes = 0;
  const started = performance.now();
  try {
    while (performance.now() - started < seconds * 1000) {
      writeSync(fd, page, 0, page.length, 0);
      fdatasyncSync(fd);
      flushes++;
    }
  } finally {
    closeSync(fd);
    rmSync(file, { force: true });
  }
  return flushes / ((performance.now() - started) / 1000);
};
