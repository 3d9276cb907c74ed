import { Alert, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useLocation, useSearchParams } from 'react-router';
import { useSession } from '../../lib/session.ts';
import { usePlanningQuery } from './api/planning-api.ts';
import { ActionsStep } from './components/actions-step.tsx';
import { FunnelStep } from './components/funnel-step.tsx';
import { GoalsStep } from './components/goals-step.tsx';
import { MediaStep } from './components/media-step.tsx';
import { PlanningStepper, stepOfPath } from './components/planning-steps.tsx';

/**
 * /planning/register and its steps two to four: the unit writes its plan phase by phase. The plan is named by
 * `?id=`; step 1 without one opens a new plan.
 */
export function PlanningRegisterPage() {
  const { workspaceId } = useSession();
  const step = stepOfPath(useLocation().pathname);
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || null;
  const plan = usePlanningQuery(workspaceId, id);
  return (
    <Stack gap="lg" maw={1180} mx="auto" w="100%">
      <Stack gap={2}>
        <Title order={2}>{plan.data ? `Planejamento ${plan.data.year}` : 'Novo planejamento'}</Title>
        <Text size="sm" c="dimmed">
          Cadastro do planejamento comercial da unidade.
        </Text>
      </Stack>
      {/* A submitted plan has every step done. */}
      <PlanningStepper active={plan.data?.phase === 'Submitted' ? 5 : step} />
      {plan.data?.phase === 'Submitted' && (
        <Alert color="green" icon={<IconInfoCircle size={18} />}>
          Este planejamento foi enviado e agora é só leitura para a unidade.
        </Alert>
      )}
      {plan.data?.phase_history.at(-1)?.comment && (
        <Alert color="orange" title="Planejamento devolvido" icon={<IconInfoCircle size={18} />}>
          {plan.data.phase_history.at(-1)?.comment}
        </Alert>
      )}
      {id !== null && !plan.data ? (
        <Center py="xl">
          {plan.isError ? (
            <Text c="dimmed">Não foi possível carregar o planejamento.</Text>
          ) : (
            <Loader aria-label="Carregando planejamento" />
          )}
        </Center>
      ) : step === 1 || !plan.data ? (
        <GoalsStep key={plan.data?.id ?? 'new'} plan={plan.data ?? null} />
      ) : step === 2 ? (
        <FunnelStep key={plan.data.id} plan={plan.data} />
      ) : step === 3 ? (
        <MediaStep plan={plan.data} />
      ) : (
        <ActionsStep plan={plan.data} />
      )}
    </Stack>
  );
}
