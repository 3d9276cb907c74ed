import { z } from 'zod';
import { parseDate } from '../format.ts';
import { MESSAGES } from '../messages.ts';
import { idSchema } from './common.ts';

// News warnings (platform.md §3, §4): platform-wide items its admins publish, shown once to every signed-in user
// until their expiration date has passed.

/**
 * Hosts whose players may be embedded in a news warning. Anything else is refused by the server and never
 * rendered by the client; the app's frame-src policy lists the same hosts.
 */
export const NEWS_VIDEO_HOSTS = [
  'www.youtube.com',
  'youtube.com',
  'www.youtube-nocookie.com',
  'youtube-nocookie.com',
  'player.vimeo.com',
] as const;

/** https, a host name (no credentials, no port), then an optional path, query or fragment without spaces. */
const HTTPS_ADDRESS = /^https:\/\/([a-z0-9.-]+)(?:[/?#]\S*)?$/i;

/** True for an https address on one of the allowed video hosts (no credentials, no port). */
export function isAllowedVideoSrc(src: string): boolean {
  const host = HTTPS_ADDRESS.exec(src)?.[1]?.toLowerCase();
  return host !== undefined && (NEWS_VIDEO_HOSTS as readonly string[]).includes(host);
}

/** How many images one carousel holds. */
export const NEWS_CAROUSEL_MAX = 10;

/** The address of an image uploaded for a news warning of that platform (the only images a carousel shows). */
export const newsImagePath = (platformId: number, name: string) =>
  `/api/v1/platforms/${platformId}/news/images/${name}`;
export const NEWS_IMAGE_NAME = /^[a-f0-9-]{36}\.(png|jpg|webp)$/;
const NEWS_IMAGE_PATH = /^\/api\/v1\/platforms\/(\d+)\/news\/images\/([a-f0-9-]{36}\.(png|jpg|webp))$/;

/** The platform an uploaded news image belongs to, or null for any other address. */
export function newsImagePlatform(src: string): number | null {
  const match = NEWS_IMAGE_PATH.exec(src);
  return match ? Number(match[1]) : null;
}

export const newsIframeInfoSchema = z.object({ title: z.string(), src: z.string() });
export const newsCarouselItemSchema = z.object({ src: z.string(), description: z.string() });
export type NewsCarouselItem = z.infer<typeof newsCarouselItemSchema>;

/** A news warning as the spec names its fields; expiration is DD/MM/YYYY, the last day it is shown. */
export const newsWarningSchema = z.object({
  id: z.number().int(),
  message: z.string(),
  created_at: z.string(),
  expiration: z.string(),
  iframeInfo: newsIframeInfoSchema.nullable(),
  carouselInfo: z.array(newsCarouselItemSchema).nullable(),
});
export type NewsWarning = z.infer<typeof newsWarningSchema>;

/** True once the expiration day (DD/MM/YYYY, the last day it is shown) is over, or when it cannot be read. */
export function isNewsExpired(expiration: string, now: Date = new Date()): boolean {
  const day = parseDate(expiration);
  if (!day) return true;
  const end = new Date(day.getFullYear(), day.getMonth(), day.getDate() + 1);
  return now >= end;
}

export const newsWarningListSchema = z.object({ data: z.array(newsWarningSchema) });

const text = (max: number) => z.string().trim().min(1, MESSAGES.fieldRequired).max(max);

/** What a platform admin writes; the server also checks that carousel images are this platform's uploads. */
export const newsWarningInputSchema = z.strictObject({
  message: text(2000),
  expiration: z
    .string()
    .trim()
    .refine((value) => parseDate(value) !== null, MESSAGES.newsExpirationFormat),
  iframeInfo: z
    .strictObject({
      title: text(120),
      src: z.string().trim().max(500).refine(isAllowedVideoSrc, MESSAGES.newsVideoHostRefused),
    })
    .nullable()
    .optional(),
  carouselInfo: z
    .array(
      z.strictObject({
        src: z
          .string()
          .trim()
          .max(200)
          .refine((src) => newsImagePlatform(src) !== null, MESSAGES.newsImageRefused),
        description: z.string().trim().max(300),
      }),
    )
    .min(1)
    .max(NEWS_CAROUSEL_MAX)
    .nullable()
    .optional(),
});
export type NewsWarningInput = z.infer<typeof newsWarningInputSchema>;

export const newsParamsSchema = z.object({ platformId: idSchema, id: idSchema });
export const newsImageSavedSchema = z.object({ src: z.string() });
