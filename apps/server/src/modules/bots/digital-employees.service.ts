import { MESSAGES } from '@vendaval/core/messages';
import { canManageLists } from '@vendaval/core/permissions';
import type {
  DigitalEmployee,
  DigitalEmployeeCreate,
  DigitalEmployeeUpdate,
} from '@vendaval/core/schemas/bots';
import type { WorkspaceContext } from '../../infra/context.ts';
import type { Db, DbOrTx } from '../../infra/db.ts';
import { badRequest, forbidden, notFound } from '../../infra/errors.ts';
import { type Page, pageOf } from '../../infra/pagination.ts';
import * as q from './bots.queries.ts';
import { toBot } from './bots.service.ts';
import { SANDBOX_TEMPLATES } from './sandbox-templates.ts';

type WhatsappInput = NonNullable<DigitalEmployeeCreate['whatsapp']>;

/** The admin view of a bot: the three Cloud API secrets only as whether each is set. */
export function toDigitalEmployee(row: q.BotRow): DigitalEmployee {
  return {
    ...toBot(row),
    active: row.active,
    greeting: row.greeting,
    keyword_replies: row.keywordReplies,
    whatsapp:
      row.channel === 'whatsapp_cloud'
        ? {
            phone_number_id: row.waPhoneNumberId,
            business_account_id: row.waBusinessAccountId,
            has_access_token: Boolean(row.waAccessToken),
            has_app_secret: Boolean(row.waAppSecret),
            has_verify_token: Boolean(row.waVerifyToken),
          }
        : null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

function assertAdmin(ctx: WorkspaceContext) {
  if (!canManageLists(ctx.role)) throw forbidden(MESSAGES.forbidden);
}

async function ownBot(db: DbOrTx, ctx: WorkspaceContext, id: number) {
  const row = await q.findBot(db, ctx, id);
  if (!row) throw notFound(MESSAGES.botNotFound);
  return row;
}

export async function listDigitalEmployees(
  db: Db,
  ctx: WorkspaceContext,
  query: { search?: string | undefined; limit: number; offset: number },
): Promise<Page<DigitalEmployee>> {
  const { rows, total } = await q.listBots(db, ctx, query);
  return pageOf(rows.map(toDigitalEmployee), total, query.limit, query.offset);
}

export async function getDigitalEmployee(db: Db, ctx: WorkspaceContext, id: number) {
  return toDigitalEmployee(await ownBot(db, ctx, id));
}

/** Omitted means unchanged; an empty string clears (write-only secrets and the account ids alike). */
function whatsappColumns(input: WhatsappInput | undefined): Partial<q.BotInsert> {
  if (!input) return {};
  const value = (v: string | undefined) => (v === undefined ? undefined : v === '' ? null : v);
  const columns: Partial<q.BotInsert> = {
    waPhoneNumberId: value(input.phone_number_id),
    waBusinessAccountId: value(input.business_account_id),
    waAccessToken: value(input.access_token),
    waAppSecret: value(input.app_secret),
    waVerifyToken: value(input.verify_token),
  };
  return Object.fromEntries(Object.entries(columns).filter(([, v]) => v !== undefined));
}

/** A Cloud API bot needs its phone number id and token, and the number belongs to one bot of the platform. */
async function checkAccount(db: DbOrTx, ctx: WorkspaceContext, row: q.BotInsert, id?: number) {
  if (row.channel !== 'whatsapp_cloud') return;
  if (!row.waPhoneNumberId) {
    throw badRequest(MESSAGES.digitalEmployeePhoneNumberIdRequired, 'whatsapp.phone_number_id');
  }
  if (!row.waAccessToken)
    throw badRequest(MESSAGES.digitalEmployeeAccessTokenRequired, 'whatsapp.access_token');
  const other = await q.findBotByPhoneNumberId(db, ctx.platformId, row.waPhoneNumberId);
  if (other && other.id !== id) {
    throw badRequest(MESSAGES.digitalEmployeePhoneNumberTaken, 'whatsapp.phone_number_id');
  }
}

export async function createDigitalEmployee(db: Db, ctx: WorkspaceContext, input: DigitalEmployeeCreate) {
  assertAdmin(ctx);
  const values: q.BotInsert = {
    name: input.name,
    channel: input.channel,
    active: input.active,
    keepBotOnDialog: input.keep_bot_on_dialog,
    greeting: input.greeting ?? null,
    keywordReplies: input.keyword_replies,
    ...(input.channel === 'whatsapp_cloud' ? whatsappColumns(input.whatsapp) : {}),
  };
  return db.transaction(async (tx) => {
    await checkAccount(tx, ctx, values);
    const row = await q.insertBot(tx, ctx, values);
    if (row.channel === 'sandbox') await q.replaceTemplates(tx, ctx, row.id, [...SANDBOX_TEMPLATES]);
    return toDigitalEmployee(row);
  });
}

export async function updateDigitalEmployee(
  db: Db,
  ctx: WorkspaceContext,
  id: number,
  patch: DigitalEmployeeUpdate,
) {
  assertAdmin(ctx);
  return db.transaction(async (tx) => {
    const current = await ownBot(tx, ctx, id);
    if (patch.channel && patch.channel !== current.channel) {
      throw badRequest(MESSAGES.digitalEmployeeChannelLocked, 'channel');
    }
    const values: Partial<q.BotInsert> = {
      ...(patch.name !== undefined ? { name: patch.name } : {}),
      ...(patch.active !== undefined ? { active: patch.active } : {}),
      ...(patch.keep_bot_on_dialog !== undefined ? { keepBotOnDialog: patch.keep_bot_on_dialog } : {}),
      ...(patch.greeting !== undefined ? { greeting: patch.greeting } : {}),
      ...(patch.keyword_replies !== undefined ? { keywordReplies: patch.keyword_replies } : {}),
      ...(current.channel === 'whatsapp_cloud' ? whatsappColumns(patch.whatsapp) : {}),
    };
    await checkAccount(tx, ctx, { ...current, ...values }, id);
    const row = await q.updateBot(tx, ctx, id, values);
    if (!row) throw notFound(MESSAGES.botNotFound);
    return toDigitalEmployee(row);
  });
}

/** Rooms keep their bot in their history: a bot that ever held one is switched off instead of deleted. */
export async function deleteDigitalEmployee(db: Db, ctx: WorkspaceContext, id: number) {
  assertAdmin(ctx);
  return db.transaction(async (tx) => {
    await ownBot(tx, ctx, id);
    if (await q.botHasDialogs(tx, ctx, id)) {
      await q.updateBot(tx, ctx, id, { active: false });
      return { message: MESSAGES.digitalEmployeeDeactivated, deactivated: true };
    }
    await q.deleteBot(tx, ctx, id);
    return { message: MESSAGES.digitalEmployeeDeleted, deactivated: false };
  });
}
