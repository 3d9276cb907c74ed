import { MESSAGES } from '@vendaval/core/messages';
import { BRAND_IMAGE_TYPES } from '@vendaval/core/schemas/platform';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { badRequest, HttpError } from './errors.ts';

// Images a platform admin uploads (brand images, news carousels): one file in the multipart field "file", of a
// type checked by its first bytes, served back only as that image type.

export const IMAGE_FILE_FIELD = 'file';

const EXTENSION: Record<(typeof BRAND_IMAGE_TYPES)[number], string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
};
const CONTENT_TYPE: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp' };

/** The file extension for an image of an accepted type, found by its content, never by its name or header. */
export async function imageExtensionOf(file: Buffer): Promise<string> {
  const detected = await fileTypeFromBuffer(file);
  const mime = BRAND_IMAGE_TYPES.find((type) => type === detected?.mime);
  if (!mime) throw new HttpError(415, MESSAGES.brandImageType);
  return EXTENSION[mime];
}

/** The content type a stored image is served with, by the extension its name was given when stored. */
export const imageContentType = (name: string) =>
  CONTENT_TYPE[name.split('.').pop() ?? ''] ?? 'application/octet-stream';

/** Reads the one uploaded file of a multipart request (the multipart plugin limits its size and parts). */
export async function readImageUpload(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw new HttpError(415, MESSAGES.brandImageNotMultipart);
  try {
    const part = await request.file();
    if (!part || part.fieldname !== IMAGE_FILE_FIELD)
      throw badRequest(MESSAGES.brandImageMissing, IMAGE_FILE_FIELD);
    const data = await part.toBuffer();
    if (data.length === 0) throw badRequest(MESSAGES.brandImageMissing, IMAGE_FILE_FIELD);
    return data;
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, MESSAGES.brandImageTooLarge);
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_FILES_LIMIT')
      throw badRequest(MESSAGES.brandImageMissing, IMAGE_FILE_FIELD);
    throw error;
  }
}

/** Headers for serving a stored image: only ever that image type, never rendered as a document of this origin. */
export const IMAGE_HEADERS = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; sandbox",
  'cache-control': 'public, max-age=31536000, immutable',
} as const;
