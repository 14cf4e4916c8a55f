// A small PDF writer for the demo documents: A4 pages of Chinese text whose glyphs are drawn from a TrueType font
// on this machine (WenQuanYi Micro Hei by default) into Type 3 fonts, so the file needs no font on the reader's
// phone and holds only the glyphs it uses. A ToUnicode map keeps the text searchable. No library is needed.
import { readFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

const DEFAULT_FONT = '/usr/share/fonts/truetype/wqy/wqy-microhei.ttc';

/** The outlines, advances and character map of a TrueType font (the first face of a collection). */
const readFont = (file) => {
  const data = readFileSync(file);
  const u16 = (at) => data.readUInt16BE(at);
  const i16 = (at) => data.readInt16BE(at);
  const u32 = (at) => data.readUInt32BE(at);
  const face = data.toString('latin1', 0, 4) === 'ttcf' ? u32(12) : 0;
  const tables = {};
  for (let index = 0; index < u16(face + 4); index++) {
    const record = face + 12 + index * 16;
    tables[data.toString('latin1', record, record + 4)] = { offset: u32(record + 8), length: u32(record + 12) };
  }
  const head = tables.head.offset;
  const unitsPerEm = u16(head + 18);
  const isLongLoca = i16(head + 50) === 1;
  const glyphCount = u16(tables.maxp.offset + 4);
  const metricCount = u16(tables.hhea.offset + 34);
  const advanceOf = (glyph) => u16(tables.hmtx.offset + 4 * Math.min(glyph, metricCount - 1));
  const locaOf = (glyph) =>
    isLongLoca ? u32(tables.loca.offset + 4 * glyph) : 2 * u16(tables.loca.offset + 2 * glyph);

  // cmap: the Unicode BMP subtable (3, 1), format 4.
  const cmap = tables.cmap.offset;
  let subtable;
  for (let index = 0; index < u16(cmap + 2); index++) {
    const record = cmap + 4 + index * 8;
    if (u16(record) === 3 && u16(record + 2) === 1) subtable = cmap + u32(record + 4);
  }
  const glyphOf = (code) => {
    const segments = u16(subtable + 6) / 2;
    const ends = subtable + 14;
    const starts = ends + 2 * segments + 2;
    const deltas = starts + 2 * segments;
    const rangeOffsets = deltas + 2 * segments;
    for (let segment = 0; segment < segments; segment++) {
      if (code > u16(ends + 2 * segment)) continue;
      const start = u16(starts + 2 * segment);
      if (code < start) return 0;
      const rangeOffset = u16(rangeOffsets + 2 * segment);
      if (rangeOffset === 0) return (code + i16(deltas + 2 * segment)) & 0xffff;
      const glyph = u16(rangeOffsets + 2 * segment + rangeOffset + 2 * (code - start));
      return glyph === 0 ? 0 : (glyph + i16(deltas + 2 * segment)) & 0xffff;
    }
    return 0;
  };

  /** The contours of a glyph: lists of { x, y, on } points, composites resolved. */
  const contoursOf = (glyph) => {
    if (glyph >= glyphCount) return [];
    const start = tables.glyf.offset + locaOf(glyph);
    if (locaOf(glyph + 1) === locaOf(glyph)) return [];
    const contourCount = i16(start);
    if (contourCount < 0) {
      const contours = [];
      let at = start + 10;
      for (;;) {
        const flags = u16(at);
        const component = u16(at + 2);
        at += 4;
        let dx;
        let dy;
        if (flags & 1) {
          dx = i16(at);
          dy = i16(at + 2);
          at += 4;
        } else {
          dx = data.readInt8(at);
          dy = data.readInt8(at + 1);
          at += 2;
        }
        let [a, b, c, d] = [1, 0, 0, 1];
        const f2dot14 = (offset) => i16(offset) / 16384;
        if (flags & 8) {
          a = d = f2dot14(at);
          at += 2;
        } else if (flags & 0x40) {
          a = f2dot14(at);
          d = f2dot14(at + 2);
          at += 4;
        } else if (flags & 0x80) {
          [a, b, c, d] = [f2dot14(at), f2dot14(at + 2), f2dot14(at + 4), f2dot14(at + 6)];
          at += 8;
        }
        for (const contour of contoursOf(component)) {
          contours.push(contour.map((p) => ({ x: a * p.x + c * p.y + dx, y: b * p.x + d * p.y + dy, on: p.on })));
        }
        if (!(flags & 0x20)) break;
      }
      return contours;
    }
    const ends = [];
    for (let index = 0; index < contourCount; index++) ends.push(u16(start + 10 + 2 * index));
    const pointCount = contourCount ? ends[contourCount - 1] + 1 : 0;
    let at = start + 10 + 2 * contourCount;
    at += 2 + u16(at);
    const flags = [];
    while (flags.length < pointCount) {
      const flag = data[at++];
      flags.push(flag);
      if (flag & 8) for (let repeat = data[at++]; repeat > 0; repeat--) flags.push(flag);
    }
    const readCoordinates = (shortBit, sameBit) => {
      const values = [];
      let value = 0;
      for (const flag of flags) {
        if (flag & shortBit) {
          value += flag & sameBit ? data[at] : -data[at];
          at += 1;
        } else if (!(flag & sameBit)) {
          value += i16(at);
          at += 2;
        }
        values.push(value);
      }
      return values;
    };
    const xs = readCoordinates(2, 16);
    const ys = readCoordinates(4, 32);
    const contours = [];
    let first = 0;
    for (const end of ends) {
      const contour = [];
      for (let index = first; index <= end; index++)
        contour.push({ x: xs[index], y: ys[index], on: (flags[index] & 1) === 1 });
      contours.push(contour);
      first = end + 1;
    }
    return contours;
  };

  return { unitsPerEm, glyphOf, advanceOf, contoursOf };
};

const num = (value) => String(Math.round(value));

/** PDF path operators of a glyph's contours, in 1000 units per em (quadratic curves raised to cubic ones). */
const glyphPath = (contours, scale) => {
  const out = [];
  for (const contour of contours) {
    if (contour.length === 0) continue;
    // Start on an on-curve point (or the midpoint of two off-curve ones).
    let startIndex = contour.findIndex((point) => point.on);
    let points = contour;
    if (startIndex < 0) {
      const [a, b] = contour;
      points = [{ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2, on: true }, ...contour];
      startIndex = 0;
    }
    const ordered = [...points.slice(startIndex), ...points.slice(0, startIndex)];
    const start = ordered[0];
    const s = (point) => ({ x: point.x * scale, y: point.y * scale });
    let current = s(start);
    out.push(`${num(current.x)} ${num(current.y)} m`);
    let control;
    const quadTo = (q, end) => {
      const c1 = { x: current.x + (2 / 3) * (q.x - current.x), y: current.y + (2 / 3) * (q.y - current.y) };
      const c2 = { x: end.x + (2 / 3) * (q.x - end.x), y: end.y + (2 / 3) * (q.y - end.y) };
      out.push(`${num(c1.x)} ${num(c1.y)} ${num(c2.x)} ${num(c2.y)} ${num(end.x)} ${num(end.y)} c`);
      current = end;
    };
    for (const point of [...ordered.slice(1), start]) {
      const scaled = s(point);
      if (point.on) {
        if (control) quadTo(control, scaled);
        else {
          out.push(`${num(scaled.x)} ${num(scaled.y)} l`);
          current = scaled;
        }
        control = undefined;
      } else if (control) {
        const middle = { x: (control.x + scaled.x) / 2, y: (control.y + scaled.y) / 2 };
        quadTo(control, middle);
        control = scaled;
      } else control = scaled;
    }
    out.push('h');
  }
  return out.join('\n');
};

const PAGE = { width: 595, height: 842, margin: 56 };

/**
 * Writes a PDF of `pages`, each a list of blocks: { text, size, gap?, indent?, color? }. Text wraps at the margins;
 * a page that overflows continues on a new one. Answers the bytes.
 */
export const makeCjkPdf = ({ title, pages, footer, fontFile = DEFAULT_FONT }) => {
  const font = readFont(fontFile);
  const scale = 1000 / font.unitsPerEm;
  /** Character → { font index, code }, in order of first use; 255 glyphs per Type 3 font. */
  const glyphs = new Map();
  const fonts = [];
  const glyphFor = (character) => {
    let entry = glyphs.get(character);
    if (!entry) {
      const glyph = font.glyphOf(character.codePointAt(0));
      if (fonts.length === 0 || fonts.at(-1).length === 255) fonts.push([]);
      const list = fonts.at(-1);
      list.push({ character, glyph, width: Math.round(font.advanceOf(glyph) * scale) });
      entry = { font: fonts.length, code: list.length, width: list.at(-1).width };
      glyphs.set(character, entry);
    }
    return entry;
  };

  // Lay out the lines.
  const pageStreams = [];
  const bottom = PAGE.margin + 24;
  for (const blocks of pages) {
    let ops = [];
    let y = PAGE.height - PAGE.margin;
    const flush = () => {
      pageStreams.push(ops);
      ops = [];
      y = PAGE.height - PAGE.margin;
    };
    for (const block of blocks) {
      const size = block.size ?? 11;
      const lineHeight = size * 1.65;
      const indent = block.indent ?? 0;
      const maxWidth = PAGE.width - 2 * PAGE.margin - indent;
      y -= block.gap ?? 0;
      const characters = [...block.text];
      let lineStart = 0;
      while (lineStart < characters.length || (characters.length === 0 && lineStart === 0)) {
        let width = 0;
        let end = lineStart;
        while (end < characters.length && width + (glyphFor(characters[end]).width * size) / 1000 <= maxWidth) {
          width += (glyphFor(characters[end]).width * size) / 1000;
          end++;
        }
        if (end === lineStart) end++;
        // Closing punctuation does not start a line.
        while (end < characters.length && end > lineStart + 1 && /[，。、；：！？）」』》]/.test(characters[end]))
          end--;
        if (y - lineHeight < bottom) flush();
        y -= lineHeight;
        const x = PAGE.margin + indent + (block.isCentered ? (maxWidth - width) / 2 : 0);
        ops.push({ x, y, size, color: block.color, characters: characters.slice(lineStart, end) });
        if (characters.length === 0) break;
        lineStart = end;
      }
    }
    flush();
  }

  // Objects: 1 catalog, 2 pages, then fonts, then pages.
  const objects = [];
  const add = (body) => {
    objects.push(body);
    return objects.length + 2;
  };
  const stream = (content, dictionary = '') => {
    const packed = deflateSync(Buffer.from(content, 'latin1'), { level: 9 });
    return Buffer.concat([
      Buffer.from(`<< /Length ${packed.length} /Filter /FlateDecode ${dictionary}>>\nstream\n`, 'latin1'),
      packed,
      Buffer.from('\nendstream', 'latin1'),
    ]);
  };
  const hex = (value, digits) => value.toString(16).toUpperCase().padStart(digits, '0');

  // Glyphs of the footer's page numbers are needed before the fonts are written.
  const footerText = (pageNumber, pageCount) => `${footer} · 第 ${pageNumber} 页 / 共 ${pageCount} 页`;
  const pageCount = pageStreams.length;
  for (let pageNumber = 1; pageNumber <= pageCount; pageNumber++) {
    for (const character of footerText(pageNumber, pageCount)) glyphFor(character);
  }

  const fontRefs = fonts.map((list) => {
    const procs = list.map((entry) => {
      const contours = font.contoursOf(entry.glyph);
      const points = contours.flat();
      const xs = points.map((point) => point.x * scale);
      const ys = points.map((point) => point.y * scale);
      const box = points.length
        ? [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)].map((value) => num(value)).join(' ')
        : '0 0 0 0';
      return add(stream(`${entry.width} 0 ${box} d1\n${glyphPath(contours, scale)}\nf`));
    });
    const cmap = [
      '/CIDInit /ProcSet findresource begin 12 dict begin begincmap',
      '/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def',
      '/CMapName /Adobe-Identity-UCS def /CMapType 2 def',
      '1 begincodespacerange <00> <FF> endcodespacerange',
      `${list.length} beginbfchar`,
      ...list.map((entry, index) => {
        const units = [...Buffer.from(entry.character, 'utf16le')];
        let utf16 = '';
        for (let at = 0; at < units.length; at += 2) utf16 += hex(units[at + 1] * 256 + units[at], 4);
        return `<${hex(index + 1, 2)}> <${utf16}>`;
      }),
      'endbfchar endcmap CMapName currentdict /CMap defineresource pop end end',
    ].join('\n');
    const toUnicode = add(stream(cmap));
    const names = list.map((_, index) => `/g${index + 1}`).join(' ');
    const procEntries = procs.map((ref, index) => `/g${index + 1} ${ref} 0 R`).join(' ');
    return add(
      Buffer.from(
        `<< /Type /Font /Subtype /Type3 /FontBBox [-200 -300 1200 1100] /FontMatrix [0.001 0 0 0.001 0 0]` +
          ` /CharProcs << ${procEntries} >> /Encoding << /Type /Encoding /Differences [1 ${names}] >>` +
          ` /FirstChar 1 /LastChar ${list.length} /Widths [${list.map((entry) => entry.width).join(' ')}]` +
          ` /Resources << >> /ToUnicode ${toUnicode} 0 R >>`,
        'latin1',
      ),
    );
  });
  const fontResources = fontRefs.map((ref, index) => `/F${index + 1} ${ref} 0 R`).join(' ');

  const textOps = ({ x, y, size, color, characters }) => {
    if (characters.length === 0) return '';
    const parts = [`BT ${color ?? '0.13 0.13 0.13'} rg ${x.toFixed(2)} ${y.toFixed(2)} Td`];
    let currentFont = 0;
    let run = '';
    const flushRun = () => {
      if (run) parts.push(`<${run}> Tj`);
      run = '';
    };
    for (const character of characters) {
      const entry = glyphFor(character);
      if (entry.font !== currentFont) {
        flushRun();
        parts.push(`/F${entry.font} ${size} Tf`);
        currentFont = entry.font;
      }
      run += hex(entry.code, 2);
    }
    flushRun();
    parts.push('ET');
    return parts.join(' ');
  };

  const pageRefs = pageStreams.map((ops, index) => {
    const footerLine = {
      x: PAGE.margin,
      y: PAGE.margin - 8,
      size: 9,
      color: '0.45 0.45 0.45',
      characters: [...footerText(index + 1, pageCount)],
    };
    const content = [
      `0.8 0.8 0.8 RG 0.5 w ${PAGE.margin} ${PAGE.margin + 8} m ${PAGE.width - PAGE.margin} ${PAGE.margin + 8} l S`,
      ...ops.map(textOps),
      textOps(footerLine),
    ].join('\n');
    const contents = add(stream(content));
    return add(
      Buffer.from(
        `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE.width} ${PAGE.height}]` +
          ` /Resources << /Font << ${fontResources} >> >> /Contents ${contents} 0 R >>`,
        'latin1',
      ),
    );
  });

  const titleHex = [...Buffer.from(`\ufeff${title}`, 'utf16le')]
    .reduce(
      (pairs, byte, index) => (index % 2 ? [...pairs.slice(0, -1), [pairs.at(-1)[0], byte]] : [...pairs, [byte]]),
      [],
    )
    .map(([low, high]) => hex(high * 256 + low, 4))
    .join('');
  const info = add(Buffer.from(`<< /Title <${titleHex}> /Producer (ess demo) >>`, 'latin1'));
  const all = [
    Buffer.from('<< /Type /Catalog /Pages 2 0 R >>', 'latin1'),
    Buffer.from(
      `<< /Type /Pages /Kids [${pageRefs.map((ref) => `${ref} 0 R`).join(' ')}] /Count ${pageCount} >>`,
      'latin1',
    ),
    ...objects,
  ];
  const chunks = [Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  const offsets = [];
  let length = chunks[0].length;
  all.forEach((body, index) => {
    offsets.push(length);
    const chunk = Buffer.concat([
      Buffer.from(`${index + 1} 0 obj\n`, 'latin1'),
      body,
      Buffer.from('\nendobj\n', 'latin1'),
    ]);
    chunks.push(chunk);
    length += chunk.length;
  });
  const xref = [
    'xref',
    `0 ${all.length + 1}`,
    '0000000000 65535 f ',
    ...offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n `),
    'trailer',
    `<< /Size ${all.length + 1} /Root 1 0 R /Info ${info} 0 R >>`,
    'startxref',
    String(length),
    '%%EOF',
    '',
  ].join('\n');
  chunks.push(Buffer.from(xref, 'latin1'));
  return Buffer.concat(chunks);
};
