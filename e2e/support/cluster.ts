import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { DEMO_PASSWORD, E2E_PORT } from '../playwright.config.ts';

const root = join(import.meta.dirname, '..', '..');

/** The cluster runs on PostgreSQL behind nginx: without a test server it is skipped, without nginx it fails in CI. */
export function clusterSkipReason(): string | undefined {
  if (!process.env.TEST_DATABASE_URL)
    return 'TEST_DATABASE_URL não definido: o cluster precisa de PostgreSQL.';
  try {
    execFileSync('nginx', ['-v'], { stdio: 'ignore' });
  } catch {
    if (process.env.CI === 'true')
      throw new Error('nginx não encontrado: no CI o teste do cluster é obrigatório.');
    return 'nginx não encontrado: instale o pacote nginx para o teste do cluster.';
  }
  return undefined;
}

async function admin(statement: string) {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export interface Cluster {
  proxy: string;
  /** The instances' own addresses, in start order (A, B, C…). */
  instances: string[];
  /** Runs a query on the cluster's database. */
  query<T>(text: string, values?: unknown[]): Promise<T[]>;
  stop(): Promise<void>;
}

/** `npm run cluster` on a fresh database of its own, ready when every instance and the proxy answer. */
export async function startCluster(size = 3): Promise<Cluster> {
  const name = `vendaval_cluster_${randomBytes(6).toString('hex')}`;
  await admin(`create database ${name}`);
  const url = new URL(process.env.TEST_DATABASE_URL as string);
  url.pathname = `/${name}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'vendaval-cluster-data-'));
  const proxyPort = E2E_PORT + 50;
  const child: ChildProcess = spawn(
    process.execPath,
    ['scripts/cluster.mjs', '--instances', String(size), '--port', String(proxyPort)],
    {
      cwd: root,
      stdio: ['ignore', 'pipe', 'inherit'],
      env: {
        ...process.env,
        DATABASE_URL: url.toString(),
        DATA_DIR: dataDir,
        DEMO_PASSWORD,
        SEED_DEMO: 'true',
        LOG_LEVEL: 'warn',
        LOGIN_ATTEMPTS_PER_WINDOW: '1000',
        LOGIN_ATTEMPTS_PER_ADDRESS: '100000',
      },
    },
  );
  await new Promise<void>((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Vendaval em cluster:')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`npm run cluster saiu (${code}) antes de ficar pronto`)));
  });
  const db = new pg.Pool({ connectionString: url.toString(), max: 2 });
  return {
    proxy: `http://localhost:${proxyPort}`,
    instances: Array.from({ length: size }, (_, i) => `http://localhost:${proxyPort + 1 + i}`),
    query: async (text, values) => (await db.query(text, values)).rows,
    async stop() {
      await db.end();
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      await admin(`drop database if exists ${name} with (force)`);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
