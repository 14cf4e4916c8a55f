// Writes the demo study video (src/seed/media/safety-lesson.mp4): eight seconds of a drawn lesson, H.264 in
// MP4, recorded by Chromium's own MediaRecorder from a canvas, so no video tool is needed. Run once; the file is
// committed. Usage: node apps/server/scripts/make-demo-video.mjs [output path]
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const output =
  process.argv[2] ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/seed/media/safety-lesson.mp4');
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
const page = await browser.newPage();
const base64 = await page.evaluate(async () => {
  const SECONDS = 8;
  const canvas = document.createElement('canvas');
  canvas.width = 640;
  canvas.height = 360;
  document.body.append(canvas);
  const context = canvas.getContext('2d');
  const slides = [
    ['安全生产第一课', '进入车间前，请穿戴好劳保用品'],
    ['安全帽 · 安全鞋', '佩戴整齐，系好下颌带'],
    ['设备运转时', '严禁伸手清理铁屑'],
    ['发现隐患', '立即停机，报告班组长'],
  ];
  const draw = (elapsed) => {
    const slide = slides[Math.min(slides.length - 1, Math.floor((elapsed / SECONDS) * slides.length))];
    context.fillStyle = '#0b5cad';
    context.fillRect(0, 0, 640, 360);
    context.fillStyle = '#ffffff';
    context.textAlign = 'center';
    context.font = 'bold 44px "WenQuanYi Micro Hei", sans-serif';
    context.fillText(slide[0], 320, 150);
    context.font = '28px "WenQuanYi Micro Hei", sans-serif';
    context.fillText(slide[1], 320, 210);
    context.fillStyle = '#ffd24d';
    context.fillRect(40, 300, (560 * elapsed) / SECONDS, 10);
    context.font = '20px sans-serif';
    context.fillStyle = '#ffffff';
    context.fillText(`${elapsed.toFixed(1)} s`, 320, 340);
  };
  draw(0);
  const stream = canvas.captureStream(25);
  const recorder = new MediaRecorder(stream, {
    mimeType: 'video/mp4;codecs=avc1.42E01E',
    videoBitsPerSecond: 300_000,
  });
  const chunks = [];
  recorder.ondataavailable = (event) => chunks.push(event.data);
  const stopped = new Promise((resolve) => {
    recorder.onstop = resolve;
  });
  recorder.start();
  const started = performance.now();
  await new Promise((resolve) => {
    const tick = () => {
      const elapsed = (performance.now() - started) / 1000;
      draw(Math.min(elapsed, SECONDS));
      if (elapsed >= SECONDS) resolve();
      else requestAnimationFrame(tick);
    };
    tick();
  });
  recorder.stop();
  await stopped;
  const bytes = new Uint8Array(await new Blob(chunks).arrayBuffer());
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
});
await browser.close();
writeFileSync(output, Buffer.from(base64, 'base64'));
console.log(`wrote ${output} (${Buffer.from(base64, 'base64').length} bytes)`);
