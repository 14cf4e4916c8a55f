// The converters on this machine, and what they do to a material: ffmpeg (the static build the npm package
// @ffmpeg-installer/<platform> carries, or FFMPEG_PATH) reads a video's streams, converts it to H.264/AAC MP4 with its
// progress, or moves an MP4's header to the front; LibreOffice (`soffice` on PATH, or SOFFICE_PATH) turns an Office
// file into PDF. Nothing is downloaded at run time: a machine without one refuses what would need it.
import { spawn } from 'node:child_process';
import { accessSync, chmodSync, constants, existsSync, statSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rename, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';

export type MediaTools = {
  /** ffmpeg's path; undefined: videos that need converting are refused. */
  ffmpeg?: string;
  /** soffice's path; undefined: Office files are refused. */
  soffice?: string;
};

const isExecutable = (file: string) => {
  try {
    accessSync(file, constants.X_OK);
    return statSync(file).isFile();
  } catch {
    return false;
  }
};

/**
 * The ffmpeg of the npm package for this platform. npm 11 runs no install scripts, so the package's own chmod may
 * not have run: the file is made executable here (once, at start).
 */
const packagedFfmpeg = (): string | undefined => {
  const require = createRequire(import.meta.url);
  const name = `@ffmpeg-installer/${process.platform}-${process.arch}/package.json`;
  let file: string;
  try {
    file = path.join(path.dirname(require.resolve(name)), process.platform === 'win32' ? 'ffmpeg.exe' : 'ffmpeg');
  } catch {
    return undefined; // no build for this platform
  }
  if (!existsSync(file)) return undefined;
  if (!isExecutable(file)) {
    try {
      chmodSync(file, 0o755);
    } catch {
      return undefined;
    }
  }
  return isExecutable(file) ? file : undefined;
};

const SOFFICE_PLACES = ['/usr/bin/soffice', '/usr/lib/libreoffice/program/soffice', '/opt/libreoffice/program/soffice'];

const onPath = (command: string) =>
  (process.env.PATH ?? '')
    .split(path.delimiter)
    .filter(Boolean)
    .map((dir) => path.join(dir, command))
    .find(isExecutable);

/**
 * The converters as configured: FFMPEG_PATH / SOFFICE_PATH name one, `off` turns it off (tests, or a server that
 * must not spend its cores on conversions), unset finds the packaged ffmpeg and a soffice on PATH.
 */
export const findMediaTools = ({ ffmpegPath, sofficePath }: { ffmpegPath?: string; sofficePath?: string }) => {
  const ffmpeg =
    ffmpegPath === 'off'
      ? undefined
      : ffmpegPath
        ? isExecutable(ffmpegPath)
          ? ffmpegPath
          : undefined
        : packagedFfmpeg();
  const soffice =
    sofficePath === 'off'
      ? undefined
      : sofficePath
        ? isExecutable(sofficePath)
          ? sofficePath
          : undefined
        : (onPath('soffice') ?? SOFFICE_PLACES.find(isExecutable));
  return { ffmpeg, soffice } satisfies MediaTools;
};

type RunResult = { code: number | null; stderr: string };

/** Runs a tool without a shell; keeps the last 64 KB of its stderr; `onLine` hears its stdout line by line. */
const run = (
  command: string,
  args: string[],
  { signal, onLine, timeoutMs }: { signal?: AbortSignal; onLine?: (line: string) => void; timeoutMs?: number } = {},
) =>
  new Promise<RunResult>((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], signal, timeout: timeoutMs });
    let stderr = '';
    let pending = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-64 * 1024);
    });
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      pending += chunk;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) onLine?.(line.trim());
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stderr }));
  });

export type VideoProbe = {
  /** e.g. `mov,mp4,m4a,3gp,3g2,mj2`, `avi`, `asf`, `matroska,webm`. */
  format: string;
  durationSeconds?: number;
  videoCodecs: string[];
  audioCodecs: string[];
};

const DURATION = /Duration: (\d+):(\d{2}):(\d{2}(?:\.\d+)?)/;
const INPUT = /^Input #0, ([^ ]+), from/m;
const STREAM = /Stream #0:\d+(?:\[[^\]]*\])?(?:\([^)]*\))?: (Video|Audio): ([a-z0-9_]+)/g;

