// Pictures made small on the phone before they travel over a weak network: a photo of 4000×3000 pixels (3–6 MB)
// becomes a JPEG of at most 1280 pixels a side (about 150–300 KB); the avatar a 256-pixel square. Drawn with an
// <img> and a canvas, which every supported browser has (createImageBitmap is missing on iOS 12). The canvas also
// turns what the browser can decode (an iPhone's HEIC included, in Safari) into JPEG. Older browsers ignore a
// photo's EXIF orientation when they draw it, so a phone held upright would send a sideways picture: the
// orientation is read here and applied by hand where the browser does not apply it itself.

/** Photos and scans: longest side and JPEG quality (docs/decisions.md). */
export const PHOTO_MAX_SIDE = 1280;
export const PHOTO_QUALITY = 0.8;
/** The avatar: a square of this many pixels. */
export const AVATAR_SIZE = 256;
export const AVATAR_QUALITY = 0.85;
/** A picture that neither loads nor fails within this time is treated as undecodable. */
const DECODE_TIMEOUT_MS = 20_000;

export class ImageDecodeError extends Error {}

const readBytes = (blob: Blob): Promise<ArrayBuffer> =>
  new Promise((resolve, reject) => {
    // Blob.arrayBuffer() is missing on Chrome 64 and Safari 12.
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob);
  });

const toBlob = (canvas: HTMLCanvasElement, quality: number): Promise<Blob | null> =>
  new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality));

/** The EXIF orientation (1–8) of a JPEG's first bytes; 1 when there is none or the bytes are not a JPEG. */
export const readJpegOrientation = (bytes: ArrayBuffer): number => {
  try {
    const view = new DataView(bytes);
    if (view.getUint16(0) !== 0xffd8) return 1;
    let offset = 2;
    while (offset + 4 <= view.byteLength) {
      const marker = view.getUint16(offset);
      // Not a marker, or the start of the image data: no header holds an orientation.
      if ((marker & 0xff00) !== 0xff00 || marker === 0xffda) return 1;
      const length = view.getUint16(offset + 2);
      // APP1 "Exif\0\0", then a TIFF header and its first directory.
      if (marker === 0xffe1 && view.getUint32(offset + 4) === 0x45786966 && view.getUint16(offset + 8) === 0) {
        const tiff = offset + 10;
        const isLittleEndian = view.getUint16(tiff) === 0x4949;
        const directory = tiff + view.getUint32(tiff + 4, isLittleEndian);
        const entries = view.getUint16(directory, isLittleEndian);
        for (let index = 0; index < entries; index += 1) {
          const entry = directory + 2 + index * 12;
          if (view.getUint16(entry, isLittleEndian) === 0x0112) {
            const orientation = view.getUint16(entry + 8, isLittleEndian);
            return orientation >= 1 && orientation <= 8 ? orientation : 1;
          }
        }
        return 1;
      }
      offset += 2 + length;
    }
    return 1;
  } catch {
    // A truncated header reads past the end: the picture is drawn as it is.
    return 1;
  }
};

type LoadedImage = { image: HTMLImageElement; release: () => void };

const loadImage = (blob: Blob): Promise<LoadedImage> =>
  new Promise((resolve, reject) => {
    const url = URL.createObjectURL(blob);
    const image = new Image();
    const release = () => URL.revokeObjectURL(url);
    const timer = setTimeout(() => {
      release();
      reject(new ImageDecodeError('timeout'));
    }, DECODE_TIMEOUT_MS);
    image.onload = () => {
      clearTimeout(timer);
      resolve({ image, release });
    };
    image.onerror = () => {
      clearTimeout(timer);
      release();
      reject(new ImageDecodeError('undecodable'));
    };
    image.src = url;
  });

/** APP1 with orientation 6 (turn 90° clockwise), to write into a test picture. */
const ORIENTATION_6_EXIF = [
  0xff, 0xe1, 0x00, 0x22, 0x45, 0x78, 0x69, 0x66, 0x00, 0x00, 0x4d, 0x4d, 0x00, 0x2a, 0x00, 0x00, 0x00, 0x08, 0x00,
  0x01, 0x01, 0x12, 0x00, 0x03, 0x00, 0x00, 0x00, 0x01, 0x00, 0x06, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
];

let browserOrients: Promise<boolean> | undefined;
/**
 * Whether this browser applies EXIF orientation itself (Chrome 81+, Safari 13.4+ do; Chrome 64 and iOS 12 do
 * not): a 2×1 JPEG made here, with orientation 6 written in, loads as 1×2 where it does.
 */
