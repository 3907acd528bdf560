import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** The impacts that fail a journey: a person using a screen reader or keyboard is blocked. */
export const BLOCKING = ['serious', 'critical'];

/**
 * Runs axe-core (WCAG 2 A/AA rules) on the page as it is now and returns the violations whose
 * impact is serious or critical, each as "rule: help (n nodes: first target)".
 */
export async function axeViolations(page) {
  if (!(await page.evaluate(() => typeof window.axe !== 'undefined'))) {
    await page.addScriptTag({ content: AXE_SOURCE });
  }
  const result = await page.evaluate(async () =>
    window.axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] } }),
  );
  return result.violations
    .filter((v) => BLOCKING.includes(v.impact))
    .map((v) => `${v.id}: ${v.help} (${v.nodes.length} nodes: ${v.nodes[0]?.target?.join(' ')})`);
}
