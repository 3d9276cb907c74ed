import { CHAT_MESSAGE_MAX } from '@vendaval/core/constants';
import { SCHEMA_MESSAGES } from '@vendaval/core/messages';

/** The counter appears this close to the limit, so a long text is cut before it is sent, not after. */
const COUNTER_FROM = CHAT_MESSAGE_MAX - 500;

/**
 * A chat text against the server's limit (counted as the server counts it): the counter to show near the limit,
 * the catalogue's error once past it, and whether it may be sent.
 */
export function messageLength(text: string) {
  const over = text.length > CHAT_MESSAGE_MAX;
  return {
    counter: text.length >= COUNTER_FROM ? `${text.length}/${CHAT_MESSAGE_MAX}` : undefined,
    error: over ? SCHEMA_MESSAGES.textTooLong(String(CHAT_MESSAGE_MAX)) : undefined,
    over,
  };
}
