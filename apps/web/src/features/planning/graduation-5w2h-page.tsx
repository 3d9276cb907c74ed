import { Alert, Button, Center, Group, Loader, Select, Stack, Text, Title } from '@mantine/core';
import { IconInfoCircle, IconPlus } from '@tabler/icons-react';
import { PLANNING_TYPE_LABELS, planningYears } from '@vendaval/core/constants';
import { SUCCESS_MESSAGES } from '@vendaval/core/messages';
import { canEditPlanning } from '@vendaval/core/permissions';
import { useState } from 'react';
import { useCurrentRole } from '../../lib/current-workspace.ts';
import { useSession } from '../../lib/session.ts';
import {
  useCreateGraduationPlanningMutation,
  useGraduationPlanningsQuery,
  usePlanningQuery,
} from './api/planning-api.ts';
import { ActionsStep } from './components/actions-step.tsx';
import { showPlanningToast } from './planning-toasts.ts';

/** /planning/graduation5w2h: the graduation intake's 5W2H action plan, one per year. */
export function Graduation5w2hPage() {
  const { workspaceId } = useSession();
  const role = useCurrentRole() ?? '';
  const [year, setYear] = useState(String(new Date().getFullYear()));
  const plans = useGraduationPlanningsQuery(workspaceId);
  const summary = plans.data?.find((p) => String(p.year) === year);
  const plan = usePlanningQuery(workspaceId, summary?.id ?? null);
  const create = useCreateGraduationPlanningMutation(workspaceId);
  const open = () =>
    create.mutate(
      { year: Number(year) },
      { onSuccess: () => showPlanningToast(SUCCESS_MESSAGES.planningSaved) },
    );

  return (
    <Stack gap="lg" maw={1180} mx="auto" w="100%">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Stack gap={2}>
          <Title order={2}>{PLANNING_TYPE_LABELS.graduation}</Title>
          <Text size="sm" c="dimmed">
            O plano de ação da captação de graduação: o quê, por quê, onde, quando, quem, como e quanto.
          </Text>
        </Stack>
        <Select
          label="Ano"
          data={planningYears().map(String)}
          value={year}
          onChange={(value) => value && setYear(value)}
          allowDeselect={false}
          w={140}
        />
      </Group>
      {plan.data?.phase === 'Submitted' && (
        <Alert color="green" icon={<IconInfoCircle size={18} />}>
          Este 5W2H foi enviado e agora é só leitura para a unidade.
        </Alert>
      )}
      {!plans.data || (summary && !plan.data) ? (
        <Center py="xl">
          {plans.isError || plan.isError ? (
            <Text c="dimmed">Não foi possível carregar o 5W2H da graduação.</Text>
          ) : (
            <Loader aria-label="Carregando 5W2H da graduação" />
          )}
        </Center>
      ) : plan.data ? (
        <ActionsStep plan={plan.data} />
      ) : (
        <Stack gap="sm" align="flex-start">
          <Text c="dimmed">Nenhum 5W2H da graduação em {year}.</Text>
          {canEditPlanning(role) && (
            <Button leftSection={<IconPlus size={16} />} onClick={open} loading={create.isPending}>
              Criar 5W2H de {year}
            </Button>
          )}
        </Stack>
      )}
    </Stack>
  );
}
