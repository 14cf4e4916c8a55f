// Issue 20's replica goals (`--only replica`): a primary and a streaming standby of Debian's PostgreSQL 15 (the
// tests' pair), the bench company seeded on the primary; the query calls under load on an instance without
// DATABASE_READ_URL, then on one with it, in the same run: the share of the query calls' reads the standby served,
// and the primary's CPU time (its postmaster and every backend, from /proc) for the same load.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The CPU seconds (user + system) of a postmaster and its children so far. */
export const postgresCpuSeconds = (dataDir: string) => {
  const postmaster = Number(readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  const ticks = Number(process.env.CLK_TCK ?? 100);
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // Fields after the command's closing parenthesis: state, ppid, … utime (14th of the line), stime (15th).
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const pid = Number(entry);
      const parent = Number(fields[1]);
      if (pid !== postmaster && parent !== postmaster) continue;
      total += Number(fields[11]) + Number(fields[12]);
    } catch {
      // a backend that ended while it was read
    }
  }
  return total / ticks;
};
