import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_HOST, DEMO_PASSWORD } from './test-app.ts';

const mainScript = fileURLToPath(new URL('../src/main.ts', import.meta.url));

/**
 * The real server (main.ts) in a process of its own on the pinned Node, as production runs it, so a test can kill
 * it with SIGKILL mid-work and start it again on the same database.
 */
export interface ServerProcess {
  /** Starts it and resolves once /api/health answers, with the milliseconds that took. */
  start(): Promise<number>;
  /** SIGKILL: no shutdown hook runs, nothing is drained. */
  kill(): Promise<void>;
  /** SIGTERM, the graceful stop; then its data folder is removed. */
  close(): Promise<void>;
  call<T = unknown>(
    method: string,
    path: string,
    /** `body` goes as JSON; `payload` (with its content-type header) as is, e.g. a multipart upload. */
    options?: { token?: string; body?: unknown; payload?: Buffer; headers?: Record<string, string> },
  ): Promise<{ status: number; body: T }>;
  login(email: string): Promise<string>;
  /** The last lines it printed, for a failing test's message. */
  output(): string;
}

export const TEST_JWT_SECRET = 'test-secret-test-secret-test-secret';

export function serverProcess(env: Record<string, string>): ServerProcess {
  const dataDir = mkdtempSync(join(tmpdir(), 'vendaval-process-'));
  let child: ChildProcess | undefined;
  let base = '';
  const lines: string[] = [];

  const keep = (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n')) if (line) lines.push(line);
    lines.splice(0, Math.max(0, lines.length - 40));
  };

  async function stopped(signal: NodeJS.Signals) {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill(signal);
    await exited;
  }

  const api: ServerProcess = {
    async start() {
      const begun = performance.now();
      const started = spawn(process.execPath, [mainScript], {
        env: {
          ...process.env,
          HOST: '127.0.0.1',
          PORT: '0',
          DATA_DIR: dataDir,
          JWT_SECRET: TEST_JWT_SECRET,
          DEMO_PASSWORD,
          LOG_LEVEL: 'info',
          ...env,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child = started;
      started.stderr?.on('data', keep);
      base = await new Promise<string>((resolve, reject) => {
        started.stdout?.on('data', (chunk: Buffer) => {
          keep(chunk);
          const address = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(chunk.toString('utf8'));
          if (address?.[1]) resolve(address[1]);
        });
        started.once('exit', (code) => reject(new Error(`the server ended with ${code}:\n${api.output()}`)));
      });
      while ((await fetch(`${base}/api/health`).catch(() => null))?.status !== 200) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return performance.now() - begun;
    },
    kill: () => stopped('SIGKILL'),
    async close() {
      await stopped('SIGTERM');
      await rm(dataDir, { recursive: true, force: true });
    },
    async call(method, path, options = {}) {
      const response = await fetch(`${base}/api/v1${path}`, {
        method,
        headers: {
          host: DEFAULT_HOST,
          ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
          ...options.headers,
        },
        ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
        ...(options.payload ? { body: new Uint8Array(options.payload) } : {}),
      });
      const text = await response.text();
      return { status: response.status, body: (text ? JSON.parse(text) : null) as never };
    },
    async login(email) {
      const res = await api.call<{ access_token: string }>('POST', '/auth/token', {
        body: { username: email, password: DEMO_PASSWORD },
      });
      if (res.status !== 200) throw new Error(`login of ${email} failed: ${res.status}`);
      return res.body.access_token;
    },
    output: () => lines.join('\n'),
  };
  return api;
}
