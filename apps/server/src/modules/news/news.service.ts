import { randomUUID } from 'node:crypto';
import { MESSAGES } from '@vendaval/core/messages';
import {
  NEWS_IMAGE_NAME,
  type NewsWarning,
  type NewsWarningInput,
  newsImagePath,
  newsImagePlatform,
} from '@vendaval/core/schemas/news';
import type { Platform } from '@vendaval/core/schemas/platform';
import type { AuthContext } from '../../infra/context.ts';
import type { Db } from '../../infra/db.ts';
import { badRequest, notFound } from '../../infra/errors.ts';
import { imageContentType, imageExtensionOf } from '../../infra/image-upload.ts';
import type { Storage } from '../../infra/storage.ts';
import { assertBrandAdmin } from '../platform/platform.brand.ts';
import * as q from './news.queries.ts';

const storageKey = (platformId: number, name: string) => `news/${platformId}/${name}`;

/** YYYY-MM-DD (stored) to DD/MM/YYYY (the spec's wire format) and back. */
const toWire = (day: string) => day.split('-').reverse().join('/');
const fromWire = (day: string) => day.split('/').reverse().join('-');

export const toNewsWarning = (row: q.NewsRow): NewsWarning => ({
  id: row.id,
  message: row.message,
  created_at: row.createdAt.toISOString(),
  expiration: toWire(row.expiration),
  iframeInfo: row.iframeInfo ?? null,
  carouselInfo: row.carouselInfo ?? null,
});

/** The host's platform, when the path names it (any other platform id is 404), and a user who administers it. */
export async function assertNewsAdmin(db: Db, auth: AuthContext, host: Platform, platformId: number) {
  if (platformId !== host.id) throw notFound(MESSAGES.notFound);
  await assertBrandAdmin(db, auth, host);
}

/** What the signed-in user is shown: the warnings of their platform whose expiration day has not passed. */
export async function listCurrentNews(db: Db, auth: AuthContext) {
  const rows = await q.listCurrent(db, auth.platformId);
  return { data: rows.map(toNewsWarning) };
}

export async function listPlatformNews(db: Db, auth: AuthContext, page: { limit: number; offset: number }) {
  const { rows, total } = await q.listAll(db, auth.platformId, page);
  return { data: rows.map(toNewsWarning), pagination: { total_count: total, ...page } };
}

/** The stored fields of an admin's input; carousel images must be this platform's own uploads. */
function fieldsOf(auth: AuthContext, input: NewsWarningInput): q.NewsFields {
  input.carouselInfo?.forEach((image, index) => {
    if (newsImagePlatform(image.src) !== auth.platformId)
      throw badRequest(MESSAGES.newsImageRefused, `carouselInfo.${index}.src`);
  });
  return {
    message: input.message,
    expiration: fromWire(input.expiration),
    iframeInfo: input.iframeInfo ?? null,
    carouselInfo: input.carouselInfo ?? null,
  };
}

export async function createNews(db: Db, auth: AuthContext, input: NewsWarningInput) {
  return toNewsWarning(await q.insertNews(db, auth.platformId, auth.userId, fieldsOf(auth, input)));
}

export async function updateNews(db: Db, auth: AuthContext, id: number, input: NewsWarningInput) {
  const row = await q.updateNews(db, auth.platformId, id, fieldsOf(auth, input));
  if (!row) throw notFound(MESSAGES.notFound);
  return toNewsWarning(row);
}

export async function deleteNews(db: Db, auth: AuthContext, id: number) {
  if (!(await q.deleteNews(db, auth.platformId, id))) throw notFound(MESSAGES.notFound);
  return { message: MESSAGES.newsDeleted };
}

/** Stores a carousel image after checking its real type; answers the address a warning names it by. */
export async function uploadNewsImage(storage: Storage, auth: AuthContext, file: Buffer) {
  const name = `${randomUUID()}.${await imageExtensionOf(file)}`;
  await storage.put(storageKey(auth.platformId, name), file);
  return { src: newsImagePath(auth.platformId, name) };
}

/** A news image of the host's platform, or null (404) for any other name or platform. */
export async function readNewsImage(storage: Storage, host: Platform, platformId: number, name: string) {
  if (platformId !== host.id || !NEWS_IMAGE_NAME.test(name)) return null;
  const data = await storage.get(storageKey(host.id, name));
  return data && { data, contentType: imageContentType(name) };
}
