import { MESSAGES } from '@vendaval/core/messages';
import type { TemplateSend } from '@vendaval/core/schemas/chat';
import {
  ChannelError,
  type ChannelRegistry,
  type OutboundFile,
  type OutboundMessage,
  type SendResult,
} from '../../infra/channels/channel-adapter.ts';
import { createChannelRegistry } from '../../infra/channels/registry.ts';
import type { Db, DbOrTx } from '../../infra/db.ts';
import type { Events } from '../../infra/events.ts';
import type { JobContext, Jobs, QueueSettings } from '../../infra/jobs.ts';
import type { Storage } from '../../infra/storage.ts';
import type { Scope } from '../../infra/tenancy/scope.ts';
import { channelBot } from '../bots/bots.service.ts';
import { publishChat } from './chat.events.ts';
import * as q from './chat.queries.ts';

export interface ChatDeps {
  db: Db;
  events: Events;
  jobs: Jobs;
  /** The adapters by channel; without it, the built-in ones. */
  channels?: ChannelRegistry;
}

const builtIn = createChannelRegistry();
export const channelsOf = (deps: Pick<ChatDeps, 'channels'>) => deps.channels ?? builtIn;

export const CHAT_SEND_QUEUE = 'chat-send';

/** A stored template file: its bytes stay in Storage, the job carries only where they are. */
export interface StoredFile {
  key: string;
  name: string;
  mime: string;
}

/** What the message row cannot hold of a send: the template as it was filled. */
export interface OutboundExtras {
  template?: TemplateSend;
  templateFiles?: StoredFile[];
}

export interface SendJob extends OutboundExtras {
  platformId: number;
  workspaceId: number;
  messageId: number;
}

/**
 * Queues the send of a stored (pending) message, inside the transaction that stored it: the message row is the
 * outbox, so a committed message always has its job and a rolled-back one never does. The message id keys the
 * job, so it is queued once.
 */
export async function enqueueSend(
  tx: DbOrTx,
  deps: Pick<ChatDeps, 'jobs'>,
  scope: Scope,
  messageId: number,
  extras: OutboundExtras = {},
) {
  const job: SendJob = {
    platformId: scope.platformId,
    workspaceId: scope.workspaceId,
    messageId,
    ...extras,
    ...(extras.template ? { template: withoutFileBytes(extras.template) } : {}),
  };
  await deps.jobs.send(CHAT_SEND_QUEUE, job, { tx, key: String(messageId) });
}

/** The template's files travel as stored keys (`templateFiles`): their base64 would bloat the job row. */
function withoutFileBytes(template: TemplateSend): TemplateSend {
  return {
    ...template,
    components: template.components.map((component) => ({
      ...component,
      parameters: component.parameters.map((parameter) =>
        'file' in parameter ? { ...parameter, file: { ...parameter.file, base64File: '' } } : parameter,
      ),
    })),
  };
}

/** Why a send failed, as the attendant reads it in the red tooltip. */
function failureText(error: unknown) {
  if (error instanceof ChannelError && error.message) return error.message;
  return MESSAGES.messageNotDelivered;
}

async function fileOf(storage: Storage, file: StoredFile): Promise<OutboundFile> {
  const bytes = await storage.get(file.key);
  if (!bytes) throw new ChannelError(MESSAGES.messageNotDelivered);
  return { name: file.name, mime: file.mime, bytes };
}

/** The message as the channel takes it, rebuilt from its row, its stored files and the job's template. */
async function outboundOf(
  storage: Storage,
  dialog: q.DialogRow,
  row: NonNullable<Awaited<ReturnType<typeof q.findMessageView>>>,
  job: SendJob,
): Promise<OutboundMessage> {
  const { message } = row;
  const to = dialog.phoneNumber;
  if (job.template) {
    const templateFiles = [];
    for (const file of job.templateFiles ?? []) templateFiles.push(await fileOf(storage, file));
    return { to, template: job.template, templateFiles };
  }
  const file =
    message.fileKey && message.fileMime
      ? await fileOf(storage, {
          key: message.fileKey,
          mime: message.fileMime,
          name: message.fileName ?? 'arquivo',
        })
      : undefined;
  return {
    to,
    ...(message.message ? { text: message.message } : {}),
    ...(file ? { file } : {}),
    ...(row.parent?.remoteId ? { replyToRemoteId: row.parent.remoteId } : {}),
  };
}

