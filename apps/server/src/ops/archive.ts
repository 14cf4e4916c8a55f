// The backup archive: a gzipped POSIX tar (ustar headers, a pax record for a name that does not fit or is not
// ASCII), readable by any `tar xzf`. Written and read here as a stream, each entry hashed (SHA-256) on its way.
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import type { Readable, Writable } from 'node:stream';

const BLOCK = 512;
const MAX_OCTAL_SIZE = 0o77777777777; // what the header's 12-byte size field holds

/** A damaged, truncated or foreign archive. */
export class ArchiveError extends Error {}

export type EntryWritten = { path: string; size: number; sha256: string };

const writeField = (header: Buffer, offset: number, length: number, text: string) =>
  header.write(text, offset, length, 'latin1');

const octal = (value: number, length: number) => `${value.toString(8).padStart(length - 1, '0')}\0`;

const headerBlock = (name: string, size: number, mtimeSeconds: number, type: '0' | 'x') => {
  const header = Buffer.alloc(BLOCK);
  writeField(header, 0, 100, name);
  writeField(header, 100, 8, octal(0o644, 8));
  writeField(header, 108, 8, octal(0, 8));
  writeField(header, 116, 8, octal(0, 8));
  writeField(header, 124, 12, octal(Math.min(size, MAX_OCTAL_SIZE), 12));
  writeField(header, 136, 12, octal(Math.max(0, Math.floor(mtimeSeconds)), 12));
  writeField(header, 148, 8, '        ');
  writeField(header, 156, 1, type);
  writeField(header, 257, 8, 'ustar\x0000');
  let sum = 0;
  for (const byte of header) sum += byte;
  writeField(header, 148, 8, `${sum.toString(8).padStart(6, '0')}\0 `);
  return header;
};

/** One pax record, `<length> <key>=<value>\n`, whose length counts itself. */
const paxRecord = (key: string, value: string) => {
  const body = ` ${key}=${value}\n`;
  const bodyBytes = Buffer.byteLength(body);
  let digits = String(bodyBytes).length;
  if (String(bodyBytes + digits).length > digits) digits += 1;
  return `${bodyBytes + digits}${body}`;
};

const padding = (size: number) => Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK);

/** Writes entries to `out` (a gzip stream, say) with backpressure; `finish` writes the end of the archive. */
export class TarWriter {
  constructor(private readonly out: Writable) {}

  private async write(chunk: Buffer) {
    if (!this.out.write(chunk)) await once(this.out, 'drain');
  }

  /** Exactly `size` bytes from `source`; a source that gives more or fewer is refused (it changed meanwhile). */
  async addFile(name: string, size: number, source: AsyncIterable<Buffer> | Iterable<Buffer>, mtime = new Date()) {
    const isPlain = /^[\x20-\x7e]{1,99}$/.test(name);
    if (!isPlain || size > MAX_OCTAL_SIZE) {
      const records = Buffer.from(
        (isPlain ? '' : paxRecord('path', name)) + (size > MAX_OCTAL_SIZE ? paxRecord('size', String(size)) : ''),
      );
      await this.write(headerBlock('pax-header', records.length, mtime.getTime() / 1000, 'x'));
      await this.write(Buffer.concat([records, padding(records.length)]));
    }
    const shortName = isPlain ? name : `entry-${createHash('sha256').update(name).digest('hex').slice(0, 16)}`;
    await this.write(headerBlock(shortName, size, mtime.getTime() / 1000, '0'));
    const hash = createHash('sha256');
    let written = 0;
    for await (const chunk of source) {
      written += chunk.length;
      if (written > size) break;
      hash.update(chunk);
      await this.write(chunk);
    }
    if (written !== size) throw new ArchiveError(`${name} changed while it was being archived`);
    await this.write(padding(size));
    return { path: name, size, sha256: hash.digest('hex') } satisfies EntryWritten;
  }

  async finish() {
    await this.write(Buffer.alloc(2 * BLOCK));
    this.out.end();
    await once(this.out, 'finish');
  }
}

/** Reads exactly the bytes asked for from a stream of chunks. */
class ChunkReader {
  private buffered: Buffer = Buffer.alloc(0);
  private readonly chunks: AsyncIterator<Buffer>;

