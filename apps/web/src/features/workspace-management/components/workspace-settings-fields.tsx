import { MultiSelect, Select, Stack, Switch } from '@mantine/core';
import type { WorkspaceDistribution, WorkspaceSettings } from '@vendaval/core/schemas/workspaces';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { usePlatform, useRoleLabel } from '../../../lib/platform.ts';
import { useWorkspaceMembersQuery } from '../api/use-workspace-members-query.ts';
import { useWorkspaceTaskTypesQuery } from '../api/use-workspace-task-types-query.ts';

export type WorkspaceFormValues = { name: string; settings: WorkspaceSettings };
type Form = UseFormReturn<WorkspaceFormValues>;

const PLATFORM_DEFAULT = 'platform';

/** The workspace's settings; the ones that name members or actions only once the workspace exists. */
export function WorkspaceSettingsFields({ form, workspaceId }: { form: Form; workspaceId: number | null }) {
  return (
    <Stack gap="md">
      <SwitchField
        form={form}
        name="settings.require_task_for_stage_change"
        label="Exigir tarefa para mudar de etapa"
        description="Mover ou concluir uma oportunidade pede ao menos uma tarefa registrada."
      />
      <SwitchField
        form={form}
        name="settings.keep_filters"
        label="Manter filtros por padrão"
        description="Pipeline e Calendário guardam os filtros de quem ainda não escolheu 'Manter filtros'."
      />
      <ResponsibleCheckField form={form} />
      {workspaceId !== null && <DistributionFields form={form} workspaceId={workspaceId} />}
      {workspaceId !== null && <CalendarActionsField form={form} workspaceId={workspaceId} />}
    </Stack>
  );
}

type SwitchProps = {
  form: Form;
  name: 'settings.require_task_for_stage_change' | 'settings.keep_filters';
  label: string;
  description: string;
};

function SwitchField({ form, name, label, description }: SwitchProps) {
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <Switch
          label={label}
          description={description}
          checked={field.value}
          onChange={(event) => field.onChange(event.currentTarget.checked)}
        />
      )}
    />
  );
}

function ResponsibleCheckField({ form }: { form: Form }) {
  const { flags } = usePlatform();
  const data = [
    {
      value: PLATFORM_DEFAULT,
      label: `Padrão da plataforma (${flags.responsibleCheck ? 'exibir' : 'não exibir'})`,
    },
    { value: 'true', label: 'Exibir' },
    { value: 'false', label: 'Não exibir' },
  ];
  return (
    <Controller
      control={form.control}
      name="settings.responsible_check"
      render={({ field }) => (
        <Select
          label="Campo 'Não é aluno?' no cadastro de cards"
          data={data}
          value={field.value === null ? PLATFORM_DEFAULT : String(field.value)}
          onChange={(value) => field.onChange(value === PLATFORM_DEFAULT || !value ? null : value === 'true')}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
      )}
    />
  );
}

function DistributionFields({ form, workspaceId }: { form: Form; workspaceId: number }) {
  const { flags } = usePlatform();
  const roleLabel = useRoleLabel();
  const members = useWorkspaceMembersQuery(workspaceId);
  const distribution = form.watch('settings.distribution');
  const people = (members.data?.data ?? []).map((m) => ({ value: String(m.id), label: m.name }));
  return (
    <>
      <Controller
        control={form.control}
        name="settings.distribution"
        render={({ field }) => (
          <Select
            label="Distribuição de cards novos e transferidos"
            description={`Rodízio: entre quem tem a função ${roleLabel(flags.main_collaborator)} e está em atividade.`}
            data={[
              { value: 'round_robin', label: 'Rodízio' },
              { value: 'fixed_user', label: 'Sempre o mesmo usuário' },
            ]}
            value={field.value}
            onChange={(value) => {
              field.onChange((value ?? 'round_robin') as WorkspaceDistribution);
              if (value === 'round_robin') form.setValue('settings.distribution_user_id', null);
            }}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
        )}
      />
      {distribution === 'fixed_user' && (
        <Controller
          control={form.control}
          name="settings.distribution_user_id"
          render={({ field, fieldState }) => (
            <Select
              label="Usuário que recebe os cards"
              placeholder="Escolha um membro"
              data={people}
              searchable
              nothingFoundMessage="Nenhum membro encontrado"
              value={field.value === null ? null : String(field.value)}
              onChange={(value) => field.onChange(value ? Number(value) : null)}
              error={fieldState.error?.message}
              comboboxProps={{ withinPortal: true }}
            />
          )}
        />
      )}
    </>
  );
}

function CalendarActionsField({ form, workspaceId }: { form: Form; workspaceId: number }) {
  const types = useWorkspaceTaskTypesQuery(workspaceId);
  const data = (types.data?.data ?? []).map((t) => ({ value: String(t.id), label: t.name }));
  return (
    <Controller
      control={form.control}
      name="settings.calendar_actions"
      render={({ field }) => (
        <MultiSelect
          label="Ações oferecidas ao criar tarefa pelo Calendário"
          description="Sem nenhuma escolhida, todas as ações são oferecidas."
          placeholder={field.value.length ? undefined : 'Todas'}
          data={data}
          value={field.value.filter((id) => data.some((d) => d.value === String(id))).map(String)}
          onChange={(values) => field.onChange(values.map(Number))}
          searchable
          clearable
          comboboxProps={{ withinPortal: true }}
        />
      )}
    />
  );
}
