// A video's length read from its file, never from a player: the movie header (`mvhd`) of an MP4/MOV/M4V, found by
// walking the top-level boxes (the `moov` may sit before or after the media data) and then moov's children. Only
// box headers and the header itself are read, whatever the file's size. Other containers (AVI, WMV, MKV) and
// damaged files answer undefined: such a video has no known length until HR enters one.
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
    if (version === 0 && bytesRead >= 20) {
      const timescale = body.readUInt32BE(12);
      const duration = body.readUInt32BE(16);
      return timescale > 0 && duration > 0 && duration !== 0xffffffff ? roundMs(duration / timescale) : undefined;
    }
    if (version === 1 && bytesRead >= 32) {
      const timescale = body.readUInt32BE(20);
      const duration = Number(body.readBigUInt64BE(24));
      return timescale > 0 && duration > 0 ? roundMs(duration / timescale) : undefined;
    }
    return undefined;
  } catch {
    return undefined;
  } finally {
    await file?.close();
  }
};

const roundMs = (seconds: number) => Math.round(seconds * 1000) / 1000;
