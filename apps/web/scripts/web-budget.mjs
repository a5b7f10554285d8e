// The measuring half of `just web-budget` (scripts/web-budget.sh starts the server it measures):
// 1. the start-up JavaScript of `/`: the entry script of the built index.html, its modulepreloads and every chunk they
//    import statically, gzipped. It must stay within JS_BUDGET_KIB, and must hold neither the Firebase SDK (loaded when
//    someone signs in) nor Stripe.js (payment pages only);
// 2. Lighthouse, mobile preset (its default form factor, simulated slow 4G and a 4x slower CPU), RUNS times on each
//    page, in a headless Chromium with a fresh profile per run, once as a browser asking for English and once asking
//    for Bangla; the median run (Lighthouse's own choice) is reported.
// Prints one table. Exits non-zero when the JavaScript budget is exceeded or a page's median CLS is over 0.1; the
// scores, LCP and TBT are reported against their targets without failing.
//
//   node scripts/web-budget.mjs --base http://127.0.0.1:PORT --book BOOK_ID [--runs 3] [--work DIR] [--languages en,bn]
//     [--pages home,shop,book]
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';

const JS_BUDGET_KIB = 150;
const TARGETS = { performance: 95, accessibility: 95, lcpMs: 2500, cls: 0.1, tbtMs: 200 };
const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';
// What this machine's Chromium needs to run headless as root in a container, without reaching out to Google.
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const { values: args } = parseArgs({
  options: {
    base: { type: 'string' },
    book: { type: 'string' },
    runs: { type: 'string', default: '3' },
    work: { type: 'string' },
    // Lighthouse as a browser asking for these languages only (comma-separated); both by default.
    languages: { type: 'string', default: 'en,bn' },
    // Only these of the pages (comma-separated: home, shop, book); all three by default.
    pages: { type: 'string', default: 'home,shop,book' },
  },
});
if (!args.base || !args.book) {
  console.error('usage: web-budget.mjs --base http://127.0.0.1:PORT --book BOOK_ID [--runs 3] [--work DIR]');
  process.exit(2);
}
const runs = Number(args.runs);
const dist = new URL('../dist/', import.meta.url).pathname;
const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;

/** Chunks `code` imports statically (`import ... from "./x.js"`, `import "./x.js"`); `import("./x.js")` is lazy. */
function staticImports(code) {
  const found = new Set();
  for (const match of code.matchAll(/\bimport\s*(?:[\w$*{}\s,]+?\s*from\s*)?["']\.\/([^"']+\.js)["']/g)) {
    found.add(match[1]);
  }
  return found;
}

