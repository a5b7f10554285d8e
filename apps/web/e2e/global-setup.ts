// Global setup for the browser journeys: a throwaway PostgreSQL cluster, the Firebase Auth emulator, localstripe (the
// local card payment provider), the real server binary seeded with the demo catalogue and the demo sign-ins, and the
// built web app served by that server. Tests read what they need through `inject()`
// (see ./env.ts). With E2E_BASE_URL set nothing is started and that URL is tested instead.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { accessSync, chmodSync, closeSync, constants, createWriteStream, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import type { E2eFixtures } from './env';

const webDir = fileURLToPath(new URL('..', import.meta.url));
const repoDir = fileURLToPath(new URL('../../..', import.meta.url));
const resultsDir = join(webDir, 'test-results');

const READY_TIMEOUT_MS = 60_000;
/** The first run installs the emulator (npm ci, about 20 s); it then starts in 9-12 s. */
const EMULATOR_TIMEOUT_MS = 300_000;
/** The first run installs localstripe into var/localstripe-venv (pip, about 10-30 s); it then starts in under 1 s. */
const LOCALSTRIPE_TIMEOUT_MS = 300_000;
/** The keys the server is given for localstripe: any sk_test_/pk_test_ key works there. */
export const STRIPE_SECRET_KEY = 'sk_test_puronoboi_local';
export const STRIPE_PUBLISHABLE_KEY = 'pk_test_puronoboi_local';
/** The id localstripe files the server's webhook under. */
const STRIPE_WEBHOOK_ID = 'puronoboi';
/** The Firebase project the emulator and the server agree on ("demo-" projects never reach Google). */
export const FIREBASE_PROJECT_ID = 'demo-puronoboi';
export const ADMIN_EMAIL = 'admin@puronoboi.test';

/** Books the journeys add to one category (as copies of its own books) so its page has several pages to walk. */
export const PAGING_CATEGORY_TARGET = 30;

/** RATE_LIMIT_<KIND>_PER_IP and _PER_ACCOUNT, every one `off`. */
function rateLimitsOff(): Record<string, string> {
  const kinds = ['SESSIONS', 'ORDERS', 'PAYMENTS', 'WISHLIST', 'CONTACTS'];
  return Object.fromEntries(kinds.flatMap((kind) => [`RATE_LIMIT_${kind}_PER_IP`, `RATE_LIMIT_${kind}_PER_ACCOUNT`].map((name) => [name, 'off'])));
}

function log(message: string): void {
  console.log(`[e2e] ${message}`);
}

async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  await once(server, 'close');
  if (address === null || typeof address === 'string') throw new Error('could not pick a free port');
  return address.port;
}

/** True when nothing listens on 127.0.0.1:port. */
async function portIsFree(port: number): Promise<boolean> {
  const server = createServer();
  try {
    server.listen(port, '127.0.0.1');
    await once(server, 'listening');
    server.close();
    await once(server, 'close');
    return true;
  } catch {
    return false;
  }
}

/** A free port whose next two are free too: the emulator takes PORT, PORT+1 (hub) and PORT+2 (logging). */
async function freePortRun(length: number): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = await freePort();
    if (port + length - 1 > 65_535) continue;
    let free = true;
    for (let offset = 1; offset < length && free; offset++) free = await portIsFree(port + offset);
    if (free) return port;
  }
  throw new Error(`could not find ${length} free ports in a row`);
}

function run(command: string, args: string[], what: string): string {
  const result = spawnSync(command, args, { encoding: 'utf8', timeout: 60_000 });
  if (result.error) throw new Error(`${what}: ${result.error.message}`);
  if (result.status !== 0) {
    throw new Error(`${what} failed (exit ${result.status}):\n${result.stderr}${result.stdout}`);
  }
  return result.stdout;
}

/**
 * Runs a service's start script (scripts/auth-emulator.sh, scripts/localstripe.sh) and answers the last line it printed
 * (where the service answers). The script leaves a background process holding the stdout it was given, so its output
 * goes to files, not pipes: a pipe would stay open (and spawnSync would wait) for as long as the service runs.
 */
