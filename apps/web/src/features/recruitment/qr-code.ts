// The referral QR code as a picture: the modules from uqr (small, no dependencies), drawn on a canvas with the
// employee's name below, as a PNG data URL that an <img> shows (long-press saves it in WeChat) and a link downloads.
import { encode } from 'uqr';

const MODULE_PX = 8;
const MARGIN_MODULES = 3;
const CAPTION_PX = 56;

export const drawReferralQr = ({ text, caption }: { text: string; caption: string }): string => {
  const { data, size } = encode(text, { ecc: 'M', border: 0 });
  const side = (size + MARGIN_MODULES * 2) * MODULE_PX;
  const canvas = document.createElement('canvas');
  canvas.width = side;
  canvas.height = side + CAPTION_PX;
  const context = canvas.getContext('2d');
  if (!context) return '';
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.fillStyle = '#000000';
  data.forEach((row, y) => {
    row.forEach((isDark, x) => {
      if (isDark) {
        context.fillRect((x + MARGIN_MODULES) * MODULE_PX, (y + MARGIN_MODULES) * MODULE_PX, MODULE_PX, MODULE_PX);
      }
    });
  });
  context.font = '28px "PingFang SC", "Microsoft YaHei", "Noto Sans CJK SC", sans-serif';
  context.textAlign = 'center';
  context.textBaseline = 'middle';
  context.fillStyle = '#1f2329';
  context.fillText(caption, side / 2, side + CAPTION_PX / 2 - 8, side - 16);
  return canvas.toDataURL('image/png');
};
