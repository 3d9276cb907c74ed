import { MESSAGES } from '@vendaval/core/messages';
import { canManageTemplates } from '@vendaval/core/permissions';
import type { MessageTemplate } from '@vendaval/core/schemas/chat';
import { type TemplateCreate, templateComponentsOf } from '@vendaval/core/schemas/templates';
import { ChannelError } from '../../infra/channels/channel-adapter.ts';
import type { WhatsappCloudApi } from '../../infra/channels/whatsapp-cloud.ts';
import type { WorkspaceContext } from '../../infra/context.ts';
import type { Db } from '../../infra/db.ts';
import { badRequest, forbidden, notFound } from '../../infra/errors.ts';
import type { Scope } from '../../infra/tenancy/scope.ts';
import * as q from './bots.queries.ts';
import { channelBot } from './bots.service.ts';
import { SANDBOX_TEMPLATES } from './sandbox-templates.ts';

const toTemplate = (bot: q.BotRow, row: q.TemplateRow): MessageTemplate => ({
  name: row.name,
  language: row.language,
  status: row.status,
  category: row.category,
  components: row.components,
  bot_id: bot.id,
  bot_name: bot.name,
  rejected_reason: row.rejectedReason,
});

/** The bot's synced templates (CHAT-071): the approved ones, which alone can be sent, unless all are asked. */
export async function listTemplates(
  db: Db,
  scope: Scope,
  botId: number,
  all: boolean,
): Promise<{ data: MessageTemplate[] }> {
  const { row } = await channelBot(db, scope, botId);
  const rows = await q.listTemplates(db, scope, botId, !all);
  return { data: rows.map((t) => toTemplate(row, t)) };
}

/** One template by name (CHAT-072), in the language asked or the first one stored. */
export async function getTemplate(
  db: Db,
  scope: Scope,
  botId: number,
  name: string,
  language: string | undefined,
): Promise<MessageTemplate> {
  const { row } = await channelBot(db, scope, botId);
  const template = await q.findTemplate(db, scope, botId, name, language);
  if (!template) throw notFound(MESSAGES.templateNotFound);
  return toTemplate(row, template);
}

/** Fetches the account's templates (the fixed demo set for a sandbox bot) and stores exactly those. */
export async function syncTemplates(
  db: Db,
  whatsapp: WhatsappCloudApi,
  scope: WorkspaceContext,
  botId: number,
): Promise<{ data: MessageTemplate[] }> {
  if (!canManageTemplates(scope.role)) throw forbidden(MESSAGES.forbidden);
  const bot = await channelBot(db, scope, botId);
  let templates: readonly q.TemplateValues[];
  try {
    templates = bot.channel === 'sandbox' ? SANDBOX_TEMPLATES : await whatsapp.fetchTemplates(bot);
  } catch (error) {
    if (error instanceof ChannelError) throw badRequest(error.message);
    throw error;
  }
  await db.transaction((tx) => q.replaceTemplates(tx, scope, botId, [...templates]));
  return listTemplates(db, scope, botId, true);
}

/**
 * Submits a new template of a Cloud API bot to Meta for review and keeps it with the status Meta answered
 * (PENDING until the status webhook or a sync says otherwise). A sandbox bot has only its demo set.
 */
export async function createTemplate(
  db: Db,
  whatsapp: WhatsappCloudApi,
  scope: WorkspaceContext,
  botId: number,
  template: TemplateCreate,
): Promise<MessageTemplate> {
  if (!canManageTemplates(scope.role)) throw forbidden(MESSAGES.forbidden);
  const bot = await channelBot(db, scope, botId);
  if (bot.channel === 'sandbox') throw badRequest(MESSAGES.templateSandboxFixed);
  if (await q.findTemplate(db, scope, botId, template.name, template.language))
    throw badRequest(MESSAGES.templateExists);
  const components = templateComponentsOf(template);
  let answer: Awaited<ReturnType<WhatsappCloudApi['createTemplate']>>;
  try {
    answer = await whatsapp.createTemplate(bot, { ...template, components });
  } catch (error) {
    if (error instanceof ChannelError) throw badRequest(error.message);
    throw error;
  }
  const row = await q.insertTemplate(db, scope, botId, {
    name: template.name,
    language: template.language,
    category: answer.category,
    status: answer.status,
    components,
    metaId: answer.id,
    rejectedReason: null,
  });
  if (!row) throw badRequest(MESSAGES.templateExists);
  return toTemplate(bot.row, row);
}
