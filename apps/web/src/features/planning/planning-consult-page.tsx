import { Badge, Center, Group, Loader, Select, Stack, Stepper, Table, Text, Title } from '@mantine/core';
import { MONTHS } from '@vendaval/core/constants';
import { formatBRL } from '@vendaval/core/format';
import {
  PLANNING_PHASE_LABELS,
  type Planning,
  type PlanningActual,
  type PlanningGoal,
} from '@vendaval/core/schemas/planning';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useLookupQuery } from '../../lib/lookups/use-lookup-query.ts';
import { useSession } from '../../lib/session.ts';
import { usePlanningActionsQuery, usePlanningQuery, usePlanningsQuery } from './api/planning-api.ts';

const CONSULT_PATHS = [
  '/planning/consult',
  '/planning/consult/steptwo',
  '/planning/consult/stepthree',
  '/planning/consult/stepfour',
];
const STEP_PHASES = ['PrePlanning', 'Planning', 'PlanningMedias', 'Planning5w2h'] as const;

/** The consult step a path shows: 1 to 4. */
export const consultStepOfPath = (pathname: string) => {
  const index = CONSULT_PATHS.indexOf(pathname.replace(/\/$/, ''));
  return index < 0 ? 1 : index + 1;
};

const monthName = (m: number) => MONTHS[m - 1] ?? String(m);
const count = (n: number | null) => (n === null ? '—' : n.toLocaleString('pt-BR'));
const money = (n: number | null) => (n === null ? '—' : formatBRL(n));

/**
 * /planning/consult and its steps two to four: a plan read-only, each goal with what the unit really did beside
 * it. The plan is named by `?id=`; without one, the latest.
 */
export function PlanningConsultPage() {
  const { workspaceId } = useSession();
  const step = consultStepOfPath(useLocation().pathname);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const plans = usePlanningsQuery(workspaceId);
  const id = Number(params.get('id')) || plans.data?.[0]?.id || null;
  const plan = usePlanningQuery(workspaceId, id);
  const query = id === null ? '' : `?id=${id}`;
  return (
    <Stack gap="lg" maw={1180} mx="auto" w="100%">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Stack gap={2}>
          <Title order={2}>Consulta do planejamento</Title>
          <Text size="sm" c="dimmed">
            As metas do plano e, ao lado, o realizado das oportunidades ganhas da unidade.
          </Text>
        </Stack>
        {plans.data && plans.data.length > 0 && (
          <Select
            label="Planejamento"
            w={200}
            allowDeselect={false}
            data={plans.data.map((p) => ({ value: String(p.id), label: `Planejamento ${p.year}` }))}
            value={id === null ? null : String(id)}
            onChange={(v) => v && navigate(`${CONSULT_PATHS[step - 1]}?id=${v}`)}
          />
        )}
      </Group>
      <Stepper
        active={step - 1}
        size="sm"
        aria-label="Etapas da consulta"
        onStepClick={(i) => navigate(`${CONSULT_PATHS[i]}${query}`)}
      >
        {STEP_PHASES.map((phase, i) => (
          <Stepper.Step key={phase} label={`Etapa ${i + 1}`} description={PLANNING_PHASE_LABELS[phase]} />
        ))}
      </Stepper>
      {plans.data && plans.data.length === 0 ? (
        <Text c="dimmed">
          Nenhum planejamento cadastrado. <Link to="/planning/register">Cadastrar um planejamento</Link>
        </Text>
      ) : !plan.data ? (
        <Center py="xl">
          {plan.isError || plans.isError ? (
            <Text c="dimmed">Não foi possível carregar o planejamento.</Text>
          ) : (
            <Loader aria-label="Carregando planejamento" />
          )}
        </Center>
      ) : (
        <>
          <Group gap="xs">
            <Text fw={600}>Planejamento {plan.data.year}</Text>
            <Badge variant="light" color={plan.data.phase === 'Submitted' ? 'green' : 'blue'}>
              {plan.data.status}. {PLANNING_PHASE_LABELS[plan.data.phase]}
            </Badge>
          </Group>
          {step === 1 ? (
            <GoalsVsActuals plan={plan.data} />
          ) : step === 2 ? (
            <FunnelView plan={plan.data} />
          ) : step === 3 ? (
            <MediaView plan={plan.data} />
          ) : (
            <ActionsView plan={plan.data} />
          )}
        </>
      )}
    </Stack>
  );
}

