// Brotli and gzip copies of the build's text files, made once at build time (both builds: the employee app and
// the HR console).
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|pdf|txt|xml|webmanifest)$/;
// Smaller files save a few dozen bytes at most, next to a kilobyte of response headers.
const MIN_COMPRESSIBLE_BYTES = 256;
// A copy that saves less than a tenth is not worth the decompression on a slow phone.
const MAX_COMPRESSED_RATIO = 0.9;
const compressBrotli = promisify(brotliCompress);
const compressGzip = promisify(gzip);

/**
 * Writes `<file>.br` (brotli, best quality) and `<file>.gz` (gzip -9) beside each text file of the build, which
 * the server sends as they are to browsers that take them (@fastify/static `preCompressed`); built once here, so
 * no request pays for compression. The pdf.js worker and public/ (the handbook PDF) are included.
 */
export const precompress = ({ onlyOwnFiles = false }: { onlyOwnFiles?: boolean } = {}): Plugin => {
  let outDir = '';
  /** With onlyOwnFiles: this build's files (a second build into the same directory leaves the first's alone). */
  let ownFiles: string[] | undefined;
  return {
    name: 'ess:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle(_options, bundle) {
      if (onlyOwnFiles) ownFiles = Object.keys(bundle);
    },
    async closeBundle(error) {
      if (error) return;
      const files = ownFiles ?? (await readdir(outDir, { recursive: true }));
      // The build manifest (.vite/) is for the tooling, not for browsers.
      const candidates = files.filter((file) => COMPRESSIBLE.test(file) && !file.startsWith('.vite'));
      for (const file of candidates) {
        const fullPath = path.join(outDir, file);
        if ((await stat(fullPath)).size < MIN_COMPRESSIBLE_BYTES) continue;
        const content = await readFile(fullPath);
        const copies = [
          ['br', await compressBrotli(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } })],
          ['gz', await compressGzip(content, { level: 9 })],
        ] as const;
        for (const [extension, compressed] of copies) {
          if (compressed.length <= content.length * MAX_COMPRESSED_RATIO) {
            await writeFile(`${fullPath}.${extension}`, compressed);
          }
        }
      }
    },
  };
};
