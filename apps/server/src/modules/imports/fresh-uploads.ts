// The files uploaded to this instance a moment ago, kept in memory for its runner, which usually claims the job at
// once: the check reads them from here instead of reading the bytea back. Another instance's runner may claim the
// job instead (it reads the database); what nobody took is let go after KEEP_MS. At most MAX_KEPT files are held.
const KEEP_MS = 2 * 60_000;
const MAX_KEPT = 4;

export type FreshUploads = {
  keep: (jobId: number, bytes: Buffer) => void;
  /** The file of the job, once: it is forgotten as it is taken. */
  take: (jobId: number) => Buffer | undefined;
};

export const createFreshUploads = (): FreshUploads => {
  const kept = new Map<number, { bytes: Buffer; timer: NodeJS.Timeout }>();
  const forget = (jobId: number) => {
    const entry = kept.get(jobId);
    if (!entry) return;
    clearTimeout(entry.timer);
    kept.delete(jobId);
  };
  return {
    keep: (jobId, bytes) => {
      const timer = setTimeout(() => forget(jobId), KEEP_MS);
      timer.unref();
      kept.set(jobId, { bytes, timer });
      // The oldest go first (a Map keeps the order of insertion).
      for (const oldest of kept.keys()) {
        if (kept.size <= MAX_KEPT) break;
        forget(oldest);
      }
    },
    take: (jobId) => {
      const bytes = kept.get(jobId)?.bytes;
      forget(jobId);
      return bytes;
    },
  };
};
