// What a file is, read from its first bytes (never from its name or the type the browser claims), and which kinds
// each upload type takes.
import type { UploadType } from '@ess/contract/files';
import { DamagedZip, entryStart, UnsupportedZip, unpackEntry, zipEntries } from '../../lib/zip';

export type FileKind = 'jpeg' | 'png' | 'webp' | 'heic' | 'pdf' | 'doc' | 'docx';

/** Upload types of the app's own (the avatar), beside the spec's. */
export type StoredUploadType = UploadType | 'AVATAR' | 'NOTICE';

const IMAGES: readonly FileKind[] = ['jpeg', 'png', 'webp', 'heic'];

export const ALLOWED_KINDS: Record<StoredUploadType, readonly FileKind[]> = {
  SCHOOL: [...IMAGES, 'pdf'],
  CARD: IMAGES,
  TITLE: [...IMAGES, 'pdf'],
  PROPOSAL: IMAGES,
  'PHOTO-Mobile': IMAGES,
  RESUME: ['pdf', 'doc', 'docx'],
  // Shown in <img> on every phone: no HEIC, which only Safari draws.
  AVATAR: ['jpeg', 'png', 'webp'],
  // A notice's pictures (drawn on every phone: no HEIC) and its PDF attachment.
  NOTICE: ['jpeg', 'png', 'webp', 'pdf'],
};

/** What the kinds of an upload type are called in a refusal. */
export const describeKinds = (kinds: readonly FileKind[]) =>
  kinds.every((kind) => IMAGES.includes(kind))
    ? '图片（JPG、PNG、WebP、HEIC）'
    : kinds.includes('webp') && kinds.includes('pdf') && !kinds.includes('heic')
      ? '图片（JPG、PNG、WebP）或 PDF 文件'
      : kinds.includes('doc')
        ? 'Word 或 PDF 文档（.doc、.docx、.pdf）'
        : '图片或 PDF 文件';

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

export const CONTENT_TYPES: Record<FileKind, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  heic: 'image/heic',
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

export const EXTENSIONS: Record<FileKind, string> = {
  jpeg: 'jpg',
  png: 'png',
  webp: 'webp',
  heic: 'heic',
  pdf: 'pdf',
  doc: 'doc',
  docx: 'docx',
};

const startsWith = (bytes: Buffer, signature: number[], offset = 0) =>
  signature.every((byte, index) => bytes[offset + index] === byte);
const ascii = (bytes: Buffer, start: number, end: number) => bytes.subarray(start, end).toString('latin1');

const HEIF_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1']);
/** The OLE2 stream a Word 97–2003 document has (UTF-16LE "WordDocument"). */
const WORD_STREAM = Buffer.from('WordDocument', 'utf16le');

export const sniffKind = (bytes: Buffer): FileKind | undefined => {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'webp';
  if (ascii(bytes, 4, 8) === 'ftyp' && HEIF_BRANDS.has(ascii(bytes, 8, 12))) return 'heic';
  if (ascii(bytes, 0, 5) === '%PDF-') return 'pdf';
  if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) {
    return bytes.includes(WORD_STREAM) ? 'doc' : undefined;
  }
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) return isWordDocument(bytes) ? 'docx' : undefined;
  return undefined;
};

const WORD_MAIN_PART = 'word/document.xml';
const WORD_MAIN_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml';
/** The most a .docx may declare its parts unpack to (a zip bomb declares far more). */
const MAX_UNPACKED_BYTES = 200 * 1024 * 1024;

/**
 * A .docx is a real zip (its central directory read, every local header where the directory says) whose content
 * types declare the Word main part, and that part begins as a Word document's XML. Bytes that merely contain the
 * two part names (HTML dressed as a .docx) are no .docx.
 */
const isWordDocument = (bytes: Buffer): boolean => {
  try {
    const entries = zipEntries(bytes);
    if (entries.reduce((sum, entry) => sum + entry.size, 0) > MAX_UNPACKED_BYTES) return false;
    for (const entry of entries) {
      if (entry.localOffset + 4 > bytes.length || bytes.readUInt32LE(entry.localOffset) !== 0x04034b50) return false;
    }
    const types = entries.find((entry) => entry.name === '[Content_Types].xml');
    const main = entries.find((entry) => entry.name === WORD_MAIN_PART);
    if (!types || !main || types.size > 1024 * 1024) return false;
    const declared = unpackEntry(bytes, types).toString('utf8');
    const override = /<Override\b[^>]*>/g;
    const declaresMain = [...declared.matchAll(override)].some(
      ([tag]) => tag.includes(`PartName="/${WORD_MAIN_PART}"`) && tag.includes(`ContentType="${WORD_MAIN_TYPE}"`),
    );
    if (!declaresMain) return false;
    const start = entryStart(bytes, main, 1024)
      .toString('utf8')
      .replace(/^\uFEFF/, '');
    return /^\s*(<\?xml[^>]*\?>\s*)?<w:document\b/.test(start);
  } catch (error) {
    if (error instanceof DamagedZip || error instanceof UnsupportedZip || error instanceof RangeError) return false;
    throw error;
  }
};

/** The original name as a label only: no directories, no control characters, at most 255 characters. */
export const cleanFileName = (name: string | undefined) =>
  (name ?? '')
    .split(/[\\/]/)
    .pop()
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed.
    ?.replace(/[\u0000-\u001f\u007f]/g, '')
    .trim()
    .slice(0, 255) ?? '';

