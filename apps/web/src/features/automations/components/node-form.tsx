import {
  Button,
  Group,
  MultiSelect,
  NumberInput,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconTrash } from '@tabler/icons-react';
import { SOURCE_TYPE_LABELS, SOURCE_TYPES, type SourceType } from '@vendaval/core/constants';
import {
  AUTOMATION_ACTION_LABELS,
  AUTOMATION_ACTION_TYPES,
  AUTOMATION_DATE_FIELD_LABELS,
  AUTOMATION_DATE_FIELDS,
  AUTOMATION_NOTIFY_TARGET_LABELS,
  AUTOMATION_NOTIFY_TARGETS,
  AUTOMATION_TRIGGER_LABELS,
  AUTOMATION_TRIGGER_TYPES,
  type AutomationAction,
  type AutomationActionType,
  type AutomationConditions,
  type AutomationDateField,
  type AutomationDefinition,
  type AutomationNotifyTarget,
  type AutomationTrigger,
  type AutomationTriggerType,
  CARD_ORIGINS,
  type CardOrigin,
  TIME_UNITS,
  type TimeUnit,
  WAIT_UNITS,
  type WaitUnit,
} from '@vendaval/core/schemas/automations';
import type { Webhook } from '@vendaval/core/schemas/webhooks';
import {
  useCampaignsQuery,
  useInteractionTypesQuery,
  useMediasQuery,
  useSalesStagesQuery,
  useTagsQuery,
  useTaskTypesQuery,
  useWorkingMembersQuery,
} from '../../../lib/lookups/lookups.ts';
import { useLookupQuery } from '../../../lib/lookups/use-lookup-query.ts';
import { type FieldErrors, type NodeKey, nodePath } from '../automation-errors.ts';
import { TemplateActionFields } from './template-action-fields.tsx';

export const ORIGIN_LABELS: Readonly<Record<CardOrigin, string>> = {
  form: 'Formulário',
  import: 'Importação',
  chat: 'Conversa',
  person: 'Cadastro manual',
};
const UNIT_LABELS: Readonly<Record<WaitUnit, string>> = {
  minutes: 'Minutos',
  hours: 'Horas',
  business_days: 'Dias úteis',
};

type Option = { value: string; label: string };
const options = (rows: readonly { id: number; name: string }[] | undefined): Option[] =>
  (rows ?? []).map((row) => ({ value: String(row.id), label: row.name }));
const idOf = (value: string | null) => (value ? Number(value) : 0);
const pick = (id: number | null | undefined) => (id ? String(id) : null);

/** A new step of each kind as the editor adds it; required pickers start empty for the user to fill. */
export function blankAction(type: AutomationActionType): AutomationAction {
  switch (type) {
    case 'move_stage':
      return { type, stage_id: 0 };
    case 'assign':
      return { type, user_id: null };
    case 'add_tag':
    case 'remove_tag':
      return { type, tag_id: 0 };
    case 'create_task':
      return { type, name: null, task_type_id: 0, interaction_type_id: 0, due_in: 1, due_unit: 'hours' };
    case 'webhook':
      return { type, webhook_id: 0 };
    case 'wait':
      return { type, amount: 1, unit: 'hours' };
    case 'send_template':
      return { type, bot_id: 0, template: { name: '', language: 'pt_BR', components: [] } };
    case 'notify':
      return { type, to: 'rep', user_ids: [], message: '' };
  }
}

function blankTrigger(type: AutomationTriggerType): AutomationTrigger {
  switch (type) {
    case 'card_created':
      return { type, sources: [] };
    case 'stage_changed':
      return { type, to_stage_id: null };
    case 'no_interaction':
      return { type, hours: 24 };
    case 'date_reached':
      return { type, field: 'created_at', days_after: 0 };
    case 'schedule':
      return { type, time: '09:00' };
    default:
      return { type };
  }
}

type Props = {
  node: NodeKey;
  definition: AutomationDefinition;
  errors: FieldErrors;
  onChange: (definition: AutomationDefinition) => void;
};

