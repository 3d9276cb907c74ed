import { isClosedStageType } from '@vendaval/core/constants';
import { TOASTS } from '@vendaval/core/messages';
import type { SalesStage } from '@vendaval/core/schemas/catalog';
import type { OpportunityListItem } from '@vendaval/core/schemas/opportunities';
import { useState } from 'react';
import { openOpportunityModal } from '../../../lib/opportunity-modal.ts';
import { showErrorToasts, showWarningToast } from '../../../lib/toasts.ts';
import {
  isNoTaskError,
  type MoveVariables,
  useMoveOpportunityMutation,
} from '../api/use-move-opportunity-mutation.ts';

/**
 * What dropping a card on a column does (opportunities.md §4.1): nothing on its own column; the close flow
 * of the card modal on a Won or Lost column; otherwise a move (a reopen for a closed card). A move the
 * server refuses for want of a task asks for one and, once it is saved, is made again.
 */
export function useMoveFlow(workspaceId: number) {
  const move = useMoveOpportunityMutation(workspaceId);
  // The form stays open a moment after saving (its own success delay); the move is made once, at onSaved.
  const [waiting, setWaiting] = useState<{ opened: boolean; move: MoveVariables | null; done: boolean }>({
    opened: false,
    move: null,
    done: false,
  });

  // Every move hears its own answer, even when another card was dropped meanwhile.
  const run = (variables: MoveVariables) =>
    move.mutateAsync(variables).catch((error: unknown) => {
      if (!isNoTaskError(error)) return showErrorToasts(error);
      showWarningToast(TOASTS.noTask.message, TOASTS.noTask.title);
      setWaiting({ opened: true, move: variables, done: false });
    });

  const drop = (card: OpportunityListItem, stage: SalesStage) => {
    if (card.sales_stage_id === stage.id) return;
    if (isClosedStageType(stage.type)) {
      openOpportunityModal({ id: card.id, action: stage.type === 'Won' ? 'won' : 'lost' });
      return;
    }
    void run({ card, toStageId: stage.id });
  };

  const card = waiting.move?.card;
  return {
    drop,
    askingForTask: waiting.opened,
    /** The card whose move waits for a task to be registered. */
    taskFor: card ? { id: card.id, name: card.name } : undefined,
    taskSaved: () => {
      if (!waiting.move || waiting.done) return;
      setWaiting((now) => ({ ...now, done: true }));
      void run(waiting.move);
    },
    taskCancelled: () => setWaiting((now) => ({ ...now, opened: false })),
  };
}
