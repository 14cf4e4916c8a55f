// What a video player reports as watched: the stretch played since the last report, and the furthest point the
// viewer may seek to (the server's, raised as the video plays on). Seeking further than SEEK_GUARD_SECONDS past it
// snaps back; backwards is fine. A jump (a seek) ends the stretch, which is then reported at once, so each report
// covers one stretch played in the real time since the one before (the server checks that against its clock).
import { SEEK_GUARD_SECONDS } from '@ess/contract/study-rules';

export type Stretch = { from: number; to: number };

/** Two time updates further apart than this are a jump, not playing (time updates come every ~250 ms). */
const MAX_STEP_SECONDS = 1.5;
/** Stretches shorter than this are not worth a report. */
const MIN_STRETCH_SECONDS = 0.2;

export const createWatchTracker = (initialFurthest = 0) => {
  let furthest = initialFurthest;
  let current: Stretch | undefined;
  return {
    get furthest() {
      return furthest;
    },
    /** The server knows more (another phone, an earlier visit). */
    raiseFurthest: (value: number) => {
      furthest = Math.max(furthest, value);
    },
    /** Where a seek to `target` may land. */
    guardSeek: (target: number) => (target > furthest + SEEK_GUARD_SECONDS ? furthest : target),
    /**
     * The playhead is at `time` while playing. Answers a stretch that just ended with a jump (to report now).
     */
    onPlaying: (time: number): Stretch | undefined => {
      if (current && time >= current.to && time - current.to <= MAX_STEP_SECONDS) {
        current.to = time;
        furthest = Math.max(furthest, time);
        return undefined;
      }
      const ended = current;
      current = { from: time, to: time };
      return ended && ended.to - ended.from >= MIN_STRETCH_SECONDS ? ended : undefined;
    },
    /** The stretch played since the last take (to report); the next one goes on from where it ended. */
    take: (): Stretch | undefined => {
      if (!current) return undefined;
      const taken = { ...current };
      current = { from: current.to, to: current.to };
      return taken.to - taken.from >= MIN_STRETCH_SECONDS ? taken : undefined;
    },
    /** A report that did not get through is played again in front of the next one, when they join. */
    putBack: (stretch: Stretch) => {
      if (current && Math.abs(current.from - stretch.to) < 0.01) current.from = stretch.from;
    },
  };
};

export type WatchTracker = ReturnType<typeof createWatchTracker>;
