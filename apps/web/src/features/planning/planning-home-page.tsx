import { Badge, Button, Card, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { planningStatusNumber } from '@vendaval/core/constants';
import { PLANNING_PHASE_LABELS, type PlanningSummary } from '@vendaval/core/schemas/planning';
import { Link } from 'react-router';
import { useSession } from '../../lib/session.ts';
import { usePlanningsQuery } from './api/planning-api.ts';
import { stepPath } from './components/planning-steps.tsx';

/** /planning: the unit's plans by year, each opening at the step its phase is in. */
export function PlanningHomePage() {
  const { workspaceId } = useSession();
  const plans = usePlanningsQuery(workspaceId);
  return (
    <Stack gap="lg" maw={960} mx="auto" w="100%">
      <Group justify="space-between" align="flex-end">
        <Stack gap={2}>
          <Title order={2}>Planejamento</Title>
          <Text size="sm" c="dimmed">
            O planejamento comercial da unidade: metas, funil, plano de mídia e plano de ação.
          </Text>
        </Stack>
        <Group gap="xs" wrap="wrap">
          <Button component={Link} to="/planning/consult" variant="default">
            Consultar
          </Button>
          <Button component={Link} to="/planning/schedule" variant="default">
            Cronograma
          </Button>
          <Button component={Link} to="/planning/templateManagement" variant="default">
            Modelos de cronograma
          </Button>
          <Button component={Link} to="/planning/register" leftSection={<IconPlus size={16} />}>
            Novo planejamento
          </Button>
        </Group>
      </Group>
      {plans.data ? (
        plans.data.length === 0 ? (
          <Text c="dimmed">Nenhum planejamento cadastrado.</Text>
        ) : (
          <Stack gap="sm" aria-label="Planejamentos">
            {plans.data.map((plan) => (
              <PlanRow key={plan.id} plan={plan} />
            ))}
          </Stack>
        )
      ) : (
        <Center py="xl">
          {plans.isError ? (
            <Text c="dimmed">Não foi possível carregar os planejamentos.</Text>
          ) : (
            <Loader aria-label="Carregando planejamentos" />
          )}
        </Center>
      )}
    </Stack>
  );
}

function PlanRow({ plan }: { plan: PlanningSummary }) {
  const step = Math.min(planningStatusNumber(plan.phase), 4);
  return (
    <Card withBorder padding="md" component="article" aria-label={`Planejamento ${plan.year}`}>
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Stack gap={4}>
          <Text fw={600}>Planejamento {plan.year}</Text>
          <Badge variant="light" color={plan.phase === 'Submitted' ? 'green' : 'blue'}>
            {plan.status}. {PLANNING_PHASE_LABELS[plan.phase]}
          </Badge>
        </Stack>
        <Button variant="light" component={Link} to={`${stepPath(step)}?id=${plan.id}`}>
          {plan.phase === 'Submitted' ? 'Ver' : 'Continuar'}
        </Button>
      </Group>
    </Card>
  );
}
