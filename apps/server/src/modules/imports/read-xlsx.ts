// A reader of the .xlsx that HR uploads, for speed: it keeps of each cell only its text (and a date's serial), where
// SheetJS builds a cell object per cell with its formats and styles — 3 to 5 s of an 80,000-row payslip sheet, most
// of an import's time. It reads the zip's directory, unpacks only the parts it needs (the first sheet, the shared
// strings, the styles) with zlib capped at each part's declared size, and walks the sheet's XML with indexOf.
// What it does not know (an encrypted or zip64 package, prefixed XML as some exporters write, a t="d" cell) it
// leaves to SheetJS: it answers undefined and read-sheet.ts reads the file the slow, general way. Its answers are
// the same as SheetJS's for the cells it reads (read-xlsx.test.ts compares them).
import * as XLSX from '@e965/xlsx';
import { DamagedZip, UnsupportedZip, unpackEntry, type ZipEntry, zipEntries } from '../../lib/zip';
import type { Cell } from './read-sheet';

/** Something this reader leaves to SheetJS: not an error of the file. */
class NotForThisReader extends Error {}

const pass = (): never => {
  throw new NotForThisReader();
};

const unpack = (bytes: Buffer, entry: ZipEntry, encoding: 'utf8' | 'latin1' = 'utf8'): string => {
  let unpacked: Buffer;
  try {
    unpacked = unpackEntry(bytes, entry);
  } catch (error) {
    if (error instanceof UnsupportedZip) return pass(); // encrypted, zip64, another method: SheetJS's
    throw error;
  }
  // UTF-16 parts exist in theory; Excel and the exporters write UTF-8.
  if (unpacked[0] === 0xff || unpacked[0] === 0xfe) return pass();
  return unpacked.toString(encoding);
};

/**
 * The next place of a fixed text at or after a position, for positions that only move forward: the answer found
 * is kept and given again while it is still ahead, so a text that is rare or absent (a phonetic run, a <v> in a
 * sheet of inline strings) is searched for once per occurrence instead of to the end of the part for every cell —
 * what made reading quadratic in the file's strings.
 */
export class ForwardSearch {
  private searchedFrom = -1;
  private found = -1;
  constructor(
    private readonly text: string,
    private readonly needle: string,
  ) {}
  from(position: number): number {
    const stillValid =
      this.searchedFrom >= 0 && position >= this.searchedFrom && (this.found < 0 || this.found >= position);
    if (!stillValid) {
      this.searchedFrom = position;
      this.found = this.text.indexOf(this.needle, position);
    }
    return this.found;
  }
}

// ——— XML, the little of it the parts use ———

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/**
 * The sheet and the shared strings are decoded as latin1, one character per byte: a one-byte string, made at the
 * speed of a copy, where UTF-8 text with Chinese in it made V8 build a two-byte string of the whole sheet. The few
 * values with bytes above 0x7f are decoded as UTF-8 when they are taken out.
 */
const NON_ASCII = /[\x80-\xff]/;
const fromLatin1 = (text: string) => (NON_ASCII.test(text) ? Buffer.from(text, 'latin1').toString('utf8') : text);

