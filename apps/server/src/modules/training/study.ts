// Study: the caller's study items, the records of study sessions, and what the server keeps of each video
// watched. Credit is the share of the video covered by the stretches the player reported, each one refused when
// it skips ahead of what was watched or when the stretches of the viewing would claim more than the wall clock
// since the viewing began; so neither a reload, a second phone, a fast beat nor a forged request earns time that
// was not spent. A video's length comes from its file (or HR), never from a player; a video whose file does not
// tell it is studied as SPEC studies any material, by a saved study record. Time studied is the union of the
// item's sessions: overlapping sessions count once.

import {
  HEARTBEAT_SECONDS,
  isVideoPath,
  MIN_STUDY_MS,
  STUDIED_COVERAGE,
  type StudyItem,
  type StudyProgress,
} from '@ess/contract/training';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import { audienceIncludes, audienceOfAlias } from '../../core/audience';
import type { Caller } from '../../core/caller';
import { BusinessError } from '../../core/errors';
import type { Db } from '../../db/client';
import {
  employees,
  materialAssignments,
  studyAssignments,
  studyRecords,
  trainingMaterials,
} from '../../db/schema/index';
import { shanghaiTime } from '../../db/shanghai-time';
import { type Executor, withTransaction } from '../../db/transaction';
import { statMediaFile } from './media';
import { readVideoSeconds } from './video-length';

/** A session longer than this is no real one (a clock set wrong, a forged record). */
const MAX_SESSION_MS = 12 * 60 * 60 * 1000;
/** Phones' clocks drift: an end this far in the future is still taken. */
const CLOCK_SKEW_MS = 60 * 1000;
/** Heartbeats further apart than this belong to different viewings (a pause, a closed page). */
const MAX_BEAT_WINDOW_SECONDS = 60;
/**
 * The first beat of a viewing reports what was played before it: at most two heartbeats' worth (one report that
 * did not get through joins the next). The viewing is taken to have begun that long before at most.
 */
const FIRST_BEAT_SECONDS = 2 * HEARTBEAT_SECONDS;
/** The slack of a whole viewing, once (timers, network), not of each beat. */
const VIEWING_SLACK_SECONDS = 2;
/** A stretch may start this far past the furthest point watched (the player's own seek tolerance and rounding). */
const CONTIGUITY_SECONDS = 1;

export const mediaPathOf = (mediaKey: string, fileName: string) => {
  const extension = /\.([a-z0-9]{1,5})$/i.exec(fileName)?.[1]?.toLowerCase() ?? 'bin';
  return `/api/media/${mediaKey}.${extension}`;
};

const coverageOf = (covered: number, duration: number | null) =>
  duration && duration > 0 ? Math.min(1, Math.round((covered / duration) * 1000) / 1000) : 0;

/**
 * A video's length: HR's, else read from its file in MEDIA_DIR and kept for everyone (never a player's).
 * 'unreadable': the file is there but does not say (AVI, WMV, MKV, a damaged MP4); 'missing': no file yet.
 */
type VideoLength = number | 'unreadable' | 'missing';

/**
 * Files known not to say their length, by path and version (size and time, as the etag): an AVI watched by a
 * plant is not reopened and walked on every list, progress call and beat. A replaced file is read again.
 */
const unreadableFiles = new LRUCache<string, true>({ max: 1_000 });

const lengthOf = async (
  db: Executor,
  mediaDir: string,
  material: { materialId: number; fileName: string; duration: number | null },
): Promise<VideoLength> => {
  if (material.duration !== null) return material.duration;
  const file = await statMediaFile(mediaDir, material.fileName).catch(() => undefined);
  if (!file) return 'missing';
  const version = `${file.file}\n${file.etag}`;
  if (unreadableFiles.has(version)) return 'unreadable';
  const seconds = await readVideoSeconds(file.file);
  if (seconds === undefined) {
    unreadableFiles.set(version, true);
    return 'unreadable';
  }
  await db
    .update(trainingMaterials)
    .set({ durationSeconds: seconds })
    .where(and(eq(trainingMaterials.id, material.materialId), isNull(trainingMaterials.durationSeconds)));
  return seconds;
};

const knownLength = (length: VideoLength) => (typeof length === 'number' ? length : null);

/**
 * Whether an item is studied: a video of known length by its coverage; a document, and a video whose file does
 * not tell its length, as SPEC studies any material: a study record (of at least a second) saved. A video whose
 * file is not there yet is not studied.
 */
