// axe-core in the browser under test: injects axe.min.js into the page and returns the violations of the
// given impacts (serious and critical by default), each with the selectors of the offending nodes.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults, ImpactValue } from 'axe-core';
import type { Page } from 'playwright-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: ImpactValue | null | undefined;
  help: string;
  targets: string[];
}

export async function axeViolations(page: Page, impacts: readonly ImpactValue[] = ['serious', 'critical']): Promise<AxeViolation[]> {
  // A toast or dialog half-way through its fade has blended colours: audit what settles on screen, not a frame of
  // an animation (contrast would be measured against a partly transparent element).
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'), undefined, { timeout: 3000 }).catch(() => undefined);
  // Evaluated through the DevTools protocol, not as a <script>: the app's CSP (script-src 'self') stays in force
  // for the page, as in production, and still lets the test tool in.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const results = await page.evaluate(
    () => (window as unknown as { axe: { run: (context: Document, options: object) => Promise<AxeResults> } }).axe.run(document, { resultTypes: ['violations'] }),
  );
  return results.violations
    .filter((v) => v.impact && impacts.includes(v.impact))
    .map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) }));
}

/** How far the page scrolls sideways beyond the viewport (0 when nothing overflows). */
export function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}
