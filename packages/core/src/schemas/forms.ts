import { z } from 'zod';
import { MESSAGES } from '../messages.ts';
import { idSchema, rowIdSchema } from './common.ts';

/** The field types a marketing form is built from (platform.md §3). */
export const FORM_FIELD_TYPES = ['text', 'email', 'tel', 'checkbox', 'radio', 'select', 'reset'] as const;
export type FormFieldType = (typeof FORM_FIELD_TYPES)[number];

export const FORM_FIELD_TYPE_LABELS: Readonly<Record<FormFieldType, string>> = {
  text: 'Texto',
  email: 'E-mail',
  tel: 'Telefone',
  checkbox: 'Caixa de marcar',
  radio: 'Escolha única (botões)',
  select: 'Lista de opções',
  reset: 'Botão limpar',
};

/**
 * The contact fields a form field may fill (platform.md §3). `name` is the card's name and `contact_name` the
 * contact's, as in the card form; either one names both when the other is missing.
 */
export const FORM_CONTACT_FIELDS = [
  'name',
  'phone_number',
  'contact_name',
  'email',
  'document',
  'id_number',
  'birthdate',
  'address_line1',
  'address_line2',
  'city_name',
  'neighborhood',
  'state_code',
  'postal_code',
  'instagram',
  'linkedin',
  'facebook',
] as const;
export type FormContactField = (typeof FORM_CONTACT_FIELDS)[number];

export const FORM_CONTACT_FIELD_LABELS: Readonly<Record<FormContactField, string>> = {
  name: 'Nome da oportunidade',
  phone_number: 'Telefone',
  contact_name: 'Nome do contato',
  email: 'E-mail',
  document: 'CPF',
  id_number: 'RG',
  birthdate: 'Data de nascimento',
  address_line1: 'Endereço',
  address_line2: 'Complemento',
  city_name: 'Cidade',
  neighborhood: 'Bairro',
  state_code: 'Estado (UF)',
  postal_code: 'CEP',
  instagram: 'Instagram',
  linkedin: 'LinkedIn',
  facebook: 'Facebook',
};

/** Types whose answer is one of the field's options. */
export const FORM_CHOICE_TYPES: readonly FormFieldType[] = ['radio', 'select'];
/** Types that hold no text a contact field could take. */
const UNMAPPABLE_TYPES: readonly FormFieldType[] = ['checkbox', 'reset'];

export const FORM_FIELDS_MAX = 40;
export const FORM_OPTIONS_MAX = 50;
export const FORM_ANSWER_MAX = 2000;
export const FORM_THANK_YOU_MAX = 1000;
export const FORM_TAGS_MAX = 5;
/** The public submission's body is small: a form of 40 fields of 2,000 characters fits, a flood does not. */
export const FORM_SUBMISSION_BODY_LIMIT = 96 * 1024;

export const formFieldSchema = z.strictObject({
  /** The answer's name in submissions and in the hosted page's inputs. */
  key: z
    .string()
    .regex(/^[a-z][a-z0-9_]{0,39}$/, MESSAGES.formFieldKeyInvalid)
    .refine((key) => key !== 'website', MESSAGES.formFieldKeyInvalid),
  label: z.string().trim().min(1, MESSAGES.formFieldLabelRequired).max(200),
  type: z.enum(FORM_FIELD_TYPES),
  required: z.boolean().default(false),
  /** The contact field this one fills, or null: the answer is kept with the submission only. */
  maps_to: z.enum(FORM_CONTACT_FIELDS).nullable().default(null),
  /** The choices of radio and select fields. */
  options: z.array(z.string().trim().min(1).max(200)).max(FORM_OPTIONS_MAX).default([]),
  placeholder: z.string().trim().max(200).default(''),
});
export type FormField = z.infer<typeof formFieldSchema>;
export type FormFieldInput = z.input<typeof formFieldSchema>;

/** What makes a form usable: keys once, each contact field once, a phone and a name to make the card with. */
function checkFields(fields: FormField[], ctx: z.core.$RefinementCtx<unknown>) {
  const keys = new Set<string>();
  const mapped = new Set<string>();
  fields.forEach((field, i) => {
    const at = (name: string) => ['fields', i, name];
    if (keys.has(field.key))
      ctx.addIssue({ code: 'custom', path: at('key'), message: MESSAGES.formFieldKeyRepeated(field.key) });
    keys.add(field.key);
    if (FORM_CHOICE_TYPES.includes(field.type) && field.options.length === 0)
      ctx.addIssue({ code: 'custom', path: at('options'), message: MESSAGES.formFieldOptionsRequired });
    if (field.type === 'reset' && field.required)
      ctx.addIssue({ code: 'custom', path: at('required'), message: MESSAGES.formResetNotRequired });
    if (!field.maps_to) return;
    if (UNMAPPABLE_TYPES.includes(field.type))
      ctx.addIssue({ code: 'custom', path: at('maps_to'), message: MESSAGES.formFieldMappingNotAllowed });
    if (mapped.has(field.maps_to))
      ctx.addIssue({
        code: 'custom',
        path: at('maps_to'),
        message: MESSAGES.formFieldMappedTwice(FORM_CONTACT_FIELD_LABELS[field.maps_to]),
      });
    mapped.add(field.maps_to);
  });
  if (!mapped.has('phone_number'))
    ctx.addIssue({ code: 'custom', path: ['fields'], message: MESSAGES.formPhoneFieldRequired });
  if (!mapped.has('name') && !mapped.has('contact_name'))
    ctx.addIssue({ code: 'custom', path: ['fields'], message: MESSAGES.formNameFieldRequired });
}