/** Character references and entities, then OOXML's _xHHHH_ escapes (a control character Excel could not write). */
const unescapeXml = (text: string): string => {
  let out = text;
  if (out.includes('&')) {
    out = out.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-z]+);/g, (whole, name: string) => {
      if (name[0] !== '#') return ENTITIES[name] ?? whole;
      const code = name[1] === 'x' ? Number.parseInt(name.slice(2), 16) : Number.parseInt(name.slice(1), 10);
      return code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    });
  }
  if (out.includes('_x')) {
    out = out.replace(/_x([0-9A-Fa-f]{4})_/g, (_whole, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  }
  return out;
};

/** The value of an attribute in a start tag's text (`<c r="A1" t="s">`), or undefined. */
const attribute = (tag: string, name: string): string | undefined => {
  let at = tag.indexOf(` ${name}="`);
  let quote = '"';
  if (at < 0) {
    at = tag.indexOf(` ${name}='`);
    quote = "'";
    if (at < 0) return undefined;
  }
  const from = at + name.length + 3;
  const to = tag.indexOf(quote, from);
  return to < 0 ? undefined : tag.slice(from, to);
};

/** The start tags named `name` in `xml`, each as its text up to '>'. */
const startTags = (xml: string, name: string): string[] => {
  const tags: string[] = [];
  const open = `<${name}`;
  for (let at = xml.indexOf(open); at >= 0; at = xml.indexOf(open, at + 1)) {
    const next = xml.charCodeAt(at + open.length);
    // <sheet but not <sheets; a space, '/' or '>' ends the name.
    if (next !== 32 && next !== 47 && next !== 62 && next !== 9 && next !== 10 && next !== 13) continue;
    const end = xml.indexOf('>', at);
    if (end < 0) break;
    tags.push(xml.slice(at, end + 1));
  }
  return tags;
};

/** The searches of the texts that a part's strings are read with, kept across its strings. */
type TextSearches = { phonetic: ForwardSearch; text: ForwardSearch };
const textSearches = (xml: string): TextSearches => ({
  phonetic: new ForwardSearch(xml, '<rPh'),
  text: new ForwardSearch(xml, '<t'),
});

/** The text of the <t> elements between from and to, leaving out phonetic runs (<rPh>…</rPh>). */
const textRuns = (xml: string, from: number, to: number, searches: TextSearches): string => {
  let text = '';
  let at = from;
  let phonetic = searches.phonetic.from(from);
  if (phonetic >= to) phonetic = -1;
  for (;;) {
    const open = searches.text.from(at);
    if (open < 0 || open >= to) break;
    if (phonetic >= 0 && open > phonetic) {
      // Skip the phonetic run whole, then look for the next one.
      const end = xml.indexOf('</rPh>', phonetic);
      if (end < 0 || end > to) throw new DamagedZip();
      at = end + 6;
      phonetic = searches.phonetic.from(at);
      if (phonetic >= to) phonetic = -1;
      continue;
    }
    const next = xml.charCodeAt(open + 2);
    if (next !== 62 && next !== 32) {
      at = open + 2; // <t/> or a tag whose name starts with t
      continue;
    }
    const start = xml.indexOf('>', open) + 1;
    if (xml.charCodeAt(start - 2) === 47) {
      at = start; // <t xml:space="preserve"/>
      continue;
    }
    const close = xml.indexOf('</t>', start);
    if (close < 0 || close > to) throw new DamagedZip();
    text += xml.slice(start, close);
    at = close + 4;
  }
  return unescapeXml(fromLatin1(text));
};

const sharedStrings = (xml: string): string[] => {
  const strings: string[] = [];
  const searches = textSearches(xml);
  for (let at = xml.indexOf('<si'); at >= 0; ) {
    const tagEnd = xml.indexOf('>', at);
    if (tagEnd < 0) throw new DamagedZip();
    if (xml.charCodeAt(tagEnd - 1) === 47) {
      strings.push(''); // <si/>
      at = xml.indexOf('<si', tagEnd);
      continue;
    }
    const end = xml.indexOf('</si>', tagEnd);
    if (end < 0) throw new DamagedZip();
    strings.push(textRuns(xml, tagEnd, end, searches));
    at = xml.indexOf('<si', end);
  }
  return strings;
};

/** Per style index: the number format's code when it shows a date, else undefined. */
const dateStyles = (xml: string): (string | undefined)[] => {
  const custom = new Map<number, string>();
  for (const tag of startTags(xml, 'numFmt')) {
    const id = Number(attribute(tag, 'numFmtId'));
    const code = attribute(tag, 'formatCode');
    if (code !== undefined) custom.set(id, unescapeXml(code));
  }
  const from = xml.indexOf('<cellXfs');
  const to = xml.indexOf('</cellXfs>', from);
  if (from < 0 || to < 0) return [];
  const builtIn = XLSX.SSF.get_table() as Record<number, string>;
  return startTags(xml.slice(from, to), 'xf').map((tag) => {
    const id = Number(attribute(tag, 'numFmtId') ?? 0);
    const code = custom.get(id) ?? builtIn[id];
    return code !== undefined && XLSX.SSF.is_date(code) ? code : undefined;
  });
};

/** A part's path from a relationship's target, relative to xl/ or absolute. */
const partPath = (target: string) => (target.startsWith('/') ? target.slice(1) : `xl/${target}`).replace(/\\/g, '/');

/** "AB12" → 27 (zero-based column), or -1. */
const columnOf = (reference: string): number => {
  let column = 0;
  let at = 0;
  for (; at < reference.length; at++) {
    const code = reference.charCodeAt(at);
    if (code >= 65 && code <= 90) column = column * 26 + (code - 64);
    else if (code >= 97 && code <= 122) column = column * 26 + (code - 96);
    else break;
  }
  return at === 0 ? -1 : column - 1;
};

export type XlsxRow = { rowNo: number; cells: Cell[] };

/**
 * The first sheet's rows, or undefined when the file is one for SheetJS. Refusals (too many rows) are thrown by
 * `onRow`; a damaged package throws DamagedZip. Stops reading once `onRow` answers false.
 */
export const readXlsxRows = (
  bytes: Buffer,
  {
    entries = zipEntries(bytes),
    maxColumns,
    onRow,
  }: { entries?: ZipEntry[]; maxColumns: number; onRow: (row: XlsxRow) => boolean },
): boolean => {
  try {
    readParts(bytes, entries, maxColumns, onRow);
    return true;
  } catch (error) {
    if (error instanceof NotForThisReader) return false;
    throw error;
  }
};

const readParts = (bytes: Buffer, directory: ZipEntry[], maxColumns: number, onRow: (row: XlsxRow) => boolean) => {
  const entries = new Map(directory.map((entry) => [entry.name, entry]));
  const part = (name: string, encoding?: 'latin1') => {
    const entry = entries.get(name);
    return entry ? unpack(bytes, entry, encoding) : undefined;
  };
  const workbook = part('xl/workbook.xml') ?? pass();
  const relationships = part('xl/_rels/workbook.xml.rels') ?? pass();
  // Prefixed elements (<x:sheet>) are written by some exporters: SheetJS reads those.
  if (!workbook.includes('<sheets') || workbook.includes(':sheets')) pass();
  const firstSheet = startTags(workbook, 'sheet')[0] ?? pass();
  const sheetRelation = /\s[A-Za-z0-9]+:id="([^"]*)"/.exec(firstSheet)?.[1] ?? pass();
  const relations = startTags(relationships, 'Relationship').map((tag) => ({
    id: attribute(tag, 'Id'),
    type: attribute(tag, 'Type') ?? '',
    target: unescapeXml(attribute(tag, 'Target') ?? ''),
  }));
  const targetOf = (match: (relation: (typeof relations)[number]) => boolean) => relations.find(match)?.target;
  const sheetTarget = targetOf((relation) => relation.id === sheetRelation) ?? pass();
  const stringsTarget = targetOf((relation) => relation.type.endsWith('/sharedStrings'));
  const stylesTarget = targetOf((relation) => relation.type.endsWith('/styles'));
  const strings = stringsTarget ? sharedStrings(part(partPath(stringsTarget), 'latin1') ?? '') : [];
  const styles = stylesTarget ? dateStyles(part(partPath(stylesTarget)) ?? '') : [];
  let sheet: string | undefined = part(partPath(sheetTarget), 'latin1') ?? pass();
  const from = sheet.indexOf('<sheetData');
  if (from < 0) {
    if (sheet.includes(':sheetData')) pass();
    return;
  }
  const to = sheet.indexOf('</sheetData>', from);
  walkRows(sheet, from, to < 0 ? sheet.length : to, { strings, styles, maxColumns, onRow });
  sheet = undefined;
};

