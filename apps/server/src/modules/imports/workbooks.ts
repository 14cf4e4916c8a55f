// The workbooks the console hands out: a kind's template (Chinese headers, an example row, the number columns
// formatted as text so Excel keeps 18 digits whole) and the rejected rows of a job with an added 错误原因 column,
// to fix and upload again.

import type * as XLSX from '@e965/xlsx';
import { IMPORT_FIELDS, IMPORT_KIND_LABELS, type ImportField, type ImportKind } from '@ess/contract/import-kinds';
import { textSheet, workbookBase64 } from '../../lib/text-workbook';

const toBase64 = (sheet: XLSX.WorkSheet, sheetName: string, more: [XLSX.WorkSheet, string][] = []) =>
  workbookBase64([[sheet, sheetName], ...more]);

/** The codes a column takes, with their names (a cell may hold either): the legend of a template. */
export type TemplateLegend = Partial<Record<NonNullable<ImportField['lookup']>, [code: string, name: string][]>>;

export const LEGEND_SHEET = '代码说明';

/**
 * A kind's template: the headers and an example row, and beside them a 代码说明 sheet naming what each coded column
 * takes (工资单类型 PS01 生产人员 …), so a clerk does not guess.
 */
export const templateWorkbook = (kind: ImportKind, legend: TemplateLegend = {}) => {
  const fields = IMPORT_FIELDS[kind];
  const sheet = textSheet([fields.map((field) => field.label), fields.map((field) => field.example)]);
  const legendRows = fields.flatMap((field) =>
    field.lookup ? (legend[field.lookup] ?? []).map(([code, name]) => [field.label, code, name]) : [],
  );
  const more: [XLSX.WorkSheet, string][] =
    legendRows.length > 0
      ? [[textSheet([['列', '代码', '名称（填代码或名称均可）'], ...legendRows]), LEGEND_SHEET]]
      : [];
  return {
    fileName: `${IMPORT_KIND_LABELS[kind]}导入模板.xlsx`,
    contentBase64: toBase64(sheet, IMPORT_KIND_LABELS[kind], more),
  };
};

/** Rows an import did not take, as the file had them, with 行号 first and 错误原因 last: to fix and upload again. */
export const rejectedWorkbook = ({
  fileName,
  headers,
  rows,
}: {
  /** Without the extension. */
  fileName: string;
  headers: string[];
  rows: { row: number; reason: string; cells: string[] }[];
}) => {
  const width = headers.length;
  const data = [
    ['行号', ...headers, '错误原因'],
    ...rows.map(({ row, reason, cells }) => [
      String(row),
      ...Array.from({ length: width }, (_, index) => cells[index] ?? ''),
      reason,
    ]),
  ];
  return { fileName: `${fileName}.xlsx`, contentBase64: toBase64(textSheet(data), '未导入的行') };
};
