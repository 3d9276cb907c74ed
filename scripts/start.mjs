// `npm start`: builds the web app when its sources are newer than the build, then runs the server.
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

if (import.meta.url === `file://${process.argv[1]}`) {
  buildWebIfStale();
  const server = spawn(process.execPath, ['apps/server/src/main.ts'], { cwd: root, stdio: 'inherit' });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
  server.on('exit', (code) => process.exit(code ?? 0));
}
