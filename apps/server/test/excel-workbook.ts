// Payslip workbooks as Excel itself writes them, for the tests and the bench: text as shared strings (or inline
// strings, as some exporters write), rich-text names made of runs, a phonetic run as Excel keeps for a name typed
// through an input method, numbers as <v> — not the t="str" cells a library writer emits, which hid a reader that
// was quadratic in the file's strings.
import { zipOf } from './office-files';

export const SPREADSHEET_MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
export const RELATIONSHIPS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** The payslip sheet's headers, in the order HR's salary export writes them. */
export const PAYSLIP_HEADERS = [
  '工号',
  '姓名',
  '工资单类型',
  '基本工资',
  '加班费',
  '全勤奖',
  '津贴补贴',
  '奖惩',
  '应发工资',
  '工会费',
  '住宿扣款',
  '社会保险',
  '住房公积金',
  '个人所得税',
  '其他',
  '实发工资',
];

/** The thirteen amounts of a row, different per row and adding up as a payslip does. */
export const payslipAmounts = (index: number): number[] => {
  const basic = 2500 + (index % 900);
  const overtime = (index % 37) * 10.5;
  const attendance = index % 5 === 0 ? 0 : 200;
  const allowance = 150;
  const reward = (index % 7) - 3;
  const gross = basic + overtime + attendance + allowance + reward;
  const deductions = [5, 300, 420.5, 210, Math.round(gross * 0.01 * 100) / 100, 0];
  const net = Math.round((gross - deductions.reduce((sum, amount) => sum + amount, 0)) * 100) / 100;
  return [basic, overtime, attendance, allowance, reward, gross, ...deductions, net];
};

const columnName = (index: number) => {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
};

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * A name as Excel keeps text: plain, or (every third) as rich text in two runs; the first name also carries a
 * phonetic run, so that every later string lies after the last one — the case that made a reader scan to the end.
 */
const stringItem = (text: string, index: number) => {
  const plain = `<t>${escapeXml(text)}</t>`;
  if (index % 3 !== 1 || text.length < 2) return plain;
  const runs = `<r><rPr><b/><sz val="11"/></rPr><t>${escapeXml(text.slice(0, 1))}</t></r><r><rPr><sz val="11"/></rPr><t xml:space="preserve">${escapeXml(text.slice(1))}</t></r>`;
  return index === 1 ? `${runs}<rPh sb="0" eb="1"><t>ワン</t></rPh><phoneticPr fontId="1"/>` : runs;
};

/**
 * A payslip workbook of one row per employee (their 工号 and 姓名, type PS01, the amounts), with its text as
 * shared strings or as inline strings.
 */
export const excelShapedPayslips = ({
  employees,
  strings,
}: {
  employees: { empNo: string; name: string }[];
  strings: 'shared' | 'inline';
}): Buffer => {
  const shared: string[] = [];
  const sharedIndex = new Map<string, number>();
  let itemIndex = 0;
  const textCell = (reference: string, text: string) => {
    if (strings === 'inline') return `<c r="${reference}" t="inlineStr"><is>${stringItem(text, itemIndex++)}</is></c>`;
    let index = sharedIndex.get(text);
    if (index === undefined) {
      index = shared.length;
      sharedIndex.set(text, index);
      shared.push(`<si>${stringItem(text, itemIndex++)}</si>`);
    }
    return `<c r="${reference}" t="s"><v>${index}</v></c>`;
  };
  const rows: string[] = [];
  const header = PAYSLIP_HEADERS.map((text, column) => textCell(`${columnName(column)}1`, text)).join('');
  rows.push(`<row r="1" spans="1:${PAYSLIP_HEADERS.length}">${header}</row>`);
  employees.forEach((employee, index) => {
    const rowNo = index + 2;
    const cells = [
      textCell(`A${rowNo}`, employee.empNo),
      textCell(`B${rowNo}`, employee.name),
      textCell(`C${rowNo}`, 'PS01'),
      ...payslipAmounts(index).map(
        (amount, column) => `<c r="${columnName(column + 3)}${rowNo}" s="1"><v>${amount}</v></c>`,
      ),
    ];
    rows.push(`<row r="${rowNo}" spans="1:${PAYSLIP_HEADERS.length}">${cells.join('')}</row>`);
  });
  const parts = [
    {
      name: '[Content_Types].xml',
      data: `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\r\n<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>${strings === 'shared' ? '<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/>' : ''}</Types>`,
    },
    {
      name: '_rels/.rels',
      data: `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\r\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${RELATIONSHIPS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    },
    {
      name: 'xl/workbook.xml',
      data: `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\r\n<workbook xmlns="${SPREADSHEET_MAIN}" xmlns:r="${RELATIONSHIPS}"><sheets><sheet name="工资表" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      data: `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\r\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${RELATIONSHIPS}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${RELATIONSHIPS}/styles" Target="styles.xml"/>${strings === 'shared' ? `<Relationship Id="rId3" Type="${RELATIONSHIPS}/sharedStrings" Target="sharedStrings.xml"/>` : ''}</Relationships>`,
    },
    {
      name: 'xl/styles.xml',
      data: `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\r\n<styleSheet xmlns="${SPREADSHEET_MAIN}"><numFmts count="0"/><cellXfs count="2"><xf numFmtId="0" fontId="0"/><xf numFmtId="4" fontId="0" applyNumberFormat="1"/></cellXfs></styleSheet>`,
    },
    {
      name: 'xl/worksheets/sheet1.xml',
      data: `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\r\n<worksheet xmlns="${SPREADSHEET_MAIN}" xmlns:r="${RELATIONSHIPS}"><dimension ref="A1:P${employees.length + 1}"/><sheetViews><sheetView workbookViewId="0"/></sheetViews><sheetFormatPr defaultRowHeight="14.25"/><sheetData>${rows.join('')}</sheetData><phoneticPr fontId="1" type="noConversion"/><pageMargins left="0.7" right="0.7" top="0.75" bottom="0.75" header="0.3" footer="0.3"/></worksheet>`,
    },
  ];
  if (strings === 'shared') {
    parts.push({
      name: 'xl/sharedStrings.xml',
      data: `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\r\n<sst xmlns="${SPREADSHEET_MAIN}" count="${shared.length}" uniqueCount="${shared.length}">${shared.join('')}</sst>`,
    });
  }
  return zipOf(parts);
};

/** Employees that need not exist, for reading alone: 工号 from 10000001, a two- or three-character name. */
export const sampleEmployees = (count: number) =>
  Array.from({ length: count }, (_, index) => ({
    empNo: String(10_000_001 + index),
    name: `${'王李张刘陈杨赵黄周吴'[index % 10]}${'伟芳娜秀英敏静丽强磊'[Math.floor(index / 10) % 10]}${index % 2 ? '华' : ''}`,
  }));
