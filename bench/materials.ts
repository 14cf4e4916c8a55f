// `--only materials` (issue 22): a 500 MB material uploaded by tus to the running server in the console's 5 MB
// chunks, its connection dropped twice in the middle of a chunk (at a third and at two thirds), each time resumed
// from the offset the server answers to HEAD; the file that arrives must be the one sent, byte for byte in size, and
// the server's RSS is sampled every 100 ms throughout: its rise over the idle figure is what the upload costs it.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { tusClient } from '../apps/server/test/tus';
import { MATERIAL_CHUNK_BYTES } from '../packages/contract/src/materials';

const MB = 1024 * 1024;

/** A PDF of `size` bytes (its header, then filler), written a chunk at a time: it goes live as it is. */
const writeLargePdf = async (file: string, size: number) => {
  const handle = await open(file, 'w');
  try {
    const chunk = Buffer.alloc(MB, 0x20);
    await handle.write(Buffer.from('%PDF-1.4\n'), 0, 9, 0);
    for (let at = 9; at < size; at += chunk.length) {
      await handle.write(chunk, 0, Math.min(chunk.length, size - at), at);
    }
  } finally {
    await handle.close();
  }
};

const sha256Of = (file: string) =>
  new Promise<string>((resolve, reject) => {
    const hash = createHash('sha256');
    createReadStream(file)
      .on('data', (chunk) => hash.update(chunk))
      .on('end', () => resolve(hash.digest('hex')))
      .on('error', reject);
  });

export const benchMaterialUpload = async ({
  base,
  hrToken,
  serverRss,
  dataDir,
  mediaDir,
  sizeMb = 500,
}: {
  base: string;
  hrToken: string;
  /** The server's RSS now, MB. */
  serverRss: () => Promise<number>;
  dataDir: string;
  mediaDir: string;
  sizeMb?: number;
}) => {
  const size = sizeMb * MB;
  const source = path.join(dataDir, 'material-upload.pdf');
  await writeLargePdf(source, size);
  const tus = tusClient(base, hrToken);
  const file = await open(source, 'r');
  const chunkOf = async (offset: number) => {
    const bytes = Buffer.alloc(Math.min(MATERIAL_CHUNK_BYTES, size - offset));
    await file.read(bytes, 0, bytes.length, offset);
    return bytes;
  };

  const idle = await serverRss();
  let peak = idle;
  const sampler = setInterval(() => {
    void serverRss().then((rss) => {
      peak = Math.max(peak, rss);
    });
  }, 100);
  const started = Date.now();
  let drops = 0;
  try {
    const created = await tus.create({
      size,
      metadata: { filename: 'bench-500mb.pdf', bu: 'NT', name: `bench ${sizeMb} MB` },
    });
    if (created.status !== 201 || !created.location)
      throw new Error(`create answered ${created.status} ${created.body}`);
    const location = created.location;
    const dropAt = [Math.floor(size / 3), Math.floor((2 * size) / 3)];
    let offset = 0;
    while (offset < size) {
      const bytes = await chunkOf(offset);
      if (drops < dropAt.length && offset + bytes.length > (dropAt[drops] as number)) {
        // The Wi-Fi goes in the middle of this chunk; the client asks where to go on.
        await tus.patchDropped(location, offset, bytes, Math.floor(bytes.length / 2));
        drops += 1;
        for (let attempt = 0; ; attempt++) {
          const head = await tus.head(location);
          const now = Number(head.headers['upload-offset']);
          // The server may still be writing what arrived before the drop: until its offset stops moving.
          if (head.status === 200 && now > offset) {
            offset = now;
            break;
          }
          if (attempt > 50) throw new Error('the server kept nothing of the dropped chunk');
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        continue;
      }
      const answer = await tus.patch(location, offset, bytes);
      if (answer.status !== 204) throw new Error(`PATCH at ${offset} answered ${answer.status} ${answer.body}`);
      offset = Number(answer.headers['upload-offset']);
    }
  } finally {
    clearInterval(sampler);
    await file.close();
  }
  const seconds = (Date.now() - started) / 1000;
  const list = (await (
    await fetch(`${base}/api/TrainMaterial/GetList`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${hrToken}` },
      body: JSON.stringify({ bu: 'NT', PageSize: 1 }),
    })
  ).json()) as { data: { state: string; url: string | null; sizeBytes: number }[] };
  const row = list.data[0];
  const stored = row?.url ? path.join(mediaDir, 'materials', row.url.split('/').pop() as string) : '';
  const isExact =
    stored !== '' && (await stat(stored)).size === size && (await sha256Of(stored)) === (await sha256Of(source));
  await rm(source, { force: true });
  console.log('\n| material upload (tus, 5 MB chunks) | figure | target |');
  console.log('|---|---|---|');
  console.log(
    `| ${sizeMb} MB, connection dropped twice mid-chunk, resumed from HEAD | ${row?.state === 'ready' && isExact ? 'completed, the same bytes (SHA-256)' : `**failed** (${row?.state})`} in ${seconds.toFixed(1)} s, ${drops} drops | completes |`,
  );
  console.log(`| server RSS: idle ${idle} MB, peak ${peak} MB | +${peak - idle} MB | ≤ +100 MB |`);
  return { seconds, idle, peak, isExact };
};