const cellText = (
  type: string | undefined,
  raw: string,
  style: string | undefined,
  { strings, styles }: { strings: string[]; styles: (string | undefined)[] },
): Cell | undefined => {
  switch (type) {
    case 's': {
      const text = strings[Number(raw)];
      if (text === undefined) throw new DamagedZip();
      return { text: text.trim() };
    }
    case 'str':
      return { text: unescapeXml(fromLatin1(raw)).trim() };
    case 'inlineStr':
      return { text: raw.trim() }; // unescaped by textRuns
    case 'b':
      return { text: raw === '1' || raw === 'true' ? 'TRUE' : 'FALSE' };
    case 'e':
      return { text: '' };
    case undefined:
    case 'n': {
      if (raw === '') return undefined;
      const value = Number(raw);
      const text = Number.isFinite(value) ? String(value) : '';
      const format = style === undefined ? undefined : styles[Number(style)];
      return format === undefined ? { text } : { text: XLSX.SSF.format(format, value), dateSerial: value };
    }
    default:
      return pass(); // t="d" and what else may come: SheetJS's
  }
};

/** The r, t and s attributes of the start tag between `from` and its '>' at `end`, read in one pass (a cell's). */
const cellAttributes = {
  r: undefined as string | undefined,
  t: undefined as string | undefined,
  s: undefined as string | undefined,
};
const readCellAttributes = (xml: string, from: number, end: number) => {
  cellAttributes.r = undefined;
  cellAttributes.t = undefined;
  cellAttributes.s = undefined;
  let at = from;
  for (;;) {
    const equals = xml.indexOf('=', at);
    if (equals < 0 || equals > end) return;
    let nameStart = equals;
    while (nameStart > at && xml.charCodeAt(nameStart - 1) > 32) nameStart--;
    const quote = xml.charCodeAt(equals + 1);
    if (quote !== 34 && quote !== 39) throw new DamagedZip();
    const close = xml.indexOf(quote === 34 ? '"' : "'", equals + 2);
    if (close < 0 || close > end) throw new DamagedZip();
    if (equals - nameStart === 1) {
      const name = xml.charCodeAt(nameStart);
      if (name === 114) cellAttributes.r = xml.slice(equals + 2, close);
      else if (name === 116) cellAttributes.t = xml.slice(equals + 2, close);
      else if (name === 115) cellAttributes.s = xml.slice(equals + 2, close);
    }
    at = close + 1;
  }
};

