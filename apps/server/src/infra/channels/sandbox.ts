import { randomUUID } from 'node:crypto';
import type { ChannelAdapter } from './channel-adapter.ts';

/**
 * The built-in channel: nothing leaves the server. The customer simulator reads the rooms' messages from the
 * database, so sending only needs an id; the message becomes Delivered when the simulated phone fetches it.
 */
export function sandboxAdapter(): ChannelAdapter {
  return {
    channel: 'sandbox',
    async send() {
      return { remoteId: `sandbox-${randomUUID()}` };
    },
    async deleteMessage() {},
  };
}
