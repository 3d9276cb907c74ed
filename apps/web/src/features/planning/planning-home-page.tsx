import { Badge, Button, Card, Center, Collapse, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconFilter, IconPlus } from '@tabler/icons-react';
import { PLANNING_TYPE_LABELS, planningStatusNumber } from '@vendaval/core/constants';
import { PLANNING_PHASE_LABELS, type PlanningSummary } from '@vendaval/core/schemas/planning';
import { useState } from 'react';
import { Link } from 'react-router';
import { useSession } from '../../lib/session.ts';
import { usePlanningsQuery } from './api/planning-api.ts';
import {
  EMPTY_PLANNING_FILTER,
  PlanningListFilterForm,
  planningFilterQuery,
} from './components/planning-list-filter.tsx';
import { stepPath } from './components/planning-steps.tsx';

/** /planning: the unit's plans by year, each opening at the step its phase is in. */
export function PlanningHomePage() {
  const { workspaceId } = useSession();
  const [filter, setFilter] = useState(EMPTY_PLANNING_FILTER);
  const [filtering, setFiltering] = useState(false);
  const plans = usePlanningsQuery(workspaceId, planningFilterQuery(filter));
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
          <Button component={Link} to="/planning/dashboards" variant="default">
            Dashboards
          </Button>
          <Button component={Link} to="/planning/schedule" variant="default">
            Cronograma
          </Button>
          <Button component={Link} to="/planning/templateManagement" variant="default">
            Modelos de cronograma
          </Button>
          <Button component={Link} to="/planning/pdca" variant="default">
            PDCA
          </Button>
          <Button component={Link} to="/planning/graduation5w2h" variant="default">
            {PLANNING_TYPE_LABELS.graduation}
          </Button>
          <Button
            variant={filtering ? 'light' : 'default'}
            leftSection={<IconFilter size={16} />}
            onClick={() => setFiltering((open) => !open)}
            aria-expanded={filtering}
          >
            Filtros
          </Button>
          <Button component={Link} to="/planning/register" leftSection={<IconPlus size={16} />}>
            Novo planejamento
          </Button>
        </Group>
      </Group>
      <Collapse in={filtering}>
        <PlanningListFilterForm value={filter} onChange={setFilter} />
      </Collapse>
      {plans.data ? (
        plans.data.length === 0 ? (
          <Text c="dimmed">
            {filter === EMPTY_PLANNING_FILTER
              ? 'Nenhum planejamento cadastrado.'
              : 'Nenhum planejamento encontrado com estes filtros.'}
          </Text>
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
  const graduation = plan.type === 'graduation';
  return (
    <Card withBorder padding="md" component="article" aria-label={`Planejamento ${plan.year}`}>
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Stack gap={4}>
          <Text fw={600}>
            {graduation ? PLANNING_TYPE_LABELS.graduation : 'Planejamento'} {plan.year}
          </Text>
          <Badge variant="light" color={plan.phase === 'Submitted' ? 'green' : 'blue'}>
            {plan.status}. {PLANNING_PHASE_LABELS[plan.phase]}
          </Badge>
        </Stack>
        <Button
          variant="light"
          component={Link}
          to={graduation ? '/planning/graduation5w2h' : `${stepPath(step)}?id=${plan.id}`}
        >
          {plan.phase === 'Submitted' ? 'Ver' : 'Continuar'}
        </Button>
      </Group>
    </Card>
  );
}
