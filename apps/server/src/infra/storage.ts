import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';

/** Where uploaded files live. Keys are ours (never a client's file name): `<folder>/<name>`. */
export interface Storage {
  put(key: string, data: Buffer): Promise<void>;
  /** The file's bytes, or null when there is no such file. */
  get(key: string): Promise<Buffer | null>;
}

const KEY = /^[a-z0-9-]+(\/[a-z0-9-]+)*\.[a-z0-9]+$/;

/** Files on the local disk under `root` (DATA_DIR/files by default). */
export function localDiskStorage(root: string): Storage {
  const base = resolve(root);
  const pathOf = (key: string) => {
    const path = resolve(join(base, key));
    if (!KEY.test(key) || !path.startsWith(base + sep)) throw new Error(`bad storage key ${key}`);
    return path;
  };
  return {
    async put(key, data) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      // Written aside and renamed, so a reader never sees half a file.
      const partial = `${path}.partial`;
      await writeFile(partial, data);
      await rename(partial, path);
    },
    async get(key) {
      try {
        return await readFile(pathOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
  };
}
