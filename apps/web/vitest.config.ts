import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'web', environment: 'jsdom', include: ['src/**/*.test.tsx', 'src/**/*.test.ts'], passWithNoTests: true },
});