/** The form of the node chosen in the flow: the trigger, the conditions or one action. */
export function NodeForm({ node, definition, errors, onChange }: Props) {
  if (node === 'trigger') {
    return (
      <TriggerForm
        trigger={definition.trigger}
        errors={errors}
        onChange={(trigger) => onChange({ ...definition, trigger })}
      />
    );
  }
  if (node === 'conditions') {
    return (
      <ConditionsForm
        conditions={definition.conditions}
        errors={errors}
        onChange={(conditions) => onChange({ ...definition, conditions })}
      />
    );
  }
  const index = node;
  const action = definition.actions[index];
  if (!action) return null;
  const setAction = (next: AutomationAction) =>
    onChange({ ...definition, actions: definition.actions.map((a, i) => (i === index ? next : a)) });
  const move = (to: number) => {
    const actions = [...definition.actions];
    const [moved] = actions.splice(index, 1);
    if (moved) actions.splice(to, 0, moved);
    onChange({ ...definition, actions });
  };
  const last = definition.actions.length - 1;
  return (
    <Stack gap="sm">
      <Title order={4}>{`Ação ${index + 1}`}</Title>
      <Select
        label="Tipo de ação"
        allowDeselect={false}
        data={AUTOMATION_ACTION_TYPES.map((type) => ({ value: type, label: AUTOMATION_ACTION_LABELS[type] }))}
        value={action.type}
        onChange={(type) =>
          type && type !== action.type && setAction(blankAction(type as AutomationActionType))
        }
      />
      <ActionFields action={action} errors={errors} path={nodePath(index)} onChange={setAction} />
      <Group gap="xs">
        <Button
          size="xs"
          variant="default"
          leftSection={<IconArrowUp size={14} />}
          disabled={index === 0}
          onClick={() => move(index - 1)}
        >
          Subir
        </Button>
        <Button
          size="xs"
          variant="default"
          leftSection={<IconArrowDown size={14} />}
          disabled={index === last}
          onClick={() => move(index + 1)}
        >
          Descer
        </Button>
        <Button
          size="xs"
          variant="subtle"
          color="red"
          leftSection={<IconTrash size={14} />}
          disabled={last === 0}
          onClick={() =>
            onChange({ ...definition, actions: definition.actions.filter((_, i) => i !== index) })
          }
        >
          Remover ação
        </Button>
      </Group>
    </Stack>
  );
}

function TriggerForm({
  trigger,
  errors,
  onChange,
}: {
  trigger: AutomationTrigger;
  errors: FieldErrors;
  onChange: (trigger: AutomationTrigger) => void;
}) {
  const stages = useSalesStagesQuery();
  const path = nodePath('trigger');
  return (
    <Stack gap="sm">
      <Title order={4}>Gatilho</Title>
      <Select
        label="Quando"
        allowDeselect={false}
        data={AUTOMATION_TRIGGER_TYPES.map((type) => ({
          value: type,
          label: AUTOMATION_TRIGGER_LABELS[type],
        }))}
        value={trigger.type}
        error={errors[`${path}.type`] ?? errors[path]}
        onChange={(type) =>
          type && type !== trigger.type && onChange(blankTrigger(type as AutomationTriggerType))
        }
      />
      {trigger.type === 'card_created' && (
        <MultiSelect
          label="Origem da oportunidade"
          placeholder={trigger.sources.length ? undefined : 'Qualquer origem'}
          data={CARD_ORIGINS.map((origin) => ({ value: origin, label: ORIGIN_LABELS[origin] }))}
          value={trigger.sources}
          error={errors[`${path}.sources`]}
          onChange={(sources) => onChange({ ...trigger, sources: sources as CardOrigin[] })}
        />
      )}
      {trigger.type === 'stage_changed' && (
        <Select
          label="Para a etapa"
          placeholder="Qualquer etapa"
          clearable
          data={options(stages.data)}
          value={pick(trigger.to_stage_id)}
          error={errors[`${path}.to_stage_id`]}
          onChange={(value) => onChange({ ...trigger, to_stage_id: value ? Number(value) : null })}
        />
      )}
      {trigger.type === 'no_interaction' && (
        <NumberInput
          label="Horas sem interação"
          min={1}
          value={trigger.hours}
          error={errors[`${path}.hours`]}
          onChange={(value) => onChange({ ...trigger, hours: Number(value) || 0 })}
        />
      )}
      {trigger.type === 'date_reached' && (
        <Group grow align="flex-start">
          <Select
            label="Data"
            allowDeselect={false}
            data={AUTOMATION_DATE_FIELDS.map((field) => ({
              value: field,
              label: AUTOMATION_DATE_FIELD_LABELS[field],
            }))}
            value={trigger.field}
            error={errors[`${path}.field`]}
            onChange={(value) => value && onChange({ ...trigger, field: value as AutomationDateField })}
          />
          <NumberInput
            label="Dias depois"
            min={0}
            max={365}
            value={trigger.days_after}
            error={errors[`${path}.days_after`]}
            onChange={(value) => onChange({ ...trigger, days_after: Number(value) || 0 })}
          />
        </Group>
      )}
      {trigger.type === 'schedule' && (
        <TextInput
          label="Todos os dias às (horário de Brasília)"
          placeholder="HH:MM"
          value={trigger.time}
          error={errors[`${path}.time`]}
          onChange={(event) => onChange({ ...trigger, time: event.currentTarget.value })}
        />
      )}
    </Stack>
  );
}

