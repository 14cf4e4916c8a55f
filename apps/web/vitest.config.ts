import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.tsx', 'src/**/*.test.ts'],
    setupFiles: ['./src/test/setup.ts'],
    // A test of several screens' steps, each waiting on what the user sees (src/test/setup.ts): on a busy machine the
    // 5 s default ended tests that were passing, only slowly.
    testTimeout: 60_000,
    expect: { poll: { timeout: 15_000, interval: 50 } },
  },
});
