// A small PDF any reader opens (pdf.js, Chromium, Acrobat): one Helvetica line per page, a cross-reference table with
// the objects' true offsets. For tests that upload a handbook version and read it back; `padTo` pads a content stream
// so the file reaches a size (a PDF of several parts).

const latin = (text: string) => text.replace(/[()\\]/g, (char) => `\\${char}`);

export const makePdf = (pages: string[], { padTo = 0 }: { padTo?: number } = {}): Buffer => {
  const objects: string[] = [];
  const pageIds = pages.map((_, index) => 4 + index * 2);
  objects[1] = '<< /Type /Catalog /Pages 2 0 R >>';
  objects[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages.length} >>`;
  objects[3] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>';
  const padding = Math.max(0, padTo - 600 * pages.length);
  pages.forEach((text, index) => {
    const pageId = 4 + index * 2;
    const filler = index === 0 && padding > 0 ? `\n%${'x'.repeat(padding)}` : '';
    const content = `BT /F1 24 Tf 72 720 Td (${latin(text)}) Tj ET${filler}`;
    objects[pageId] =
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents ${pageId + 1} 0 R >>`;
    objects[pageId + 1] = `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`;
  });
  let body = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  for (let id = 1; id < objects.length; id++) {
    offsets[id] = Buffer.byteLength(body, 'latin1');
    body += `${id} 0 obj\n${objects[id]}\nendobj\n`;
  }
  const xrefAt = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length}\n0000000000 65535 f \n`;
  for (let id = 1; id < objects.length; id++) body += `${String(offsets[id]).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length} /Root 1 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
};
