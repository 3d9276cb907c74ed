import {
  DEFAULT_PROBABILITY,
  isManualSource,
  MAX_TAGS,
  OPPORTUNITY_DESCRIPTION_MAX,
} from '@vendaval/core/constants';
import { parseDate } from '@vendaval/core/format';
import { MESSAGES } from '@vendaval/core/messages';
import { joinPhone, lacksAreaCode, splitPhone } from '@vendaval/core/phone';
import type { ContactFieldsInput } from '@vendaval/core/schemas/contacts';
import {
  type Opportunity,
  type OpportunityCreateInput,
  type OpportunityUpdateInput,
  opportunityCreateSchema,
} from '@vendaval/core/schemas/opportunities';
import { isValidCpf, VALIDATION_MESSAGES } from '@vendaval/core/validators';
import { z } from 'zod';
import { CEP_MASK } from '../../../../ui/cep-input/cep-input.tsx';
import { CPF_MASK } from '../../../../ui/cpf-input/cpf-input.tsx';
import { applyMask } from '../../../../ui/masked-input/masked-input.tsx';

export const DATE_MASK = '00/00/0000';

const digits = (text: string) => text.replace(/\D/g, '');
const idOrNull = (value: string | null) => (value ? Number(value) : null);
const textOrNull = (value: string) => value.trim() || null;

const isWebAddress = (value: string) =>
  value.trim() === '' || opportunityCreateSchema.shape.campaign_url.safeParse(value).success;

/** Everything the create and edit forms hold; ids of select fields are strings, as the selects keep them. */
export const cardFormSchema = z
  .object({
    name: z.string().max(200),
    probability: z.number(),
    sales_stage_id: z.number().nullable(),
    contact_id: z.number().nullable(),
    contact_name: z.string().trim().min(1, MESSAGES.contactNameRequired).max(200),
    phone_country: z.string(),
    phone: z.string(),
    email: z.union([z.literal(''), z.email(VALIDATION_MESSAGES.email)]),
    user_id: z.number().nullable(),
    user_name: z.string(),
    product_id: z.number().nullable(),
    product_name: z.string(),
    price: z.number(),
    source_type: z.string(),
    media_id: z.string().nullable(),
    campaign_url: z.string().refine(isWebAddress, MESSAGES.invalidUrl),
    campaign_id: z.string().nullable(),
    opportunity_type_id: z.string().nullable(),
    birthdate: z.string().refine((v) => v === '' || parseDate(v) !== null, MESSAGES.invalidBirthdate),
    document: z.string().refine((v) => v === '' || isValidCpf(v), MESSAGES.invalidCpf),
    id_number: z.string().max(30),
    postal_code: z.string(),
    address_line1: z.string().max(200),
    address_line2: z.string().max(200),
    state_code: z.string().nullable(),
    city_name: z.string().max(120),
    neighborhood: z.string().max(120),
    instagram: z.string().max(200),
    facebook: z.string().max(200),
    linkedin: z.string().max(200),
    is_blacklisted: z.boolean(),
    blacklist_reason: z.string().max(500),
    /** 'Não é aluno?' checked: the contact is the student's guardian (the card's is_responsible). */
    not_student: z.boolean(),
    student_name: z.string().max(200),
    student_document: z.string(),
    description: z.string().max(OPPORTUNITY_DESCRIPTION_MAX, MESSAGES.descriptionTooLong),
    tags: z.array(z.string()).max(MAX_TAGS, MESSAGES.tooManyTags),
  })
  .superRefine((values, ctx) => {
    const fail = (path: keyof CardFormValues, message: string) =>
      ctx.addIssue({ code: 'custom', path: [path], message });
    if (!values.phone) fail('phone', MESSAGES.phoneRequired);
    else if (lacksAreaCode(values.phone_country, values.phone)) fail('phone', MESSAGES.phoneWithoutAreaCode);
    if (values.user_id === null) fail('user_id', MESSAGES.responsibleFieldRequired);
    if (isManualSource(values.source_type)) {
      if (!values.source_type) fail('source_type', MESSAGES.sourceRequired);
      if (!values.media_id) fail('media_id', MESSAGES.mediaRequired);
    }
    if (values.not_student) {
      if (!values.student_name.trim()) fail('student_name', MESSAGES.studentNameRequired);
      if (!values.student_document) fail('student_document', MESSAGES.studentDocumentRequired);
      else if (!isValidCpf(values.student_document)) fail('student_document', MESSAGES.invalidCpf);
    }
  });

export type CardFormValues = z.infer<typeof cardFormSchema>;

export const EMPTY_CARD_VALUES: CardFormValues = {
  name: '',
  probability: DEFAULT_PROBABILITY,
  sales_stage_id: null,
  contact_id: null,
  contact_name: '',
  phone_country: 'BR',
  phone: '',
  email: '',
  user_id: null,
  user_name: '',
  product_id: null,
  product_name: '',
  price: 0,
  source_type: '',
  media_id: null,
  campaign_url: '',
  campaign_id: null,
  opportunity_type_id: null,
  birthdate: '',
  document: '',
  id_number: '',
  postal_code: '',
  address_line1: '',
  address_line2: '',
  state_code: null,
  city_name: '',
  neighborhood: '',
  instagram: '',
  facebook: '',
  linkedin: '',
  is_blacklisted: false,
  blacklist_reason: '',
  not_student: false,
  student_name: '',
  student_document: '',
  description: '',
  tags: [],
};

/** Fields of the 'Origem/Mídia' tab; every other field of the edit form sits on 'Dados'. */
export const ORIGIN_FIELDS: readonly (keyof CardFormValues)[] = [
  'source_type',
  'media_id',
  'campaign_url',
  'campaign_id',
];

