// Cold start (first start: migrations + demo seed), warm start (data already there) and sign-in latency,
// on PGlite and, when BENCH_DATABASE_URL (or TEST_DATABASE_URL) is set, on PostgreSQL.
// Usage: npm run startup-login -w @vendaval/bench
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';

const root = new URL('..', import.meta.url).pathname;
const PASSWORD = 'Bench-Senha1!';
const LOGINS = [
  'admin@demo.local',
  'admin',
  'gerente@demo.local',
  'gerente',
  'atendente@demo.local',
  'atendente',
  'bruno@demo.local',
  'bruno',
  'carla@demo.local',
  'carla',
];
const ROUNDS_PER_LOGIN = 9; // under the limit of 10 attempts per login and address

interface Started {
  child: ChildProcess;
  ms: number;
}

async function start(port: number, env: Record<string, string>): Promise<Started> {
  const begin = performance.now();
  const child = spawn(process.execPath, ['apps/server/src/main.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DEMO_PASSWORD: PASSWORD, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (;;) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.ok) return { child, ms: performance.now() - begin };
    } catch {}
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

const stop = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });

async function loginLatencies(port: number): Promise<number[]> {
  const samples: number[] = [];
  for (let round = 0; round < ROUNDS_PER_LOGIN; round++) {
    for (const username of LOGINS) {
      const begin = performance.now();
      const res = await fetch(`http://127.0.0.1:${port}/api/v1/auth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username, password: PASSWORD }),
      });
      await res.text();
      if (res.status !== 200) throw new Error(`login ${username} answered ${res.status}`);
      samples.push(performance.now() - begin);
    }
  }
  return samples;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
};

async function run(engine: string, port: number, env: Record<string, string>) {
  const cold = await start(port, env);
  await stop(cold.child);
  const warm = await start(port, env);
  const samples = await loginLatencies(port);
  await stop(warm.child);
  console.log(
    `${engine.padEnd(10)} cold start ${cold.ms.toFixed(0)} ms | warm start ${warm.ms.toFixed(0)} ms | ` +
      `login n=${samples.length} p50 ${percentile(samples, 50).toFixed(1)} ms p95 ${percentile(samples, 95).toFixed(1)} ms`,
  );
}

async function withPostgres(url: string, body: (dbUrl: string) => Promise<void>) {
  const name = `vendaval_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  try {
    const dbUrl = new URL(url);
    dbUrl.pathname = `/${name}`;
    await body(dbUrl.toString());
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

const dataDir = mkdtempSync(join(tmpdir(), 'vendaval-bench-'));
try {
  await run('PGlite', 3901, { DATA_DIR: dataDir });
  const pgUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
  if (pgUrl)
    await withPostgres(pgUrl, (url) => run('PostgreSQL', 3902, { DATA_DIR: dataDir, DATABASE_URL: url }));
  else console.log('PostgreSQL: skipped (set BENCH_DATABASE_URL)');
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
