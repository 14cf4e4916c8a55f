// Accessibility check of what a page shows right now: axe-core injected into the page, WCAG 2 A/AA rules.
import { createRequire } from 'node:module';
import type { AxeResults } from 'axe-core';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
const AXE_PATH = require.resolve('axe-core');

/** WCAG 2.0, 2.1 and 2.2 at levels A and AA (colour contrast included). */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

/** One line per rule broken, with the elements that break it: readable in a failed test's output. */
const describeViolations = (violations: AxeResults['violations']) =>
  violations.map((violation) => {
    const nodes = violation.nodes.slice(0, 5).map((node) => `${node.target.join(' ')} — ${node.failureSummary ?? ''}`);
    return `${violation.id} (${violation.impact ?? 'unknown'}): ${violation.help}\n    ${nodes.join('\n    ')}`;
  });

/** Runs axe on the page as it is and answers the rules it breaks (an empty list when none). */
export const findAxeViolations = async (page: Page): Promise<string[]> => {
  const hasAxe = await page.evaluate(() => 'axe' in window);
  if (!hasAxe) await page.addScriptTag({ path: AXE_PATH });
  const results = await page.evaluate(
    (tags) =>
      (window as unknown as { axe: { run: (context: Document, options: object) => Promise<AxeResults> } }).axe.run(
        document,
        { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] },
      ),
    WCAG_TAGS,
  );
  return describeViolations(results.violations);
};