const isoToBr = (iso: string | null) => (iso ? iso.split('-').reverse().join('/') : '');
const brToIso = (text: string) => (text ? text.split('/').reverse().join('-') : null);
const str = (id: number | null | undefined) => (id === null || id === undefined ? null : String(id));

type ContactLike = Partial<NonNullable<Opportunity['contact']>>;

/** The contact part of the form filled from a stored contact. */
export function contactToValues(contact: ContactLike | null | undefined): Partial<CardFormValues> {
  const { country, national } = splitPhone(contact?.phone_number, contact?.country_code);
  return {
    contact_id: contact?.id ?? null,
    contact_name: contact?.name ?? '',
    phone_country: country,
    phone: national,
    email: contact?.email ?? '',
    birthdate: isoToBr(contact?.birthdate ?? null),
    document: applyMask(contact?.document ?? '', CPF_MASK),
    id_number: contact?.id_number ?? '',
    postal_code: applyMask(contact?.postal_code ?? '', CEP_MASK),
    address_line1: contact?.address_line1 ?? '',
    address_line2: contact?.address_line2 ?? '',
    state_code: contact?.state_code ?? null,
    city_name: contact?.city_name ?? '',
    neighborhood: contact?.neighborhood ?? '',
    instagram: contact?.instagram ?? '',
    facebook: contact?.facebook ?? '',
    linkedin: contact?.linkedin ?? '',
    is_blacklisted: contact?.is_blacklisted ?? false,
    blacklist_reason: contact?.blacklist_reason ?? '',
  };
}

/** The edit form's values of a stored card. */
export function opportunityToValues(opportunity: Opportunity): CardFormValues {
  return {
    ...EMPTY_CARD_VALUES,
    ...contactToValues(opportunity.contact),
    name: opportunity.name,
    probability: opportunity.probability,
    sales_stage_id: opportunity.sales_stage_id,
    user_id: opportunity.user_id,
    user_name: opportunity.user?.name ?? '',
    product_id: opportunity.product_id,
    product_name: opportunity.product?.name ?? '',
    price: opportunity.price,
    source_type: opportunity.source_type,
    media_id: str(opportunity.media_id),
    campaign_url: opportunity.campaign_url ?? '',
    campaign_id: str(opportunity.campaign_id),
    opportunity_type_id: str(opportunity.opportunity_type_id),
    not_student: opportunity.is_responsible,
    student_name: opportunity.student_name ?? '',
    student_document: applyMask(opportunity.student_document ?? '', CPF_MASK),
    description: opportunity.description ?? '',
    tags: opportunity.tags.map(String),
  };
}

/** The contact object of the payloads (no workspace, opportunities or timestamps). */
export function contactPayload(values: CardFormValues): ContactFieldsInput {
  return {
    ...(values.contact_id === null ? {} : { id: values.contact_id }),
    name: values.contact_name.trim(),
    ...joinPhone(values.phone_country, values.phone),
    email: textOrNull(values.email),
    birthdate: brToIso(values.birthdate),
    document: digits(values.document) || null,
    id_number: textOrNull(values.id_number),
    postal_code: textOrNull(values.postal_code),
    address_line1: textOrNull(values.address_line1),
    address_line2: textOrNull(values.address_line2),
    state_code: (values.state_code || null) as ContactFieldsInput['state_code'],
    city_name: textOrNull(values.city_name),
    neighborhood: textOrNull(values.neighborhood),
    instagram: textOrNull(values.instagram),
    facebook: textOrNull(values.facebook),
    linkedin: textOrNull(values.linkedin),
    is_blacklisted: values.is_blacklisted,
    blacklist_reason: values.is_blacklisted ? textOrNull(values.blacklist_reason) : null,
  };
}

/** Fields the create and edit payloads share. */
function cardPayload(values: CardFormValues) {
  return {
    name: values.name.trim() || values.contact_name.trim(),
    opportunity_type_id: idOrNull(values.opportunity_type_id),
    is_responsible: values.not_student,
    student_name: values.not_student ? textOrNull(values.student_name) : null,
    student_document: values.not_student ? digits(values.student_document) || null : null,
    campaign_id: idOrNull(values.campaign_id),
    campaign_url: textOrNull(values.campaign_url),
    probability: values.probability,
    user_id: values.user_id,
    product_id: values.product_id,
    price: values.price,
    contact_id: values.contact_id,
  };
}

/** POST /opportunities: opportunities.md §3 "Create payload". */
export function createPayload(values: CardFormValues): OpportunityCreateInput {
  return {
    ...cardPayload(values),
    state_type: 'Open',
    source_type: values.source_type as OpportunityCreateInput['source_type'],
    media_id: idOrNull(values.media_id),
    description: textOrNull(values.description),
    sales_stage_id: values.sales_stage_id ?? undefined,
    contact: contactPayload(values),
  };
}

/**
 * PUT /opportunities/{id} from the edit form. The description is the notes tab's: the stored one is sent back.
 * Origin and media of an automatic source cannot change, so they are left out.
 */
export function updatePayload(values: CardFormValues, opportunity: Opportunity): OpportunityUpdateInput {
  const origin = isManualSource(values.source_type)
    ? {
        source_type: values.source_type as OpportunityUpdateInput['source_type'],
        media_id: idOrNull(values.media_id),
      }
    : {};
  return {
    id: opportunity.id,
    workspace_id: opportunity.workspace_id,
    ...cardPayload(values),
    ...origin,
    description: opportunity.description,
    tags: values.tags.map(Number),
    contact: contactPayload(values),
  };
}