function ConditionsForm({
  conditions,
  errors,
  onChange,
}: {
  conditions: AutomationConditions;
  errors: FieldErrors;
  onChange: (conditions: AutomationConditions) => void;
}) {
  const stages = useSalesStagesQuery();
  const campaigns = useCampaignsQuery();
  const medias = useMediasQuery();
  const tags = useTagsQuery();
  const users = useWorkingMembersQuery();
  const path = nodePath('conditions');
  const ids = (
    key: 'stage_ids' | 'campaign_ids' | 'media_ids' | 'tag_ids' | 'user_ids',
    label: string,
    data: Option[],
  ) => (
    <MultiSelect
      label={label}
      placeholder={conditions[key].length ? undefined : 'Qualquer'}
      searchable
      data={data}
      value={conditions[key].map(String)}
      error={errors[`${path}.${key}`]}
      onChange={(values) => onChange({ ...conditions, [key]: values.map(Number) })}
    />
  );
  return (
    <Stack gap="sm">
      <Title order={4}>Condições</Title>
      <Text size="sm" c="dimmed">
        A oportunidade precisa atender a todas as listas preenchidas; uma lista vazia aceita qualquer valor.
      </Text>
      {ids('stage_ids', 'Etapas', options(stages.data))}
      <MultiSelect
        label="Origens"
        placeholder={conditions.source_types.length ? undefined : 'Qualquer'}
        searchable
        data={SOURCE_TYPES.map((type) => ({ value: type, label: SOURCE_TYPE_LABELS[type] }))}
        value={conditions.source_types}
        error={errors[`${path}.source_types`]}
        onChange={(values) => onChange({ ...conditions, source_types: values as SourceType[] })}
      />
      {ids('campaign_ids', 'Campanhas', options(campaigns.data))}
      {ids('media_ids', 'Mídias', options(medias.data))}
      {ids('tag_ids', 'Tags (qualquer uma)', options(tags.data))}
      {ids('user_ids', 'Responsáveis', options(users.data))}
    </Stack>
  );
}

