import { z } from 'zod';
import { MESSAGES } from '../messages.ts';
import { emailSchema, passwordSchema } from '../validators.ts';
import { isAllowedVideoSrc } from './news.ts';

const variants = z.object({ light: z.string(), dark: z.string() });

export const platformSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  short_name: z.string(),
  subtitle: z.string(),
  hosts: z.array(z.string()),
  spinner: z.enum(['dark', 'light']),
  favicon: z.string(),
  trademark_owner: z.string(),
  logos: z.object({ default: variants, short: variants }),
  login_backgrounds: z.object({ desktop: z.string(), mobile: z.string() }),
  palette: z.object({
    primary: z.string(),
    secondary: z.string(),
    nav: z.string(),
    button: z.string().nullable(),
  }),
  gradient: z.object({ primary: z.string(), secondary: z.string(), login_only: z.boolean() }).nullable(),
  flags: z.object({
    changeButton: z.boolean(),
    has_reset: z.boolean(),
    has_street_generation: z.boolean(),
    planning: z.string().nullable(),
    integrated_enroll: z.string().nullable(),
    responsibleCheck: z.boolean(),
    calendar_actions: z.string().nullable(),
    main_collaborator: z.enum(['salesRep', 'manager']),
    /** The card-type icons (PLAT-147): only the product's own hosts show them. */
    opportunity_type_icons: z.boolean(),
  }),
  terms: z.object({
    won_term: z.string(),
    lost_term: z.string(),
    product_term: z.string(),
    price_term: z.string(),
    concluded_term: z.string(),
    sales_rep_term: z.string(),
  }),
  preset_values: z.object({ source_type: z.string(), media_id: z.number().int().nullable() }),
  faq_videos: z.array(z.object({ path: z.string(), local: z.boolean(), src: z.string(), title: z.string() })),
  dashboard_titles: z.object({
    service_tab: z.string(),
    ranking_tab: z.string(),
    charts: z.array(z.string()),
  }),
});
export type Platform = z.infer<typeof platformSchema>;

const hexColor = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, MESSAGES.colorFormat);
const brandText = (max: number) => z.string().trim().min(1, MESSAGES.fieldRequired).max(max);

/** The screens whose help button shows the brand's tutorial videos (platform.md §2); other paths show none. */
export const FAQ_VIDEO_PATHS = ['/', '/calendar', '/omnichannel'] as const;

/** A video file served by the app itself: a plain path of this origin. */
export const isLocalVideoSrc = (src: string) => /^\/(?!\/)[\w\-./]+$/.test(src) && !src.includes('..');

/** Brand images a platform admin may replace; each is uploaded, never given as an address. */
export const BRAND_IMAGE_SLOTS = [
  'favicon',
  'logo_default_light',
  'logo_default_dark',
  'logo_short_light',
  'logo_short_dark',
  'login_desktop',
  'login_mobile',
] as const;
export type BrandImageSlot = (typeof BRAND_IMAGE_SLOTS)[number];
export const brandImageSlotSchema = z.enum(BRAND_IMAGE_SLOTS);
export const BRAND_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export const BRAND_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

/**
 * What a platform's admins may change of their brand. Every field is optional; null gives the field back to the
 * built-in profile.
 */
export const brandUpdateSchema = z.strictObject({
  name: brandText(80).nullable().optional(),
  subtitle: brandText(160).nullable().optional(),
  palette: z
    .strictObject({
      primary: hexColor,
      secondary: hexColor,
      nav: hexColor,
      button: hexColor.nullable(),
    })
    .nullable()
    .optional(),
  gradient: z
    .strictObject({ primary: hexColor, secondary: hexColor, login_only: z.boolean() })
    .nullable()
    .optional(),
  terms: z
    .strictObject({
      won_term: brandText(60).optional(),
      lost_term: brandText(60).optional(),
      product_term: brandText(60).optional(),
      price_term: brandText(60).optional(),
      concluded_term: brandText(60).optional(),
      sales_rep_term: brandText(60).optional(),
    })
    .nullable()
    .optional(),
  dashboard_titles: z
    .strictObject({
      service_tab: brandText(60),
      ranking_tab: brandText(60),
      charts: z.array(brandText(60)).min(1).max(12),
    })
    .nullable()
    .optional(),
  faq_videos: z
    .array(
      z
        .strictObject({
          path: z.enum(FAQ_VIDEO_PATHS),
          local: z.boolean(),
          src: z.string().trim().max(500),
          title: brandText(120),
        })
        .refine((video) => (video.local ? isLocalVideoSrc(video.src) : isAllowedVideoSrc(video.src)), {
          message: MESSAGES.newsVideoHostRefused,
          path: ['src'],
        }),
    )
    .max(30)
    .nullable()
    .optional(),
  /** Only null is accepted: an image is set by uploading it. */
  images: z.partialRecord(brandImageSlotSchema, z.null()).optional(),
});
export type BrandUpdate = z.infer<typeof brandUpdateSchema>;