/**
 * One attempt to send a pending message. A message no longer pending was sent (its remote id is stored) or
 * failed: a repeated job does nothing. The channel's refusal fails it at once; any other error is thrown for a
 * retry with backoff, and the last attempt fails it.
 */
export async function sendPending(deps: ChatDeps & { storage: Storage }, job: SendJob, context: JobContext) {
  const scope = { platformId: job.platformId, workspaceId: job.workspaceId };
  const row = await q.findMessageView(deps.db, scope, job.messageId);
  if (row?.message.status !== 'pending') return;
  const dialog = await q.findDialog(deps.db, scope, row.message.dialogId);
  if (!dialog) return;
  const send = async () => {
    const bot = await channelBot(deps.db, scope, dialog.botId);
    return channelsOf(deps)[bot.channel].send(bot, await outboundOf(deps.storage, dialog, row, job));
  };
  await deliver(deps, dialog, job.messageId, send, !context.isLastAttempt);
}

/**
 * Sends a stored pending message at most once and records the outcome: the channel's id with 'sent', or 'failed'
 * with why. The send is first claimed on the message row (committed), so no other worker or later attempt calls the
 * channel for it; a claim found still open means an earlier attempt died while the channel had the message, which
 * it may have taken, so the message fails as interrupted rather than reaching the contact twice. With `retry`, an
 * error other than the channel's refusal releases the claim and is thrown, for the caller's job to try again.
 * Answers the message as it ends up.
 */
export async function deliver(
  deps: Pick<ChatDeps, 'db' | 'events'>,
  dialog: q.DialogRow,
  messageId: number,
  send: () => Promise<SendResult>,
  retry = false,
) {
  const scope = { platformId: dialog.platformId, workspaceId: dialog.workspaceId };
  if (!(await q.claimSend(deps.db, scope, messageId))) {
    const interrupted = { status: 'failed' as const, errorMessage: MESSAGES.sendInterrupted };
    return (
      (await settle(deps, dialog, messageId, interrupted)) ??
      (await q.findMessageView(deps.db, scope, messageId))?.message
    );
  }
  let patch: Partial<q.MessageInsert>;
  try {
    const { remoteId } = await send();
    patch = { remoteId, status: 'sent', errorMessage: null };
  } catch (error) {
    if (retry && !(error instanceof ChannelError)) {
      await q.releaseSend(deps.db, scope, messageId);
      throw error;
    }
    patch = { status: 'failed', errorMessage: failureText(error) };
  }
  return settle(deps, dialog, messageId, patch);
}

/** Records the outcome of a claimed send and tells the room; undefined when it was settled already. */
function settle(
  deps: Pick<ChatDeps, 'db' | 'events'>,
  dialog: q.DialogRow,
  messageId: number,
  patch: Partial<q.MessageInsert>,
) {
  const scope = { platformId: dialog.platformId, workspaceId: dialog.workspaceId };
  return deps.db.transaction(async (tx) => {
    const updated = await q.settleSend(tx, scope, messageId, patch);
    if (updated)
      await publishChat(tx, deps.events, scope, 'message.updated', dialog, { message_id: updated.id });
    return updated;
  });
}

export function registerChatOutbox(
  jobs: Jobs,
  deps: ChatDeps & { storage: Storage },
  settings: Partial<QueueSettings> = {},
) {
  jobs.work<SendJob>(CHAT_SEND_QUEUE, (job, context) => sendPending(deps, job, context), {
    retryLimit: 5,
    retryDelaySeconds: 2,
    retryDelayMaxSeconds: 5 * 60,
    expireInSeconds: 2 * 60,
    // A slow provider must not hold up the other rooms' messages.
    concurrency: 4,
    ...settings,
  });
}
