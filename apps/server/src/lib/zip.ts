// Reading a zip as the Office formats use it (.docx, .xlsx): its central directory, and a part unpacked with zlib
// capped at the size the directory declares, so a crafted file can never unpack into more than it says.
import { constants, inflateRawSync } from 'node:zlib';

export type ZipEntry = {
  name: string;
  method: number;
  flags: number;
  compressedSize: number;
  size: number;
  localOffset: number;
};

/** The file is no zip, or a damaged one. */
export class DamagedZip extends Error {}
/** A zip this reader does not unpack (encrypted, zip64, a method other than stored or deflated). */
export class UnsupportedZip extends Error {}

const ZIP64 = 0xffffffff;

/**
 * The entries of a zip's central directory. `bytes` are the file's from offset `base` on (0: the whole file; a large
 * file's tail holding the directory will do, its entries' offsets stay the file's).
 */
export const zipEntries = (bytes: Buffer, base = 0): ZipEntry[] => {
  // The end of central directory record: signature 0x06054b50, within the last 64 KB + 22 bytes.
  const from = Math.max(0, bytes.length - 65_557);
  let end = -1;
  for (let at = bytes.length - 22; at >= from; at--) {
    if (bytes.readUInt32LE(at) === 0x06054b50) {
      end = at;
      break;
    }
  }
  if (end < 0) throw new DamagedZip();
  const count = bytes.readUInt16LE(end + 10);
  let at = bytes.readUInt32LE(end + 16) - base;
  if (at < 0) throw new DamagedZip();
  const entries: ZipEntry[] = [];
  for (let index = 0; index < count; index++) {
    if (at + 46 > bytes.length || bytes.readUInt32LE(at) !== 0x02014b50) throw new DamagedZip();
    const nameLength = bytes.readUInt16LE(at + 28);
    entries.push({
      flags: bytes.readUInt16LE(at + 8),
      method: bytes.readUInt16LE(at + 10),
      compressedSize: bytes.readUInt32LE(at + 20),
      size: bytes.readUInt32LE(at + 24),
      localOffset: bytes.readUInt32LE(at + 42),
      name: bytes.toString('utf8', at + 46, at + 46 + nameLength),
    });
    at += 46 + nameLength + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
  }
  return entries;
};

/** The packed bytes of an entry, found through its local header. */
const packedBytes = (bytes: Buffer, entry: ZipEntry): Buffer => {
  if (entry.flags & 1) throw new UnsupportedZip(); // encrypted
  if (entry.size === ZIP64 || entry.compressedSize === ZIP64 || entry.localOffset === ZIP64) throw new UnsupportedZip();
  if (entry.method !== 0 && entry.method !== 8) throw new UnsupportedZip();
  const local = entry.localOffset;
  if (local + 30 > bytes.length || bytes.readUInt32LE(local) !== 0x04034b50) throw new DamagedZip();
  const start = local + 30 + bytes.readUInt16LE(local + 26) + bytes.readUInt16LE(local + 28);
  const packed = bytes.subarray(start, start + entry.compressedSize);
  if (packed.length !== entry.compressedSize) throw new DamagedZip();
  return packed;
};

/** An entry unpacked whole: never more than the directory declared, and exactly that much. */
export const unpackEntry = (bytes: Buffer, entry: ZipEntry): Buffer => {
  const packed = packedBytes(bytes, entry);
  let unpacked: Buffer;
  if (entry.method === 0) unpacked = packed;
  else {
    try {
      unpacked = inflateRawSync(packed, { maxOutputLength: Math.max(1, entry.size) });
    } catch {
      throw new DamagedZip();
    }
  }
  if (unpacked.length !== entry.size) throw new DamagedZip();
  return unpacked;
};

/** The first bytes of an entry (at most `length`), without unpacking the rest: enough to tell what a part holds. */
export const entryStart = (bytes: Buffer, entry: ZipEntry, length: number): Buffer => {
  const packed = packedBytes(bytes, entry);
  if (entry.method === 0) return packed.subarray(0, length);
  try {
    // A sync flush answers what the input so far unpacks to instead of failing on the unfinished stream. Deflate
    // unpacks at most about 1,032 bytes per byte, so 1 KB of input stays under 2 MB whatever the file.
    return inflateRawSync(packed.subarray(0, 1024), {
      finishFlush: constants.Z_SYNC_FLUSH,
      maxOutputLength: Math.max(1, Math.min(entry.size, 2 * 1024 * 1024)),
    }).subarray(0, length);
  } catch {
    throw new DamagedZip();
  }
};
