// Writes the demo employee handbook (public/handbook.pdf): a few A4 pages of Latin text in the PDF
// built-in Helvetica, so no font or library is needed. An operator replaces the file with the real one.
// Usage: node apps/web/scripts/make-handbook-pdf.mjs [output path]
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const output = process.argv[2] ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../public/handbook.pdf');

const CHAPTERS = [
  {
    title: 'Employee Handbook',
    lines: [
      'Demo edition - replace this file with the company handbook.',
      '',
      'Contents',
      '  Chapter 1  Safety at work',
      '  Chapter 2  Working hours and attendance',
      '  Chapter 3  Pay, meals and accommodation',
      '  Chapter 4  Conduct, feedback and improvement',
      '',
      'Every employee reads this handbook before using the',
      'self-service system and confirms it once in the app.',
    ],
  },
  {
    title: 'Chapter 1  Safety at work',
    lines: [
      '1.1  Wear the protective equipment of your workstation:',
      '     helmet, safety shoes, gloves and goggles where marked.',
      '1.2  Keep safety passages and fire exits free at all times.',
      '1.3  Stop the line and call your team leader when a machine',
      '     or tool does not work as it should.',
      '1.4  Report every accident and near miss the same day.',
      '1.5  Safety issues found in inspections are shown in the app',
      '     under "Safety issues" for thirty days.',
    ],
  },
  {
    title: 'Chapter 2  Working hours and attendance',
    lines: [
      '2.1  Punch in before the shift starts and punch out after it ends.',
      '2.2  A missing punch must be explained to your team leader',
      '     within three working days.',
      '2.3  The app shows your punches of the last three days.',
      '2.4  Overtime needs the approval of your department.',
      '2.5  Leave is requested in advance through your team leader.',
    ],
  },
  {
    title: 'Chapter 3  Pay, meals and accommodation',
    lines: [
      '3.1  Payslips of the previous two months can be read in the app.',
      '3.2  Meal costs are deducted monthly after the meal subsidy.',
      '3.3  Dormitory water, electricity and accommodation costs are',
      '     listed per month; ask general affairs about any difference.',
      '3.4  Keep your bank card details up to date; changes are',
      '     reviewed by HR before they take effect.',
    ],
  },
  {
    title: 'Chapter 4  Conduct, feedback and improvement',
    lines: [
      '4.1  Treat colleagues with respect; harassment is not tolerated.',
      '4.2  Use "Feedback" in the app for questions about attendance,',
      '     pay, meals, accommodation or the system itself.',
      '4.3  Improvement proposals are welcome every month.',
      '4.4  Personal data changes are submitted for review and shown',
      '     as pending until approved.',
      '',
      'Thank you for reading. Work safely.',
    ],
  },
];

const escapeText = (text) => text.replace(/\\/g, '\\\\').replace(/\(/g, '\\(').replace(/\)/g, '\\)');

const pageContent = (chapter, number, total) => {
  const ops = [
    'BT',
    '/F2 22 Tf',
    '56 770 Td',
    `(${escapeText(chapter.title)}) Tj`,
    'ET',
    '0.09 0.47 1 RG',
    '2 w',
    '56 756 m 539 756 l S',
  ];
  ops.push('BT', '/F1 14 Tf', '19 TL', '56 728 Td');
  for (const line of chapter.lines) ops.push(`(${escapeText(line)}) Tj`, 'T*');
  ops.push('ET', 'BT', '/F1 10 Tf', '280 40 Td', `(${number} / ${total}) Tj`, 'ET');
  return ops.join('\n');
};

// Objects: 1 catalog, 2 pages, 3 Helvetica, 4 Helvetica-Bold, then per page: page object, content stream.
const objects = [];
const pageIds = CHAPTERS.map((_, index) => 5 + index * 2);
objects[1] = '<< /Type /Catalog /Pages 2 0 R >>';
objects[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pageIds.length} >>`;
objects[3] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>';
objects[4] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>';
CHAPTERS.forEach((chapter, index) => {
  const pageId = pageIds[index];
  const content = pageContent(chapter, index + 1, CHAPTERS.length);
  objects[pageId] =
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${pageId + 1} 0 R >>`;
  objects[pageId + 1] = `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`;
});

let pdf = '%PDF-1.4\n%\xE2\xE3\xCF\xD3\n';
const offsets = [];
for (let id = 1; id < objects.length; id += 1) {
  offsets[id] = Buffer.byteLength(pdf, 'latin1');
  pdf += `${id} 0 obj\n${objects[id]}\nendobj\n`;
}
const xrefAt = Buffer.byteLength(pdf, 'latin1');
pdf += `xref\n0 ${objects.length}\n0000000000 65535 f \n`;
for (let id = 1; id < objects.length; id += 1) pdf += `${String(offsets[id]).padStart(10, '0')} 00000 n \n`;
pdf += `trailer\n<< /Size ${objects.length} /Root 1 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`;

writeFileSync(output, Buffer.from(pdf, 'latin1'));
console.log(`wrote ${output} (${CHAPTERS.length} pages, ${Buffer.byteLength(pdf, 'latin1')} bytes)`);
