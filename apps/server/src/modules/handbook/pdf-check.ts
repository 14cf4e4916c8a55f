// Is an upload a PDF the app's viewer (pdf.js) will open? Read from its bytes, without a PDF library: the header a
// reader looks for first, the end-of-file marker a whole file ends with (an upload cut short has none), and the
// cross-reference a reader starts from: `startxref` with an offset inside the file where a cross-reference table
// (`xref`) or stream (`N G obj`) begins, and the trailer's /Root, the document catalog every page hangs from.
import { BusinessError } from '../../core/errors';

/** How far from the end a reader looks for startxref and %%EOF (pdf.js reads the last 1024 bytes and more). */
const TAIL_BYTES = 4096;

const refuse = (detail: string): never => {
  throw new BusinessError('INVALID_INPUT', { detail });
};

export const checkPdf = (bytes: Buffer) => {
  if (bytes.length === 0) throw new BusinessError('UPLOAD_EMPTY');
  if (!/^%PDF-\d\.\d/.test(bytes.subarray(0, 8).toString('latin1'))) {
    refuse('文件不是 PDF，请上传 PDF 文件（以 %PDF- 开头的文件）');
  }
  const tailStart = Math.max(0, bytes.length - TAIL_BYTES);
  const tail = bytes.subarray(tailStart).toString('latin1');
  if (!tail.includes('%%EOF')) refuse('PDF 文件不完整（缺少文件结尾），请重新导出或重新上传');
  const found = [...tail.matchAll(/startxref\s+(\d{1,12})/g)].pop();
  const offset = found ? Number(found[1]) : Number.NaN;
  if (!(offset > 0 && offset < bytes.length)) refuse('PDF 文件已损坏（找不到交叉引用表），请重新导出后上传');
  const atOffset = bytes.subarray(offset, offset + 64).toString('latin1');
  if (!/^\s*(xref\b|\d+\s+\d+\s+obj\b)/.test(atOffset)) {
    refuse('PDF 文件已损坏（交叉引用表位置无效），请重新导出后上传');
  }
  // The trailer (or a cross-reference stream's dictionary, never compressed) names the catalog.
  if (!bytes.includes('/Root')) refuse('PDF 文件已损坏（缺少文档目录），请重新导出后上传');
};
