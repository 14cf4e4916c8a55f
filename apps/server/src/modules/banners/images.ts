// A banner's picture made into what the phones get: checked by its bytes (JPEG, PNG, WebP; never by its name or
// declared type), bounded in bytes and pixels, turned upright, at most 750 px wide (a 375 px phone at 2×), and
// encoded as WebP and as JPEG within 60 KB each: the quality steps down until it fits, and only when the lowest
// quality does not fit does the size step down (a picture of fine noise), both formats keeping the same size.
import { BANNER_IMAGE } from '@ess/contract/banners';
import sharp from 'sharp';
import { BusinessError } from '../../core/errors';
import { sniffKind } from '../files/service';

// Each upload is decoded once and its buffers dropped: libvips' operation cache would only hold memory here.
sharp.cache(false);

const ACCEPTED = new Set(['jpeg', 'png', 'webp']);
/** The served height's bound: twice the width (the carousel is 2:1 and crops the rest). */
const MAX_SERVED_HEIGHT = BANNER_IMAGE.width * 2;
const JPEG_QUALITIES = [82, 76, 70, 64, 58, 52, 46, 40];
const WEBP_QUALITIES = [80, 74, 68, 62, 56, 50, 44, 38];
/** When the lowest quality is still too large, the size shrinks by this much a step. */
const SHRINK = 0.85;

export type ProcessedImage = {
  kind: 'jpeg' | 'png' | 'webp';
  width: number;
  height: number;
  servedWidth: number;
  servedHeight: number;
  webp: Buffer;
  jpeg: Buffer;
};

type Raw = { data: Buffer; width: number; height: number; channels: 3 };

const readSize = async (bytes: Buffer) => {
  try {
    const { width, height, orientation } = await sharp(bytes, { limitInputPixels: false }).metadata();
    if (!width || !height) throw new BusinessError('BANNER_IMAGE_UNREADABLE');
    // EXIF orientations 5–8 turn the picture a quarter: its upright width is the stored height.
    return orientation && orientation >= 5 ? { width: height, height: width } : { width, height };
  } catch (error) {
    if (error instanceof BusinessError) throw error;
    throw new BusinessError('BANNER_IMAGE_UNREADABLE');
  }
};

/** The upright picture at most 750 × 1500, on white (a transparent PNG looks the same in both formats), sRGB. */
const decode = async (bytes: Buffer): Promise<Raw> => {
  try {
    const { data, info } = await sharp(bytes, { limitInputPixels: BANNER_IMAGE.maxPixels, failOn: 'error' })
      .rotate()
      .resize({
        width: BANNER_IMAGE.width,
        height: MAX_SERVED_HEIGHT,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .flatten({ background: '#ffffff' })
      .toColourspace('srgb')
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height, channels: 3 };
  } catch {
    throw new BusinessError('BANNER_IMAGE_UNREADABLE');
  }
};

const fromRaw = (raw: Raw) => sharp(raw.data, { raw: { width: raw.width, height: raw.height, channels: 3 } });

const shrink = async (raw: Raw, scale: number): Promise<Raw> => {
  const width = Math.max(1, Math.round(raw.width * scale));
  const { data, info } = await fromRaw(raw).resize({ width }).raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: 3 };
};

/** The first quality whose bytes fit, or undefined when even the lowest does not. */
const encodeWithin = async (qualities: number[], encode: (quality: number) => Promise<Buffer>) => {
  for (const quality of qualities) {
    const bytes = await encode(quality);
    if (bytes.length <= BANNER_IMAGE.maxServedBytes) return bytes;
  }
  return undefined;
};

const encodeBoth = async (raw: Raw) => {
  // Progressive (mozjpeg's default): a slow connection shows the whole picture early, then sharpens it.
  const jpeg = await encodeWithin(JPEG_QUALITIES, (quality) =>
    fromRaw(raw).jpeg({ quality, mozjpeg: true }).toBuffer(),
  );
  if (!jpeg) return undefined;
  const webp = await encodeWithin(WEBP_QUALITIES, (quality) =>
    fromRaw(raw).webp({ quality, effort: 4, smartSubsample: true }).toBuffer(),
  );
  return webp ? { jpeg, webp } : undefined;
};

/** Checks an uploaded picture and makes its served sizes; refusals in Chinese. */
export const processBannerImage = async (bytes: Buffer): Promise<ProcessedImage> => {
  if (bytes.length === 0) throw new BusinessError('UPLOAD_EMPTY');
  if (bytes.length > BANNER_IMAGE.maxBytes) {
    throw new BusinessError('UPLOAD_TOO_LARGE', { max: BANNER_IMAGE.maxBytes >> 20 });
  }
  const kind = sniffKind(bytes);
  if (!kind || !ACCEPTED.has(kind)) throw new BusinessError('BANNER_IMAGE_WRONG_KIND');
  const { width, height } = await readSize(bytes);
  if (width * height > BANNER_IMAGE.maxPixels) {
    throw new BusinessError('BANNER_IMAGE_TOO_MANY_PIXELS', { max: BANNER_IMAGE.maxPixels / 10_000 });
  }
  if (width < BANNER_IMAGE.minWidth) throw new BusinessError('BANNER_IMAGE_TOO_NARROW', { min: BANNER_IMAGE.minWidth });
  let raw = await decode(bytes);
  for (;;) {
    const encoded = await encodeBoth(raw);
    if (encoded) {
      return {
        kind: kind as ProcessedImage['kind'],
        width,
        height,
        servedWidth: raw.width,
        servedHeight: raw.height,
        ...encoded,
      };
    }
    raw = await shrink(raw, SHRINK);
  }
};
