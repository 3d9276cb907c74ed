import { modals } from '@mantine/modals';
import { isClosedStageType } from '@vendaval/core/constants';
import { MESSAGES, TOASTS } from '@vendaval/core/messages';
import type { SalesStage } from '@vendaval/core/schemas/catalog';
import type { Opportunity } from '@vendaval/core/schemas/opportunities';
import { useRef, useState } from 'react';
import { useTerms } from '../../../lib/platform.ts';
import { useSession } from '../../../lib/session.ts';
import { showErrorToasts, showSuccessToast, showWarningToast } from '../../../lib/toasts.ts';
import { useWorkspaceSettingsQuery } from '../../../lib/use-workspace-settings-query.ts';
import { useCloseOpportunityMutation } from '../api/use-close-opportunity-mutation.ts';
import { isNoTaskError, useMoveOpportunityMutation } from '../api/use-move-opportunity-mutation.ts';
import { useRecreateOpportunityMutation } from '../api/use-recreate-opportunity-mutation.ts';
import { useReopenOpportunityMutation } from '../api/use-reopen-opportunity-mutation.ts';
import type { CloseKind } from './state-buttons.tsx';
import type { useCardEditForm } from './use-card-edit-form.ts';

type Step = { kind: 'won' } | { kind: 'lost' } | { kind: 'move'; stage: SalesStage };

type FlowsInput = {
  opportunity: Opportunity;
  form: ReturnType<typeof useCardEditForm>;
  /** The form has unsaved edits (read while rendering, so the form keeps it up to date). */
  isDirty: boolean;
  save: () => Promise<boolean>;
};

function warnNoTask() {
  showWarningToast(TOASTS.noTask.message, TOASTS.noTask.title);
}

/**
 * Closing (Won / Lost), moving, reopening and recreating a card (opportunities.md §4.1): the task rule first,
 * then unsaved edits are saved, then the step itself.
 */
export function useCardFlows({ opportunity, form, isDirty, save }: FlowsInput) {
  const { workspaceId } = useSession();
  const terms = useTerms();
  const settings = useWorkspaceSettingsQuery();
  const close = useCloseOpportunityMutation(opportunity.id);
  const reopen = useReopenOpportunityMutation(opportunity.id);
  const recreate = useRecreateOpportunityMutation(opportunity.id);
  const move = useMoveOpportunityMutation(workspaceId ?? 0);
  const [taskFor, setTaskFor] = useState<Step | null>(null);
  const [taskOpened, setTaskOpened] = useState(false);
  const [lostOpened, setLostOpened] = useState(false);
  const [wonOpened, setWonOpened] = useState(false);
  // The card's task count is stale until it is fetched again; a task just registered counts at once.
  const taskRegistered = useRef(false);

  const askForTask = (step: Step) => {
    warnNoTask();
    setTaskFor(step);
    setTaskOpened(true);
  };

  /** The server has the last word on the task rule; its other refusals (no completion stage…) are toasts. */
  const closeFailed = (step: Step) => (error: Error) => {
    if (isNoTaskError(error)) askForTask(step);
    else showErrorToasts(error);
  };

  const win = () => {
    const { product_id, price } = form.getValues();
    if (product_id === null || !(price > 0)) {
      showWarningToast(TOASTS.wonWithoutProductAndPrice.message, TOASTS.wonWithoutProductAndPrice.title);
      return;
    }
    close.mutate(
      { state_type: 'Won' },
      { onSuccess: () => setWonOpened(true), onError: closeFailed({ kind: 'won' }) },
    );
  };

  const moveTo = (stage: SalesStage) =>
    move.mutate(
      { card: opportunity, toStageId: stage.id },
      {
        onError: (error) =>
          isNoTaskError(error) ? askForTask({ kind: 'move', stage }) : showErrorToasts(error),
      },
    );

  const run = async (step: Step) => {
    const needsTask =
      settings.require_task_for_stage_change && opportunity.task.count === 0 && !taskRegistered.current;
    if (needsTask) return askForTask(step);
    if (isDirty && !(await save())) return;
    if (step.kind === 'won') return win();
    if (step.kind === 'lost') return setLostOpened(true);
    moveTo(step.stage);
  };

  /** Reopening undoes a close the team counts on: it asks first, naming the state and where the card goes. */
  const reopenTo = (stage?: SalesStage) =>
    modals.openConfirmModal({
      title: MESSAGES.reopenConfirmTitle,
      centered: true,
      children: MESSAGES.reopenConfirm(
        opportunity.state_type === 'Won' ? terms.won_term : terms.lost_term,
        stage?.name ?? null,
      ),
      labels: { confirm: 'Reabrir', cancel: 'Cancelar' },
      onConfirm: () =>
        reopen.mutate(stage?.id, { onSuccess: () => showSuccessToast(MESSAGES.opportunityReopened) }),
    });

  /** Recreating starts a new cycle and restarts the response-time clock: it asks first too. */
  const confirmRecreate = () =>
    modals.openConfirmModal({
      title: MESSAGES.recreateConfirmTitle,
      centered: true,
      children: MESSAGES.recreateConfirm(opportunity.state_type === 'Won' ? terms.won_term : terms.lost_term),
      labels: { confirm: 'Recriar', cancel: 'Cancelar' },
      onConfirm: () =>
        recreate.mutate(undefined, {
          onSuccess: () => showSuccessToast(MESSAGES.opportunityRecreated),
          onError: showErrorToasts,
        }),
    });

  /** The Won or Lost button: closes an open card; on a closed one, its own state's button reopens it. */
  const pressState = (kind: CloseKind) => {
    if (opportunity.state_type === 'Open') return void run({ kind });
    const current = opportunity.state_type === 'Won' ? 'won' : 'lost';
    if (kind === current) reopenTo();
  };

  /** A stage of the stepper: another open stage moves (or reopens) the card, a Won/Lost stage closes it. */
  const pickStage = (stage: SalesStage) => {
    if (stage.id === opportunity.sales_stage_id) return;
    if (isClosedStageType(stage.type)) {
      if (opportunity.state_type === 'Open') void run({ kind: stage.type === 'Won' ? 'won' : 'lost' });
      return;
    }
    if (opportunity.state_type !== 'Open') reopenTo(stage);
    else void run({ kind: 'move', stage });
  };

  const taskSaved = () => {
    taskRegistered.current = true;
    const step = taskFor;
    setTaskFor(null);
    if (step) void run(step);
  };

  const confirmLost = (reasonId: number, description: string | null) =>
    close.mutate(
      { state_type: 'Lost', closed_type: reasonId, closed_description: description },
      {
        onSuccess: () => {
          setLostOpened(false);
          showSuccessToast(MESSAGES.opportunityClosedAsLost);
        },
        onError: (error) => {
          if (isNoTaskError(error)) setLostOpened(false);
          closeFailed({ kind: 'lost' })(error);
        },
      },
    );

  return {
    pressState,
    pickStage,
    recreate: confirmRecreate,
    busy: close.isPending || reopen.isPending || recreate.isPending || move.isPending,
    task: { opened: taskOpened, close: () => setTaskOpened(false), saved: taskSaved },
    lost: {
      opened: lostOpened,
      close: () => setLostOpened(false),
      confirm: confirmLost,
      saving: close.isPending,
    },
    won: { opened: wonOpened, close: () => setWonOpened(false) },
  };
}
