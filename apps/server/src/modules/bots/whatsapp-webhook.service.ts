import { createHash } from 'node:crypto';
import { MESSAGES } from '@vendaval/core/messages';
import type { ChannelBot, InboundEvent } from '../../infra/channels/channel-adapter.ts';
import type { WhatsappCloudApi } from '../../infra/channels/whatsapp-cloud.ts';
import {
  type ParsedEvent,
  parseTemplateStatusUpdates,
  parseWebhook,
  verifySignature,
  verifySubscription,
} from '../../infra/channels/whatsapp-cloud.webhook.ts';
import type { Db } from '../../infra/db.ts';
import { notFound, unauthorized } from '../../infra/errors.ts';
import type { JobContext, Jobs } from '../../infra/jobs.ts';
import * as q from './bots.queries.ts';

export const WHATSAPP_INBOUND_QUEUE = 'whatsapp-inbound';

/** Hands one event of the channel to the chat: it files the message or status and dedupes by remote id. */
export type ReceiveInbound = (bot: ChannelBot, event: InboundEvent) => Promise<void>;

interface InboundJob {
  platformId: number;
  botId: number;
  payload: unknown;
}

const toChannelBot = (row: q.BotRow): ChannelBot => ({
  id: row.id,
  platformId: row.platformId,
  workspaceId: row.workspaceId,
  name: row.name,
  channel: row.channel,
  waPhoneNumberId: row.waPhoneNumberId,
  waBusinessAccountId: row.waBusinessAccountId,
  waAccessToken: row.waAccessToken,
});

/** The Cloud API bot the webhook URL names, on the host's platform; anything else is 404. */
async function webhookBot(db: Db, platformId: number, botId: number) {
  const row = await q.findPlatformBot(db, platformId, botId);
  if (row?.channel !== 'whatsapp_cloud') throw notFound(MESSAGES.botNotFound);
  return row;
}

/** GET: Meta's subscription check answers the challenge only with the bot's verify token. */
export async function verifyWebhook(
  db: Db,
  platformId: number,
  botId: number,
  query: Record<string, unknown>,
) {
  const row = await webhookBot(db, platformId, botId);
  return verifySubscription(query, row.waVerifyToken);
}

/**
 * POST: a call signed with the bot's app secret is queued as it came and answered at once; the job parses it,
 * fetches media and hands the events to the chat, with retries. Same body, same job: Meta's redeliveries of a
 * call already queued are dropped here, and receiveInbound dedupes the rest by message id.
 */
export async function acceptWebhook(
  db: Db,
  jobs: Jobs,
  platformId: number,
  botId: number,
  raw: Buffer,
  signature: string | undefined,
) {
  const row = await webhookBot(db, platformId, botId);
  if (!verifySignature(raw, signature, row.waAppSecret)) throw unauthorized(MESSAGES.whatsappBadSignature);
  let payload: unknown;
  try {
    payload = JSON.parse(raw.toString('utf8'));
  } catch {
    return; // signed but not JSON: nothing to take, and nothing Meta should retry
  }
  const key = createHash('sha256').update(raw).digest('hex');
  await jobs.send<InboundJob>(WHATSAPP_INBOUND_QUEUE, { platformId, botId, payload }, { key });
}

export function registerWhatsappInbound(
  jobs: Jobs,
  db: Db,
  whatsapp: WhatsappCloudApi,
  receive: ReceiveInbound,
) {
  jobs.work<InboundJob>(WHATSAPP_INBOUND_QUEUE, async (job, context) => {
    const row = await q.findPlatformBot(db, job.platformId, job.botId);
    // A switched-off bot takes nothing more; Meta stops when its webhook is removed there.
    if (row?.channel !== 'whatsapp_cloud' || !row.active) return;
    const bot = toChannelBot(row);
    for (const parsed of parseWebhook(job.payload, row.waPhoneNumberId)) {
      await receive(bot, await withMedia(whatsapp, bot, parsed, context));
    }
    // Meta's review of the account's templates: the status and the rejection reason the templates screen shows.
    const scope = { platformId: row.platformId, workspaceId: row.workspaceId };
    for (const update of parseTemplateStatusUpdates(job.payload)) {
      await q.updateTemplateStatus(db, scope, row.id, update);
    }
  });
}

/** Downloads a contact's file; when the last attempt still fails, the message arrives with a note instead. */
async function withMedia(
  whatsapp: WhatsappCloudApi,
  bot: ChannelBot,
  parsed: ParsedEvent,
  context: JobContext,
): Promise<InboundEvent> {
  if (parsed.kind !== 'message' || !parsed.media) return parsed;
  const { media, ...event } = parsed;
  try {
    const file = await whatsapp.downloadMedia(bot, media.id);
    return { ...event, file: { name: media.name, mime: file.mime || media.mime, bytes: file.bytes } };
  } catch (error) {
    if (!context.isLastAttempt) throw error;
    const note = MESSAGES.whatsappMediaNotReceived;
    return { ...event, text: event.text ? `${event.text}\n${note}` : note };
  }
}
