// A video's length read from its file, never from a player: the movie header (`mvhd`) of an MP4/MOV/M4V, found by
// walking the top-level boxes (the `moov` may sit before or after the media data) and then moov's children. Only
// box headers and the header itself are read, whatever the file's size. A fragmented file whose mvhd says 0 gives
// its length in moov/mvex/mehd. Other containers (AVI, WMV, MKV) and damaged files answer undefined: such a video
// has no known length (it is studied by a saved record, unless HR enters one).
import { open } from 'node:fs/promises';

type Box = { type: string; start: number; headerSize: number; size: number };

const readBox = async (file: Awaited<ReturnType<typeof open>>, at: number, end: number): Promise<Box | undefined> => {
  if (at + 8 > end) return undefined;
  const header = Buffer.alloc(16);
  const { bytesRead } = await file.read(header, 0, 16, at);
  if (bytesRead < 8) return undefined;
  let size = header.readUInt32BE(0);
  const type = header.toString('latin1', 4, 8);
  let headerSize = 8;
  if (size === 1) {
    if (bytesRead < 16) return undefined;
    size = Number(header.readBigUInt64BE(8)); // a 64-bit size, for boxes past 4 GB
    headerSize = 16;
  } else if (size === 0) size = end - at; // to the end of its parent
  if (size < headerSize || at + size > end) return undefined;
  return { type, start: at, headerSize, size };
};

const findChild = async (file: Awaited<ReturnType<typeof open>>, type: string, from: number, end: number) => {
  for (let at = from, count = 0; at < end && count < 10_000; count++) {
    const box = await readBox(file, at, end);
    if (!box) return undefined;
    if (box.type === type) return box;
    at += box.size;
  }
  return undefined;
};

/** A fragmented file's whole length (mvex/mehd), in the movie's timescale; 0 when it does not say. */
const readFragmentDuration = async (file: Awaited<ReturnType<typeof open>>, moov: Box) => {
  const mvex = await findChild(file, 'mvex', moov.start + moov.headerSize, moov.start + moov.size);
  const mehd = mvex && (await findChild(file, 'mehd', mvex.start + mvex.headerSize, mvex.start + mvex.size));
  if (!mehd) return 0;
  const body = Buffer.alloc(12);
  const { bytesRead } = await file.read(body, 0, 12, mehd.start + mehd.headerSize);
  // version 0: fragment_duration in 4 bytes; version 1: in 8.
  if (body[0] === 0 && bytesRead >= 8) return body.readUInt32BE(4);
  if (body[0] === 1 && bytesRead >= 12) return Number(body.readBigUInt64BE(4));
  return 0;
};

/** Seconds, to the millisecond, or undefined when the file is no MP4-family video whose length can be read. */
export const readVideoSeconds = async (filePath: string): Promise<number | undefined> => {
  let file: Awaited<ReturnType<typeof open>> | undefined;
  try {
    file = await open(filePath, 'r');
    const { size } = await file.stat();
    const moov = await findChild(file, 'moov', 0, size);
    if (!moov) return undefined;
    const mvhd = await findChild(file, 'mvhd', moov.start + moov.headerSize, moov.start + moov.size);
    if (!mvhd) return undefined;
    const body = Buffer.alloc(32);
    const { bytesRead } = await file.read(body, 0, 32, mvhd.start + mvhd.headerSize);
    const version = body[0];
    // version 0: created, modified (4 bytes each), timescale, duration (4); version 1: 8, 8, 4, 8.
    let timescale: number;
    let duration: number;
    if (version === 0 && bytesRead >= 20) {
      timescale = body.readUInt32BE(12);
      duration = body.readUInt32BE(16);
      if (duration === 0xffffffff) duration = 0; // all ones: not known
    } else if (version === 1 && bytesRead >= 32) {
      timescale = body.readUInt32BE(20);
      const long = body.readBigUInt64BE(24);
      duration = long === 0xffffffffffffffffn ? 0 : Number(long);
    } else return undefined;
    if (duration === 0) duration = await readFragmentDuration(file, moov);
    const seconds = timescale > 0 && duration > 0 ? roundMs(duration / timescale) : 0;
    // The column holds under 10^7 s (numeric(10, 3)): a larger figure is a damaged header, not a training film.
    return seconds > 0 && seconds < MAX_SECONDS ? seconds : undefined;
  } catch {
    return undefined;
  } finally {
    await file?.close();
  }
};

/**
 * Whether an MP4's movie header (`moov`) comes before its media data (`mdat`), so a phone can start playing before the
 * whole file arrived; false also when either is missing.
 */
export const isMovieHeaderFirst = async (filePath: string): Promise<boolean> => {
  let file: Awaited<ReturnType<typeof open>> | undefined;
  try {
    file = await open(filePath, 'r');
    const { size } = await file.stat();
    const moov = await findChild(file, 'moov', 0, size);
    const mdat = await findChild(file, 'mdat', 0, size);
    return Boolean(moov && mdat && moov.start < mdat.start);
  } catch {
    return false;
  } finally {
    await file?.close();
  }
};

const MAX_SECONDS = 10_000_000;
const roundMs = (seconds: number) => Math.round(seconds * 1000) / 1000;
