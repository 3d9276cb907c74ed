import { randomUUID, timingSafeEqual } from 'node:crypto';
import { MEDIA_MAX_BYTES } from '@vendaval/core/constants';
import { fileTypeFromBuffer } from 'file-type';
import type { Storage } from '../../infra/storage.ts';
import type { Scope } from '../../infra/tenancy/scope.ts';

const OFFICE_TYPES = [
  'application/pdf',
  'application/msword',
  'application/vnd.ms-excel',
  'application/vnd.ms-powerpoint',
  // Legacy .doc/.xls/.ppt are compound files; file-type names the container only.
  'application/x-cfb',
  'application/rtf',
  'application/zip',
];
const VIDEO_TYPES = ['video/mp4', 'video/3gpp'];
// Images that cannot carry script: never svg, whatever the name says.
const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'image/bmp', 'image/heic'];

/** Whether a type read from the bytes may be stored and served back (chat.md §3 media groups). */
export function isAllowedMime(mime: string): boolean {
  if (IMAGE_TYPES.includes(mime) || VIDEO_TYPES.includes(mime) || OFFICE_TYPES.includes(mime)) return true;
  if (mime.startsWith('audio/')) return true;
  return (
    mime.startsWith('application/vnd.openxmlformats-officedocument.') ||
    mime.startsWith('application/vnd.oasis.opendocument.')
  );
}

export type FileCheck =
  | { ok: true; mime: string; ext: string }
  | { ok: false; reason: 'too-large' | 'type' | 'empty' };

/** Size and real type, read from the bytes: a client's name or declared type is never trusted. */
export async function checkFile(bytes: Uint8Array): Promise<FileCheck> {
  if (bytes.byteLength === 0) return { ok: false, reason: 'empty' };
  if (bytes.byteLength > MEDIA_MAX_BYTES) return { ok: false, reason: 'too-large' };
  const detected = await fileTypeFromBuffer(bytes);
  if (!detected || !isAllowedMime(detected.mime)) return { ok: false, reason: 'type' };
  return { ok: true, mime: detected.mime, ext: detected.ext };
}

/** Decodes base64, optionally a data: URL; null when it is not base64. */
export function decodeBase64File(value: string): Buffer | null {
  const comma = value.startsWith('data:') ? value.indexOf(',') : -1;
  const body = (comma >= 0 ? value.slice(comma + 1) : value).replace(/\s/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(body) && !/^[A-Za-z0-9_-]*={0,2}$/.test(body)) return null;
  return Buffer.from(body, body.includes('-') || body.includes('_') ? 'base64url' : 'base64');
}

/** Stores checked bytes under a key of ours; answers the key. */
export async function storeChatFile(storage: Storage, scope: Scope, bytes: Uint8Array, ext: string) {
  const key = `chat/${scope.platformId}/${scope.workspaceId}/${randomUUID()}.${ext.toLowerCase()}`;
  await storage.put(key, Buffer.from(bytes));
  return key;
}

/** A file name safe to show and to put in a header: no path, no control characters. */
export function cleanFileName(name: string | undefined, ext: string) {
  const base =
    (name ?? '')
      .split(/[\\/]/)
      .pop()
      ?.replace(/[\p{Cc}"]/gu, '')
      .trim() ?? '';
  return base.length > 0 ? base.slice(0, 255) : `arquivo.${ext}`;
}

// ---- signed links ---------------------------------------------------------------------------------

/** `<img>` and `<audio>` cannot send the bearer token, so files are read through short-lived signed links. */
export const FILE_LINK_TTL_SECONDS = 60 * 60;

/** Signs text with the app's secret (TokenSigner.mac). */
export type Mac = (data: string) => string;

const signature = (mac: Mac, workspaceId: number, messageId: number, expires: number) =>
  mac(`chat-file:${workspaceId}:${messageId}:${expires}`);

export function signedFilePath(mac: Mac, scope: Scope, messageId: number, now = Date.now()) {
  const expires = Math.floor(now / 1000) + FILE_LINK_TTL_SECONDS;
  const sig = signature(mac, scope.workspaceId, messageId, expires);
  return `/api/v1/chat-files/${scope.workspaceId}/${messageId}?expires=${expires}&signature=${sig}`;
}

export function isValidFileSignature(
  mac: Mac,
  link: { workspaceId: number; messageId: number; expires: number; signature: string },
  now = Date.now(),
) {
  if (link.expires * 1000 < now) return false;
  const expected = Buffer.from(signature(mac, link.workspaceId, link.messageId, link.expires));
  const given = link.signature;
  const actual = Buffer.from(given);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