const walkRows = (
  xml: string,
  from: number,
  to: number,
  context: {
    strings: string[];
    styles: (string | undefined)[];
    maxColumns: number;
    onRow: (row: XlsxRow) => boolean;
  },
) => {
  let rowNo = 0;
  const searches = textSearches(xml);
  const cellStart = new ForwardSearch(xml, '<c');
  const valueStart = new ForwardSearch(xml, '<v');
  let at = xml.indexOf('<row', from);
  while (at >= 0 && at < to) {
    const rowTagEnd = xml.indexOf('>', at);
    if (rowTagEnd < 0) throw new DamagedZip();
    readCellAttributes(xml, at + 4, rowTagEnd);
    rowNo = cellAttributes.r === undefined ? rowNo + 1 : Number(cellAttributes.r);
    if (!Number.isSafeInteger(rowNo) || rowNo < 1) throw new DamagedZip();
    if (xml.charCodeAt(rowTagEnd - 1) === 47) {
      at = xml.indexOf('<row', rowTagEnd);
      continue; // <row r="5"/>: an empty row
    }
    const rowEnd = xml.indexOf('</row>', rowTagEnd);
    if (rowEnd < 0 || rowEnd > to) throw new DamagedZip();
    const cells: Cell[] = [];
    let column = -1;
    let cellAt = cellStart.from(rowTagEnd);
    while (cellAt >= 0 && cellAt < rowEnd) {
      const next = xml.charCodeAt(cellAt + 2);
      if (next !== 32 && next !== 62 && next !== 47) {
        cellAt = cellStart.from(cellAt + 2); // <col…>, not a cell
        continue;
      }
      const tagEnd = xml.indexOf('>', cellAt);
      readCellAttributes(xml, cellAt + 2, tagEnd);
      const { r: reference, t: type, s: style } = cellAttributes;
      column = reference === undefined ? column + 1 : columnOf(reference);
      if (column < 0) throw new DamagedZip();
      const isEmpty = xml.charCodeAt(tagEnd - 1) === 47;
      const cellEnd = isEmpty ? tagEnd : xml.indexOf('</c>', tagEnd);
      if (cellEnd < 0 || cellEnd > rowEnd) throw new DamagedZip();
      if (!isEmpty && column < context.maxColumns) {
        let raw = '';
        if (type === 'inlineStr') raw = textRuns(xml, tagEnd, cellEnd, searches);
        else {
          const value = valueStart.from(tagEnd);
          if (value >= 0 && value < cellEnd) {
            const start = xml.indexOf('>', value) + 1;
            if (xml.charCodeAt(start - 2) !== 47) raw = xml.slice(start, xml.indexOf('</v>', start));
          }
        }
        const cell = cellText(type, raw, style, context);
        if (cell) {
          while (cells.length < column) cells.push({ text: '' });
          cells[column] = cell;
        }
      }
      cellAt = cellStart.from(isEmpty ? tagEnd : cellEnd + 4);
    }
    if (!context.onRow({ rowNo, cells })) return;
    at = xml.indexOf('<row', rowEnd);
  }
};
