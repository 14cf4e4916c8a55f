// `npm run bench -- --only banners`: "Banner bytes on the wire at 375 px: ≤ 60 KB per image". A camera-like picture
// (4000 × 3000, fine grain over gradients: the hard case for the bound) is uploaded through Banner/UploadImage as HR
// does and published for NT; then an NT worker's home list is read and every live banner's two served sizes are
// fetched as the phones fetch them (WebP for the browsers that read it, the JPEG for iOS before 14), counting the
// bytes that cross the socket (status line, headers and body). Then the picture route under load, and the upload's
// time (sniffing, decoding, encoding both formats within the bound).
import http from 'node:http';
import autocannon from 'autocannon';
import sharp from 'sharp';
import { BANNER_IMAGE } from '../packages/contract/src/banners';

const KB = 1024;

/** A 4000 × 3000 picture as a phone camera's: colour gradients under a fine grain, JPEG quality 92. */
const cameraPicture = () => {
  const width = 4000;
  const height = 3000;
  const pixels = Buffer.alloc(width * height * 3);
  let state = 2026;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      state = (state * 1103515245 + 12345) & 0x7fffffff;
      const grain = (state >> 24) - 64;
      const at = (y * width + x) * 3;
      pixels[at] = Math.max(0, Math.min(255, 40 + x / 25 + grain / 2));
      pixels[at + 1] = Math.max(0, Math.min(255, 60 + y / 16 + grain / 2));
      pixels[at + 2] = Math.max(0, Math.min(255, 200 - x / 30 + grain / 2));
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .blur(0.7)
    .jpeg({ quality: 92 })
    .toBuffer();
};

type Wire = { status: number; type: string; body: number; wire: number };

/** One GET, counting what crossed the socket: the status line and headers as sent, and the body. */
const fetchOnWire = (url: string, headers: Record<string, string>) =>
  new Promise<Wire>((resolve, reject) => {
    const request = http.get(url, { headers, agent: false }, (response) => {
      let body = 0;
      response.on('data', (chunk: Buffer) => {
        body += chunk.length;
      });
      response.on('end', () => {
        const head = `HTTP/1.1 ${response.statusCode} ${response.statusMessage}\r\n`.length;
        // Each header line is `name: value\r\n`: two characters after the name and two after the value.
        const lines = response.rawHeaders.reduce((sum, part) => sum + part.length + 2, 0);
        resolve({
          status: response.statusCode ?? 0,
          type: String(response.headers['content-type'] ?? ''),
          body,
          wire: head + lines + 2 + body,
        });
      });
    });
    request.on('error', reject);
  });

const call = async <T>(base: string, path: string, token: string, body: unknown) => {
  const response = await fetch(`${base}/api/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', token },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as { result: boolean; msg: string; data: T };
  if (!answer.result) throw new Error(`${path}: ${answer.msg}`);
  return answer.data;
};

export const benchBanners = async ({
  base,
  hrToken,
  workerToken,
  connections,
  duration,
}: {
  base: string;
  /** A SysAdmin's (HRAdmin of every plant). */
  hrToken: string;
  /** A worker of NT. */
  workerToken: string;
  connections: number;
  duration: number;
}) => {
  const picture = await cameraPicture();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(picture)], { type: 'image/jpeg' }), 'camera.jpg');
  const uploadStarted = Date.now();
  const uploaded = await fetch(`${base}/api/Banner/UploadImage`, {
    method: 'POST',
    headers: { token: hrToken },
    body: form,
  });
  const uploadMs = Date.now() - uploadStarted;
  const image = ((await uploaded.json()) as { result: boolean; msg: string; data: { id: number } }).data;
  if (!image) throw new Error('the banner picture was not taken');
  const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
  await call(base, 'Banner/Create', hrToken, {
    title: '相机照片',
    imageId: image.id,
    startsOn: today,
    sort: 0,
    plants: ['NT'],
  });

  const banners = await call<
    { title: string; imageUrl: string; imageWebpUrl: string; width: number; height: number }[]
  >(base, 'Home/GetBannerList', workerToken, {});
  const cookie = `ess_token=${workerToken}`;
  const rows: string[] = [];
  let largest = 0;
  for (const banner of banners) {
    // Headers as a phone's <img> sends them: Chrome's Accept, and iOS 12 Safari's (no WebP) for the JPEG.
    const webp = await fetchOnWire(`${base}${banner.imageWebpUrl}`, {
      cookie,
      accept: 'image/avif,image/webp,image/apng,image/*,*/*;q=0.8',
    });
    const jpeg = await fetchOnWire(`${base}${banner.imageUrl}`, {
      cookie,
      accept: 'image/png,image/svg+xml,image/*;q=0.8,video/*;q=0.8,*/*;q=0.5',
    });
    if (webp.status !== 200 || jpeg.status !== 200) throw new Error(`${banner.title}: ${webp.status} / ${jpeg.status}`);
    largest = Math.max(largest, webp.wire, jpeg.wire);
    const kb = (bytes: number) => (bytes / KB).toFixed(1);
    rows.push(
      `| ${banner.title} | ${banner.width}×${banner.height} | ${kb(webp.body)} | ${kb(webp.wire)} | ${kb(jpeg.body)} | ${kb(jpeg.wire)} | ${webp.wire <= BANNER_IMAGE.maxServedBytes && jpeg.wire <= BANNER_IMAGE.maxServedBytes ? 'yes' : 'NO'} |`,
    );
  }
  console.log('\nBanner bytes on the wire at 375 px (the 2× size, 750 px wide): ≤ 60 KB per image');
  console.log(
    '| banner (NT worker’s list) | served px | WebP body KB | WebP on the wire KB | JPEG body KB | JPEG on the wire KB | ≤ 60 KB |',
  );
  console.log('|---|---:|---:|---:|---:|---:|:---:|');
  for (const row of rows) console.log(row);
  console.log(
    `largest on the wire: ${(largest / KB).toFixed(1)} KB (goal ≤ 60 KB); the 4000 × 3000 camera picture (${(picture.length / KB / KB).toFixed(1)} MB) took ${uploadMs} ms to upload, check and encode`,
  );

  const [first] = banners;
  if (!first) return;
  const result = await autocannon({
    url: `${base}${first.imageWebpUrl}`,
    connections,
    duration,
    method: 'GET',
    headers: { cookie },
  });
  console.log(
    `GET ${first.imageWebpUrl.slice(0, 32)}… (a banner's WebP, signed in): ${Math.round(result.requests.average)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ${(result.throughput.average / KB / KB).toFixed(1)} MB/s, errors ${result.errors + result.non2xx}`,
  );
};
