import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { roleLabel } from '@vendaval/core/roles';
import closeWithGrace from 'close-with-grace';
import webpush from 'web-push';
import { buildApp } from './app.ts';
import { type Config, readConfig } from './config.ts';
import { openDatabase } from './infra/db.ts';
import { serverLogging } from './infra/logging.ts';
import { TokenSigner } from './infra/tokens.ts';
import { seedDemo } from './modules/demo/demo.seed.ts';
import { PlatformDirectory } from './modules/platform/platform.service.ts';

const read = readConfig();
const config = { ...read, vapid: read.vapid ?? keptVapidKeys() };
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
    tokens: new TokenSigner(config.jwtSecret ?? keptSecret('jwt-secret', 48), config.jwtTtlSeconds),
  },
  serverLogging({ level: config.logLevel, terminal: process.stdout.isTTY === true }),
);

closeWithGrace({ delay: 10_000 }, async ({ err, signal }) => {
  if (err) app.log.error({ err }, 'shutting down after an error');
  else app.log.info({ signal }, 'shutting down');
  await app.close();
  await database.close();
});

if (config.seedDemo) {
  const password = demoPassword(config);
  const logins = await seedDemo(database.db, password, platforms);
  await app.listen({ port: config.port, host: config.host });
  printLogins(config, logins, password);
} else {
  await app.listen({ port: config.port, host: config.host });
}

/** A random secret generated on first start and kept under the data folder, so restarts reuse it. */
function keptSecret(name: string, bytes: number, shape = (raw: string) => raw): string {
  const file = join(read.dataDir, name);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = shape(randomBytes(bytes).toString('base64url'));
  mkdirSync(read.dataDir, { recursive: true });
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

/** The Web Push key pair, generated on first start and kept beside the JWT secret: subscriptions are bound to it. */
function keptVapidKeys(): { publicKey: string; privateKey: string } {
  const file = join(read.dataDir, 'vapid-keys.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8'));
  const keys = webpush.generateVAPIDKeys();
  mkdirSync(read.dataDir, { recursive: true });
  writeFileSync(file, `${JSON.stringify(keys)}\n`, { mode: 0o600 });
  return keys;
}

/** DEMO_PASSWORD, or a generated one that meets the password rule and is printed at every start. */
function demoPassword(cfg: Config): string {
  return cfg.demoPassword ?? keptSecret('demo-password.txt', 6, (raw) => `Demo-${raw}1!`);
}

function rolesOf(roles: (string | null)[]) {
  return [...new Set(roles.filter((r) => r !== null).map(roleLabel))].join(', ');
}

function printLogins(
  cfg: Config,
  logins: { host: string; email: string; roles: (string | null)[] }[],
  password: string,
) {
  const lines = [
    '',
    `Vendaval CRM em http://localhost:${cfg.port}  (perfil de RH em http://rh.localhost:${cfg.port}, ` +
      `franquia escolar em http://franquia.localhost:${cfg.port})`,
    `Logins de demonstração (senha: ${password}):`,
    ...logins.map((l) => `  ${l.email.padEnd(28)} ${rolesOf(l.roles).padEnd(28)} ${l.host}`),
    '',
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}
