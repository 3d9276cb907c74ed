// What the benchmarks of several servers share: `npm run cluster` started on a database, and the demo admin's
// session through its proxy.

import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
export const CLUSTER_PASSWORD = 'Bench-Cluster1!';

export interface BenchCluster {
  proxy: string;
  /** The instances' process ids, in start order. */
  pids: number[];
  /** Calls the API through the proxy and answers its JSON; any status but 2xx throws. */
  api<T>(path: string, init?: RequestInit & { token?: string }): Promise<T>;
  /** The demo admin signed in, with the ids a benchmark needs of 'Escola Centro'. */
  session(): Promise<{ token: string; workspace: number; sandboxBot: number; firstStage: number }>;
  stop(): Promise<void>;
}

/** `npm run cluster` with `instances` servers on `databaseUrl` (migrated and seeded by the first), proxy on `port`. */
export async function startBenchCluster(
  databaseUrl: string,
  instances: number,
  port: number,
): Promise<BenchCluster> {
  const dataDir = mkdtempSync(join(tmpdir(), 'vendaval-bench-cluster-'));
  const child: ChildProcess = spawn(
    process.execPath,
    ['scripts/cluster.mjs', '--instances', String(instances), '--port', String(port)],
    {
      cwd: root,
      stdio: ['ignore', 'pipe', 'inherit'],
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl,
        DATA_DIR: dataDir,
        DEMO_PASSWORD: CLUSTER_PASSWORD,
        LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'fatal',
        LOGIN_ATTEMPTS_PER_WINDOW: '100000',
        LOGIN_ATTEMPTS_PER_ADDRESS: '100000',
      },
    },
  );
  const pids = await new Promise<number[]>((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      // With BENCH_LOG_LEVEL the servers' own log lines are shown too.
      if (process.env.BENCH_LOG_LEVEL) process.stdout.write(chunk);
      output += chunk.toString();
      if (output.includes('Vendaval em cluster:')) {
        resolve([...output.matchAll(/\(pid (\d+)\)/g)].map((m) => Number(m[1])));
      }
    });
    child.once('exit', (code) => reject(new Error(`npm run cluster saiu (${code})`)));
  });
  const proxy = `http://127.0.0.1:${port}`;
  const api = async <T>(path: string, init: RequestInit & { token?: string } = {}): Promise<T> => {
    const { token, ...rest } = init;
    const res = await fetch(`${proxy}/api/v1${path}`, {
      ...rest,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });
    if (!res.ok) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
    return (await res.json()) as T;
  };
  return {
    proxy,
    pids,
    api,
    async session() {
      const { access_token: token } = await api<{ access_token: string }>('/auth/token', {
        method: 'POST',
        body: JSON.stringify({ username: 'admin@demo.local', password: CLUSTER_PASSWORD }),
      });
      const workspaces = await api<{ data: { id: number; name: string }[] }>('/users/self/workspaces', {
        token,
      });
      const workspace = workspaces.data.find((w) => w.name === 'Escola Centro')?.id as number;
      const bots = await api<{ data: { id: number; channel: string }[] }>(`/workspaces/${workspace}/bots`, {
        token,
      });
      const stages = await api<{ data: { id: number }[] }>(`/workspaces/${workspace}/sales-stages`, {
        token,
      });
      return {
        token,
        workspace,
        sandboxBot: bots.data.find((b) => b.channel === 'sandbox')?.id as number,
        firstStage: stages.data[0]?.id as number,
      };
    },
    async stop() {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
