// The rules of study both sides apply: which files play as video, the shortest session saved, the seek guard,
// the heartbeat. No zod here: the study screens load no schema library for them.

/** Files of these extensions play in the video player; others show in the document preview (SPEC §5). */
export const VIDEO_EXTENSIONS = ['mp4', 'avi', 'wmv', 'mpg', 'mpeg', 'mkv'] as const;
export const isVideoPath = (path: string) => {
  const extension = /\.([a-z0-9]+)$/i.exec(path.split('?')[0] ?? '')?.[1]?.toLowerCase();
  return extension !== undefined && (VIDEO_EXTENSIONS as readonly string[]).includes(extension);
};

/** A study session shorter than this is not saved (SPEC §9). */
export const MIN_STUDY_MS = 1000;
/** Seeking further than this past the furthest point watched snaps back (SPEC §9). */
export const SEEK_GUARD_SECONDS = 0.5;
/** How often a playing video reports the stretch it played. */
export const HEARTBEAT_SECONDS = 10;
/** A video counts as studied once this share of it has been watched. */
export const STUDIED_COVERAGE = 0.95;

/** Where the media of a material is read: `/api/media/<key>.<ext>`; never a guessable public path. */
export const MEDIA_PATH = /^\/api\/media\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.[a-z0-9]{1,5}$/;
/** The onboarding guide's PDF, for signed-in callers only. */
export const GUIDE_PATH = '/api/media/onboarding-guide.pdf';
