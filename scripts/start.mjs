// `npm start`: builds the web app when its sources are newer than the build, then runs the server until
// SIGINT (Ctrl-C) or SIGTERM, which it hands on for a graceful shutdown. package.json runs it with `exec`, so
// the shell npm starts it in gives way to it: a shell would die of npm's SIGTERM and leave the server running.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const builtIndex = join(root, 'apps/web/dist/index.html');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

export function webBuildIsStale() {
  if (!existsSync(builtIndex)) return true;
  const sources = ['apps/web/src', 'apps/web/public', 'apps/web/index.html', 'packages/core/src'].map((p) =>
    join(root, p),
  );
  const newest = Math.max(
    ...sources
      .filter(existsSync)
      .map((p) => (statSync(p).isDirectory() ? newestMtime(p) : statSync(p).mtimeMs)),
  );
  return newest > statSync(builtIndex).mtimeMs;
}

export function buildWebIfStale() {
  if (!webBuildIsStale()) return;
  console.log('Construindo o aplicativo web…');
  const result = spawnSync('npm', ['run', 'build', '-w', '@vendaval/web'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/**
 * Runs the server in a process group of its own, so that a signal reaches it once, through here: a terminal's
 * Ctrl-C goes to every process of its group and npm forwards the same signal again, and a second one would cut
 * the server's graceful shutdown short. A later signal is therefore not passed on.
 */
function runServer() {
  const server = spawn(process.execPath, ['apps/server/src/main.ts'], {
    cwd: root,
    stdio: 'inherit',
    detached: true,
  });
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      server.kill(signal);
    });
  }
  server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  // WEB_DIST names a build of one's own: nothing to build then.
  if (!process.env.WEB_DIST) buildWebIfStale();
  runServer();
}
