import { describe, expect, it } from 'vitest';
import { readJpegOrientation } from './image-files';

/** SOI, then an APP1 Exif segment whose first directory has the orientation tag, then the start of scan. */
const jpegWithOrientation = (orientation: number, byteOrder: 'MM' | 'II') => {
  const isLittle = byteOrder === 'II';
  const u16 = (value: number) => (isLittle ? [value & 0xff, value >> 8] : [value >> 8, value & 0xff]);
  const u32 = (value: number) => (isLittle ? [value, 0, 0, 0] : [0, 0, 0, value]);
  const tiff = [
    ...(isLittle ? [0x49, 0x49] : [0x4d, 0x4d]),
    ...u16(42),
    ...u32(8),
    ...u16(2),
    // An unrelated tag first (ImageWidth), then Orientation.
    ...u16(0x0100),
    ...u16(3),
    ...u32(1),
    ...u16(640),
    0,
    0,
    ...u16(0x0112),
    ...u16(3),
    ...u32(1),
    ...u16(orientation),
    0,
    0,
    ...u32(0),
  ];
  const app1 = [0x45, 0x78, 0x69, 0x66, 0, 0, ...tiff];
  const length = app1.length + 2;
  return new Uint8Array([0xff, 0xd8, 0xff, 0xe1, length >> 8, length & 0xff, ...app1, 0xff, 0xda, 0, 2]).buffer;
};

describe('readJpegOrientation', () => {
  it('reads the orientation in either byte order', () => {
    expect(readJpegOrientation(jpegWithOrientation(6, 'MM'))).toBe(6);
    expect(readJpegOrientation(jpegWithOrientation(3, 'II'))).toBe(3);
    expect(readJpegOrientation(jpegWithOrientation(8, 'II'))).toBe(8);
  });

  it('answers 1 without an orientation, for other files and for a cut-off header', () => {
    expect(readJpegOrientation(new Uint8Array([0xff, 0xd8, 0xff, 0xda, 0, 2]).buffer)).toBe(1);
    expect(readJpegOrientation(new Uint8Array([0x89, 0x50, 0x4e, 0x47]).buffer)).toBe(1);
    expect(readJpegOrientation(jpegWithOrientation(6, 'MM').slice(0, 20))).toBe(1);
    expect(readJpegOrientation(jpegWithOrientation(9, 'MM'))).toBe(1);
  });
});
