import { mkdtempSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../test/test-app.ts';
import { seedDemo } from '../modules/demo/demo.seed.ts';
import { PlatformDirectory } from '../modules/platform/platform.service.ts';
import { BackupError, type BackupTarget, backup, restore } from './backup.ts';
import { type Database, openDatabase } from './db.ts';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function tempDir(prefix: string) {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

/** A migrated, seeded database with one uploaded file: the state a backup must carry. */
async function seeded(database: Database, dataDir: string) {
  await database.migrate();
  const platforms = new PlatformDirectory();
  await platforms.load(database.db);
  await seedDemo(database.db, 'Demo-Senha1!', platforms);
  await mkdir(join(dataDir, 'files', '1'), { recursive: true });
  await writeFile(join(dataDir, 'files', '1', 'contrato.pdf'), '%PDF-1.4 contrato');
}

async function countsOf(database: Database) {
  const { rows } = (await database.db.execute(
    sql`select (select count(*)::int from users) as users, (select count(*)::int from opportunities) as cards`,
  )) as unknown as { rows: { users: number; cards: number }[] };
  return rows[0];
}

describe('backup and restore', () => {
  it('PGlite: the database and the uploads come back in a new data folder; a folder with data is kept unless forced', async () => {
    const source: BackupTarget = { databaseUrl: undefined, dataDir: tempDir('vendaval-origem-') };
    const original = openDatabase({ dataDir: source.dataDir });
    await seeded(original, source.dataDir);
    const before = await countsOf(original);
    await original.close();

    const folder = join(tempDir('vendaval-backup-'), 'copia');
    const manifest = await backup(source, folder);
    expect(manifest).toMatchObject({ format: 1, engine: 'pglite', migrations: expect.any(Number) });
    expect(manifest.migrations).toBeGreaterThan(10);
    await expect(backup(source, folder)).rejects.toThrow(BackupError);

    const target: BackupTarget = { databaseUrl: undefined, dataDir: tempDir('vendaval-destino-') };
    await restore(target, folder);
    const restored = openDatabase({ dataDir: target.dataDir });
    expect(await countsOf(restored)).toEqual(before);
    expect(before?.cards).toBeGreaterThan(0);
    await restored.close();
    expect(await readFile(join(target.dataDir, 'files', '1', 'contrato.pdf'), 'utf8')).toBe(
      '%PDF-1.4 contrato',
    );

    await expect(restore(target, folder)).rejects.toThrow(/--force/);
    await restore(target, folder, true);
    const again = openDatabase({ dataDir: target.dataDir });
    expect(await countsOf(again)).toEqual(before);
    await again.close();
  }, 180_000);

  it('a backup of one engine is refused by the other, and a folder that is not a backup is named', async () => {
    const folder = tempDir('vendaval-backup-');
    await expect(restore({ databaseUrl: undefined, dataDir: tempDir('x-') }, folder)).rejects.toThrow(
      /manifest\.json/,
    );
    await writeFile(
      join(folder, 'manifest.json'),
      JSON.stringify({ format: 1, engine: 'postgres', createdAt: '', migrations: 1 }),
    );
    await expect(restore({ databaseUrl: undefined, dataDir: tempDir('x-') }, folder)).rejects.toThrow(
      /DATABASE_URL/,
    );
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'PostgreSQL: pg_dump while the data is there, pg_restore into an empty database; a database with data is kept unless forced',
    async () => {
      const source = await freshDatabase();
      cleanups.push(source.drop);
      const dataDir = tempDir('vendaval-origem-');
      await seeded(source.database, dataDir);
      const before = await countsOf(source.database);
      const folder = join(tempDir('vendaval-backup-'), 'copia');
      const manifest = await backup({ databaseUrl: source.url, dataDir }, folder);
      expect(manifest.engine).toBe('postgres');
      await source.database.close();

      const target = await freshDatabase();
      cleanups.push(target.drop);
      const targetDir = tempDir('vendaval-destino-');
      await restore({ databaseUrl: target.url, dataDir: targetDir }, folder);
      expect(await countsOf(target.database)).toEqual(before);
      expect(await readFile(join(targetDir, 'files', '1', 'contrato.pdf'), 'utf8')).toBe('%PDF-1.4 contrato');
      await expect(restore({ databaseUrl: target.url, dataDir: targetDir }, folder)).rejects.toThrow(
        /--force/,
      );
      await restore({ databaseUrl: target.url, dataDir: targetDir }, folder, true);
      expect(await countsOf(target.database)).toEqual(before);
      await target.database.close();
    },
    180_000,
  );
});
