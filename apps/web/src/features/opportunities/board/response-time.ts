import { formatDuration, isResponseTimeAlert, responseTimeClass } from '@vendaval/core/format';
import type { OpportunityListItem } from '@vendaval/core/schemas/opportunities';

export type ResponseTimeTone = 'answered' | 'alert' | 'acceptable' | 'attention' | 'exceeded';
export type ResponseTimeLine = { text: string; tone: ResponseTimeTone };

type Timing = Pick<OpportunityListItem, 'tma' | 'created_at' | 'recreated_at'>;

/**
 * The card's response-time line (opportunities.md §4.6): 'Atendido em X' once someone answered, in
 * alert style above 600 s; otherwise 'X sem interação' since the card was (re)created.
 */
export function responseTimeLine(card: Timing, now: number): ResponseTimeLine {
  if (card.tma !== null) {
    return {
      text: `Atendido em ${formatDuration(card.tma)}`,
      tone: isResponseTimeAlert(card.tma) ? 'alert' : 'answered',
    };
  }
  const since = Date.parse(card.recreated_at ?? card.created_at);
  const seconds = Number.isNaN(since) ? 0 : Math.max(0, (now - since) / 1000);
  return { text: `${formatDuration(seconds)} sem interação`, tone: responseTimeClass(seconds) };
}
