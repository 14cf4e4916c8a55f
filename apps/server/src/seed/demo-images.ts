// Small PNG pictures for the demo records (an ID card's two sides, a diploma, certificates, a bank card), drawn as
// coloured blocks: enough for the review console to show scans inline, with no image library in the repository.
import { deflateSync } from 'node:zlib';

type Rgb = readonly [number, number, number];
type Block = { x: number; y: number; width: number; height: number; color: Rgb };

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (bytes: Buffer) => {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (CRC_TABLE[(crc ^ byte) & 0xff] as number) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
};

const chunk = (type: string, data: Buffer) => {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
};

/** A width × height RGB PNG: the background, then each block painted over it. */
export const drawPng = ({
  width,
  height,
  background,
  blocks,
}: {
  width: number;
  height: number;
  background: Rgb;
  blocks: Block[];
}) => {
  const rows = Buffer.alloc((width * 3 + 1) * height);
  // The last block over a pixel wins: blocks are painted in order.
  const topFirst = [...blocks].reverse();
  for (let y = 0; y < height; y += 1) {
    const rowStart = y * (width * 3 + 1);
    rows[rowStart] = 0; // filter: none
    for (let x = 0; x < width; x += 1) {
      const block = topFirst.find((b) => x >= b.x && x < b.x + b.width && y >= b.y && y < b.y + b.height);
      const [r, g, b] = block?.color ?? background;
      rows.set([r, g, b], rowStart + 1 + x * 3);
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB, deflate, no filter set, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
};

const lines = (x: number, y: number, count: number, width: number, color: Rgb): Block[] =>
  Array.from({ length: count }, (_, index) => ({
    x,
    y: y + index * 22,
    width: width - (index % 2) * 40,
    height: 10,
    color,
  }));

const GREY: Rgb = [150, 160, 170];

export const DEMO_PICTURES = {
  idCardFront: drawPng({
    width: 320,
    height: 200,
    background: [230, 240, 250],
    blocks: [{ x: 220, y: 40, width: 80, height: 100, color: [170, 190, 210] }, ...lines(24, 40, 5, 170, GREY)],
  }),
  idCardBack: drawPng({
    width: 320,
    height: 200,
    background: [235, 245, 240],
    blocks: [{ x: 24, y: 24, width: 48, height: 48, color: [200, 40, 40] }, ...lines(90, 110, 3, 200, GREY)],
  }),
  diploma: drawPng({
    width: 280,
    height: 200,
    background: [250, 245, 230],
    blocks: [{ x: 0, y: 0, width: 280, height: 28, color: [180, 40, 40] }, ...lines(40, 60, 5, 200, GREY)],
  }),
  certificate: drawPng({
    width: 280,
    height: 200,
    background: [245, 240, 250],
    blocks: [{ x: 110, y: 20, width: 60, height: 60, color: [200, 160, 60] }, ...lines(40, 100, 4, 200, GREY)],
  }),
  bankCard: drawPng({
    width: 320,
    height: 200,
    background: [30, 80, 160],
    blocks: [
      { x: 24, y: 60, width: 44, height: 34, color: [220, 190, 90] },
      ...lines(24, 130, 2, 260, [220, 230, 245]),
    ],
  }),
};