type Pair = {
  label: string;
  goal: (g: PlanningGoal) => number;
  actual: (a: PlanningActual) => number | null;
};
const PAIRS: { label: string; pairs: Pair[]; format: (n: number | null) => string }[] = [
  {
    label: 'Matrículas',
    format: count,
    pairs: [
      { label: 'presencial', goal: (g) => g.enrollments, actual: (a) => a.enrollments },
      { label: 'EAD', goal: (g) => g.remote_enrollments, actual: (a) => a.remote_enrollments },
    ],
  },
  {
    label: 'Vendas',
    format: count,
    pairs: [
      { label: 'presencial', goal: (g) => g.sales, actual: (a) => a.sales },
      { label: 'EAD', goal: (g) => g.remote_sales, actual: (a) => a.remote_sales },
    ],
  },
  {
    label: 'Faturamento',
    format: money,
    pairs: [
      { label: 'presencial', goal: (g) => g.income, actual: (a) => a.income },
      { label: 'EAD', goal: (g) => g.remote_income, actual: (a) => a.remote_income },
    ],
  },
];

/** Step 1: each month's goals with the actuals beside them. */
function GoalsVsActuals({ plan }: { plan: Planning }) {
  return (
    <Stack gap="xs">
      <Text size="xs" c="dimmed">
        Realizado: oportunidades ganhas fechadas no mês (matrícula), as que têm produto (venda) e a soma dos
        valores (faturamento). As oportunidades não indicam presencial ou EAD: o realizado conta como
        presencial.
      </Text>
      <Table.ScrollContainer minWidth={900}>
        <Table striped withTableBorder withColumnBorders aria-label="Metas e realizado por mês">
          <Table.Thead>
            <Table.Tr>
              <Table.Th rowSpan={2}>Mês</Table.Th>
              {PAIRS.flatMap((group) =>
                group.pairs.map((pair) => (
                  <Table.Th key={`${group.label}-${pair.label}`} colSpan={2} ta="center">
                    {group.label} {pair.label}
                  </Table.Th>
                )),
              )}
            </Table.Tr>
            <Table.Tr>
              {PAIRS.flatMap((group) =>
                group.pairs.flatMap((pair) => [
                  <Table.Th key={`${group.label}-${pair.label}-g`}>Meta</Table.Th>,
                  <Table.Th key={`${group.label}-${pair.label}-a`}>Realizado</Table.Th>,
                ]),
              )}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {plan.goals.map((goal) => {
              const actual = plan.actuals.find((a) => a.month === goal.month);
              return (
                <Table.Tr key={goal.month} aria-label={monthName(goal.month)}>
                  <Table.Td fw={600}>{monthName(goal.month)}</Table.Td>
                  {PAIRS.flatMap((group) =>
                    group.pairs.flatMap((pair) => {
                      const a = actual ? pair.actual(actual) : null;
                      const g = pair.goal(goal);
                      return [
                        <Table.Td key={`${group.label}-${pair.label}-g`}>{group.format(g)}</Table.Td>,
                        <Table.Td
                          key={`${group.label}-${pair.label}-a`}
                          c={a === null ? 'dimmed' : a >= g && g > 0 ? 'green.8' : undefined}
                          fw={a !== null && a > 0 ? 600 : undefined}
                          data-label={`Realizado ${group.label} ${pair.label}`}
                        >
                          {group.format(a)}
                        </Table.Td>,
                      ];
                    }),
                  )}
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

/** Step 2: the funnel behind the enrolment goals, and the actual enrolments. */
function FunnelView({ plan }: { plan: Planning }) {
  const { funnel } = plan;
  return (
    <Stack gap="xs">
      <Text size="sm">
        Leads que visitam: {funnel.lead_to_visit_rate === null ? '—' : `${funnel.lead_to_visit_rate}%`} ·
        Visitas que matriculam:{' '}
        {funnel.visit_to_enrollment_rate === null ? '—' : `${funnel.visit_to_enrollment_rate}%`}
      </Text>
      <Table.ScrollContainer minWidth={480}>
        <Table striped withTableBorder aria-label="Funil por mês">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Mês</Table.Th>
              <Table.Th>Leads</Table.Th>
              <Table.Th>Visitas</Table.Th>
              <Table.Th>Matrículas (meta)</Table.Th>
              <Table.Th>Matrículas (realizado)</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {funnel.months.map((m) => (
              <Table.Tr key={m.month}>
                <Table.Td>{monthName(m.month)}</Table.Td>
                <Table.Td>{count(m.leads)}</Table.Td>
                <Table.Td>{count(m.visits)}</Table.Td>
                <Table.Td>{count(m.enrollments)}</Table.Td>
                <Table.Td>
                  {count(plan.actuals.find((a) => a.month === m.month)?.enrollments ?? null)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

type Named = { id: number; name: string };
const nameOf = (list: Named[] | undefined, id: number | null) =>
  id === null ? '—' : (list?.find((i) => i.id === id)?.name ?? '—');

/** Step 3: the media plan. */
function MediaView({ plan }: { plan: Planning }) {
  const medias = useLookupQuery<Named>('medias');
  const campaigns = useLookupQuery<Named>('campaigns');
  if (plan.medias.length === 0) return <Text c="dimmed">Nenhuma mídia no plano.</Text>;
  return (
    <Table.ScrollContainer minWidth={480}>
      <Table striped withTableBorder aria-label="Plano de mídia">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Mídia</Table.Th>
            <Table.Th>Campanha</Table.Th>
            <Table.Th>Verba</Table.Th>
            <Table.Th>Leads esperados</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {plan.medias.map((line) => (
            <Table.Tr key={line.id}>
              <Table.Td>{nameOf(medias.data, line.media_id)}</Table.Td>
              <Table.Td>{nameOf(campaigns.data, line.campaign_id)}</Table.Td>
              <Table.Td>{formatBRL(line.total_budget)}</Table.Td>
              <Table.Td>{count(line.total_expected_leads)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Step 4: the 5W2H action plan. */
function ActionsView({ plan }: { plan: Planning }) {
  const { workspaceId } = useSession();
  const actions = usePlanningActionsQuery(workspaceId, plan.id);
  const medias = useLookupQuery<Named>('medias');
  if (!actions.data) return <Loader aria-label="Carregando ações" />;
  if (actions.data.length === 0) return <Text c="dimmed">Nenhuma ação no plano.</Text>;
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped withTableBorder aria-label="Plano de ação 5W2H">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>O quê</Table.Th>
            <Table.Th>Por quê</Table.Th>
            <Table.Th>Quando</Table.Th>
            <Table.Th>Como</Table.Th>
            <Table.Th>Quanto</Table.Th>
            <Table.Th>Mídia</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {actions.data.map((a) => (
            <Table.Tr key={a.id}>
              <Table.Td>{a.what}</Table.Td>
              <Table.Td>{a.why}</Table.Td>
              <Table.Td>{a.when.split('-').reverse().join('/')}</Table.Td>
              <Table.Td>{a.how}</Table.Td>
              <Table.Td>{formatBRL(a.how_much)}</Table.Td>
              <Table.Td>{nameOf(medias.data, a.media_id)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
