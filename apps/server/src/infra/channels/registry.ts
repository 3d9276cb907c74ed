import { MESSAGES } from '@vendaval/core/messages';
import { type ChannelAdapter, ChannelError, type ChannelRegistry } from './channel-adapter.ts';
import { sandboxAdapter } from './sandbox.ts';

/** Stands in for a channel whose adapter this server does not have: every send fails with a readable reason. */
function unavailable(channel: ChannelAdapter['channel']): ChannelAdapter {
  return {
    channel,
    async send() {
      throw new ChannelError(MESSAGES.channelUnavailable);
    },
  };
}

/** The adapters this server sends with; `overrides` replaces some (the Cloud API adapter, a test's fake). */
export function createChannelRegistry(overrides: Partial<ChannelRegistry> = {}): ChannelRegistry {
  return {
    sandbox: sandboxAdapter(),
    whatsapp_cloud: unavailable('whatsapp_cloud'),
    ...overrides,
  };
}
