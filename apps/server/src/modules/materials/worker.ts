// The background work on uploaded materials, one at a time per instance: probe a video's streams (an H.264/AAC MP4
// goes live as it is, its header moved to the front when it was at the end), convert other videos to H.264/AAC MP4
// with the share done kept in the row for the console, and Office files to PDF. The work is claimed from the
// database (`for update skip locked`), so instances never take the same material; one whose worker stopped
// (`worked_at` silent for two minutes) is taken again. The upload's finish kicks it; the job queue's sweep
// (main.ts, every half minute on one instance) kicks it too.
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { trainingMaterials } from '../../db/schema/index';
import { isMovieHeaderFirst, readVideoSeconds } from '../training/service';
import { convertToMp4, convertToPdf, isPlayableAsIs, probeVideo, remuxFastStart } from './media-tools';
import { MATERIAL_MESSAGES, type MaterialDeps, makeReady, markFailed, UPLOADS_DIR } from './service';

/** A material not worked on for this long was left by a stopped instance. */
const STALE_SECONDS = 120;
const HEARTBEAT_MS = 20_000;

type Claimed = { id: number; mediaKey: string; kind: string; uploadId: string | null };

const claimNext = async (db: Db): Promise<Claimed | undefined> => {
  const { rows } = await db.execute<{ id: number; media_key: string; kind: string; upload_id: string | null }>(sql`
    update ${trainingMaterials} set worked_at = now()
    where id = (
      select id from ${trainingMaterials}
      where state in ('checking', 'converting')
        and (worked_at is null or worked_at < now() - make_interval(secs => ${STALE_SECONDS}))
      order by id limit 1 for update skip locked)
    returning id, media_key, kind, upload_id`);
  const row = rows[0];
  return row && { id: row.id, mediaKey: row.media_key, kind: row.kind, uploadId: row.upload_id };
};

export type MaterialWorker = {
  kick: () => void;
  /** Resolves when nothing is being worked on (tests wait for it). */
  idle: () => Promise<void>;
  close: () => Promise<void>;
};

export const createMaterialWorker = (deps: MaterialDeps, logError: (message: string) => void): MaterialWorker => {
  const { db, mediaDir, tools } = deps;
  const stopping = new AbortController();
  let running: Promise<void> | undefined;
  let isAgain = false;

  const setProgress = async (id: number, state: 'checking' | 'converting', progress: number) => {
    // Only while it is still being worked on: a figure written late never undoes 可学习 or 失败.
    await db.execute(sql`update ${trainingMaterials} set state = ${state}, progress = ${progress},
      worked_at = now(), updated_at = now() where id = ${id} and state in ('checking', 'converting')`);
  };

  const work = async (material: Claimed) => {
    const source = path.join(mediaDir, UPLOADS_DIR, material.uploadId ?? '');
    const target = `${source}.out`;
    const heartbeat = setInterval(() => {
      void db.execute(sql`update ${trainingMaterials} set worked_at = now() where id = ${material.id}`).catch(() => {});
    }, HEARTBEAT_MS);
    const signal = stopping.signal;
    try {
      if (!material.uploadId) return markFailed(db, material.id, MATERIAL_MESSAGES.unknownContent);
      if (material.kind === 'document') {
        if (!tools.soffice) return markFailed(db, material.id, MATERIAL_MESSAGES.needPdf);
        try {
          await convertToPdf(tools.soffice, { from: source, to: target, signal });
        } catch (error) {
          if (signal.aborted) throw error;
          return markFailed(db, material.id, MATERIAL_MESSAGES.documentConversionFailed);
        }
        await makeReady(deps, material, { from: target, extension: 'pdf' });
        return;
      }
      if (!tools.ffmpeg) return markFailed(db, material.id, MATERIAL_MESSAGES.needMp4);
      const probe = await probeVideo(tools.ffmpeg, source, signal);
      if (probe.videoCodecs.length === 0) return markFailed(db, material.id, MATERIAL_MESSAGES.unreadableVideo);
      if (isPlayableAsIs(probe)) {
        let from = source;
        if (!(await isMovieHeaderFirst(source))) {
          await remuxFastStart(tools.ffmpeg, source, target, signal);
          from = target;
        }
        const seconds = (await readVideoSeconds(from)) ?? probe.durationSeconds;
        await makeReady(deps, material, { from, extension: 'mp4', durationSeconds: seconds });
        return;
      }
      await setProgress(material.id, 'converting', 0);
      let shown = 0;
      let shownAt = 0;
      let written: Promise<unknown> = Promise.resolve();
      try {
        await convertToMp4(tools.ffmpeg, {
          from: source,
          to: target,
          durationSeconds: probe.durationSeconds,
          signal,
          onProgress: (share) => {
            const percent = Math.min(99, Math.floor(share * 100));
            // At most once a second, and only when the figure moves.
            if (percent <= shown || Date.now() - shownAt < 1000) return;
            shown = percent;
            shownAt = Date.now();
            written = setProgress(material.id, 'converting', percent).catch(() => {});
          },
        });
      } catch (error) {
        if (signal.aborted) throw error;
        await written;
        return markFailed(db, material.id, MATERIAL_MESSAGES.videoConversionFailed);
      }
      await written;
      const seconds = (await readVideoSeconds(target)) ?? probe.durationSeconds;
      await makeReady(deps, material, { from: target, extension: 'mp4', durationSeconds: seconds });
    } finally {
      clearInterval(heartbeat);
      if (!signal.aborted) {
        await rm(target, { force: true });
        if (material.uploadId) {
          await rm(source, { force: true });
          await rm(`${source}.json`, { force: true });
        }
      }
    }
  };

  const drain = async () => {
    do {
      isAgain = false;
      for (;;) {
        if (stopping.signal.aborted) return;
        let material: Claimed | undefined;
        try {
          material = await claimNext(db);
        } catch {
          return; // the database was away: the next kick or sweep tries again
        }
        if (!material) break;
        try {
          await work(material);
        } catch (error) {
          if (stopping.signal.aborted) return; // taken again after a restart
          logError(`material ${material.id}: ${error instanceof Error ? error.message : String(error)}`);
          const message =
            material.kind === 'document'
              ? MATERIAL_MESSAGES.documentConversionFailed
              : MATERIAL_MESSAGES.videoConversionFailed;
          await markFailed(db, material.id, message).catch(() => {});
        }
      }
    } while (isAgain);
  };

  const kick = () => {
    if (stopping.signal.aborted) return;
    if (running) {
      isAgain = true;
      return;
    }
    running = drain().finally(() => {
      running = undefined;
    });
  };

  return {
    kick,
    idle: async () => {
      while (running) await running;
    },
    close: async () => {
      stopping.abort();
      await running;
    },
  };
};