  constructor(source: AsyncIterable<Buffer>) {
    this.chunks = source[Symbol.asyncIterator]();
  }

  private async fill() {
    const next = await this.chunks.next();
    if (next.done) return false;
    this.buffered = this.buffered.length === 0 ? next.value : Buffer.concat([this.buffered, next.value]);
    return true;
  }

  async read(length: number) {
    while (this.buffered.length < length) {
      if (!(await this.fill())) throw new ArchiveError('the archive ends too early (truncated)');
    }
    const part = this.buffered.subarray(0, length);
    this.buffered = this.buffered.subarray(length);
    return part;
  }

  /** Reads what follows to its end (a tar's padding to its record size), so that the source finishes. */
  async drain() {
    this.buffered = Buffer.alloc(0);
    while (!(await this.chunks.next()).done) {}
  }

  /** `length` bytes in pieces, as they come. */
  async *pieces(length: number): AsyncGenerator<Buffer> {
    let left = length;
    while (left > 0) {
      if (this.buffered.length === 0 && !(await this.fill())) {
        throw new ArchiveError('the archive ends too early (truncated)');
      }
      const part = this.buffered.subarray(0, Math.min(left, this.buffered.length));
      this.buffered = this.buffered.subarray(part.length);
      left -= part.length;
      yield part;
    }
  }
}

const field = (header: Buffer, offset: number, length: number) => {
  const text = header.toString('latin1', offset, offset + length);
  const end = text.indexOf('\0');
  return end === -1 ? text : text.slice(0, end);
};

const parseOctal = (header: Buffer, offset: number, length: number) => {
  const text = field(header, offset, length).trim();
  if (!/^[0-7]*$/.test(text)) throw new ArchiveError('a damaged entry header');
  return text === '' ? 0 : Number.parseInt(text, 8);
};

const checksumHolds = (header: Buffer) => {
  let sum = 0;
  for (let index = 0; index < BLOCK; index++) sum += index >= 148 && index < 156 ? 0x20 : header[index]!;
  return parseOctal(header, 148, 8) === sum;
};

const parsePax = (records: Buffer) => {
  const values = new Map<string, string>();
  let offset = 0;
  while (offset < records.length) {
    const space = records.indexOf(0x20, offset);
    const length = Number(records.toString('latin1', offset, space));
    if (space === -1 || !Number.isInteger(length) || length <= 0) throw new ArchiveError('a damaged pax header');
    const record = records.toString('utf8', space + 1, offset + length - 1);
    const equals = record.indexOf('=');
    values.set(record.slice(0, equals), record.slice(equals + 1));
    offset += length;
  }
  return values;
};

export type EntryRead = {
  path: string;
  size: number;
  mtime: Date;
  /** The entry's bytes; each must be consumed before the next entry is read. */
  body: AsyncIterable<Buffer>;
};

/** The file entries of a tar stream (already gunzipped), in order; directories are passed over. */
export async function* readTar(source: Readable): AsyncGenerator<EntryRead> {
  const reader = new ChunkReader(source);
  let pax = new Map<string, string>();
  for (;;) {
    const header = await reader.read(BLOCK);
    if (header.every((byte) => byte === 0)) {
      await reader.read(BLOCK); // the second block of the end marker: without it the archive was cut short
      await reader.drain();
      return;
    }
    if (!checksumHolds(header)) throw new ArchiveError('a damaged entry header (its checksum does not hold)');
    const type = field(header, 156, 1);
    const size = Number(pax.get('size') ?? parseOctal(header, 124, 12));
    const prefix = field(header, 345, 155);
    const name = pax.get('path') ?? (prefix ? `${prefix}/${field(header, 0, 100)}` : field(header, 0, 100));
    const mtime = new Date(parseOctal(header, 136, 12) * 1000);
    if (type === 'x') {
      pax = parsePax(Buffer.from(await reader.read(size)));
      await reader.read(padding(size).length);
      continue;
    }
    pax = new Map();
    const body = reader.pieces(size);
    if (type === '0' || type === '') yield { path: name, size, mtime, body };
    else if (type !== '5' && type !== 'g') throw new ArchiveError(`an entry of a kind a backup never holds (${name})`);
    for await (const _ of body) {
    } // what the consumer left unread
    await reader.read(padding(size).length);
  }
}
