// The .xlsx files the console hands out (import templates and rejected rows, payslip, notice and handbook receipts):
// every cell a text cell in the text format, so 工号 keeps its leading zeros, an 18-digit number stays whole and
// nothing is read as a formula; columns as wide as their headers unless told.
import * as XLSX from '@e965/xlsx';

const TEXT_FORMAT = '@';

/**
 * The most people one sheet built while the request waits holds: a plant of the bench company's 80,000 fits, a whole
 * company's is refused (EXPORT_TOO_LARGE) with the advice to export plant by plant.
 */
export const MAX_EXPORT_PEOPLE = 20_000;

export const textSheet = (rows: string[][], widths?: number[]) => {
  const sheet = XLSX.utils.aoa_to_sheet(rows.map((row) => row.map((value) => ({ t: 's', v: value, z: TEXT_FORMAT }))));
  sheet['!cols'] = widths
    ? widths.map((wch) => ({ wch }))
    : (rows[0] ?? []).map((header) => ({ wch: Math.max(10, header.length * 2 + 2) }));
  return sheet;
};

/** The sheets, in order, as an .xlsx in base64 (what the console's download calls answer). */
export const workbookBase64 = (sheets: [sheet: XLSX.WorkSheet, name: string][]) => {
  const workbook = XLSX.utils.book_new();
  for (const [sheet, name] of sheets) XLSX.utils.book_append_sheet(workbook, sheet, name);
  return (XLSX.write(workbook, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer).toString('base64');
};

/** One sheet of text rows, the first of them the headers. */
export const textWorkbookBase64 = (name: string, rows: string[][], widths?: number[]) =>
  workbookBase64([[textSheet(rows, widths), name]]);
