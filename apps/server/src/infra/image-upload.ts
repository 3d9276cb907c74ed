import { MESSAGES } from '@vendaval/core/messages';
import { BRAND_IMAGE_MAX_SIDE, BRAND_IMAGE_TYPES } from '@vendaval/core/schemas/platform';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { imageSize } from 'image-size';
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
 * The file extension for an image of an accepted type, found by its content, never by its name or header: a PNG,
 * JPEG or WebP by its first bytes (an SVG, which could carry script, is refused), no wider or taller than
 * BRAND_IMAGE_MAX_SIDE pixels.
 */
export async function imageExtensionOf(file: Buffer): Promise<string> {
  const detected = await fileTypeFromBuffer(file);
  const mime = BRAND_IMAGE_TYPES.find((type) => type === detected?.mime);
  const size = mime && dimensionsOf(file);
  if (!mime || !size) throw new HttpError(415, MESSAGES.brandImageType);
  if (size.width > BRAND_IMAGE_MAX_SIDE || size.height > BRAND_IMAGE_MAX_SIDE)
    throw badRequest(MESSAGES.brandImageDimensions(BRAND_IMAGE_MAX_SIDE), IMAGE_FILE_FIELD);
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