/** Chunks `code` imports lazily (`import("./x.js")`). */
function dynamicImports(code) {
  return new Set([...code.matchAll(/\bimport\(\s*[`"']\.\/([^`"']+\.js)[`"']\s*\)/g)].map((match) => match[1]));
}

/**
 * The start-up JavaScript of `/`: the entry, its modulepreloads, the app the entry loads once the page has painted
 * (src/boot.ts imports src/main.tsx, built as main-<hash>.js; the other pages it may import alongside are for their
 * own paths, not for `/`), and everything those import statically.
 */
function initialJavaScript(language) {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const entries = [...html.matchAll(/<script[^>]*type="module"[^>]*src="\/assets\/([^"]+)"/g)].map((match) => match[1]);
  const listed = [
    ...entries,
    ...[...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="\/assets\/([^"]+)"/g)].map((match) => match[1]),
  ];
  const startedByEntries = entries
    .flatMap((name) => [...dynamicImports(readFileSync(join(dist, 'assets', name), 'utf8'))])
    .filter((name) => /^main-[\w-]+\.js$/.test(name) || new RegExp(`^common-${language}-[\\w-]+\\.js$`).test(name));
  // The app, and the texts of the visitor's language (fetched alongside it: the app renders nothing before them).
  if (startedByEntries.length !== 2) {
    throw new Error(
      `expected the entry to load the app (main-<hash>.js) and the ${language} texts (common-${language}-<hash>.js), found: ${startedByEntries.join(', ') || 'none'}`,
    );
  }
  const chunks = new Set();
  const queue = [...listed, ...startedByEntries];
  while (queue.length > 0) {
    const name = queue.shift();
    if (chunks.has(name)) continue;
    chunks.add(name);
    for (const next of staticImports(readFileSync(join(dist, 'assets', name), 'utf8'))) queue.push(next);
  }
  const files = [...chunks].map((name) => {
    const code = readFileSync(join(dist, 'assets', name));
    return { name, raw: code.length, gzip: gzipSync(code, { level: 9 }).length, text: code.toString('utf8') };
  });
  // The entry preloads what it imports lazily together with that chunk's own imports (vite's preload list).
  const preloadedByEntries = new Set(
    entries.flatMap((name) =>
      [...readFileSync(join(dist, 'assets', name), 'utf8').matchAll(/["'`]assets\/([^"'`]+\.js)["'`]/g)].map((m) => m[1]),
    ),
  );
  return { files, unlisted: [...chunks].filter((name) => !listed.includes(name) && !preloadedByEntries.has(name)) };
}

function checkJavaScript(language) {
  const { files, unlisted } = initialJavaScript(language);
  const gzip = files.reduce((sum, file) => sum + file.gzip, 0);
  const raw = files.reduce((sum, file) => sum + file.raw, 0);
  // The SDKs name their own packages in the code they ship: "@firebase/app" registers itself by name,
  // and Stripe's loader carries the address of Stripe.js.
  const firebaseMark = /[`"']@firebase\/app[`"']/;
  const firebase = files.filter((file) => firebaseMark.test(file.text)).map((file) => file.name);
  const stripe = files.filter((file) => file.text.includes('js.stripe.com')).map((file) => file.name);
  const lazyFirebase = readdirSync(join(dist, 'assets')).some(
    (name) => name.endsWith('.js') && firebaseMark.test(readFileSync(join(dist, 'assets', name), 'utf8')),
  );
  console.log(
    `Start-up JavaScript of / in ${language === 'bn' ? 'Bangla' : 'English'} (entry, its modulepreloads, what it loads at start, their static imports), ${files.length} files:`,
  );
  for (const file of [...files].sort((a, b) => b.gzip - a.gzip)) {
    console.log(`  ${file.name.padEnd(40)} ${kib(file.raw).padStart(10)} ${kib(file.gzip).padStart(10)} gzip`);
  }
  if (unlisted.length > 0) console.log(`  (imported but preloaded neither by index.html nor by the entry: ${unlisted.join(', ')})`);
  const withinBudget = gzip <= JS_BUDGET_KIB * 1024;
  console.log(
    `  total ${kib(raw)}, ${kib(gzip)} gzip; budget ${JS_BUDGET_KIB} KiB gzip: ${withinBudget ? 'PASS' : 'FAIL'}`,
  );
  console.log(
    `  Firebase SDK in it: ${firebase.length ? `YES (${firebase.join(', ')}): FAIL` : 'no: PASS'}` +
      (lazyFirebase ? ' (it is in a lazy chunk)' : ''),
  );
  console.log(`  Stripe.js loader in it: ${stripe.length ? `YES (${stripe.join(', ')}): FAIL` : 'no: PASS'}`);
  // The lazy chunks of either SDK, to tell whether a page fetched them anyway.
  const sdkChunks = readdirSync(join(dist, 'assets')).filter((name) => {
    if (!name.endsWith('.js')) return false;
    const code = readFileSync(join(dist, 'assets', name), 'utf8');
    return firebaseMark.test(code) || code.includes('js.stripe.com');
  });
  return { gzip, sdkChunks, ok: withinBudget && firebase.length === 0 && stripe.length === 0 };
}

/** One Lighthouse run of `url` by a first-time visitor whose browser asks for `language` (the app follows it). */
async function lighthouseRun(url, language) {
  const userDataDir = mkdtempSync(join(args.work ?? tmpdir(), 'chromium-'));
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: [...CHROME_FLAGS, `--lang=${language}`, `--accept-lang=${language}`],
    userDataDir,
    logLevel: 'silent',
  });
  try {
    const result = await lighthouse(
      url,
      { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] },
      // The default config: the mobile form factor with simulated throttling.
      undefined,
    );
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    return result.lhr;
  } finally {
    await chrome.kill();
    rmSync(userDataDir, { recursive: true, force: true });
  }
}

function figures(lhr) {
  const audit = (id) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
    lcpMs: audit('largest-contentful-paint'),
    cls: audit('cumulative-layout-shift'),
    tbtMs: audit('total-blocking-time'),
    fcpMs: audit('first-contentful-paint'),
    lcpElement: lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.snippet ?? '',
    scripts: (lhr.audits['network-requests']?.details?.items ?? [])
      .filter((request) => request.resourceType === 'Script')
      .map((request) => new URL(request.url).pathname),
    failedA11y: Object.values(lhr.audits)
      .filter((a) => lhr.categories.accessibility?.auditRefs.some((ref) => ref.id === a.id) && a.score === 0)
      .map((a) => a.id),
  };
}

// Each page as a visitor whose browser asks for English, and as one whose browser asks for Bangla: the app opens in
// that language, so the Bangla figures include the Bengali font and the Bangla texts.
const wantedPages = args.pages.split(',');
const pages = args.languages.split(',').flatMap((language) =>
  [
    { kind: 'home', name: `/ (${language})`, path: '/', language },
    { kind: 'shop', name: `/shop (${language})`, path: '/shop', language },
    { kind: 'book', name: `/books/{id} (${language})`, path: `/books/${args.book}`, language },
  ].filter((page) => wantedPages.includes(page.kind)),
);

// A visitor downloads the texts of one language: the budget holds for each.
const jsByLanguage = ['en', 'bn'].map((language) => {
  const checked = checkJavaScript(language);
  console.log();
  return checked;
});
const js = { ok: jsByLanguage.every((checked) => checked.ok), sdkChunks: jsByLanguage[0].sdkChunks };

const results = [];
for (const page of pages) {
  const lhrs = [];
  for (let run = 1; run <= runs; run += 1) {
    process.stderr.write(`Lighthouse ${page.name} run ${run}/${runs}...\n`);
    lhrs.push(await lighthouseRun(`${args.base}${page.path}`, page.language));
  }
  const median = computeMedianRun(lhrs);
  results.push({ page, median: figures(median), all: lhrs.map(figures) });
}

if (args.work) {
  writeFileSync(join(args.work, 'web-budget.json'), JSON.stringify(results, null, 2));
}

const verdict = (ok) => (ok ? 'PASS' : 'FAIL');
const cell = (text, ok) => `${text} ${verdict(ok)}`;
const header = ['page', 'performance (>=95)', 'accessibility (>=95)', 'LCP (<=2.5 s)', 'CLS (<=0.1)', 'TBT (<=200 ms)'];
const rows = results.map(({ page, median: m }) => [
  page.name,
  cell(String(m.performance), m.performance >= TARGETS.performance),
  cell(String(m.accessibility), m.accessibility >= TARGETS.accessibility),
  cell(`${(m.lcpMs / 1000).toFixed(2)} s`, m.lcpMs <= TARGETS.lcpMs),
  cell(m.cls.toFixed(3), m.cls <= TARGETS.cls),
  cell(`${Math.round(m.tbtMs)} ms`, m.tbtMs <= TARGETS.tbtMs),
]);
const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column].length)));
const line = (row) => row.map((text, column) => text.padEnd(widths[column])).join(' | ');
console.log(`Lighthouse ${lighthouseVersion()}, mobile, median of ${runs} runs per page (${args.base}):`);
console.log(line(header));
console.log(widths.map((width) => '-'.repeat(width)).join('-|-'));
for (const row of rows) console.log(line(row));
console.log();
for (const { page, median: m, all } of results) {
  console.log(`${page.name}: FCP ${(m.fcpMs / 1000).toFixed(2)} s; LCP element ${m.lcpElement || '(none)'}`);
  console.log(
    `  every run: performance ${all.map((f) => f.performance).join('/')}, LCP ${all
      .map((f) => (f.lcpMs / 1000).toFixed(2))
      .join('/')} s, CLS ${all.map((f) => f.cls.toFixed(3)).join('/')}, TBT ${all
      .map((f) => Math.round(f.tbtMs))
      .join('/')} ms`,
  );
  if (m.failedA11y.length > 0) console.log(`  accessibility audits failed: ${m.failedA11y.join(', ')}`);
  const sdk = sdkFetched(m);
  console.log(`  scripts fetched: ${m.scripts.length}; SDK chunks among them: ${sdk.length ? sdk.join(', ') : 'none'}`);
}

function sdkFetched(figures) {
  return figures.scripts.filter((path) => js.sdkChunks.some((name) => path.endsWith(`/${name}`)));
}

const clsOk = results.every(({ median }) => median.cls <= TARGETS.cls);
// The home page of a signed-out visitor must not fetch the SDKs at all, not even after its first paint.
const homeClean = results
  .filter(({ page }) => page.path === '/')
  .every(({ all }) => all.every((run) => sdkFetched(run).length === 0));
console.log();
console.log(
  `JavaScript budget: ${verdict(js.ok)}; no SDK fetched by / (signed out): ${verdict(homeClean)}; ` +
    `CLS on every page: ${verdict(clsOk)}`,
);
process.exit(js.ok && homeClean && clsOk ? 0 : 1);

function lighthouseVersion() {
  try {
    return JSON.parse(readFileSync(new URL('../node_modules/lighthouse/package.json', import.meta.url), 'utf8')).version;
  } catch {
    return '';
  }
}
