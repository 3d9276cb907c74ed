import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

const run = promisify(execFile);

/** What a backup folder holds, besides the database and the uploaded files. */
interface Manifest {
  format: 1;
  engine: 'pglite' | 'postgres';
  createdAt: string;
  /** Migrations applied when it was taken; a newer server applies the rest on its next start. */
  migrations: number;
}

export interface BackupTarget {
  /** PostgreSQL when set, else the embedded PGlite under dataDir. */
  databaseUrl: string | undefined;
  /** Holds `pglite/` (embedded engine), and `files/` (uploads) unless filesDir says otherwise. */
  dataDir: string;
  /** The uploads' folder (FILES_DIR); null when they live in an S3 bucket, which the backup leaves to its provider. */
  filesDir?: string | null;
}

const filesOf = (target: BackupTarget) =>
  target.filesDir === undefined ? join(target.dataDir, 'files') : target.filesDir;

export class BackupError extends Error {}

const DUMP = { postgres: 'database.dump', pglite: 'pglite.tar.gz' } as const;

/**
 * Writes a backup folder: the database (pg_dump's custom format, consistent while the server runs; or PGlite's
 * data folder, which needs the server stopped since only one process may open it) and the uploaded files.
 */
export async function backup(target: BackupTarget, folder: string): Promise<Manifest> {
  if (existsSync(folder) && (await readdir(folder)).length > 0) {
    throw new BackupError(`A pasta ${folder} já existe e não está vazia: escolha outra para o backup.`);
  }
  const dumped = target.databaseUrl
    ? await dumpPostgres(target.databaseUrl, folder)
    : await dumpPglite(target.dataDir, folder);
  const files = filesOf(target);
  if (files && existsSync(files)) await cp(files, join(folder, 'files'), { recursive: true });
  const manifest: Manifest = { format: 1, createdAt: new Date().toISOString(), ...dumped };
  await writeFile(join(folder, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

async function dumpPostgres(url: string, folder: string) {
  const migrations = await countMigrations(url);
  await mkdir(folder, { recursive: true });
  await run('pg_dump', [
    '--format=custom',
    '--no-owner',
    '--no-privileges',
    `--file=${join(folder, DUMP.postgres)}`,
    `--dbname=${url}`,
  ]);
  return { engine: 'postgres' as const, migrations };
}

async function dumpPglite(dataDir: string, folder: string) {
  const db = await openPglite(dataDir);
  try {
    const migrations = await countMigrations(db);
    const dump = await db.dumpDataDir('gzip');
    await mkdir(folder, { recursive: true });
    await writeFile(join(folder, DUMP.pglite), Buffer.from(await dump.arrayBuffer()));
    return { engine: 'pglite' as const, migrations };
  } finally {
    await db.close();
  }
}

/**
 * Puts a backup back into the configured database and data folder. An engine that already holds data is left
 * alone unless `force`: then PostgreSQL's objects are replaced and PGlite's folder is kept aside, renamed.
 */
export async function restore(target: BackupTarget, folder: string, force = false): Promise<Manifest> {
  const manifest = await readManifest(folder);
  const engine = target.databaseUrl ? 'postgres' : 'pglite';
  if (manifest.engine !== engine) {
    throw new BackupError(
      `Este backup é do banco ${manifest.engine} e a configuração aponta para ${engine}` +
        ' (defina ou retire DATABASE_URL).',
    );
  }
  if (target.databaseUrl) await restorePostgres(target.databaseUrl, join(folder, DUMP.postgres), force);
  else await restorePglite(target.dataDir, join(folder, DUMP.pglite), force);
  const files = join(folder, 'files');
  const filesTarget = filesOf(target);
  if (filesTarget && existsSync(files)) await cp(files, filesTarget, { recursive: true, force: true });
  return manifest;
}

async function readManifest(folder: string): Promise<Manifest> {
  const path = join(folder, 'manifest.json');
  if (!existsSync(path))
    throw new BackupError(`${folder} não é uma pasta de backup do Vendaval (sem manifest.json).`);
  const manifest = JSON.parse(await readFile(path, 'utf8')) as Manifest;
  if (manifest.format !== 1) throw new BackupError(`Formato de backup desconhecido: ${manifest.format}.`);
  return manifest;
}

async function restorePostgres(url: string, dump: string, force: boolean) {
  if (!force && (await hasTables(url))) {
    throw new BackupError('O banco de destino já tem dados: use --force para substituí-los pelo backup.');
  }
  await run('pg_restore', [
    ...(force ? ['--clean', '--if-exists'] : []),
    '--no-owner',
    '--no-privileges',
    '--exit-on-error',
    `--dbname=${url}`,
    dump,
  ]);
}

async function restorePglite(dataDir: string, dump: string, force: boolean) {
  const dir = join(dataDir, 'pglite');
  if (existsSync(dir) && (await readdir(dir)).length > 0) {
    if (!force) {
      throw new BackupError(
        `${dir} já tem um banco: use --force para guardá-lo ao lado e restaurar o backup.`,
      );
    }
    await rename(dir, `${dir}.antes-da-restauracao-${Date.now()}`);
  }
  await mkdir(dir, { recursive: true });
  const db = new PGlite(dir, { loadDataDir: new Blob([await readFile(dump)]) });
  await db.waitReady;
  await db.close();
}

async function openPglite(dataDir: string) {
  const dir = join(dataDir, 'pglite');
  if (!existsSync(dir)) throw new BackupError(`Nenhum banco embutido em ${dir}.`);
  const db = new PGlite(dir);
  await db.waitReady;
  return db;
}

type Queryable = { query: (text: string) => Promise<{ rows: unknown[] }> };

async function withPostgres<T>(url: string, work: (client: Queryable) => Promise<T>) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function countMigrations(source: string | Queryable): Promise<number> {
  const query = async (db: Queryable) => {
    const { rows } = await db.query(
      `select count(*)::int as n from information_schema.tables
       where table_schema = 'drizzle' and table_name = '__drizzle_migrations'`,
    );
    if (!(rows[0] as { n: number }).n) return 0;
    const applied = await db.query('select count(*)::int as n from drizzle.__drizzle_migrations');
    return (applied.rows[0] as { n: number }).n;
  };
  return typeof source === 'string' ? withPostgres(source, query) : query(source);
}

async function hasTables(url: string) {
  return withPostgres(url, async (client) => {
    const { rows } = await client.query(
      "select count(*)::int as n from information_schema.tables where table_schema = 'public'",
    );
    return (rows[0] as { n: number }).n > 0;
  });
}