function startService(what: string, script: string, args: string[], outDir: string, timeoutMs: number): string {
  mkdirSync(outDir, { recursive: true });
  const outFile = join(outDir, 'start.out');
  const errFile = join(outDir, 'start.err');
  const out = openSync(outFile, 'w');
  const err = openSync(errFile, 'w');
  let result: ReturnType<typeof spawnSync>;
  try {
    result = spawnSync('bash', [script, ...args], { stdio: ['ignore', out, err], timeout: timeoutMs });
  } finally {
    closeSync(out);
    closeSync(err);
  }
  const stdout = readFileSync(outFile, 'utf8').trim();
  if (result.error) throw new Error(`starting ${what}: ${result.error.message}\n${readFileSync(errFile, 'utf8')}`);
  if (result.status !== 0 || !stdout) {
    throw new Error(`starting ${what} failed (exit ${result.status}):\n${readFileSync(errFile, 'utf8')}${stdout}`);
  }
  return stdout.split('\n').at(-1) ?? stdout;
}

/** Starts the Auth emulator through scripts/auth-emulator.sh and answers its host:port. */
function startAuthEmulator(script: string, workdir: string, port: number): string {
  const args = ['start', workdir, String(port), '--owner-pid', String(process.pid)];
  return startService('the Firebase Auth emulator', script, args, workdir, EMULATOR_TIMEOUT_MS);
}

/**
 * Starts localstripe through scripts/localstripe.sh and answers its base URL (http://127.0.0.1:PORT). Its start notes
 * go beside WORKDIR, not into it: the script's watchdog removes WORKDIR when it is empty.
 */
function startLocalstripe(script: string, workdir: string, port: number): string {
  const args = ['start', workdir, String(port), '--owner-pid', String(process.pid)];
  return startService('localstripe', script, args, `${workdir}-start`, LOCALSTRIPE_TIMEOUT_MS);
}

/** Runs SQL through psql and answers the unaligned, tuples-only output lines. */
export function psql(databaseUrl: string, sql: string): string[] {
  const out = run('psql', [databaseUrl, '-X', '-q', '-A', '-t', '-v', 'ON_ERROR_STOP=1', '-c', sql], `psql ${JSON.stringify(sql)}`);
  return out.split('\n').filter((line) => line.length > 0);
}

function firstId(databaseUrl: string, sql: string, what: string): string {
  const [id] = psql(databaseUrl, sql);
  if (!id) throw new Error(`the seeded database has no ${what} (query: ${sql})`);
  return id;
}

/** Ids the journeys need but the public listings do not reveal (pending and sold books are never listed). */
function lookUpFixtures(databaseUrl: string): Omit<E2eFixtures, 'baseURL' | 'databaseURL' | 'authEmulator'> {
  const pendingBookId = firstId(databaseUrl, "SELECT id FROM books WHERE status = 'pending' ORDER BY title LIMIT 1", 'pending book');
  const soldBookId = firstId(databaseUrl, "SELECT id FROM books WHERE status = 'sold' ORDER BY title LIMIT 1", 'sold book');
  const unverifiedSellerBookId = firstId(
    databaseUrl,
    "SELECT b.id FROM books b JOIN accounts a ON a.id = b.seller_id WHERE NOT a.verified AND b.status = 'available' ORDER BY b.title LIMIT 1",
    'available book of an unverified seller',
  );

  // The demo categories each fit on one page; give the largest enough extra (older) copies to need several
  // pages, so the pagination journey really pages. Copies are dated before every original, and the listings
  // are newest first, so the landing page and first pages still show the demo books.
  const pagingCategoryId = firstId(
    databaseUrl,
    "SELECT category_id FROM books WHERE status = 'available' GROUP BY category_id ORDER BY count(*) DESC, category_id LIMIT 1",
    'category with available books',
  );
  psql(
    databaseUrl,
    `INSERT INTO books (id, seller_id, category_id, title, author, description, picture_url, publish_year, ratings, reviews,
                        seller_name, location, phone, seller_email, original_price, resale_price, status, advertised, created_at)
     SELECT gen_random_uuid(), b.seller_id, b.category_id, b.title || ' (copy ' || n || ')', b.author, b.description,
            b.picture_url, b.publish_year, b.ratings, b.reviews, b.seller_name, b.location, b.phone, b.seller_email,
            b.original_price, b.resale_price, 'available', false,
            (SELECT min(created_at) FROM books) - make_interval(days => n)
       FROM generate_series(1, greatest(0, ${PAGING_CATEGORY_TARGET} -
              (SELECT count(*) FROM books WHERE status = 'available' AND category_id = '${pagingCategoryId}'))::int) AS n
       CROSS JOIN LATERAL (SELECT * FROM books WHERE status = 'available' AND category_id = '${pagingCategoryId}'
                           ORDER BY created_at, id LIMIT 1) AS b`,
  );
  return { pendingBookId, soldBookId, unverifiedSellerBookId, pagingCategoryId };
}