/**
 * The name a file is served under: the uploaded name without its extension, and the extension of the kind its
 * bytes were found to be. 简历.html that is a Word document downloads as 简历.docx; nothing is ever saved by a
 * browser under an extension the server did not check.
 */
export const servedFileName = (originalName: string, kind: FileKind, fallback: string) => {
  const stem = originalName.replace(/\.[^.]*$/, '').trim() || fallback;
  return `${stem}.${EXTENSIONS[kind]}`;
};

// ——— 学习资料 (training materials): videos and documents, read by the same first bytes ———

/** A video container the spec's types (MP4, AVI, WMV, MPG, MPEG, MKV) come in; `mov` is QuickTime, MP4's sibling. */
export type VideoContainer = 'mp4' | 'mov' | 'avi' | 'asf' | 'mpeg' | 'mpegts' | 'matroska';
export type DocumentFormat = 'pdf' | 'doc' | 'docx' | 'xls' | 'xlsx' | 'ppt' | 'pptx';
export type MaterialFileKind =
  | { kind: 'video'; container: VideoContainer }
  | { kind: 'document'; format: DocumentFormat };

/** How many first bytes sniffMaterial reads of a file; of a zip, sniffOfficeZip reads the last MATERIAL_ZIP_TAIL_BYTES. */
export const MATERIAL_SNIFF_BYTES = 64 * 1024;
export const MATERIAL_ZIP_TAIL_BYTES = 1024 * 1024;

const ASF_HEADER = [0x30, 0x26, 0xb2, 0x75, 0x8e, 0x66, 0xcf, 0x11, 0xa6, 0xd9, 0x00, 0xaa, 0x00, 0x62, 0xce, 0x6c];
/** Top-level boxes an MP4 without `ftyp` (an old or hand-made one) may start with. */
const MP4_FIRST_BOXES = new Set(['moov', 'mdat', 'free', 'skip', 'wide']);
const EXCEL_STREAMS = [Buffer.from('Workbook', 'utf16le'), Buffer.from('Book', 'utf16le')];
const POWERPOINT_STREAM = Buffer.from('PowerPoint Document', 'utf16le');

/**
 * What a training material is by its first bytes: a video container or a document format; undefined: nothing a
 * material can be. An Office zip (docx, xlsx, pptx) is told by its parts, listed at its end: `zipTail` (the file's
 * last bytes, from offset `zipTailStart`) is read for it. Whether a video's streams can play on phones is ffmpeg's to
 * say, whether a document converts LibreOffice's (materials/media-tools.ts).
 */
export const sniffMaterial = (
  bytes: Buffer,
  zip?: { tail: Buffer; tailStart: number },
): MaterialFileKind | undefined => {
  const box = ascii(bytes, 4, 8);
  if (box === 'ftyp' && !HEIF_BRANDS.has(ascii(bytes, 8, 12))) {
    return { kind: 'video', container: ascii(bytes, 8, 12) === 'qt  ' ? 'mov' : 'mp4' };
  }
  if (MP4_FIRST_BOXES.has(box) && bytes.length >= 8) return { kind: 'video', container: 'mp4' };
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'AVI ') return { kind: 'video', container: 'avi' };
  if (startsWith(bytes, ASF_HEADER)) return { kind: 'video', container: 'asf' };
  if (startsWith(bytes, [0x00, 0x00, 0x01, 0xba]) || startsWith(bytes, [0x00, 0x00, 0x01, 0xb3])) {
    return { kind: 'video', container: 'mpeg' };
  }
  if (bytes[0] === 0x47 && bytes[188] === 0x47 && bytes[376] === 0x47) return { kind: 'video', container: 'mpegts' };
  if (startsWith(bytes, [0x1a, 0x45, 0xdf, 0xa3])) return { kind: 'video', container: 'matroska' };
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) return zip ? officeZipFormat(zip.tail, zip.tailStart) : undefined;
  const kind = sniffKind(bytes);
  if (kind === 'pdf' || kind === 'doc') return { kind: 'document', format: kind };
  if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) {
    if (EXCEL_STREAMS.some((stream) => bytes.includes(stream))) return { kind: 'document', format: 'xls' };
    if (bytes.includes(POWERPOINT_STREAM)) return { kind: 'document', format: 'ppt' };
    return undefined;
  }
  return undefined;
};

/**
 * A zip with content types and a Word, Excel or PowerPoint main part, by the names of its central directory. The parts
 * are not unpacked (the file may be hundreds of MB and is never held whole): LibreOffice reads them, and a zip that
 * only looks like one fails there.
 */
const officeZipFormat = (tail: Buffer, tailStart: number): MaterialFileKind | undefined => {
  try {
    const names = new Set(zipEntries(tail, tailStart).map((entry) => entry.name));
    if (!names.has('[Content_Types].xml')) return undefined;
    if (names.has(WORD_MAIN_PART)) return { kind: 'document', format: 'docx' };
    if (names.has('xl/workbook.xml')) return { kind: 'document', format: 'xlsx' };
    if (names.has('ppt/presentation.xml')) return { kind: 'document', format: 'pptx' };
    return undefined;
  } catch (error) {
    if (error instanceof DamagedZip || error instanceof UnsupportedZip || error instanceof RangeError) return undefined;
    throw error;
  }
};
