// The server the throughput benchmark drives, in a process of its own: the app built as main.ts builds it (the
// demo seeded, JSON log lines at LOG_LEVEL) on DATABASE_URL or on PGlite under DATA_DIR, plus one route of the
// benchmark's, `GET /bench/hello`, that answers without any work of ours: the ceiling of the app's own hooks.
// Tells its parent 'listening' once it answers on PORT; SIGTERM closes it. Between the messages 'profile:start' and
// 'profile:stop' from its parent it records a CPU profile, written to the file that second message names.

import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { buildApp } from '../apps/server/src/app.ts';
import { readConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/infra/db.ts';
import { serverLogging } from '../apps/server/src/infra/logging.ts';
import { TokenSigner } from '../apps/server/src/infra/tokens.ts';
import { seedDemo } from '../apps/server/src/modules/demo/demo.seed.ts';
import { PlatformDirectory } from '../apps/server/src/modules/platform/platform.service.ts';

const config = readConfig();
if (!config.jwtSecret || !config.demoPassword) throw new Error('set JWT_SECRET and DEMO_PASSWORD');
const database = openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
await database.migrate();
const platforms = new PlatformDirectory();
await platforms.load(database.db);
const app = await buildApp(
  {
    config,
    database,
    db: database.db,
    platforms,
    tokens: new TokenSigner(config.jwtSecret, config.jwtTtlSeconds),
  },
  serverLogging({ level: config.logLevel, terminal: false }),
);
app.get('/bench/hello', { schema: { hide: true } }, async () => ({ hello: 'world' }));
await seedDemo(database.db, config.demoPassword, platforms);
await app.listen({ port: config.port, host: '127.0.0.1' });

process.once('SIGTERM', async () => {
  await app.close();
  await database.close();
  process.exit(0);
});
process.on('message', (message: { profile: 'start' } | { profile: 'stop'; file: string }) => {
  if (message.profile === 'start') void startProfile();
  else void stopProfile(message.file);
});
process.send?.('listening');

const inspector = new Session();

async function startProfile() {
  inspector.connect();
  await inspector.post('Profiler.enable');
  await inspector.post('Profiler.start');
}

async function stopProfile(file: string) {
  const { profile } = await inspector.post('Profiler.stop');
  writeFileSync(file, JSON.stringify(profile));
  inspector.disconnect();
  process.send?.('profiled');
}