const doesBrowserOrient = () => {
  browserOrients ??= (async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 2;
    canvas.height = 1;
    const plain = await toBlob(canvas, 0.9);
    if (!plain) return true;
    const bytes = new Uint8Array(await readBytes(plain));
    const oriented = new Blob([bytes.subarray(0, 2), new Uint8Array(ORIENTATION_6_EXIF), bytes.subarray(2)], {
      type: 'image/jpeg',
    });
    const { image, release } = await loadImage(oriented);
    release();
    return image.naturalWidth === 1;
  })().catch(() => true);
  return browserOrients;
};

/** The orientation still to apply by hand: the file's own, unless the browser applies it. */
const orientationToApply = async (file: Blob) => {
  if (file.type !== 'image/jpeg' && file.type !== 'image/jpg') return 1;
  const orientation = readJpegOrientation(await readBytes(file.slice(0, 128 * 1024)));
  if (orientation === 1) return 1;
  return (await doesBrowserOrient()) ? 1 : orientation;
};

/** The picture upright, scaled by `scale`, on a new canvas with a white background (JPEG has no transparency). */
const drawUpright = (image: HTMLImageElement, orientation: number, scale: number) => {
  const width = Math.max(1, Math.round(image.naturalWidth * scale));
  const height = Math.max(1, Math.round(image.naturalHeight * scale));
  const isTurned = orientation >= 5;
  const canvas = document.createElement('canvas');
  canvas.width = isTurned ? height : width;
  canvas.height = isTurned ? width : height;
  const context = canvas.getContext('2d');
  if (!context) throw new ImageDecodeError('no canvas');
  context.fillStyle = '#fff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  const transforms: Record<number, [number, number, number, number, number, number]> = {
    2: [-1, 0, 0, 1, width, 0],
    3: [-1, 0, 0, -1, width, height],
    4: [1, 0, 0, -1, 0, height],
    5: [0, 1, 1, 0, 0, 0],
    6: [0, 1, -1, 0, height, 0],
    7: [0, -1, -1, 0, height, width],
    8: [0, -1, 1, 0, 0, width],
  };
  const transform = transforms[orientation];
  if (transform) context.transform(...transform);
  context.drawImage(image, 0, 0, width, height);
  return canvas;
};

const jpegName = (name: string) => `${name.replace(/\.[^.]*$/, '') || 'photo'}.jpg`;

/**
 * A photo or scan made ready to upload: a JPEG of at most `maxSide` pixels a side, upright. A picture the browser
 * cannot draw (HEIC outside Safari) goes as it is; so does a JPEG the canvas would only make larger.
 */
export const compressImage = async (
  file: File,
  { maxSide = PHOTO_MAX_SIDE, quality = PHOTO_QUALITY }: { maxSide?: number; quality?: number } = {},
): Promise<{ blob: Blob; name: string }> => {
  const original = { blob: file as Blob, name: file.name || 'photo' };
  if (!file.type.startsWith('image/') && file.type !== '') return original;
  try {
    const orientation = await orientationToApply(file);
    const { image, release } = await loadImage(file);
    try {
      const scale = Math.min(1, maxSide / Math.max(image.naturalWidth, image.naturalHeight));
      const blob = await toBlob(drawUpright(image, orientation, scale), quality);
      if (!blob) return original;
      const isAlreadyFine = file.type === 'image/jpeg' && scale === 1 && orientation === 1 && file.size <= blob.size;
      return isAlreadyFine ? original : { blob, name: jpegName(file.name) };
    } finally {
      release();
    }
  } catch {
    return original;
  }
};

/** The avatar: the middle square of the picture, upright, `size` pixels, as a JPEG data URL. */
export const makeSquareAvatar = async (
  file: File,
  { size = AVATAR_SIZE, quality = AVATAR_QUALITY }: { size?: number; quality?: number } = {},
): Promise<string> => {
  const orientation = await orientationToApply(file);
  const { image, release } = await loadImage(file);
  try {
    const shortSide = Math.min(image.naturalWidth, image.naturalHeight);
    const upright = drawUpright(image, orientation, size / shortSide);
    const square = document.createElement('canvas');
    square.width = size;
    square.height = size;
    const context = square.getContext('2d');
    if (!context) throw new ImageDecodeError('no canvas');
    const left = Math.max(0, Math.round((upright.width - size) / 2));
    const top = Math.max(0, Math.round((upright.height - size) / 2));
    context.drawImage(upright, left, top, size, size, 0, 0, size, size);
    return square.toDataURL('image/jpeg', quality);
  } finally {
    release();
  }
};
