import { createReadStream } from 'node:fs';
import { copyFile, mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
import { MESSAGES } from '@vendaval/core/messages';
import { AwsClient } from 'aws4fetch';
import { HttpError } from './errors.ts';

/** Where uploaded files live. Keys are ours (never a client's file name): `<folder>/<name>`. */
export interface Storage {
  put(key: string, data: Buffer): Promise<void>;
  /** The file's bytes, or null when there is no such file. */
  get(key: string): Promise<Buffer | null>;
  /** Stores a file of the local disk under `key` without reading it whole into memory (large exports). */
  putFile(key: string, path: string): Promise<void>;
  /** The file's bytes as a stream with its size, or null when there is no such file. */
  open(key: string): Promise<OpenedFile | null>;
  /** Deletes the file; a missing one is no error. */
  remove(key: string): Promise<void>;
}

export interface OpenedFile {
  stream: Readable;
  size: number;
}

const KEY = /^[a-z0-9-]+(\/[a-z0-9-]+)*\.[a-z0-9]+$/;

const DISK_FULL = new Set(['ENOSPC', 'EDQUOT']);
/** 507 Insufficient Storage: the request was fine, the server has no room for it now. */
const storageFull = () => new HttpError(507, MESSAGES.storageFull);

/**
 * Files on the local disk under `root` (DATA_DIR/files by default). Several server processes share uploads by
 * pointing FILES_DIR at one shared folder (NFS, a mounted volume).
 */
export function localDiskStorage(root: string): Storage {
  const base = resolve(root);
  const pathOf = (key: string) => {
    const path = resolve(join(base, key));
    if (!KEY.test(key) || !path.startsWith(base + sep)) throw new Error(`bad storage key ${key}`);
    return path;
  };
  return {
    put: (key, data) => writeAside(pathOf(key), (partial) => writeFile(partial, data)),
    putFile: (key, source) => writeAside(pathOf(key), (partial) => copyFile(source, partial)),
    async get(key) {
      try {
        return await readFile(pathOf(key));
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async open(key) {
      const path = pathOf(key);
      try {
        const { size } = await stat(path);
        return { stream: createReadStream(path), size };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async remove(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/** Written aside and renamed, so a reader never sees half a file; a write that fails leaves nothing behind. */
async function writeAside(path: string, write: (partial: string) => Promise<void>) {
  await mkdir(dirname(path), { recursive: true });
  const partial = `${path}.partial`;
  try {
    await write(partial);
    await rename(partial, path);
  } catch (error) {
    await rm(partial, { force: true });
    if (DISK_FULL.has((error as NodeJS.ErrnoException).code ?? '')) throw storageFull();
    throw error;
  }
}

export interface S3Options {
  /** The service's base URL, e.g. https://s3.sa-east-1.amazonaws.com or a MinIO/Ceph/R2 address. */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/** Files in a bucket of any S3-compatible service (path-style addresses, AWS Signature V4). */
export function s3Storage(options: S3Options): Storage {
  const client = new AwsClient({
    accessKeyId: options.accessKeyId,
    secretAccessKey: options.secretAccessKey,
    region: options.region,
    service: 's3',
  });
  const base = `${options.endpoint.replace(/\/+$/, '')}/${encodeURIComponent(options.bucket)}`;
  const urlOf = (key: string) => {
    if (!KEY.test(key)) throw new Error(`bad storage key ${key}`);
    return `${base}/${key}`;
  };
  const request = async (key: string, init: RequestInit) => {
    try {
      return await client.fetch(urlOf(key), init);
    } catch (error) {
      if (error instanceof TypeError) throw new HttpError(503, MESSAGES.storageUnavailable);
      throw error;
    }
  };
  return {
    async put(key, data) {
      // S3 stores an object whole or not at all.
      const res = await request(key, { method: 'PUT', body: new Uint8Array(data) });
      if (res.status === 507 || (await isQuotaError(res))) throw storageFull();
      if (!res.ok) throw new HttpError(503, MESSAGES.storageUnavailable);
    },
    async putFile(key, path) {
      const { size } = await stat(path);
      // Streamed unsigned (S3 allows it over TLS): signing the payload would mean reading it whole first.
      const res = await request(key, {
        method: 'PUT',
        headers: { 'content-length': String(size), 'x-amz-content-sha256': 'UNSIGNED-PAYLOAD' },
        body: Readable.toWeb(createReadStream(path)) as ReadableStream,
        duplex: 'half',
      } as RequestInit);
      if (res.status === 507 || (await isQuotaError(res))) throw storageFull();
      if (!res.ok) throw new HttpError(503, MESSAGES.storageUnavailable);
    },
    async get(key) {
      const res = await request(key, { method: 'GET' });
      if (res.status === 404) return null;
      if (!res.ok) throw new HttpError(503, MESSAGES.storageUnavailable);
      return Buffer.from(await res.arrayBuffer());
    },
    async open(key) {
      const res = await request(key, { method: 'GET' });
      if (res.status === 404) return null;
      if (!res.ok || !res.body) throw new HttpError(503, MESSAGES.storageUnavailable);
      const size = Number(res.headers.get('content-length'));
      return { stream: Readable.fromWeb(res.body as import('node:stream/web').ReadableStream), size };
    },
    async remove(key) {
      const res = await request(key, { method: 'DELETE' });
      if (!res.ok && res.status !== 404) throw new HttpError(503, MESSAGES.storageUnavailable);
    },
  };
}

/** S3's answer for a bucket or account out of room (MinIO, Ceph and others use these codes). */
async function isQuotaError(res: Response): Promise<boolean> {
  if (res.ok) return false;
  const body = await res.clone().text();
  return /<Code>(XMinioStorageFull|QuotaExceeded)<\/Code>/.test(body);
}

export interface StorageConfig {
  filesDir: string;
  s3: S3Options | undefined;
}

/** A bucket when S3 is configured, otherwise the files folder. */
export function storageOf(config: StorageConfig): Storage {
  return config.s3 ? s3Storage(config.s3) : localDiskStorage(config.filesDir);
}