function ActionFields({
  action,
  errors,
  path,
  onChange,
}: {
  action: AutomationAction;
  errors: FieldErrors;
  path: string;
  onChange: (action: AutomationAction) => void;
}) {
  const stages = useSalesStagesQuery();
  const tags = useTagsQuery();
  const users = useWorkingMembersQuery();
  const taskTypes = useTaskTypesQuery();
  const interactionTypes = useInteractionTypesQuery();
  const webhooks = useLookupQuery<Webhook>('webhooks');
  const error = (field: string) => errors[`${path}.${field}`];

  switch (action.type) {
    case 'move_stage':
      return (
        <Select
          label="Etapa"
          placeholder="Escolha a etapa"
          searchable
          data={options(stages.data)}
          value={pick(action.stage_id)}
          error={error('stage_id')}
          onChange={(value) => onChange({ ...action, stage_id: idOf(value) })}
        />
      );
    case 'assign':
      return (
        <Select
          label="Responsável"
          placeholder="Pela distribuição do workspace"
          clearable
          searchable
          data={options(users.data)}
          value={pick(action.user_id)}
          error={error('user_id')}
          onChange={(value) => onChange({ ...action, user_id: value ? Number(value) : null })}
        />
      );
    case 'add_tag':
    case 'remove_tag':
      return (
        <Select
          label="Tag"
          placeholder="Escolha a tag"
          searchable
          data={options(tags.data)}
          value={pick(action.tag_id)}
          error={error('tag_id')}
          onChange={(value) => onChange({ ...action, tag_id: idOf(value) })}
        />
      );
    case 'create_task':
      return (
        <Stack gap="sm">
          <TextInput
            label="Nome da tarefa"
            placeholder="O nome do tipo de tarefa"
            value={action.name ?? ''}
            error={error('name')}
            onChange={(event) => onChange({ ...action, name: event.currentTarget.value || null })}
          />
          <Select
            label="Tipo de tarefa"
            placeholder="Escolha o tipo"
            data={options(taskTypes.data)}
            value={pick(action.task_type_id)}
            error={error('task_type_id')}
            onChange={(value) => onChange({ ...action, task_type_id: idOf(value) })}
          />
          <Select
            label="Tipo de interação"
            placeholder="Escolha a interação"
            data={options(interactionTypes.data)}
            value={pick(action.interaction_type_id)}
            error={error('interaction_type_id')}
            onChange={(value) => onChange({ ...action, interaction_type_id: idOf(value) })}
          />
          <Group grow align="flex-start">
            <NumberInput
              label="Prazo em"
              min={1}
              value={action.due_in}
              error={error('due_in')}
              onChange={(value) => onChange({ ...action, due_in: Number(value) || 0 })}
            />
            <Select
              label="Unidade"
              allowDeselect={false}
              data={TIME_UNITS.map((unit) => ({ value: unit, label: UNIT_LABELS[unit] }))}
              value={action.due_unit}
              error={error('due_unit')}
              onChange={(value) => value && onChange({ ...action, due_unit: value as TimeUnit })}
            />
          </Group>
          <Text size="xs" c="dimmed">
            A tarefa fica com o responsável da oportunidade.
          </Text>
        </Stack>
      );
    case 'webhook':
      return (
        <Select
          label="Webhook"
          placeholder="Escolha o webhook"
          data={options(webhooks.data)}
          value={pick(action.webhook_id)}
          error={error('webhook_id')}
          onChange={(value) => onChange({ ...action, webhook_id: idOf(value) })}
        />
      );
    case 'wait':
      return (
        <Group grow align="flex-start">
          <NumberInput
            label="Aguardar"
            min={1}
            value={action.amount}
            error={error('amount')}
            onChange={(value) => onChange({ ...action, amount: Number(value) || 0 })}
          />
          <Select
            label="Unidade"
            allowDeselect={false}
            data={WAIT_UNITS.map((unit) => ({ value: unit, label: UNIT_LABELS[unit] }))}
            value={action.unit}
            error={error('unit')}
            onChange={(value) => value && onChange({ ...action, unit: value as WaitUnit })}
          />
        </Group>
      );
    case 'send_template':
      return <TemplateActionFields action={action} error={error} onChange={onChange} />;
    case 'notify':
      return (
        <Stack gap="sm">
          <Select
            label="Notificar"
            allowDeselect={false}
            data={AUTOMATION_NOTIFY_TARGETS.map((to) => ({
              value: to,
              label: AUTOMATION_NOTIFY_TARGET_LABELS[to],
            }))}
            value={action.to}
            error={error('to')}
            onChange={(value) => value && onChange({ ...action, to: value as AutomationNotifyTarget })}
          />
          {action.to === 'members' && (
            <MultiSelect
              label="Membros"
              placeholder="Escolha os membros"
              searchable
              data={options(users.data)}
              value={action.user_ids.map(String)}
              error={error('user_ids')}
              onChange={(values) => onChange({ ...action, user_ids: values.map(Number) })}
            />
          )}
          <Textarea
            label="Mensagem"
            autosize
            minRows={2}
            maxLength={300}
            value={action.message}
            error={error('message')}
            onChange={(event) => onChange({ ...action, message: event.currentTarget.value })}
          />
        </Stack>
      );
  }
}
