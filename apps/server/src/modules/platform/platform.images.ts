import { randomUUID } from 'node:crypto';
import { MESSAGES } from '@vendaval/core/messages';
import { BRAND_IMAGE_MAX_SIDE, BRAND_IMAGE_TYPES, type Platform } from '@vendaval/core/schemas/platform';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { imageSize } from 'image-size';
import { badRequest, HttpError } from '../../infra/errors.ts';
import type { Storage } from '../../infra/storage.ts';

const FILE_FIELD = 'file';
const FILE_NAME = /^[a-f0-9-]{36}\.(png|jpg|webp)$/;
const EXTENSION: Record<(typeof BRAND_IMAGE_TYPES)[number], string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
};
const CONTENT_TYPE: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp' };

/** The one file of a multipart upload in the field "file"; the route's multipart limits cap its size. */
export async function readImageUpload(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw new HttpError(415, MESSAGES.brandImageNotMultipart);
  try {
    const part = await request.file();
    if (!part || part.fieldname !== FILE_FIELD) throw badRequest(MESSAGES.brandImageMissing, FILE_FIELD);
    const data = await part.toBuffer();
    if (data.length === 0) throw badRequest(MESSAGES.brandImageMissing, FILE_FIELD);
    return data;
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, MESSAGES.brandImageTooLarge);
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_FILES_LIMIT')
      throw badRequest(MESSAGES.brandImageMissing, FILE_FIELD);
    throw error;
  }
}

/** The image's width and height, or undefined when its header cannot be read. */
function dimensionsOf(file: Buffer): { width: number; height: number } | undefined {
  try {
    const { width, height } = imageSize(file);
    return { width, height };
  } catch {
    return undefined;
  }
}

/**
 * Stores a brand image after checking it by its content, never by its name or header: a PNG, JPEG or WebP by its
 * first bytes (an SVG, which could carry script, is refused), no wider or taller than BRAND_IMAGE_MAX_SIDE pixels.
 * Answers the address it is served at on the platform's hosts.
 */
export async function storeBrandImage(storage: Storage, platformId: number, file: Buffer): Promise<string> {
  const detected = await fileTypeFromBuffer(file);
  const mime = BRAND_IMAGE_TYPES.find((type) => type === detected?.mime);
  if (!mime) throw new HttpError(415, MESSAGES.brandImageType);
  const size = dimensionsOf(file);
  if (!size) throw new HttpError(415, MESSAGES.brandImageType);
  if (size.width > BRAND_IMAGE_MAX_SIDE || size.height > BRAND_IMAGE_MAX_SIDE)
    throw badRequest(MESSAGES.brandImageDimensions(BRAND_IMAGE_MAX_SIDE), FILE_FIELD);
  const name = `${randomUUID()}.${EXTENSION[mime]}`;
  await storage.put(`brand/${platformId}/${name}`, file);
  return `/api/v1/platforms/${platformId}/files/${name}`;
}

/** A brand image of the host's platform, or null (404) for any other name or platform. */
export async function readBrandImage(storage: Storage, platform: Platform, platformId: number, name: string) {
  if (platformId !== platform.id || !FILE_NAME.test(name)) return null;
  const data = await storage.get(`brand/${platform.id}/${name}`);
  const extension = name.split('.').pop() ?? '';
  return data && { data, contentType: CONTENT_TYPE[extension] ?? 'application/octet-stream' };
}