/** The stored overrides: the editable fields plus the addresses of uploaded images. */
export type BrandOverrides = {
  name?: string;
  subtitle?: string;
  palette?: Platform['palette'];
  gradient?: Platform['gradient'];
  terms?: Partial<Platform['terms']>;
  dashboard_titles?: Platform['dashboard_titles'];
  faq_videos?: Platform['faq_videos'];
  images?: Partial<Record<BrandImageSlot, string>>;
};

/** The brand editor's view: the effective platform and which fields are the admins' own. */
export const brandSchema = z.object({
  platform: platformSchema,
  overridden: z.array(z.string()),
});

/** A brand image's width and height may not pass this many pixels. */
export const BRAND_IMAGE_MAX_SIDE = 4096;
export const PLATFORM_HOSTS_MAX = 10;

/** A host name as the browser sends it, without port: letters, digits, dots and hyphens. */
const hostSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(253, MESSAGES.platformHostInvalid)
  .regex(
    /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/,
    MESSAGES.platformHostInvalid,
  );

const termsSchema = z.strictObject({
  won_term: brandText(60),
  lost_term: brandText(60),
  product_term: brandText(60),
  price_term: brandText(60),
  concluded_term: brandText(60),
  sales_rep_term: brandText(60),
});
const optionalKey = brandText(60).nullable();

/**
 * A white-label profile as the operator (role master) writes it: every key of platform.md §1 but the images,
 * which are uploaded one by one.
 */
export const platformProfileSchema = z.strictObject({
  name: brandText(80),
  short_name: brandText(40),
  subtitle: brandText(160),
  trademark_owner: brandText(80),
  hosts: z
    .array(hostSchema)
    .min(1, MESSAGES.platformHostsRequired)
    .max(PLATFORM_HOSTS_MAX)
    .refine((hosts) => new Set(hosts).size === hosts.length, MESSAGES.platformHostsRepeated),
  spinner: z.enum(['dark', 'light']),
  palette: z.strictObject({
    primary: hexColor,
    secondary: hexColor,
    nav: hexColor,
    button: hexColor.nullable(),
  }),
  gradient: z.strictObject({ primary: hexColor, secondary: hexColor, login_only: z.boolean() }).nullable(),
  flags: z.strictObject({
    changeButton: z.boolean(),
    has_reset: z.boolean(),
    has_street_generation: z.boolean(),
    planning: optionalKey,
    integrated_enroll: optionalKey,
    responsibleCheck: z.boolean(),
    calendar_actions: optionalKey,
    main_collaborator: z.enum(['salesRep', 'manager']),
    opportunity_type_icons: z.boolean(),
  }),
  terms: termsSchema,
  preset_values: z.strictObject({
    source_type: brandText(40),
    media_id: z.number().int().min(1).max(2_147_483_647).nullable(),
  }),
  faq_videos: z
    .array(
      z.strictObject({
        path: brandText(200),
        local: z.boolean(),
        src: brandText(500),
        title: brandText(120),
      }),
    )
    .max(50),
  dashboard_titles: z.strictObject({
    service_tab: brandText(60),
    ranking_tab: brandText(60),
    charts: z.array(brandText(60)).min(1).max(12),
  }),
});
export type PlatformProfile = z.infer<typeof platformProfileSchema>;

/** A new platform: its profile, and the first workspace with its administrator, who signs in on its host. */
export const platformCreateSchema = platformProfileSchema.extend({
  first_workspace: z.strictObject({
    name: brandText(80),
    admin_name: brandText(120),
    admin_email: emailSchema,
    admin_password: passwordSchema,
  }),
});
export type PlatformCreate = z.infer<typeof platformCreateSchema>;

/** An edit of a platform's profile: only the keys sent change. */
export const platformProfileUpdateSchema = platformProfileSchema.partial();
export type PlatformProfileUpdate = z.infer<typeof platformProfileUpdateSchema>;

/** A row of the operator's list. */
export const platformSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  short_name: z.string(),
  hosts: z.array(z.string()),
  palette: platformSchema.shape.palette,
});
export type PlatformSummary = z.infer<typeof platformSummarySchema>;