async function waitForReady(baseURL: string, server: ChildProcess, logFile: string): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  let lastProblem = 'no answer yet';
  while (Date.now() < deadline) {
    if (server.exitCode !== null || server.signalCode !== null) {
      throw new Error(`the server exited (${server.exitCode ?? server.signalCode}) before it was ready. Its log:\n${tail(logFile)}`);
    }
    try {
      const response = await fetch(`${baseURL}/api/ready`, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return;
      lastProblem = `GET /api/ready answered ${response.status}`;
    } catch (error) {
      lastProblem = String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the server was not ready within ${READY_TIMEOUT_MS / 1000} s (${lastProblem}). Its log:\n${tail(logFile)}`);
}

function tail(file: string, lines = 80): string {
  try {
    return readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

async function stopServer(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null) return;
  const exited = once(server, 'exit');
  server.kill('SIGTERM');
  const timer = setTimeout(() => server.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
}

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  const external = process.env.E2E_BASE_URL;
  if (external) {
    const baseURL = external.replace(/\/+$/, '');
    const databaseURL = process.env.E2E_DATABASE_URL ?? '';
    log(`testing ${baseURL} (E2E_BASE_URL); nothing is started`);
    const authEmulator = process.env.E2E_AUTH_EMULATOR ?? '';
    const fixtures: E2eFixtures = databaseURL
      ? { baseURL, databaseURL, authEmulator, ...lookUpFixtures(databaseURL) }
      : { baseURL, databaseURL: '', authEmulator, pendingBookId: '', soldBookId: '', unverifiedSellerBookId: '', pagingCategoryId: '' };
    if (!databaseURL) log('E2E_DATABASE_URL is not set: journeys that need database ids are skipped');
    project.provide('e2e', fixtures);
    return undefined;
  }

  const serverBin = process.env.SERVER_BIN ?? join(repoDir, 'target/debug/puronoboi-server');
  try {
    accessSync(serverBin, constants.X_OK);
  } catch {
    throw new Error(`server binary ${serverBin} is missing or not executable: build it first (cargo build -p puronoboi-server) or set SERVER_BIN`);
  }
  const webDist = process.env.E2E_WEB_DIST_DIR ?? join(webDir, 'dist');
  if (!existsSync(join(webDist, 'index.html'))) {
    throw new Error(`${webDist}/index.html is missing: build the web app first (npm run build in apps/web)`);
  }

  const started = Date.now();
  // The cluster runs as `postgres` when we are root, so its parent directory must be traversable by that user.
  const root = mkdtempSync(join(tmpdir(), 'puronoboi-e2e-'));
  chmodSync(root, 0o755);
  const dataDir = join(root, 'pgdata');
  const imagesDir = join(root, 'images');
  mkdirSync(imagesDir);
  mkdirSync(resultsDir, { recursive: true });
  const logFile = join(resultsDir, 'e2e-server.log');

  let server: ChildProcess | undefined;
  const clusterScript = join(repoDir, 'scripts/pg-cluster.sh');
  const emulatorScript = join(repoDir, 'scripts/auth-emulator.sh');
  const emulatorDir = join(root, 'auth-emulator');
  const localstripeScript = join(repoDir, 'scripts/localstripe.sh');
  const localstripeDir = join(root, 'localstripe');
  const cleanUp = async (): Promise<void> => {
    if (server) await stopServer(server);
    // Its watchdog (owner = this process) would stop localstripe too; stopping it here frees its port at once.
    if (existsSync(join(localstripeDir, 'localstripe.pid'))) {
      spawnSync('bash', [localstripeScript, 'stop', localstripeDir], { stdio: 'ignore', timeout: 30_000 });
    }
    // The watchdog (owner = this process) would stop the emulator too; stopping it here frees its ports at once.
    if (existsSync(join(emulatorDir, 'emulator.pid'))) {
      spawnSync('bash', [emulatorScript, 'stop', emulatorDir], { stdio: 'ignore', timeout: 30_000 });
    }
    // The watchdog (owner = this process) would stop the cluster when vitest exits; stopping it here leaves no
    // postgres processes behind as soon as the run ends.
    if (existsSync(join(dataDir, 'postmaster.pid'))) {
      spawnSync('bash', [clusterScript, 'stop', dataDir], { stdio: 'ignore', timeout: 30_000 });
    }
    rmSync(root, { recursive: true, force: true });
  };

  try {
    let clusterURL = '';
    for (let attempt = 1; !clusterURL; attempt++) {
      const port = await freePort();
      try {
        clusterURL = run('bash', [clusterScript, 'start', dataDir, String(port), '--ephemeral', '--owner-pid', String(process.pid)], 'starting PostgreSQL').trim();
      } catch (error) {
        if (attempt >= 3) throw error;
      }
    }
    psql(`${clusterURL}/postgres`, 'CREATE DATABASE e2e');
    const databaseURL = `${clusterURL}/e2e`;

    // The identity service comes up before the server, which seeds the demo sign-ins into it at start.
    const emulatorStarted = Date.now();
    let authEmulator = '';
    for (let attempt = 1; !authEmulator; attempt++) {
      const port = await freePortRun(3);
      try {
        authEmulator = startAuthEmulator(emulatorScript, emulatorDir, port);
      } catch (error) {
        if (attempt >= 3) throw error;
      }
    }
    log(`Firebase Auth emulator at ${authEmulator} in ${((Date.now() - emulatorStarted) / 1000).toFixed(1)} s`);

    // The card payment provider: localstripe, with the server's webhook registered on it (on the server's port,
    // picked now) before the server starts.
    const localstripeStarted = Date.now();
    let localstripe = '';
    for (let attempt = 1; !localstripe; attempt++) {
      const stripePort = await freePort();
      try {
        localstripe = startLocalstripe(localstripeScript, localstripeDir, stripePort);
      } catch (error) {
        if (attempt >= 3) throw error;
      }
    }
    const stripePort = new URL(localstripe).port;
    log(`localstripe at ${localstripe} in ${((Date.now() - localstripeStarted) / 1000).toFixed(1)} s`);

    const port = await freePort();
    const baseURL = `http://127.0.0.1:${port}`;
    const webhookSecret = `whsec_${randomBytes(24).toString('hex')}`;
    run(
      'bash',
      [localstripeScript, 'webhook', localstripe, STRIPE_WEBHOOK_ID, `${baseURL}/api/payments/stripe/webhook`, webhookSecret],
      'registering the webhook on localstripe',
    );
    const logStream = createWriteStream(logFile);
    // setpriv --pdeathsig: the server dies with this process even if vitest is killed before teardown runs.
    const [command, args] = existsSync('/usr/bin/setpriv')
      ? ['/usr/bin/setpriv', ['--pdeathsig', 'KILL', '--', serverBin]]
      : [serverBin, []];
    server = spawn(command, args, {
      env: {
        ...process.env,
        DATABASE_URL: databaseURL,
        HOST: '127.0.0.1',
        PORT: String(port),
        WEB_DIST_DIR: webDist,
        IMAGES_DIR: imagesDir,
        // Order e-mail as .eml files in this run's scratch folder, not under the working directory.
        MAIL_DIR: join(root, 'mail'),
        SEED_DEMO: 'true',
        FIREBASE_PROJECT_ID,
        FIREBASE_AUTH_EMULATOR_HOST: authEmulator,
        SESSION_SECRET: randomBytes(32).toString('hex'),
        ADMIN_EMAILS: ADMIN_EMAIL,
        STRIPE_SECRET_KEY,
        STRIPE_PUBLISHABLE_KEY,
        STRIPE_WEBHOOK_SECRET: webhookSecret,
        STRIPE_API_BASE: localstripe,
        // The browser loads the stand-in Stripe.js from another origin than the app's (localhost, not 127.0.0.1),
        // as real Stripe.js comes from js.stripe.com.
        STRIPE_JS_URL: `http://localhost:${stripePort}/js.stripe.com/v3/`,
        RUST_LOG: process.env.RUST_LOG ?? 'info',
        // Every journey's browser comes from 127.0.0.1 and the demo accounts sign in again and again, journey after
        // journey: the rate limits (tested in crates/http/tests/api/limits.rs) are off here.
        ...rateLimitsOff(),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stdout?.pipe(logStream);
    server.stderr?.pipe(logStream);
    const child = server;
    process.once('exit', () => child.kill('SIGKILL'));

    await waitForReady(baseURL, server, logFile);
    const fixtures: E2eFixtures = { baseURL, databaseURL, authEmulator, ...lookUpFixtures(databaseURL) };
    log(`server ready at ${baseURL} in ${((Date.now() - started) / 1000).toFixed(1)} s (log: ${logFile})`);
    project.provide('e2e', fixtures);
  } catch (error) {
    await cleanUp();
    throw error;
  }

  return cleanUp;
}
