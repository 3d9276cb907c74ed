// `npm run platform -- <comando>`: the operator's console for scripts, on the server's own settings (DATABASE_URL
// or the embedded database under DATA_DIR). Running servers pick the change up at once (NOTIFY).
import { readFile } from 'node:fs/promises';
import { idSchema } from '@vendaval/core/schemas/common';
import {
  brandImageSlotSchema,
  platformCreateSchema,
  platformProfileUpdateSchema,
} from '@vendaval/core/schemas/platform';
import type { z } from 'zod';
import { readConfig } from './config.ts';
import { openDatabase } from './infra/db.ts';
import { HttpError } from './infra/errors.ts';
import { storageOf } from './infra/storage.ts';
import * as operator from './modules/platform/platform.operator.ts';
import { PlatformDirectory } from './modules/platform/platform.service.ts';

const USAGE = `Uso:
  npm run platform -- list
  npm run platform -- create <perfil.json>          perfil completo com first_workspace (veja o README)
  npm run platform -- update <id> <alteracoes.json> só as chaves enviadas mudam
  npm run platform -- image <id> <slot> <arquivo>   slots: ${brandImageSlotSchema.options.join(', ')}`;

class UsageError extends Error {}

const [command, ...args] = process.argv.slice(2);
const config = readConfig();
const database = openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });

async function json<T extends z.ZodType>(file: string | undefined, schema: T): Promise<z.infer<T>> {
  if (!file) throw new UsageError(USAGE);
  const parsed = schema.safeParse(JSON.parse(await readFile(file, 'utf8')));
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (issue) => `  ${issue.path.join('.') || '(raiz)'}: ${issue.message}`,
    );
    throw new UsageError(`${file} tem campos inválidos:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

const idOf = (value: string | undefined) => {
  const parsed = idSchema.safeParse(Number(value));
  if (!parsed.success) throw new UsageError(USAGE);
  return parsed.data;
};

try {
  await database.migrate();
  const platforms = new PlatformDirectory();
  await platforms.load(database.db);
  const deps = { db: database.db, platforms, storage: storageOf(config) };
  if (command === 'list') {
    const page = await operator.listPlatformsForOperator(database.db, { limit: 500, offset: 0 });
    for (const p of page.data)
      console.log(`${String(p.id).padEnd(6)} ${p.name.padEnd(32)} ${p.hosts.join(', ')}`);
  } else if (command === 'create') {
    const created = await operator.createPlatform(deps, await json(args[0], platformCreateSchema));
    console.log(`Plataforma ${created.id} (${created.name}) criada em ${created.hosts.join(', ')}.`);
  } else if (command === 'update') {
    const id = idOf(args[0]);
    const saved = await operator.updateProfile(deps, id, await json(args[1], platformProfileUpdateSchema));
    console.log(`Plataforma ${saved.id} (${saved.name}) alterada.`);
  } else if (command === 'image') {
    const id = idOf(args[0]);
    const slot = brandImageSlotSchema.safeParse(args[1]);
    if (!slot.success || !args[2]) throw new UsageError(USAGE);
    await operator.uploadProfileImage(deps, id, slot.data, await readFile(args[2]));
    console.log(`Imagem ${slot.data} da plataforma ${id} enviada.`);
  } else {
    throw new UsageError(USAGE);
  }
} catch (error) {
  console.error(error instanceof UsageError || error instanceof HttpError ? error.message : error);
  process.exitCode = 1;
} finally {
  await database.close();
}
