// axe-core in the page under test, for the browser journeys: WCAG 2.0-2.2 A/AA and best-practice rules, findings
// collected page by page into an `Audit` that fails a journey on any critical or serious one (listed with its rule,
// elements, HTML and, for contrast, the colour pair) and prints the rest. accessibility.e2e.ts audits every route; a
// journey of one feature (search.e2e.ts) audits its own pages with the same rules.
import { createRequire } from 'node:module';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { AxeResults, NodeResult, Result } from 'axe-core';
import { h1, visible } from './page-checks';

/** axe-core's browser build, evaluated in the page (a script tag would break the server's no-inline-script policy). */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
/** The rule sets audited: WCAG 2.0/2.1/2.2 A and AA, and axe's best practices (landmarks, one h1, ...). */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];
const FAILING: ReadonlySet<string> = new Set(['critical', 'serious']);
/** axe takes 1-3 s on a full page, more while other work shares the CPU: each journey gets two minutes. */
export const AUDIT_TIMEOUT_MS = 120_000;
/**
 * Findings that are known and not failed on, each with its reason; they are still printed with every run. Keep this
 * list short: an entry is a bug with an owner, not a waiver.
 */
const KNOWN: { rule: string; selector: string; why: string }[] = [];

/** Every finding of a journey, in full, lands in apps/web/test-results/a11y-<journey>.json. */
const REPORT_DIR = new URL('../test-results/', import.meta.url);

interface Finding {
  /** The KNOWN entry's reason when every node of it is known. */
  known?: string;
  where: string;
  rule: string;
  impact: string;
  help: string;
  nodes: KnownNode[];
}

type KnownNode = Pick<NodeResult, 'target' | 'html' | 'failureSummary'> & { known?: string };
type KnownResult = Omit<Result, 'nodes'> & { nodes: KnownNode[] };

/** What one journey found, page by page: the failing findings and every finding's count by impact. */
export class Audit {
  readonly findings: Finding[] = [];
  readonly counts = new Map<string, Record<string, number>>();

  record(where: string, results: { violations: KnownResult[] }): void {
    const byImpact: Record<string, number> = {};
    for (const violation of results.violations) {
      const impact = violation.impact ?? 'unknown';
      byImpact[impact] = (byImpact[impact] ?? 0) + violation.nodes.length;
      const base = { where, rule: violation.id, impact, help: violation.help };
      const known = violation.nodes.filter((node) => node.known);
      const unknown = violation.nodes.filter((node) => !node.known);
      if (known.length) this.findings.push({ ...base, nodes: known, known: known[0]?.known });
      if (unknown.length) this.findings.push({ ...base, nodes: unknown });
    }
    this.counts.set(where, byImpact);
  }

  /** Prints every page's counts (moderate and minor too), then fails with the critical and serious findings. */
  verdict(journey: string): void {
    const lines = [...this.counts].map(([where, byImpact]) => {
      const parts = Object.entries(byImpact).map(([impact, n]) => `${impact} ${n}`);
      return `  ${where}: ${parts.length ? parts.join(', ') : 'no violations'}`;
    });
    console.log(`[a11y] ${journey}\n${lines.join('\n')}`);
    mkdirSync(REPORT_DIR, { recursive: true });
    writeFileSync(new URL(`a11y-${journey.replace(/\W+/g, '-')}.json`, REPORT_DIR), JSON.stringify(this.findings, null, 1));
    const minor = this.findings.filter((f) => !FAILING.has(f.impact) && !f.known);
    if (minor.length) console.log(`[a11y] ${journey}: not failing on\n${minor.map(describeFinding).join('\n')}`);
    const known = new Map<string, string[]>();
    for (const f of this.findings.filter((finding) => finding.known)) {
      const key = `[${f.impact}] ${f.rule}: ${f.known}`;
      known.set(key, [...(known.get(key) ?? []), f.where]);
    }
    for (const [key, pages] of known) console.log(`[a11y] ${journey}: known, not failing on ${key}\n  on ${pages.join(', ')}`);
    const failing = this.findings.filter((f) => FAILING.has(f.impact) && !f.known);
    const total = failing.reduce((sum, f) => sum + f.nodes.length, 0);
    expect(failing.length, `${total} critical or serious accessibility violations (${journey}):\n${failing.map(describeFinding).join('\n')}`).toBe(0);
  }
}

