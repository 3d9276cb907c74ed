import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { migratedPgliteImage, openDatabase } from '../src/infra/db.ts';
import { adminStatement } from './admin-statement.ts';

// Migrating an empty database takes seconds (over ten on PGlite on a busy machine) and the suites build a few
// hundred: the run migrates once, here, and every suite's database starts as a copy of that one.

export default async function setup(project: TestProject) {
  const folder = mkdtempSync(join(tmpdir(), 'vendaval-migrated-'));
  const image = join(folder, 'pglite.tar');
  writeFileSync(image, Buffer.from(await (await migratedPgliteImage()).arrayBuffer()));
  project.provide('migratedPgliteImage', image);

  const baseUrl = process.env.TEST_DATABASE_URL;
  const template = baseUrl ? await migratedTemplate(baseUrl) : undefined;
  project.provide('migratedTemplate', template);

  return async () => {
    if (baseUrl && template)
      await adminStatement(baseUrl, `drop database if exists ${template} with (force)`);
    await rm(folder, { recursive: true, force: true });
  };
}

async function migratedTemplate(baseUrl: string): Promise<string> {
  const name = `vendaval_template_${randomBytes(6).toString('hex')}`;
  await adminStatement(baseUrl, `create database ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const database = openDatabase({ url: url.toString() });
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
  return name;
}
