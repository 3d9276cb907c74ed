import { PLANNING_PHASES } from '@vendaval/core/constants';
import { SUCCESS_MESSAGES } from '@vendaval/core/messages';
import type { Planning } from '@vendaval/core/schemas/planning';
import { useNavigate } from 'react-router';
import { useSession } from '../../../lib/session.ts';
import { useChangePlanningPhaseMutation } from '../api/planning-api.ts';
import { showPlanningToast } from '../planning-toasts.ts';
import { stepPath } from './planning-steps.tsx';

/**
 * Finishing a step: the plan moves on to the next phase when it is at this step's phase (a plan further on, or
 * sent back past it, stays where it is), then the next step opens.
 */
export function useAdvance(step: number) {
  const { workspaceId } = useSession();
  const navigate = useNavigate();
  const change = useChangePlanningPhaseMutation(workspaceId);
  const advance = async (plan: Planning) => {
    if (plan.phase === PLANNING_PHASES[step - 1]) {
      const next = PLANNING_PHASES[step];
      if (next) await change.mutateAsync({ id: plan.id, phase: next });
    }
    if (step === 4) {
      showPlanningToast(SUCCESS_MESSAGES.planningSubmitted);
      navigate('/planning');
    } else {
      showPlanningToast(SUCCESS_MESSAGES.planningSaved);
      navigate(`${stepPath(step + 1)}?id=${plan.id}`);
    }
  };
  return { advance, pending: change.isPending };
}

export const isReadOnly = (plan: Planning | null) => plan?.phase === 'Submitted';