const standingOf = ({
  length,
  coveredSeconds,
  studiedMs,
}: {
  length: VideoLength | undefined;
  coveredSeconds: number;
  studiedMs: number;
}): { coverage: number | null; isStudied: boolean } => {
  if (typeof length === 'number') {
    const coverage = coverageOf(coveredSeconds, length);
    return { coverage, isStudied: coverage >= STUDIED_COVERAGE };
  }
  return { coverage: null, isStudied: length !== 'missing' && studiedMs >= MIN_STUDY_MS };
};

/**
 * Gives the caller the study items of HR's live assignments that include them today (material_assignments), once
 * each (the first assignment of a material wins): one statement, run as they open 学习, so a worker hired into an
 * audience later has its items too.
 */
const materializeStudyItems = (db: Db, employeeId: number) =>
  db.execute(sql`
    insert into study_assignments (employee_id, material_id, train_theme, assignment_id, due_at, is_required)
    select ${employees.id}, a.material_id, a.train_theme, a.id, a.due_at, a.is_required
    from ${materialAssignments} a
    join ${trainingMaterials} m on m.id = a.material_id and m.state = 'ready'
    join ${employees} on ${employees.id} = ${employeeId} and ${employees.leftOn} is null
      and ${audienceIncludes(audienceOfAlias('a'))}
    where a.withdrawn_at is null
    order by a.id
    on conflict (employee_id, material_id) do nothing`);

export const getStudyItems = async (
  { db, mediaDir }: { db: Db; mediaDir: string },
  caller: Caller,
): Promise<StudyItem[]> => {
  await materializeStudyItems(db, caller.id);
  const rows = await db
    .select({
      id: studyAssignments.id,
      materialId: studyAssignments.materialId,
      trainTheme: studyAssignments.trainTheme,
      studiedMs: studyAssignments.studiedMs,
      coveredSeconds: studyAssignments.coveredSeconds,
      name: trainingMaterials.name,
      mediaKey: trainingMaterials.mediaKey,
      fileName: trainingMaterials.fileName,
      duration: trainingMaterials.durationSeconds,
      dueAt: shanghaiTime(studyAssignments.dueAt),
      isRequired: studyAssignments.isRequired,
    })
    .from(studyAssignments)
    .innerJoin(trainingMaterials, eq(trainingMaterials.id, studyAssignments.materialId))
    .leftJoin(materialAssignments, eq(materialAssignments.id, studyAssignments.assignmentId))
    // An item of an assignment HR withdrew is no longer asked of the worker (what they studied stays recorded).
    .where(and(eq(studyAssignments.employeeId, caller.id), isNull(materialAssignments.withdrawnAt)))
    .orderBy(asc(studyAssignments.id));
  return Promise.all(
    rows.map(async (row) => {
      const isVideo = isVideoPath(row.fileName);
      const length = isVideo ? await lengthOf(db, mediaDir, row) : undefined;
      return {
        id: row.id,
        materialId: row.materialId,
        trainTheme: row.trainTheme,
        materialName: row.name,
        materialPath: mediaPathOf(row.mediaKey, row.fileName),
        isVideo,
        studiedSeconds: Math.floor(row.studiedMs / 1000),
        ...standingOf({ length, coveredSeconds: row.coveredSeconds, studiedMs: row.studiedMs }),
        dueAt: row.dueAt,
        isRequired: row.isRequired,
      };
    }),
  );
};

export type StudyRecordInput = {
  StudyId: number;
  MaterialId: number;
  StudyStartDate: number;
  StudyEndDate: number;
  SessionKey?: string;
};

/**
 * Saves a study session (TrainOrganize/ModifyTrainStudyDetail). Under a second: nothing saved (null). The same
 * session key saves the same record again, its end moving on; the item's study time grows by the difference.
 */
