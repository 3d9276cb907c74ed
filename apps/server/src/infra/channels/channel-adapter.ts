import type { BotChannel } from '@vendaval/core/schemas/bots';
import type { MessageStatus, TemplateSend } from '@vendaval/core/schemas/chat';

/** What an adapter needs of the bot it sends as: its channel and, for the Cloud API, the account. */
export interface ChannelBot {
  id: number;
  platformId: number;
  workspaceId: number;
  name: string;
  channel: BotChannel;
  waPhoneNumberId: string | null;
  waBusinessAccountId: string | null;
  waAccessToken: string | null;
}

/** A file to send, already checked and stored: a URL the provider can fetch, or its bytes to upload. */
export interface OutboundFile {
  name: string;
  mime: string;
  bytes: Uint8Array;
}

/** One message to a contact. `to` is E.164 digits without '+'. */
export interface OutboundMessage {
  to: string;
  text?: string;
  file?: OutboundFile;
  /** A template with its filled parameters (files of media parameters come as `templateFiles`, in order). */
  template?: TemplateSend;
  templateFiles?: OutboundFile[];
  /** The channel's id of the message this one replies to. */
  replyToRemoteId?: string;
}

/** The channel took the message: its id there, stored before the message counts as sent. */
export interface SendResult {
  remoteId: string;
}

/** Something a channel tells us: a contact's message, or the fate of one of ours. */
export type InboundEvent =
  | {
      kind: 'message';
      remoteId: string;
      from: string;
      contactName?: string;
      sentAt: Date;
      text?: string;
      file?: OutboundFile;
      replyToRemoteId?: string;
    }
  | {
      kind: 'status';
      remoteId: string;
      status: Extract<MessageStatus, 'sent' | 'Delivered' | 'Read' | 'failed'>;
      error?: string;
    };

/** A channel error the attendant should read, e.g. the 24-hour window of WhatsApp Business. */
export class ChannelError extends Error {}

/** One chat channel (ARCHITECTURE §6): each adapter sends on its provider; inbound comes through its own route. */
export interface ChannelAdapter {
  readonly channel: BotChannel;
  send(bot: ChannelBot, message: OutboundMessage): Promise<SendResult>;
  /** Deletes a sent message for everyone, where the channel can. */
  deleteMessage?(bot: ChannelBot, remoteId: string, to: string): Promise<void>;
}

/** The adapters by channel; the app builds it once and the chat service picks the bot's. */
export type ChannelRegistry = Record<BotChannel, ChannelAdapter>;
