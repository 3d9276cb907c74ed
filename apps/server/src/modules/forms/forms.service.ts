import { randomBytes } from 'node:crypto';
import { CREATION_STAGE_TYPES, type SourceType } from '@vendaval/core/constants';
import { MESSAGES, SCHEMA_MESSAGES } from '@vendaval/core/messages';
import { canManageForms } from '@vendaval/core/permissions';
import type { ErrorResponse } from '@vendaval/core/schemas/common';
import { type ContactFields, contactFieldsSchema, phoneNumberSchema } from '@vendaval/core/schemas/contacts';
import {
  FORM_CHOICE_TYPES,
  type Form,
  type FormChannel,
  type FormField,
  type FormSubmission,
  type FormSubmissionPayload,
  type FormSubmissionResult,
  type FormWrite,
  type PublicForm,
} from '@vendaval/core/schemas/forms';
import type { Platform } from '@vendaval/core/schemas/platform';
import { z } from 'zod';
import type { WorkspaceContext } from '../../infra/context.ts';
import type { Db, DbOrTx } from '../../infra/db.ts';
import { badRequest, forbidden, HttpError, notFound } from '../../infra/errors.ts';
import type { PublishingDeps } from '../../infra/events.ts';
import { type Page, pageOf } from '../../infra/pagination.ts';
import type { Scope } from '../../infra/tenancy/scope.ts';
import type { TokenSigner } from '../../infra/tokens.ts';
import { salesStagesOf } from '../catalog/catalog.service.ts';
import * as lists from '../catalog/lists.service.ts';
import { contactForCard, findContactByPhone } from '../contacts/contacts.service.ts';
import { createInboundOpportunity } from '../opportunities/opportunities.service.ts';
import { findMembership } from '../users/users.service.ts';
import * as q from './forms.queries.ts';

/** The anti-spam settings of the public submissions. */
export interface FormGuard {
  tokens: TokenSigner;
  /** A submission earlier than this after the page opened is a robot's. */
  minFillSeconds: number;
}

/** A page opened longer ago than this must be reloaded before sending. */
const FILL_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;

const CHANNEL_SOURCES: Readonly<Record<FormChannel, SourceType>> = {
  hosted: 'FormularioSite',
  embed: 'FormularioExterno',
  api: 'FormularioExterno',
};

const newPublicId = () => randomBytes(12).toString('base64url');

function assertCanManage(ctx: WorkspaceContext) {
  if (!canManageForms(ctx.role)) throw forbidden(MESSAGES.forbidden);
}

