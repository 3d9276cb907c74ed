import {
  Badge,
  Button,
  Card,
  Center,
  Group,
  Loader,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import {
  PDCA_INDICATOR_LABELS,
  PDCA_STATE_LABELS,
  PDCA_STATES,
  type PdcaState,
  PLANNING_TYPE_LABELS,
} from '@vendaval/core/constants';
import { formatDate } from '@vendaval/core/format';
import { SUCCESS_MESSAGES } from '@vendaval/core/messages';
import { canEditPlanning, canExport } from '@vendaval/core/permissions';
import type { PdcaAction, PlanningSummary } from '@vendaval/core/schemas/planning';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useCurrentRole } from '../../lib/current-workspace.ts';
import { useSession } from '../../lib/session.ts';
import {
  useGraduationPlanningsQuery,
  usePdcaQuery,
  usePlanningsQuery,
  useStartPdcaExportMutation,
  useUpdatePdcaMutation,
} from './api/planning-api.ts';
import { showPlanningToast } from './planning-toasts.ts';

const planLabel = (plan: PlanningSummary) =>
  plan.type === 'graduation'
    ? `${PLANNING_TYPE_LABELS.graduation} ${plan.year}`
    : `Planejamento ${plan.year}`;

/** /planning/pdca: each 5W2H action's Plan, Do, Check, Act, its indicator against its target, and the export. */
export function PdcaPage() {
  const { workspaceId } = useSession();
  const role = useCurrentRole() ?? '';
  const [params, setParams] = useSearchParams();
  const regular = usePlanningsQuery(workspaceId);
  const graduation = useGraduationPlanningsQuery(workspaceId);
  const plans = [...(regular.data ?? []), ...(graduation.data ?? [])];
  const id = Number(params.get('id')) || plans[0]?.id || null;
  const pdca = usePdcaQuery(workspaceId, id);
  const exporting = useStartPdcaExportMutation(workspaceId);
  const startExport = (format: 'xlsx' | 'pdf') =>
    id !== null &&
    exporting.mutate(
      { id, format },
      { onSuccess: () => showPlanningToast(SUCCESS_MESSAGES.pdcaExportStarted) },
    );
  const exportButton = (format: 'xlsx' | 'pdf', label: string) => (
    <Button
      mt="auto"
      variant="default"
      leftSection={<IconDownload size={18} />}
      onClick={() => startExport(format)}
      loading={exporting.isPending && exporting.variables.format === format}
      disabled={id === null || exporting.isPending}
    >
      {label}
    </Button>
  );

  return (
    <Stack gap="lg" maw={1180} mx="auto" w="100%">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Stack gap={2}>
          <Title order={2}>PDCA</Title>
          <Text size="sm" c="dimmed">
            Planejar, executar, verificar e agir: cada ação do plano 5W2H com seu indicador e a meta.
          </Text>
        </Stack>
        <Group gap="xs" wrap="wrap">
          <Select
            label="Planejamento"
            placeholder="Selecione"
            data={plans.map((p) => ({ value: String(p.id), label: planLabel(p) }))}
            value={id === null ? null : String(id)}
            onChange={(value) => value && setParams({ id: value })}
            allowDeselect={false}
            w={240}
          />
          {canExport(role) && (
            <>
              {exportButton('xlsx', 'Exportar XLSX')}
              {exportButton('pdf', 'Exportar PDF')}
            </>
          )}
        </Group>
      </Group>
      {plans.length === 0 && regular.data && graduation.data ? (
        <Text c="dimmed">Nenhum planejamento cadastrado.</Text>
      ) : !pdca.data ? (
        <Center py="xl">
          {pdca.isError ? (
            <Text c="dimmed">Não foi possível carregar o PDCA.</Text>
          ) : (
            <Loader aria-label="Carregando PDCA" />
          )}
        </Center>
      ) : pdca.data.data.length === 0 ? (
        <Text c="dimmed">Este planejamento não tem ações 5W2H.</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }} aria-label="Ações do PDCA">
          {pdca.data.data.map((action) => (
            <PdcaCard
              key={action.id}
              planId={pdca.data.planning_id}
              action={action}
              editable={canEditPlanning(role)}
            />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}

function CheckBadge({ action }: { action: PdcaAction }) {
  if (action.check === null)
    return (
      <Badge variant="light" color="gray">
        Sem verificação
      </Badge>
    );
  return action.check === 'met' ? (
    <Badge variant="light" color="green">
      Meta atingida
    </Badge>
  ) : (
    <Badge variant="light" color="red">
      Meta não atingida
    </Badge>
  );
}

function PdcaCard({ planId, action, editable }: { planId: number; action: PdcaAction; editable: boolean }) {
  const { workspaceId } = useSession();
  const update = useUpdatePdcaMutation(workspaceId);
  const [corrective, setCorrective] = useState(action.corrective_action);
  const save = (patch: { pdca_state?: PdcaState }) =>
    update.mutate(
      { id: planId, actionId: action.id, ...patch, corrective_action: corrective },
      { onSuccess: () => showPlanningToast(SUCCESS_MESSAGES.pdcaSaved) },
    );
  return (
    <Card withBorder padding="md" component="article" aria-label={`Ação ${action.what}`}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs" align="flex-start">
          <Stack gap={2}>
            <Text fw={600}>{action.what}</Text>
            <Text size="sm" c="dimmed">
              {formatDate(`${action.when}T12:00:00`)}
            </Text>
          </Stack>
          <CheckBadge action={action} />
        </Group>
        <Text size="sm" aria-label="Indicador">
          {action.indicator
            ? `${PDCA_INDICATOR_LABELS[action.indicator]}: ${action.actual ?? '—'} de ${action.target ?? '—'}`
            : 'Sem indicador'}
        </Text>
        <SegmentedControl
          aria-label="Etapa PDCA"
          fullWidth
          size="xs"
          disabled={!editable || update.isPending}
          value={action.pdca_state}
          onChange={(value) => save({ pdca_state: value as PdcaState })}
          data={PDCA_STATES.map((state) => ({ value: state, label: PDCA_STATE_LABELS[state] }))}
        />
        <Textarea
          label="Ação corretiva"
          description={action.check === 'failed' ? 'A meta não foi atingida: o que será feito?' : undefined}
          autosize
          minRows={2}
          readOnly={!editable}
          value={corrective}
          onChange={(e) => setCorrective(e.currentTarget.value)}
        />
        {editable && (
          <Group justify="flex-end">
            <Button
              variant="light"
              size="xs"
              onClick={() => save({})}
              loading={update.isPending}
              disabled={corrective === action.corrective_action}
            >
              Salvar ação corretiva
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}
