import { randomUUID } from 'node:crypto';
import type { Platform } from '@vendaval/core/schemas/platform';
import { imageContentType, imageExtensionOf } from '../../infra/image-upload.ts';
import type { Storage } from '../../infra/storage.ts';

const FILE_NAME = /^[a-f0-9-]{36}\.(png|jpg|webp)$/;

/** Stores a brand image after checking it by its content; answers the address it is served at on the platform's hosts. */
export async function storeBrandImage(storage: Storage, platformId: number, file: Buffer): Promise<string> {
  const name = `${randomUUID()}.${await imageExtensionOf(file)}`;
  await storage.put(`brand/${platformId}/${name}`, file);
  return `/api/v1/platforms/${platformId}/files/${name}`;
}

/** A brand image of the host's platform, or null (404) for any other name or platform. */
export async function readBrandImage(storage: Storage, platform: Platform, platformId: number, name: string) {
  if (platformId !== platform.id || !FILE_NAME.test(name)) return null;
  const data = await storage.get(`brand/${platform.id}/${name}`);
  return data && { data, contentType: imageContentType(name) };
}