/** "3.85 #7d827d on #fffdf8" for a colour-contrast node: the pair to fix in the palette. */
function contrastPair(node: KnownNode): string | undefined {
  const match = /contrast of ([0-9.]+) \(foreground color: (#[0-9a-f]+), background color: (#[0-9a-f]+), font size: ([0-9.]+pt)/.exec(node.failureSummary ?? '');
  return match ? `${match[1]}:1 ${match[2]} on ${match[3]} at ${match[4]}` : undefined;
}

function describeFinding(finding: Finding): string {
  const pairs = new Map<string, number>();
  for (const node of finding.nodes) {
    const pair = contrastPair(node);
    if (pair) pairs.set(pair, (pairs.get(pair) ?? 0) + 1);
  }
  const pairLines = [...pairs].map(([pair, n]) => `      ${n} x ${pair}`).join('\n');
  const nodes = finding.nodes.slice(0, 8).map((node) => {
    const target = node.target.map(String).join(' ');
    const html = node.html.replace(/\s+/g, ' ').slice(0, 160);
    const why = node.failureSummary?.split('\n').slice(1).join(' ').trim().slice(0, 200) ?? '';
    return `      ${target}\n        ${html}${why ? `\n        ${why}` : ''}`;
  });
  const more = finding.nodes.length > 8 ? `\n      ... and ${finding.nodes.length - 8} more` : '';
  const head = `  [${finding.impact}${finding.known ? `, known: ${finding.known}` : ''}] ${finding.rule} on ${finding.where} (${finding.nodes.length}): ${finding.help}`;
  return [head, pairLines, nodes.join('\n') + more].filter(Boolean).join('\n');
}

/**
 * Waits until the page has settled (no request in flight, no spinner, the toasts gone, animations finished), then
 * runs axe-core on the whole document and records what it found under `where`.
 */
export async function audit(page: Page, results: Audit, where: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.getByRole('status', { name: /^Loading/ }).first().waitFor({ state: 'detached', timeout: 10_000 }).catch(() => undefined);
  // Finite animations only (a spinner's never ends), and not for ever: a dialog's entry transition can stay pending.
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
          .map((a) => a.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 1_000)),
    ]),
  );
  const loaded = await page.evaluate(() => typeof (window as unknown as { axe?: unknown }).axe === 'object');
  if (!loaded) await page.evaluate(AXE_SOURCE);
  const found = await page.evaluate(
    async ({ tags, known }) => {
      const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<AxeResults> } }).axe;
      const outcome = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
      const knownReason = (rule: string, target: unknown[]): string | undefined => {
        const element = target.length === 1 && typeof target[0] === 'string' ? document.querySelector(target[0]) : null;
        return known.find((entry) => entry.rule === rule && element?.matches(entry.selector))?.why;
      };
      // Only what the report reads: the full result holds every passing check too.
      return {
        violations: outcome.violations.map((v: Result) => ({
          ...v,
          nodes: v.nodes.map(({ target, html, failureSummary, impact }) => ({ target, html, failureSummary, impact, known: knownReason(v.id, target) })),
        })),
      };
    },
    { tags: TAGS, known: KNOWN },
  );
  results.record(where, found);
}

/** Visits `path`, waits for its h1 (when given) and audits it. */
export async function auditRoute(page: Page, results: Audit, path: string, heading?: string | RegExp): Promise<void> {
  await page.goto(path, { waitUntil: 'networkidle' });
  if (typeof heading === 'string') await h1(page, heading);
  else if (heading) await visible(page.getByRole('heading', { level: 1, name: heading }), `the h1 ${String(heading)} on ${path}`);
  await audit(page, results, path);
}
