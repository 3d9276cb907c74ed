import { mkdtempSync } from 'node:fs';
import { mkdir, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { buffer } from 'node:stream/consumers';
import { MESSAGES } from '@vendaval/core/messages';
import { sql } from 'drizzle-orm';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, workspaceIds } from '../../test/test-app.ts';
import { HttpError } from './errors.ts';
import { localDiskStorage, type S3Options, type Storage, s3Storage } from './storage.ts';

const folder = () => mkdtempSync(join(tmpdir(), 'vendaval-storage-'));
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

/** A file stored from disk reads back as a stream with its size, and is gone once removed. */
async function fileRoundTrip(storage: Storage) {
  const source = join(folder(), 'export.csv');
  const bytes = Buffer.from('ID;Nome\r\n1;Ana\r\n');
  await writeFile(source, bytes);
  await storage.putFile('exports/1/2/abc.csv', source);
  const opened = await storage.open('exports/1/2/abc.csv');
  if (!opened) throw new Error('stored file not found');
  expect(opened.size).toBe(bytes.length);
  expect((await buffer(opened.stream)).equals(bytes)).toBe(true);
  await storage.remove('exports/1/2/abc.csv');
  expect(await storage.open('exports/1/2/abc.csv')).toBeNull();
  await storage.remove('exports/1/2/abc.csv');
  await rm(dirname(source), { recursive: true });
}

/** Writing `key` fails as on a full disk: its temporary file is /dev/full, where every write answers ENOSPC. */
async function fullDiskFor(root: string, key: string) {
  const partial = join(root, `${key}.partial`);
  await mkdir(dirname(partial), { recursive: true });
  await symlink('/dev/full', partial);
}

async function filesUnder(root: string): Promise<string[]> {
  return (await readdir(root, { recursive: true, withFileTypes: true }))
    .filter((entry) => !entry.isDirectory())
    .map((entry) => join(entry.parentPath, entry.name));
}

async function expectHttpError(promise: Promise<unknown>, status: number, message: string) {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(HttpError);
  expect(error).toMatchObject({ status, message });
}

describe('uploads on a folder', () => {
  it('a file is read back whole, and a missing one is null', async () => {
    const root = folder();
    const storage = localDiskStorage(root);
    await storage.put('chat/1/abc.pdf', PDF);
    expect((await storage.get('chat/1/abc.pdf'))?.equals(PDF)).toBe(true);
    expect(await storage.get('chat/1/nada.pdf')).toBeNull();
    await rm(root, { recursive: true });
  });

  it('a file from disk is stored, streamed back and removed', async () => {
    const root = folder();
    await fileRoundTrip(localDiskStorage(root));
    await rm(root, { recursive: true });
  });

  it('a full disk answers 507 with a clear message and leaves nothing half-written', async () => {
    const root = folder();
    await fullDiskFor(root, 'chat/1/abc.pdf');
    await expectHttpError(localDiskStorage(root).put('chat/1/abc.pdf', PDF), 507, MESSAGES.storageFull);
    expect(await filesUnder(root)).toEqual([]);
    await rm(root, { recursive: true });
  });
});

describe('uploads in an S3-compatible bucket', () => {
  let server: S3rver;
  let options: S3Options;
  const root = folder();
  beforeAll(async () => {
    server = new S3rver({
      port: 0,
      address: '127.0.0.1',
      directory: root,
      silent: true,
      configureBuckets: [{ name: 'vendaval', configs: [] }],
    });
    const address = (await server.run()) as AddressInfo;
    options = {
      endpoint: `http://127.0.0.1:${address.port}`,
      bucket: 'vendaval',
      region: 'us-east-1',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
    };
  });
  afterAll(async () => {
    await server.close();
    await rm(root, { recursive: true, force: true });
  });

  it('a file is stored with a signed request and read back whole; a missing one is null', async () => {
    const storage = s3Storage(options);
    await storage.put('chat/7/foto.png', PDF);
    expect((await storage.get('chat/7/foto.png'))?.equals(PDF)).toBe(true);
    expect(await storage.get('chat/7/nada.png')).toBeNull();
  });

  it('a file from disk is streamed up, streamed back and removed', async () => {
    await fileRoundTrip(s3Storage(options));
  });

  it('refused credentials or a bucket out of reach answer 503 with a clear message', async () => {
    const forged = s3Storage({ ...options, accessKeyId: 'OUTRA' });
    await expectHttpError(forged.put('chat/7/a.pdf', PDF), 503, MESSAGES.storageUnavailable);
    const gone = s3Storage({ ...options, endpoint: 'http://127.0.0.1:9' });
    await expectHttpError(gone.get('chat/7/foto.png'), 503, MESSAGES.storageUnavailable);
  });
});

describe('a chat file when the disk is full', () => {
  const root = folder();
  let t: TestApp;
  // Every upload of this app meets a full disk.
  const disk = localDiskStorage(root);
  const full: Storage = {
    put: async (key, data) => {
      await fullDiskFor(root, key);
      return disk.put(key, data);
    },
    get: disk.get,
    putFile: disk.putFile,
    open: disk.open,
    remove: disk.remove,
  };
  beforeAll(async () => {
    t = await buildTestApp({ storage: full });
  });
  afterAll(async () => {
    await t.close();
    await rm(root, { recursive: true, force: true });
  });

  it('the send answers 507 with the message, and neither a message nor a file is left', async () => {
    const token = await t.login('admin@demo.local');
    const workspace = (await workspaceIds(t, token))['Escola Centro'];
    const api = (method: 'GET' | 'POST', path: string, payload?: object) =>
      t.call({
        method,
        url: `/api/v1/workspaces/${workspace}/${path}`,
        token,
        ...(payload ? { payload } : {}),
      });
    const bots = (await api('GET', 'bots')).json().data as { id: number; name: string; channel: string }[];
    const bot = bots.find((b) => b.channel === 'sandbox');
    const cards = (await api('GET', 'opportunities?limit=1')).json().data as { id: number }[];
    const opened = await api('POST', 'dialogs', {
      bot_id: bot?.id,
      bot_name: bot?.name,
      opportunity_id: cards[0]?.id,
      message: 'Olá!',
      keep_bot_on_dialog: false,
    });
    expect(opened.statusCode, opened.body).toBe(200);
    const room = opened.json().data.id as number;
    const count = async () =>
      (
        (await t.database.db.execute(
          sql`select count(*)::int as n from chat_messages where dialog_id = ${room}`,
        )) as unknown as { rows: { n: number }[] }
      ).rows[0]?.n;
    const before = await count();
    const sent = await api('POST', `dialogs/${room}/messages`, {
      dialog_id: room,
      message_object: {
        message: 'Segue o contrato',
        file: { name: 'contrato.pdf', base64File: PDF.toString('base64') },
      },
    });
    expect(sent.statusCode, sent.body).toBe(507);
    expect(sent.json()).toMatchObject({ status: 507, message: MESSAGES.storageFull });
    expect(await count()).toBe(before);
    expect(await filesUnder(root)).toEqual([]);
  });
});
