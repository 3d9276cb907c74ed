import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const root = new URL('..', import.meta.url).pathname;
let started = [];

afterEach(() => {
  for (const { pids, dataDir } of started) {
    for (const pid of pids.filter(isAlive)) process.kill(pid, 'SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  }
  started = [];
});

async function freePort() {
  const probe = createServer();
  await new Promise((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** `npm start` on a port and data folder of its own, leading a process group as in a terminal. */
function npmStart(port) {
  const dataDir = mkdtempSync(join(tmpdir(), 'vendaval-start-'));
  const npm = spawn('npm', ['start'], {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      // An empty build: the server answers the API only, and nothing is built.
      WEB_DIST: dataDir,
    },
  });
  const run = { npm, dataDir, pids: [npm.pid], output: '', exited: new Promise((r) => npm.on('exit', r)) };
  npm.stdout.on('data', (chunk) => (run.output += chunk));
  npm.stderr.on('data', (chunk) => (run.output += chunk));
  started.push(run);
  return run;
}

async function healthy(port, run) {
  for (;;) {
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    if (run.npm.exitCode !== null) throw new Error(`npm start ended: ${run.output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Every process below `pid`, found through the process table. */
function descendants(pid) {
  const table = execFileSync('ps', ['-eo', 'pid=,ppid='], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .map((line) => line.trim().split(/\s+/).map(Number));
  const found = [];
  for (let parents = [pid]; parents.length; ) {
    parents = table.filter(([, ppid]) => parents.includes(ppid)).map(([child]) => child);
    found.push(...parents);
  }
  return found;
}

function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function portIsFree(port) {
  const probe = createServer();
  const free = await new Promise((resolve) => {
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => resolve(true));
  });
  if (free) await new Promise((resolve) => probe.close(resolve));
  return free;
}

describe('npm start', () => {
  it.each([
    ['SIGTERM sent to npm', (run) => process.kill(run.npm.pid, 'SIGTERM')],
    ['Ctrl-C, a SIGINT to the whole process group', (run) => process.kill(-run.npm.pid, 'SIGINT')],
  ])('14. stops the server and every child on %s and frees the port', async (_, stop) => {
    const port = await freePort();
    const run = npmStart(port);
    await healthy(port, run);
    run.pids.push(...descendants(run.npm.pid));
    expect(run.pids.length).toBeGreaterThanOrEqual(3); // npm, the start script, the server

    stop(run);
    await run.exited;

    expect(run.pids.filter(isAlive)).toEqual([]);
    expect(await portIsFree(port)).toBe(true);
    // The shutdown ran to its end, not cut short by a second signal.
    expect(run.output).not.toMatch(/second SIG/);
  });
});
