// axe-core (Deque's accessibility engine, the common standard for automated WCAG checks) inside a
// page. Its source is evaluated through the debugger protocol, not added as a script tag, so the
// app's Content-Security-Policy (no inline scripts) stays on. `axe.run` checks the document against
// the WCAG 2.0 and 2.1 A and AA rules and axe's best practices, which hold the heading rules (a
// level-one heading on every page, no level skipped). One readable line per element it refuses.
import axe from 'axe-core';
import type { Page } from 'playwright-core';

export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] as const;

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[]; failureSummary?: string }[];
}

/** Every violation of those rules on the page as it is now, one line per element. */
export async function axeViolations(page: Page): Promise<string[]> {
  const injected = await page.evaluate('typeof window.axe === "object"');
  if (!injected) await page.evaluate(axe.source);
  const violations = (await page.evaluate(
    `window.axe.run(document, { runOnly: { type: 'tag', values: ${JSON.stringify(AXE_TAGS)} }, resultTypes: ['violations'] })
      .then((results) => results.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help,
        nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary })) })))`,
  )) as AxeViolation[];
  return violations.flatMap((violation) =>
    violation.nodes.map(
      (node) =>
        `${violation.id} (${violation.impact ?? 'sin impacto'}) ${JSON.stringify(node.target)}: ${violation.help}` +
        (node.failureSummary ? ` — ${node.failureSummary.replace(/\s+/g, ' ')}` : ''),
    ),
  );
}
