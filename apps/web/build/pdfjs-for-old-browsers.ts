// pdf.js on the browsers of build/browsers.ts. Its "legacy" build still targets far newer browsers (optional
// chaining, private fields, Promise.withResolvers, structuredClone…), so the library's chunk gets the core-js
// polyfills its code calls, chosen by usage as babel-preset-env does, which load with it (only when a PDF opens,
// never on /login); and the worker, which Vite would copy as it is, is bundled with its own polyfills and lowered
// to the build target. Older browsers cannot start a module worker: pdf.js then imports the same file on the page.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { transformAsync } from '@babel/core';
import { build } from 'esbuild';
import type { Plugin } from 'vite';

const LIBRARY = /\/pdfjs-dist\/legacy\/build\/pdf(?:\.min)?\.mjs$/;
const WORKER_URL = /\/pdfjs-dist\/legacy\/build\/pdf\.worker(?:\.min)?\.mjs\?url$/;
const require = createRequire(import.meta.url);
const coreJsVersion: string = require('core-js/package.json').version;

/** The core-js modules that `code` calls and `browsers` lack, as babel's usage-based polyfill plugin picks them. */
const detectPolyfills = async (code: string, browsers: string) => {
  const result = await transformAsync(code, {
    ast: true,
    code: false,
    babelrc: false,
    configFile: false,
    browserslistConfigFile: false,
    cwd: import.meta.dirname,
    sourceType: 'module',
    targets: browsers,
    plugins: [['polyfill-corejs3', { method: 'usage-global', version: coreJsVersion }]],
  });
  const imports = result?.ast?.program.body ?? [];
  return imports.flatMap((node) =>
    node.type === 'ImportDeclaration' && node.source.value.startsWith('core-js/') ? [node.source.value] : [],
  );
};

const importStatements = (modules: string[]) => modules.map((module) => `import ${JSON.stringify(module)};\n`).join('');

export const pdfJsForOldBrowsers = ({ browsers }: { browsers: string }): Plugin => {
  let target: string | string[] = 'es2018';
  return {
    name: 'ess:pdfjs-for-old-browsers',
    apply: 'build',
    enforce: 'pre',
    configResolved(config) {
      if (config.build.target) target = config.build.target;
    },
    async transform(code, id) {
      if (!LIBRARY.test(id)) return null;
      return { code: importStatements(await detectPolyfills(code, browsers)) + code, map: null };
    },
    async load(id) {
      if (!WORKER_URL.test(id)) return null;
      const file = id.slice(0, -'?url'.length);
      const polyfills = await detectPolyfills(await readFile(file, 'utf8'), browsers);
      const bundled = await build({
        stdin: {
          contents: `${importStatements(polyfills)}export * from ${JSON.stringify(file)};\n`,
          resolveDir: path.dirname(file),
          sourcefile: 'pdf.worker.mjs',
        },
        bundle: true,
        format: 'esm',
        target,
        // As Vite does for the app's chunks: esbuild cannot lower destructuring and refuses Safari < 14.1 over an
        // edge-case bug of theirs; the import forms are supported by every target browser.
        supported: { destructuring: true, 'dynamic-import': true, 'import-meta': true },
        minify: true,
        write: false,
        logLevel: 'silent',
      });
      const source = bundled.outputFiles[0]?.text;
      if (!source) throw new Error('the pdf.js worker bundle came out empty');
      const reference = this.emitFile({ type: 'asset', name: 'pdf.worker.mjs', source });
      return `export default import.meta.ROLLUP_FILE_URL_${reference};\n`;
    },
  };
};