function toForm(row: q.FormRow, submissions: number): Form {
  return {
    id: row.id,
    public_id: row.publicId,
    name: row.name,
    fields: row.fields,
    sales_stage_id: row.salesStageId,
    responsible_user_id: row.responsibleUserId,
    media_id: row.mediaId,
    campaign_id: row.campaignId,
    tags: row.tagIds,
    thank_you_text: row.thankYouText,
    redirect_url: row.redirectUrl,
    active: row.active,
    submission_count: submissions,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

const toColumns = (input: FormWrite) => ({
  name: input.name,
  fields: input.fields,
  salesStageId: input.sales_stage_id,
  responsibleUserId: input.responsible_user_id,
  mediaId: input.media_id,
  campaignId: input.campaign_id,
  tagIds: input.tags,
  thankYouText: input.thank_you_text,
  redirectUrl: input.redirect_url,
  active: input.active,
});

/** Every id the form names belongs to this workspace (404 otherwise), and its stage is an open one. */
async function checkRefs(db: Db, ctx: WorkspaceContext, input: FormWrite) {
  if (input.sales_stage_id !== null) {
    const stage = (await salesStagesOf(db, ctx)).find((s) => s.id === input.sales_stage_id);
    if (!stage) throw notFound(MESSAGES.notFound);
    if (!(CREATION_STAGE_TYPES as readonly string[]).includes(stage.type))
      throw badRequest(MESSAGES.creationStageOnly, 'sales_stage_id');
  }
  if (
    input.responsible_user_id !== null &&
    !(await findMembership(db, ctx.platformId, ctx.workspaceId, input.responsible_user_id))
  )
    throw notFound(MESSAGES.notFound);
  if (input.media_id !== null) await lists.getItem(db, ctx, lists.medias, input.media_id);
  if (input.campaign_id !== null) await lists.getItem(db, ctx, lists.campaigns, input.campaign_id);
  for (const tag of input.tags) await lists.getItem(db, ctx, lists.tags, tag);
}

/** Every member may list the forms (the board filters by them); building them is for admins and managers. */
export async function listForms(db: Db, ctx: WorkspaceContext, page: { limit: number; offset: number }) {
  const { rows, total } = await q.listForms(db, ctx, page);
  const counts = await q.countSubmissions(
    db,
    ctx,
    rows.map((r) => r.id),
  );
  return pageOf(
    rows.map((row) => toForm(row, counts.get(row.id) ?? 0)),
    total,
    page.limit,
    page.offset,
  );
}

async function ownForm(db: Db, ctx: WorkspaceContext, id: number) {
  const row = await q.findForm(db, ctx, id);
  if (!row) throw notFound(MESSAGES.notFound);
  return row;
}

export async function getForm(db: Db, ctx: WorkspaceContext, id: number): Promise<Form> {
  const row = await ownForm(db, ctx, id);
  const counts = await q.countSubmissions(db, ctx, [row.id]);
  return toForm(row, counts.get(row.id) ?? 0);
}

export async function createForm(db: Db, ctx: WorkspaceContext, input: FormWrite): Promise<Form> {
  assertCanManage(ctx);
  await checkRefs(db, ctx, input);
  const row = await q.insertForm(db, ctx, { ...toColumns(input), publicId: newPublicId() });
  return toForm(row, 0);
}

export async function updateForm(db: Db, ctx: WorkspaceContext, id: number, input: FormWrite): Promise<Form> {
  assertCanManage(ctx);
  await ownForm(db, ctx, id);
  await checkRefs(db, ctx, input);
  const row = await q.updateForm(db, ctx, id, toColumns(input));
  if (!row) throw notFound(MESSAGES.notFound);
  return getForm(db, ctx, row.id);
}

/** The form and its submissions go; the cards it made stay, with its id. */
export async function deleteForm(db: Db, ctx: WorkspaceContext, id: number) {
  assertCanManage(ctx);
  if (!(await q.deleteForm(db, ctx, id))) throw notFound(MESSAGES.notFound);
  return { message: 'Formulário excluído.' };
}

export async function listSubmissions(
  db: Db,
  ctx: WorkspaceContext,
  id: number,
  page: { limit: number; offset: number },
): Promise<Page<FormSubmission>> {
  assertCanManage(ctx);
  await ownForm(db, ctx, id);
  const { rows, total } = await q.listSubmissions(db, ctx, id, page);
  return pageOf(
    rows.map(({ submission: s, contactName }) => ({
      id: s.id,
      form_id: s.formId,
      opportunity_id: s.opportunityId,
      contact_id: s.contactId,
      contact_name: contactName,
      source_type: s.sourceType,
      answers: s.answers,
      utm: s.utm,
      created_at: s.createdAt.toISOString(),
    })),
    total,
    page.limit,
    page.offset,
  );
}

// ---- the public side ------------------------------------------------------------------------------------

/** `<issued at ms>.<mac>`: proves when this platform's page of this form was opened, and that nobody changed it. */
export function fillToken(tokens: TokenSigner, platformId: number, publicId: string, issuedAtMs: number) {
  return `${issuedAtMs}.${tokens.mac(`form-fill:${platformId}:${publicId}:${issuedAtMs}`)}`;
}

function checkFillToken(guard: FormGuard, platformId: number, publicId: string, token: string, now: number) {
  const issuedAt = Number(token.split('.')[0]);
  const valid =
    Number.isSafeInteger(issuedAt) &&
    token === fillToken(guard.tokens, platformId, publicId, issuedAt) &&
    now - issuedAt < FILL_TOKEN_TTL_MS;
  if (!valid) throw new HttpError(400, MESSAGES.formFillTokenInvalid);
  if (now - issuedAt < guard.minFillSeconds * 1000) throw new HttpError(400, MESSAGES.formFilledTooFast);
}

/** An active form of the host's platform; any other (another platform's, a switched-off one) is not found. */
async function publicForm(db: DbOrTx, platformId: number, publicId: string) {
  const row = await q.findPublicForm(db, platformId, publicId);
  if (!row?.active) throw notFound(MESSAGES.notFound);
  return row;
}

export async function getPublicForm(
  db: Db,
  guard: FormGuard,
  platformId: number,
  publicId: string,
): Promise<PublicForm> {
  const row = await publicForm(db, platformId, publicId);
  return {
    public_id: row.publicId,
    name: row.name,
    fields: row.fields,
    thank_you_text: row.thankYouText ?? MESSAGES.formThankYouDefault,
    redirect_url: row.redirectUrl,
    fill_token: fillToken(guard.tokens, platformId, row.publicId, Date.now()),
    min_fill_seconds: guard.minFillSeconds,
  };
}

type FieldError = NonNullable<ErrorResponse['errors']>[number];
type Answers = FormSubmissionPayload['answers'];

const emailSchema = z.email();

/** One answer checked against its field: its kind, its options, a phone or e-mail that is one. */
function answerError(field: FormField, value: string | boolean | undefined): string | null {
  if (field.type === 'checkbox') {
    if (value !== undefined && typeof value !== 'boolean') return MESSAGES.formAnswerInvalid;
    return field.required && value !== true ? MESSAGES.formAnswerRequired : null;
  }
  if (value !== undefined && typeof value !== 'string') return MESSAGES.formAnswerInvalid;
  const text = value?.trim() ?? '';
  if (!text) return field.required ? MESSAGES.formAnswerRequired : null;
  if (FORM_CHOICE_TYPES.includes(field.type) && !field.options.includes(text))
    return MESSAGES.formAnswerOption;
  if (field.maps_to) return null; // the contact's own rules check it below
  if (field.type === 'email' && !emailSchema.safeParse(text).success) return SCHEMA_MESSAGES.invalidEmail;
  if (field.type === 'tel') {
    const phone = phoneNumberSchema.safeParse(text);
    if (!phone.success) return phone.error.issues[0]?.message ?? MESSAGES.invalidPhone;
  }
  return null;
}

interface ReadAnswers {
  contact: ContactFields;
  cardName: string;
  kept: Record<string, string | boolean>;
}

/**
 * The answers as the card form would take them: every key a field of the form, each answer of its field's kind,
 * the mapped ones through the contact's own rules (phone, CPF, e-mail…). Every refusal names its field.
 */
function readAnswers(fields: FormField[], answers: Answers): ReadAnswers {
  const byKey = new Map(fields.filter((f) => f.type !== 'reset').map((f) => [f.key, f]));
  const errors: FieldError[] = [];
  for (const key of Object.keys(answers))
    if (!byKey.has(key)) errors.push({ field: `answers.${key}`, description: MESSAGES.formAnswerUnknown });
  const kept: Record<string, string | boolean> = {};
  const mapped: Record<string, string> = {};
  const keyOf: Record<string, string> = {};
  for (const field of byKey.values()) {
    const value = answers[field.key];
    const error = answerError(field, value);
    if (error) errors.push({ field: `answers.${field.key}`, description: error });
    if (value === undefined) continue;
    kept[field.key] = typeof value === 'string' ? value.trim() : value;
    if (field.maps_to && typeof value === 'string' && value.trim()) {
      mapped[field.maps_to] = value.trim();
      keyOf[field.maps_to] = field.key;
    }
  }
  const { name: cardName, contact_name: contactName, ...contactFields } = mapped;
  keyOf.name ??= keyOf.contact_name ?? '';
  const parsed = contactFieldsSchema.safeParse({ ...contactFields, name: contactName ?? cardName ?? '' });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const contactField = String(issue.path[0] ?? '');
      const key = keyOf[contactField === 'name' ? 'contact_name' : contactField] ?? keyOf.name;
      const field = `answers.${key}`;
      if (!errors.some((e) => e.field === field)) errors.push({ field, description: issue.message });
    }
  }
  if (errors.length > 0 || !parsed.success)
    throw new HttpError(
      400,
      errors.length === 1 && errors[0] ? errors[0].description : MESSAGES.invalidBody,
      errors,
    );
  return { contact: parsed.data, cardName: cardName ?? parsed.data.name, kept };
}