const redirectUrl = z
  .string()
  .trim()
  .max(2000)
  .nullish()
  .transform((v) => (v ? v : null))
  .refine((v) => v === null || /^https?:\/\/[^\s/]+/i.test(v), MESSAGES.formRedirectInvalid);

const formWriteFields = {
  name: z.string().trim().min(1, MESSAGES.formNameRequired).max(120),
  fields: z.array(formFieldSchema).min(1, MESSAGES.formFieldsRequired).max(FORM_FIELDS_MAX),
  /** The stage new cards start in; null: the workspace's stage of type First. */
  sales_stage_id: rowIdSchema.nullable().default(null),
  /** Who receives the cards; null: the workspace's distribution (each Working member of the main role in turn). */
  responsible_user_id: rowIdSchema.nullable().default(null),
  media_id: rowIdSchema.nullable().default(null),
  campaign_id: rowIdSchema.nullable().default(null),
  tags: z
    .array(rowIdSchema)
    .max(FORM_TAGS_MAX)
    .default([])
    .transform((ids) => [...new Set(ids)]),
  thank_you_text: z
    .string()
    .trim()
    .max(FORM_THANK_YOU_MAX)
    .nullish()
    .transform((v) => (v ? v : null)),
  /** Where the visitor goes after sending, instead of the thank-you text. */
  redirect_url: redirectUrl,
  active: z.boolean().default(true),
};

/** POST /forms and PUT /forms/{id}: the whole form (the builder always saves all of it). */
export const formWriteSchema = z.strictObject(formWriteFields).superRefine((form, ctx) => {
  checkFields(form.fields, ctx);
});
export type FormWrite = z.infer<typeof formWriteSchema>;
export type FormWriteInput = z.input<typeof formWriteSchema>;

const answeredField = z.object({
  key: z.string(),
  label: z.string(),
  type: z.enum(FORM_FIELD_TYPES),
  required: z.boolean(),
  maps_to: z.enum(FORM_CONTACT_FIELDS).nullable(),
  options: z.array(z.string()),
  placeholder: z.string(),
});

/** A form as its builders see it. */
export const formSchema = z.object({
  id: z.number().int(),
  /** The id of its hosted page (/f/<public_id>) and of the cards it makes (`form_id`). */
  public_id: z.string(),
  name: z.string(),
  fields: z.array(answeredField),
  sales_stage_id: z.number().int().nullable(),
  responsible_user_id: z.number().int().nullable(),
  media_id: z.number().int().nullable(),
  campaign_id: z.number().int().nullable(),
  tags: z.array(z.number().int()),
  thank_you_text: z.string().nullable(),
  redirect_url: z.string().nullable(),
  active: z.boolean(),
  submission_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Form = z.infer<typeof formSchema>;

export const formParamsSchema = z.object({ id: idSchema });

/** A public id as it appears in a hosted page's address. */
export const formPublicIdSchema = z.string().regex(/^[A-Za-z0-9_-]{8,40}$/);
export const publicFormParamsSchema = z.object({ publicId: formPublicIdSchema });

/** What a visitor's page needs: the fields and the ending; nothing of the workspace behind it. */
export const publicFormSchema = z.object({
  public_id: z.string(),
  name: z.string(),
  fields: z.array(answeredField),
  thank_you_text: z.string(),
  redirect_url: z.string().nullable(),
  /** Proves when the page was opened; the submission sends it back (time-to-fill check). */
  fill_token: z.string(),
  /** Seconds a person takes at least; an earlier submission is refused. */
  min_fill_seconds: z.number().int(),
});
export type PublicForm = z.infer<typeof publicFormSchema>;

export const UTM_KEYS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'] as const;
export type UtmKey = (typeof UTM_KEYS)[number];
const utmSchema = z
  .strictObject(
    Object.fromEntries(UTM_KEYS.map((k) => [k, z.string().trim().max(200).optional()])) as Record<
      UtmKey,
      z.ZodOptional<z.ZodString>
    >,
  )
  .default({});

/** Where a submission came from: the hosted page, the embedded page, or another system's call. */
export const FORM_CHANNELS = ['hosted', 'embed', 'api'] as const;
export type FormChannel = (typeof FORM_CHANNELS)[number];

/** POST /public/forms/{publicId}/submissions. */
export const formSubmissionPayloadSchema = z.strictObject({
  answers: z.record(z.string().max(40), z.union([z.string().max(FORM_ANSWER_MAX), z.boolean()])),
  utm: utmSchema,
  channel: z.enum(FORM_CHANNELS).default('api'),
  fill_token: z.string().max(200),
  /** Hidden from people; a robot that fills every input fills this one too. */
  website: z.string().max(FORM_ANSWER_MAX).optional(),
});
export type FormSubmissionPayload = z.infer<typeof formSubmissionPayloadSchema>;

export const formSubmissionResultSchema = z.object({
  message: z.string(),
  redirect_url: z.string().nullable(),
});
export type FormSubmissionResult = z.infer<typeof formSubmissionResultSchema>;

/** One submission as the form's list shows it. */
export const formSubmissionSchema = z.object({
  id: z.number().int(),
  form_id: z.number().int(),
  opportunity_id: z.number().int().nullable(),
  contact_id: z.number().int().nullable(),
  contact_name: z.string().nullable(),
  source_type: z.string(),
  answers: z.record(z.string(), z.union([z.string(), z.boolean()])),
  utm: z.record(z.string(), z.string()),
  created_at: z.string(),
});
export type FormSubmission = z.infer<typeof formSubmissionSchema>;