export const saveStudyRecord = async (
  db: Db,
  caller: Caller,
  record: StudyRecordInput,
  now = Date.now(),
): Promise<{ id: number } | null> => {
  const { StudyStartDate: start, StudyEndDate: end } = record;
  if (end < start) throw new BusinessError('STUDY_TIME_INVALID', { detail: '结束时间早于开始时间' });
  if (end > now + CLOCK_SKEW_MS) throw new BusinessError('STUDY_TIME_INVALID', { detail: '结束时间晚于当前时间' });
  if (end - start > MAX_SESSION_MS)
    throw new BusinessError('STUDY_TIME_INVALID', { detail: '单次学习不能超过 12 小时' });
  return withTransaction(db, async (tx) => {
    const [assignment] = await tx
      .select({ id: studyAssignments.id })
      .from(studyAssignments)
      .where(
        and(
          eq(studyAssignments.id, record.StudyId),
          eq(studyAssignments.employeeId, caller.id),
          eq(studyAssignments.materialId, record.MaterialId),
        ),
      )
      .for('update');
    if (!assignment) throw new BusinessError('STUDY_ITEM_NOT_FOUND');
    if (end - start < MIN_STUDY_MS) return null;
    const startedAt = new Date(start);
    const endedAt = new Date(end);
    let addedMs = end - start;
    let id: number | undefined;
    if (record.SessionKey) {
      // The item's row lock above serialises the saves of one session.
      const [earlier] = await tx
        .select({
          id: studyRecords.id,
          assignmentId: studyRecords.assignmentId,
          startedAt: studyRecords.startedAt,
          endedAt: studyRecords.endedAt,
        })
        .from(studyRecords)
        .where(and(eq(studyRecords.employeeId, caller.id), eq(studyRecords.sessionKey, record.SessionKey)));
      if (earlier) {
        if (earlier.assignmentId !== assignment.id || earlier.startedAt.getTime() !== start) {
          throw new BusinessError('STUDY_TIME_INVALID', { detail: '学习会话与开始时间不符' });
        }
        addedMs = Math.max(0, end - earlier.endedAt.getTime());
        if (addedMs > 0) await tx.update(studyRecords).set({ endedAt }).where(eq(studyRecords.id, earlier.id));
        id = earlier.id;
      }
    }
    if (id === undefined) {
      const [inserted] = await tx
        .insert(studyRecords)
        .values({
          assignmentId: assignment.id,
          employeeId: caller.id,
          materialId: record.MaterialId,
          sessionKey: record.SessionKey ?? null,
          startedAt,
          endedAt,
        })
        .returning({ id: studyRecords.id });
      id = inserted?.id as number;
    }
    if (addedMs > 0) {
      // The union of the item's sessions, not their sum: three tabs sending the same hour studied one hour.
      await tx.execute(sql`
        update ${studyAssignments} a set studied_ms = coalesce((
          select (sum(extract(epoch from upper(r) - lower(r))) * 1000)::bigint
          from unnest((select range_agg(tstzrange(s.started_at, s.ended_at)) from ${studyRecords} s
                       where s.assignment_id = a.id)) as r), 0)
        where a.id = ${assignment.id}`);
    }
    return { id };
  });
};

type Segment = [number, number];

/** Adds a stretch to sorted, non-overlapping stretches; touching ones merge. */
export const mergeSegment = (segments: readonly Segment[], [from, to]: Segment): Segment[] => {
  const merged: Segment[] = [];
  let current: Segment = [from, to];
  let isPlaced = false;
  for (const segment of segments) {
    if (segment[1] < current[0]) merged.push(segment);
    else if (segment[0] > current[1]) {
      if (!isPlaced) merged.push(current);
      isPlaced = true;
      merged.push(segment);
    } else current = [Math.min(segment[0], current[0]), Math.max(segment[1], current[1])];
  }
  if (!isPlaced) merged.push(current);
  return merged;
};

const round3 = (value: number) => Math.round(value * 1000) / 1000;
const coveredBy = (segments: readonly Segment[]) => round3(segments.reduce((sum, [from, to]) => sum + (to - from), 0));
const furthestOf = (segments: readonly Segment[]) => segments.at(-1)?.[1] ?? 0;

const progressOf = (segments: Segment[], duration: number | null): StudyProgress => ({
  segments,
  furthest: furthestOf(segments),
  duration,
  coverage: duration ? coverageOf(coveredBy(segments), duration) : null,
});

