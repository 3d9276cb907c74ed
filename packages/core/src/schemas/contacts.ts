import { z } from 'zod';
import { CONTACT_TYPEAHEAD_LIMIT, LIST_LIMIT, STATE_CODES } from '../constants.ts';
import { phoneDigits } from '../format.ts';
import { MESSAGES, SCHEMA_MESSAGES } from '../messages.ts';
import { isValidCpf } from '../validators.ts';
import { rowIdSchema } from './common.ts';

/** A contact as the API answers it (opportunities.md §3). */
export const contactSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Digits with the country code, e.g. '5511987654321'. */
  phone_number: z.string().nullable(),
  country_code: z.string(),
  email: z.string().nullable(),
  /** 'YYYY-MM-DD'. */
  birthdate: z.string().nullable(),
  /** CPF, 11 digits. */
  document: z.string().nullable(),
  id_number: z.string().nullable(),
  postal_code: z.string().nullable(),
  address_line1: z.string().nullable(),
  address_line2: z.string().nullable(),
  state_code: z.string().nullable(),
  city_name: z.string().nullable(),
  neighborhood: z.string().nullable(),
  instagram: z.string().nullable(),
  facebook: z.string().nullable(),
  linkedin: z.string().nullable(),
  is_blacklisted: z.boolean(),
  blacklist_reason: z.string().nullable(),
  workspace_id: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Contact = z.infer<typeof contactSchema>;

/** Empty text means "no value": the forms send '' for fields left blank. */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));

/**
 * A phone, stored as digits with the country code. Without a leading '+' it is Brazilian — national digits or
 * with 55 — and needs its area code: 10 or 11 national digits (OPP-070). With '+' and another country code it is
 * foreign: 8 to 15 digits in all.
 */
export const phoneNumberSchema = z.string({ error: MESSAGES.phoneRequired }).transform((raw, ctx) => {
  const digits = phoneDigits(raw);
  const fail = (message: string) => {
    ctx.addIssue({ code: 'custom', message });
    return z.NEVER;
  };
  if (!digits) return fail(MESSAGES.phoneRequired);
  if (raw.trim().startsWith('+') && !digits.startsWith('55')) {
    return digits.length < 8 || digits.length > 15 ? fail(MESSAGES.invalidPhone) : digits;
  }
  const national = digits.length >= 12 && digits.startsWith('55') ? digits.slice(2) : digits;
  if (national.length < 10) return fail(MESSAGES.phoneWithoutAreaCode);
  return national.length > 11 ? fail(MESSAGES.invalidPhone) : `55${national}`;
});

const cpf = z
  .string()
  .transform(phoneDigits)
  .nullish()
  .transform((v) => (v ? v : null))
  .refine((v) => v === null || isValidCpf(v), MESSAGES.invalidCpf);

const isoDate = z
  .string()
  .nullish()
  .transform((v) => (v ? v : null))
  .refine(
    (v) => v === null || (/^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(v))),
    MESSAGES.invalidDate,
  );

/** The contact fields a form saves (the client drops workspace_id, workspace, opportunities and timestamps). */
export const contactFieldsSchema = z.strictObject({
  /** Only in the card payloads: must equal contact_id. */
  id: rowIdSchema.optional(),
  name: z
    .string({ error: MESSAGES.contactNameRequired })
    .trim()
    .min(1, MESSAGES.contactNameRequired)
    .max(200),
  phone_number: phoneNumberSchema,
  country_code: z
    .string()
    .regex(/^\d{1,4}$/)
    .optional(),
  email: z
    .union([z.literal(''), z.email(SCHEMA_MESSAGES.invalidEmail)])
    .nullish()
    .transform((v) => (v ? v.toLowerCase() : null)),
  birthdate: isoDate,
  document: cpf,
  id_number: optionalText(30),
  postal_code: optionalText(9),
  address_line1: optionalText(200),
  address_line2: optionalText(200),
  state_code: z
    .union([z.literal(''), z.enum(STATE_CODES)])
    .nullish()
    .transform((v) => (v ? v : null)),
  city_name: optionalText(120),
  neighborhood: optionalText(120),
  instagram: optionalText(200),
  facebook: optionalText(200),
  linkedin: optionalText(200),
  is_blacklisted: z.boolean().optional(),
  blacklist_reason: optionalText(500),
});
export type ContactFields = z.infer<typeof contactFieldsSchema>;
export type ContactFieldsInput = z.input<typeof contactFieldsSchema>;

/** PUT /contacts/{id}: any subset of the fields. */
export const contactUpdateSchema = contactFieldsSchema
  .omit({ id: true })
  .partial()
  .refine((patch) => Object.keys(patch).length > 0, MESSAGES.emptyUpdate);

/** GET /contacts: type-ahead and the contacts screen (search by name, phone digits, e-mail or #id). */
export const contactListQuerySchema = z.strictObject({
  search: z.string().trim().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(LIST_LIMIT).default(CONTACT_TYPEAHEAD_LIMIT),
  offset: z.coerce.number().int().min(0).default(0),
});
export type ContactListQuery = z.infer<typeof contactListQuerySchema>;