/** What ffmpeg reads of a file's container and streams (`ffmpeg -i`, which says it on stderr). */
export const probeVideo = async (ffmpeg: string, file: string, signal?: AbortSignal): Promise<VideoProbe> => {
  const { stderr } = await run(ffmpeg, ['-hide_banner', '-nostdin', '-i', file], { signal, timeoutMs: 60_000 });
  const duration = DURATION.exec(stderr);
  const probe: VideoProbe = {
    format: INPUT.exec(stderr)?.[1] ?? '',
    durationSeconds: duration ? Number(duration[1]) * 3600 + Number(duration[2]) * 60 + Number(duration[3]) : undefined,
    videoCodecs: [],
    audioCodecs: [],
  };
  for (const [, type, codec] of stderr.matchAll(STREAM)) {
    (type === 'Video' ? probe.videoCodecs : probe.audioCodecs).push(codec as string);
  }
  return probe;
};

/** What every phone plays as it is: an MP4 of H.264 video with AAC audio, or none. */
export const isPlayableAsIs = (probe: VideoProbe) =>
  probe.format.split(',').includes('mp4') &&
  probe.videoCodecs.length === 1 &&
  probe.videoCodecs[0] === 'h264' &&
  probe.audioCodecs.every((codec) => codec === 'aac');

const lastLines = (stderr: string) => stderr.trim().split('\n').slice(-3).join(' | ').slice(0, 500);

export class ToolFailed extends Error {}

/** The same streams in an MP4 whose header is at the front (a phone starts before the whole file arrived). */
export const remuxFastStart = async (ffmpeg: string, from: string, to: string, signal?: AbortSignal) => {
  const { code, stderr } = await run(
    ffmpeg,
    [
      '-hide_banner',
      '-nostdin',
      '-y',
      '-i',
      from,
      '-map',
      '0',
      '-c',
      'copy',
      '-movflags',
      '+faststart',
      '-f',
      'mp4',
      to,
    ],
    { signal },
  );
  if (code !== 0) throw new ToolFailed(`ffmpeg remux exit ${code}: ${lastLines(stderr)}`);
};

/**
 * The first video and audio stream as H.264 (yuv420p, even sides, CRF 23) and AAC in an MP4 with its header at the
 * front. `onProgress` hears the share done (0–1) from ffmpeg's `-progress` output against the probed length.
 */
export const convertToMp4 = async (
  ffmpeg: string,
  {
    from,
    to,
    durationSeconds,
    onProgress,
    signal,
  }: {
    from: string;
    to: string;
    durationSeconds?: number;
    onProgress: (share: number) => void;
    signal?: AbortSignal;
  },
) => {
  const args = [
    '-hide_banner',
    '-nostdin',
    '-y',
    '-i',
    from,
    '-map',
    '0:v:0',
    '-map',
    '0:a:0?',
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-crf',
    '23',
    '-pix_fmt',
    'yuv420p',
    '-vf',
    'scale=trunc(iw/2)*2:trunc(ih/2)*2',
    '-c:a',
    'aac',
    '-b:a',
    '128k',
    '-movflags',
    '+faststart',
    '-progress',
    'pipe:1',
    '-nostats',
    '-f',
    'mp4',
    to,
  ];
  const { code, stderr } = await run(ffmpeg, args, {
    signal,
    onLine: (line) => {
      // out_time_us (out_time_ms in older builds, also microseconds despite its name).
      const match = /^out_time_(?:us|ms)=(\d+)$/.exec(line);
      if (match && durationSeconds) onProgress(Math.min(1, Number(match[1]) / 1e6 / durationSeconds));
    },
  });
  if (code !== 0) throw new ToolFailed(`ffmpeg exit ${code}: ${lastLines(stderr)}`);
};

/** An Office file as PDF, through LibreOffice in a profile of its own (two conversions at once do not meet). */
export const convertToPdf = async (
  soffice: string,
  { from, to, signal }: { from: string; to: string; signal?: AbortSignal },
) => {
  // Beside the target, so the PDF is moved on one disk.
  const work = await mkdtemp(path.join(path.dirname(to), '.soffice-'));
  try {
    const outDir = path.join(work, 'out');
    await mkdir(outDir);
    const { code, stderr } = await run(
      soffice,
      [
        `-env:UserInstallation=file://${path.join(work, 'profile')}`,
        '--headless',
        '--norestore',
        '--convert-to',
        'pdf',
        '--outdir',
        outDir,
        from,
      ],
      { signal, timeoutMs: 10 * 60_000 },
    );
    const made = (await readdir(outDir)).find((name) => name.endsWith('.pdf'));
    if (code !== 0 || !made) throw new ToolFailed(`soffice exit ${code}: ${lastLines(stderr)}`);
    await rename(path.join(outDir, made), to);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
};
