// The sheet printed for a worker whose password is reset: the link as a QR code, the code, until when it works and
// the password they then sign in with. Every value is escaped into the page's markup.
import type { PersonRow, ResetCode } from '@ess/contract/people';
import { renderSVG } from 'uqr';
import { formatShanghaiTime } from '../../../lib/dates';
import { ct } from '../../texts';

export const qrSvg = (text: string) => renderSVG(text, { ecc: 'M', border: 2 });

/** When a reset code stops working, on the China clock. */
export const expiryOf = (code: ResetCode) => formatShanghaiTime(code.expiresAt);

const escapeHtml = (value: string) =>
  value.replace(/[&<>"]/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[char] ?? char);

export const printResetSheet = (person: PersonRow, code: ResetCode, link: string) => {
  const page = window.open('', '_blank', 'width=480,height=640');
  if (!page) return;
  const words = ct.people.resetSheet;
  page.document.write(`<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>${words.title}</title>
<style>body{font-family:"Microsoft YaHei","PingFang SC",sans-serif;text-align:center;padding:24px}svg{width:240px;height:240px}
p{margin:8px 0}code{font-size:20px;letter-spacing:2px}</style></head><body>
<h2>${words.heading}</h2><p>${escapeHtml(ct.common.person(person.name, person.empNo))}</p>${qrSvg(link)}
<p>${words.scan}</p><p style="word-break:break-all">${escapeHtml(link)}</p><p>${words.code}<code>${escapeHtml(code.code)}</code></p>
<p>${escapeHtml(words.expires(expiryOf(code)))}</p>
<p>${escapeHtml(words.signInBefore(person.empNo))} <code>${escapeHtml(code.initialPassword)}</code> ${words.signInAfter}</p></body></html>`);
  page.document.close();
  page.focus();
  page.print();
};
