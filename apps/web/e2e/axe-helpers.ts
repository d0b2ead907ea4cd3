// axe on the page as it stands: what the accessibility suite and the specs of single pages ask of it.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from './fixtures';

/** Serious and critical violations, each as "rule: target, target (summary)", so a failure names what to fix. */
export async function seriousViolations(page: Page): Promise<string[]> {
  // Wait for the page's scripts to finish their first render (hydrated client components, toasts region).
  await page.waitForLoadState('networkidle');
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) =>
      violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')} (${node.failureSummary?.replace(/\s+/g, ' ') ?? ''})`),
    );
}