/**
 * A visitor's submission: checked like the card form, then, in one transaction, the contact with that phone in
 * the form's workspace (or a new one), a card with the form's stage, responsible rule, media, campaign and tags,
 * its history and its `opportunity.created` event, and the submission with its UTM parameters.
 */
export async function submitForm(
  { db, events }: PublishingDeps,
  guard: FormGuard,
  platform: Pick<Platform, 'id' | 'flags'>,
  publicId: string,
  payload: FormSubmissionPayload,
): Promise<FormSubmissionResult> {
  const platformId = platform.id;
  const form = await publicForm(db, platformId, publicId);
  const done = {
    message: form.thankYouText ?? MESSAGES.formThankYouDefault,
    redirect_url: form.redirectUrl,
  };
  checkFillToken(guard, platformId, form.publicId, payload.fill_token, Date.now());
  // A robot that filled the hidden field is told it worked and nothing is kept.
  if (payload.website) return done;
  const { contact, cardName, kept } = readAnswers(form.fields, payload.answers);
  const scope: Scope = { platformId: form.platformId, workspaceId: form.workspaceId };
  const sourceType = CHANNEL_SOURCES[payload.channel];
  const utm = Object.fromEntries(Object.entries(payload.utm).filter(([, v]) => v)) as Record<string, string>;
  await db.transaction(async (tx) => {
    await q.lockPhone(tx, scope, contact.phone_number);
    const person =
      (await findContactByPhone(tx, scope, contact.phone_number)) ??
      (await contactForCard(tx, scope, contact));
    const card = await createInboundOpportunity(tx, events, scope, {
      contactId: person.id,
      name: cardName,
      mainCollaborator: platform.flags.main_collaborator,
      sourceType,
      salesStageId: form.salesStageId,
      userId: form.responsibleUserId,
      mediaId: form.mediaId,
      campaignId: form.campaignId,
      tagIds: form.tagIds,
      formId: form.publicId,
    });
    await q.insertSubmission(tx, scope, {
      formId: form.id,
      opportunityId: card.id,
      contactId: person.id,
      sourceType,
      answers: kept,
      utm,
    });
  });
  return done;
}
