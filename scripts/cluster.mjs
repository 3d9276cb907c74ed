// `npm run cluster -- [--instances 3] [--port 8080]`: several app processes on one PostgreSQL (DATABASE_URL)
// behind nginx, as in production. The first instance migrates and seeds before the others start; they share
// DATA_DIR (the signing secret and the uploads), and nginx passes the event stream through unbuffered. With
// TELEPHONY=sip each instance's SIP stack listens on a port of its own: SIP_LISTEN's for the first, the next ones after.
// Prints one line per instance and the proxy's address; SIGINT or SIGTERM stops nginx, then every instance.
import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

const root = new URL('..', import.meta.url).pathname;
const { values } = parseArgs({
  options: {
    instances: { type: 'string', default: '3' },
    port: { type: 'string', default: '8080' },
  },
});
const instances = Number(values.instances);
const proxyPort = Number(values.port);
if (!process.env.DATABASE_URL) {
  console.error('npm run cluster precisa de DATABASE_URL: várias instâncias só compartilham um PostgreSQL.');
  process.exit(2);
}
const dataDir = resolve(process.env.DATA_DIR ?? './data');
const ports = Array.from({ length: instances }, (_, i) => proxyPort + 1 + i);
const children = [];
let stopping = false;

function nginxConfig(workDir) {
  const temp = (name) => `${name}_temp_path ${join(workDir, name)};`;
  return `worker_processes 1;
daemon off;
pid ${join(workDir, 'nginx.pid')};
error_log stderr warn;
events { worker_connections 1024; }
http {
  access_log off;
  ${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(temp).join('\n  ')}
  client_max_body_size 64m;
  upstream vendaval {
    ${ports.map((p) => `server 127.0.0.1:${p} max_fails=1 fail_timeout=2s;`).join('\n    ')}
    keepalive 32;
  }
  server {
    listen 127.0.0.1:${proxyPort};
    location / {
      proxy_pass http://vendaval;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      # The event stream must reach the browser as it is written, and may stay open for hours.
      proxy_buffering off;
      proxy_read_timeout 1h;
      # A request that found an instance gone is tried on the next one (reads; writes only before they were sent).
      # Not on a 503: that is the database, which another instance would not reach either.
      proxy_next_upstream error timeout;
    }
  }
}
`;
}

/** The SIP address of the instance at `index`: the dialogs of its calls come back to it, not to the others. */
function sipListen(index) {
  const [address, port] = (process.env.SIP_LISTEN || '0.0.0.0:5070').split(/:(?=\d+$)/);
  return `${address}:${Number(port) + index}`;
}

function startInstance(port, index) {
  const child = spawn(process.execPath, ['apps/server/src/main.ts'], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      TRUST_PROXY: 'true',
      ...(process.env.TELEPHONY === 'sip' ? { SIP_LISTEN: sipListen(index) } : {}),
    },
  });
  children.push(child);
  child.on('exit', (code, signal) => {
    if (!stopping) console.error(`Instância :${port} saiu (${signal ?? code}).`);
  });
  return child;
}

async function healthy(port, timeoutMs = 120_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`a instância :${port} não respondeu em ${timeoutMs / 1000} s`);
}

async function stop(workDir, code = 0) {
  if (stopping) return;
  stopping = true;
  const exited = children
    .filter((c) => c.exitCode === null && c.signalCode === null)
    .map(
      (c) =>
        new Promise((r) => {
          c.once('exit', r);
          c.kill(c.spawnargs[0] === 'nginx' ? 'SIGQUIT' : 'SIGTERM');
        }),
    );
  await Promise.all(exited);
  rmSync(workDir, { recursive: true, force: true });
  process.exit(code);
}

const workDir = mkdtempSync(join(tmpdir(), 'vendaval-cluster-'));
// nginx's workers run as an unprivileged user when it is started as root: they must reach its temp folders.
chmodSync(workDir, 0o755);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => void stop(workDir));
mkdirSync(dataDir, { recursive: true });
try {
  // The first migrates the database and seeds it; the others then find it ready.
  startInstance(ports[0], 0);
  await healthy(ports[0]);
  for (const [i, port] of ports.entries()) if (i > 0) startInstance(port, i);
  await Promise.all(ports.slice(1).map((port) => healthy(port)));
  writeFileSync(join(workDir, 'nginx.conf'), nginxConfig(workDir));
  const nginx = spawn('nginx', ['-c', join(workDir, 'nginx.conf'), '-p', workDir], { stdio: 'inherit' });
  children.push(nginx);
  nginx.on('error', (error) => {
    console.error(`nginx não iniciou (${error.message}): instale o pacote nginx.`);
    void stop(workDir, 1);
  });
  await healthy(proxyPort, 10_000);
  for (const [i, child] of children.slice(0, instances).entries()) {
    console.log(`Instância: http://localhost:${ports[i]} (pid ${child.pid})`);
  }
  console.log(`Vendaval em cluster: http://localhost:${proxyPort} (${instances} instâncias atrás do nginx)`);
} catch (error) {
  console.error(String(error));
  await stop(workDir, 1);
}