const findVideoAssignment = async (
  db: Executor,
  caller: Caller,
  { studyId, materialId, isLocked }: { studyId: number; materialId?: number; isLocked: boolean },
) => {
  const query = db
    .select({
      id: studyAssignments.id,
      materialId: studyAssignments.materialId,
      segments: studyAssignments.segments,
      lastBeatAt: studyAssignments.lastBeatAt,
      viewingStartedAt: studyAssignments.viewingStartedAt,
      viewingClaimedSeconds: studyAssignments.viewingClaimedSeconds,
      fileName: trainingMaterials.fileName,
      duration: trainingMaterials.durationSeconds,
    })
    .from(studyAssignments)
    .innerJoin(trainingMaterials, eq(trainingMaterials.id, studyAssignments.materialId))
    .where(
      and(
        eq(studyAssignments.id, studyId),
        eq(studyAssignments.employeeId, caller.id),
        materialId === undefined ? undefined : eq(studyAssignments.materialId, materialId),
      ),
    );
  const [row] = isLocked ? await query.for('update', { of: studyAssignments }) : await query;
  if (!row) throw new BusinessError('STUDY_ITEM_NOT_FOUND');
  return row;
};

export const getStudyProgress = async (
  { db, mediaDir }: { db: Db; mediaDir: string },
  caller: Caller,
  studyId: number,
): Promise<StudyProgress> => {
  const row = await findVideoAssignment(db, caller, { studyId, isLocked: false });
  const duration = isVideoPath(row.fileName) ? knownLength(await lengthOf(db, mediaDir, row)) : row.duration;
  return progressOf(row.segments, duration);
};

/** `duration` is what an older player still sends: it is not taken (the length comes from the file). */
export type ProgressBeat = { StudyId: number; MaterialId: number; from: number; to: number; duration?: number };

/** A heartbeat of a playing video: the stretch played since the last one. */
export const recordProgress = async (
  { db, mediaDir }: { db: Db; mediaDir: string },
  caller: Caller,
  beat: ProgressBeat,
  now = Date.now(),
): Promise<StudyProgress> =>
  withTransaction(db, async (tx) => {
    // A heartbeat does not wait for the disk: a crash loses at most the last beats of a few viewers (seconds of
    // credit they earn again), and a thousand viewers then cost the query screens little.
    await tx.execute(sql`set local synchronous_commit = off`);
    const row = await findVideoAssignment(tx, caller, {
      studyId: beat.StudyId,
      materialId: beat.MaterialId,
      isLocked: true,
    });
    if (!isVideoPath(row.fileName)) throw new BusinessError('STUDY_PROGRESS_INVALID', { detail: '该资料不是视频' });
    const duration = knownLength(await lengthOf(tx, mediaDir, row));
    const from = round3(beat.from);
    const to = round3(beat.to);
    if (duration !== null && to > duration + CONTIGUITY_SECONDS) {
      throw new BusinessError('STUDY_PROGRESS_INVALID', { detail: '播放位置超出视频时长' });
    }
    const furthest = furthestOf(row.segments);
    if (from > furthest + CONTIGUITY_SECONDS) {
      throw new BusinessError('STUDY_PROGRESS_INVALID', { detail: '不能跳过未观看的部分' });
    }
    // The viewing this beat belongs to: the current one, or a new one after a long gap. What the viewing's beats
    // claim together stays within the wall clock since it began (plus its slack, once), however fast they come.
    const claimed = Math.max(0, to - from);
    const isViewing =
      row.lastBeatAt !== null &&
      row.viewingStartedAt !== null &&
      now - row.lastBeatAt.getTime() <= MAX_BEAT_WINDOW_SECONDS * 1000;
    const viewingStartedAt = isViewing
      ? (row.viewingStartedAt as Date).getTime()
      : now - Math.min(claimed, FIRST_BEAT_SECONDS) * 1000;
    const claimedBefore = isViewing ? row.viewingClaimedSeconds : 0;
    const wallClockSeconds = Math.max(0, now - viewingStartedAt) / 1000;
    if (claimedBefore + claimed > wallClockSeconds + VIEWING_SLACK_SECONDS) {
      throw new BusinessError('STUDY_PROGRESS_INVALID', { detail: '播放进度超过了实际经过的时间' });
    }
    const segments = to > from ? mergeSegment(row.segments, [from, Math.min(to, duration ?? to)]) : row.segments;
    await tx
      .update(studyAssignments)
      .set({
        segments,
        coveredSeconds: coveredBy(segments),
        lastBeatAt: new Date(now),
        viewingStartedAt: new Date(viewingStartedAt),
        viewingClaimedSeconds: round3(claimedBefore + claimed),
      })
      .where(eq(studyAssignments.id, row.id));
    return progressOf(segments, duration);
  });
