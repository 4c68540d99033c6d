import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Page } from '@playwright/test';

/**
 * axe-core's WCAG 2.0/2.1 A and AA rules over the page as it is now. The source is evaluated
 * through the DevTools protocol, which the app's strict CSP (no inline scripts) does not govern,
 * so pages are audited under their real policy.
 */

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

export type AxeFinding = { page: string; rule: string; impact: string; help: string; targets: string[] };

type AxeResult = {
  violations: { id: string; impact: string; help: string; nodes: { target: string[] }[] }[];
};

export async function axeFindings(page: Page, name: string): Promise<AxeFinding[]> {
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: unknown) => Promise<AxeResult> } })
      .axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: tags } });
    return result.violations.map((v) => ({
      rule: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
    }));
  }, TAGS);
  return violations.map((v) => ({ page: name, ...v }));
}

export function describeFindings(findings: AxeFinding[]): string {
  return findings
    .map((f) => `${f.page}: ${f.rule} (${f.impact}) ${f.help}\n    ${f.targets.join('\n    ')}`)
    .join('\n');
}

/** Fails (softly, so the flow goes on) with every violation of the page as it is now. */
export async function expectAccessible(page: Page, name: string): Promise<void> {
  const findings = await axeFindings(page, name);
  expect.soft(findings, describeFindings(findings)).toEqual([]);
}
