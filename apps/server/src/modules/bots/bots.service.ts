import { MESSAGES, SANDBOX_BOT } from '@vendaval/core/messages';
import { type Bot, MEDIA_TYPE_OF_CHANNEL } from '@vendaval/core/schemas/bots';
import type { ChannelBot } from '../../infra/channels/channel-adapter.ts';
import type { DbOrTx } from '../../infra/db.ts';
import { notFound } from '../../infra/errors.ts';
import type { Scope } from '../../infra/tenancy/scope.ts';
import * as q from './bots.queries.ts';
import { SANDBOX_TEMPLATES } from './sandbox-templates.ts';

/** A bot as the chat lists it: a Cloud API bot counts as connected once its number and token are set. */
export function toBot(row: q.BotRow): Bot {
  const cloud = row.channel === 'whatsapp_cloud';
  return {
    id: row.id,
    name: row.name,
    channel: row.channel,
    media_type: MEDIA_TYPE_OF_CHANNEL[row.channel],
    is_whatsapp_business_connected: cloud && Boolean(row.waPhoneNumberId && row.waAccessToken),
    is_whatsapp_qr_code_connected: !cloud,
    keep_bot_on_dialog: row.keepBotOnDialog,
  };
}

export async function listBots(db: DbOrTx, scope: Scope): Promise<{ data: Bot[] }> {
  const rows = await q.listActiveBots(db, scope);
  return { data: rows.map(toBot) };
}

/** The bot a room or a send names, with what its channel adapter needs; 404 outside the tenant or inactive. */
export async function channelBot(
  db: DbOrTx,
  scope: Scope,
  id: number,
): Promise<ChannelBot & { row: q.BotRow }> {
  const row = await q.findBot(db, scope, id);
  if (!row?.active) throw notFound(MESSAGES.botNotFound);
  return {
    row,
    id: row.id,
    platformId: row.platformId,
    workspaceId: row.workspaceId,
    name: row.name,
    channel: row.channel,
    waPhoneNumberId: row.waPhoneNumberId,
    waBusinessAccountId: row.waBusinessAccountId,
    waAccessToken: row.waAccessToken,
  };
}

/** The sandbox bot a new workspace starts with, so its chat works with no external account. */
export async function openSandboxBot(tx: DbOrTx, scope: Scope) {
  const bot = await q.insertBot(tx, scope, {
    name: SANDBOX_BOT.name,
    channel: 'sandbox',
    keepBotOnDialog: true,
    greeting: SANDBOX_BOT.greeting,
    keywordReplies: SANDBOX_BOT.keywordReplies.map((r) => ({ ...r })),
  });
  // Its templates too, so the template flow works on a fresh install.
  await q.replaceTemplates(tx, scope, bot.id, [...SANDBOX_TEMPLATES]);
  return bot;
}
