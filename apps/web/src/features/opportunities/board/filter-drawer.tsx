import '@mantine/dates/styles.css';
import 'dayjs/locale/pt-br';
import {
  Button,
  Divider,
  Drawer,
  Group,
  Input,
  MultiSelect,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import {
  ANSWERING_FILTER_LABELS,
  ANSWERING_FILTERS,
  type AnsweringFilter,
  BRAZILIAN_STATES,
  CALL_DURATION_CLASS_LABELS,
  CALL_DURATION_CLASSES,
  CALL_FILTER_OPTIONS,
  type CallDurationClass,
  OPPORTUNITY_DATE_TYPE_LABELS,
  OPPORTUNITY_DATE_TYPES,
  type OpportunityDateType,
  SOURCE_TYPE_LABELS,
  SOURCE_TYPES,
  type SourceType,
  type StateCode,
} from '@vendaval/core/constants';
import { seesOnlyOwnOpportunities } from '@vendaval/core/permissions';
import { useState } from 'react';
import {
  useCampaignsQuery,
  useFormsLookupQuery,
  useMediasQuery,
  useObjectionsQuery,
  useOpportunityTypesQuery,
  useProductsQuery,
  useTagsQuery,
  useWorkingMembersQuery,
} from '../../../lib/lookups/lookups.ts';
import { useTerms } from '../../../lib/platform.ts';
import { PeriodInput } from '../../../ui/period-input/period-input.tsx';
import { StarRating } from '../../../ui/star-rating/star-rating.tsx';
import { boardFilterStore } from './board-filter-store.ts';
import type { BoardFilters, BooleanFilter } from './board-filters.ts';
import { termLabel } from './terms-labels.ts';

type Props = {
  opened: boolean;
  onClose: () => void;
  filters: BoardFilters;
  keep: boolean;
  role: string;
  fullScreen: boolean;
};

type Named = { id: number; name: string };
const options = (items: readonly Named[] | undefined) =>
  (items ?? []).map((item) => ({ value: String(item.id), label: item.name }));

/** The board's filters ('Filtros'): edited here, applied by 'Aplicar'; 'Limpar' goes back to the defaults. */
export function FilterDrawer({ opened, onClose, filters, keep, role, fullScreen }: Props) {
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      title="Filtros"
      position="right"
      size={fullScreen ? '100%' : 440}
      padding="md"
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      <FilterForm filters={filters} keep={keep} role={role} onDone={onClose} />
    </Drawer>
  );
}

type Section = { draft: BoardFilters; set: (patch: Partial<BoardFilters>) => void };

type IdSelectProps = {
  label: string;
  placeholder: string;
  items: readonly Named[] | undefined;
  value: number[];
  onChange: (ids: number[]) => void;
};

function IdSelect({ label, placeholder, items, value, onChange }: IdSelectProps) {
  return (
    <MultiSelect
      label={label}
      placeholder={placeholder}
      searchable
      data={options(items)}
      value={value.map(String)}
      onChange={(values) => onChange(values.map(Number))}
    />
  );
}

function KeepFilters({ keep }: { keep: boolean }) {
  return (
    <div>
      <Switch
        label="Manter filtros"
        aria-describedby="manter-filtros-ajuda"
        checked={keep}
        onChange={(event) => boardFilterStore.setKeep(event.currentTarget.checked)}
      />
      <Text id="manter-filtros-ajuda" size="xs" c="dimmed" mt={4} ml={50}>
        Os filtros continuam ao voltar para o pipeline
      </Text>
    </div>
  );
}

function DateFilters({ draft, set }: Section) {
  return (
    <>
      <Input.Wrapper label="Filtrar datas por">
        <SegmentedControl
          fullWidth
          aria-label="Filtrar datas por"
          value={draft.timestamp_attribute}
          onChange={(value) => set({ timestamp_attribute: value as OpportunityDateType })}
          data={OPPORTUNITY_DATE_TYPES.map((value) => ({
            value,
            label: OPPORTUNITY_DATE_TYPE_LABELS[value],
          }))}
        />
      </Input.Wrapper>
      <PeriodInput
        start={draft.start_timestamp}
        end={draft.end_timestamp}
        onChange={(start, end) => set({ start_timestamp: start, end_timestamp: end })}
      />
    </>
  );
}

function ListFilters({ draft, set, role }: Section & { role: string }) {
  const terms = useTerms();
  const members = useWorkingMembersQuery();
  const products = useProductsQuery();
  const campaigns = useCampaignsQuery();
  const medias = useMediasQuery();
  const objections = useObjectionsQuery();
  const tags = useTagsQuery();
  const forms = useFormsLookupQuery();
  const types = useOpportunityTypesQuery();
  return (
    <>
      {/* A salesRep only ever sees their own cards. */}
      {!seesOnlyOwnOpportunities(role) && (
        <IdSelect
          label="Responsáveis"
          placeholder="Todos"
          items={members.data}
          value={draft.user_id}
          onChange={(user_id) => set({ user_id })}
        />
      )}
      <IdSelect
        label={termLabel(terms.product_term)}
        placeholder="Todos"
        items={products.data}
        value={draft.product_id}
        onChange={(product_id) => set({ product_id })}
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <IdSelect
          label="Campanhas"
          placeholder="Todas"
          items={campaigns.data}
          value={draft.campaign_id}
          onChange={(campaign_id) => set({ campaign_id })}
        />
        <IdSelect
          label="Mídias"
          placeholder="Todas"
          items={medias.data}
          value={draft.media_id}
          onChange={(media_id) => set({ media_id })}
        />
        <MultiSelect
          label="Origens"
          placeholder="Todas"
          searchable
          data={SOURCE_TYPES.map((value) => ({ value, label: SOURCE_TYPE_LABELS[value] }))}
          value={draft.source_type}
          onChange={(v) => set({ source_type: v as SourceType[] })}
        />
        <IdSelect
          label="Motivos de perda"
          placeholder="Todos"
          items={objections.data}
          value={draft.closed_type}
          onChange={(closed_type) => set({ closed_type })}
        />
        <IdSelect
          label="Tags"
          placeholder="Todas"
          items={tags.data}
          value={draft.tags}
          onChange={(ids) => set({ tags: ids })}
        />
        <MultiSelect
          label="Formulários"
          placeholder="Todos"
          searchable
          data={(forms.data ?? []).map((form) => ({ value: form.public_id, label: form.name }))}
          value={draft.forms}
          onChange={(ids) => set({ forms: ids })}
        />
        <IdSelect
          label="Tipo de oportunidade"
          placeholder="Todos"
          items={types.data}
          value={draft.opportunity_type_id}
          onChange={(opportunity_type_id) => set({ opportunity_type_id })}
        />
        <MultiSelect
          label="Estado"
          placeholder="Todos"
          searchable
          data={BRAZILIAN_STATES.map((s) => ({ value: s.code, label: `${s.code} - ${s.name}` }))}
          value={draft.state_code}
          onChange={(v) => set({ state_code: v as StateCode[] })}
        />
        <TextInput
          label="Cidade"
          placeholder="Qualquer cidade"
          value={draft.city_name}
          onChange={(event) => set({ city_name: event.currentTarget.value })}
        />
      </SimpleGrid>
    </>
  );
}

/** Whether the card was called, and how its calls went: answering and length need a call, so 'none' turns them off. */
function CallFilters({ draft, set }: Section) {
  const uncalled = draft.has_call === false;
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <Select
          label="Ligações"
          placeholder="Todas"
          clearable
          data={CALL_FILTER_OPTIONS.map(({ value, label }) => ({ value: String(value), label }))}
          value={draft.has_call === null ? null : String(draft.has_call)}
          onChange={(value) => {
            const has_call = value === null ? null : value === 'true';
            set(has_call === false ? { has_call, call_answering: null, call_duration: [] } : { has_call });
          }}
        />
        <Select
          label="Atendimento"
          placeholder="Qualquer"
          clearable
          disabled={uncalled}
          data={ANSWERING_FILTERS.map((value) => ({ value, label: ANSWERING_FILTER_LABELS[value] }))}
          value={draft.call_answering}
          onChange={(value) => set({ call_answering: value as AnsweringFilter | null })}
        />
      </SimpleGrid>
      <MultiSelect
        label="Duração da ligação"
        placeholder="Qualquer"
        disabled={uncalled}
        data={CALL_DURATION_CLASSES.map((value) => ({ value, label: CALL_DURATION_CLASS_LABELS[value] }))}
        value={draft.call_duration}
        onChange={(values) => set({ call_duration: values as CallDurationClass[] })}
      />
    </Stack>
  );
}

function QualificationFilter({ draft, set }: Section) {
  return (
    <Group gap="xs" align="flex-end" justify="space-between">
      <StarRating value={draft.probability ?? 0} onChange={(probability) => set({ probability })} />
      {draft.probability !== null && (
        <Button variant="subtle" size="compact-sm" onClick={() => set({ probability: null })}>
          Qualquer qualificação
        </Button>
      )}
    </Group>
  );
}

function SwitchFilters({ draft, set }: Section) {
  const product = termLabel(useTerms().product_term).toLocaleLowerCase('pt-BR');
  const switches: { key: BooleanFilter; label: string }[] = [
    { key: 'no_interaction', label: 'Sem interação' },
    { key: 'idle_only', label: 'Parados há mais de 24 horas' },
    { key: 'has_user', label: 'Com responsável' },
    { key: 'has_product', label: `Com ${product}` },
    { key: 'has_campaign', label: 'Com campanha' },
    { key: 'has_city_name', label: 'Com cidade' },
    { key: 'has_state_code', label: 'Com estado' },
    { key: 'has_generator', label: 'Com gerador de visita' },
    { key: 'is_blacklisted', label: 'Na Black List' },
  ];
  return (
    <Stack gap="xs">
      <Text size="sm" fw={500}>
        Somente cards
      </Text>
      {switches.map(({ key, label }) => (
        <Switch
          key={key}
          label={label}
          checked={draft[key]}
          onChange={(event) =>
            set({ [key]: event.currentTarget.checked } as Pick<BoardFilters, BooleanFilter>)
          }
        />
      ))}
    </Stack>
  );
}

type FormProps = { filters: BoardFilters; keep: boolean; role: string; onDone: () => void };

function FilterForm({ filters, keep, role, onDone }: FormProps) {
  const [draft, setDraft] = useState(filters);
  const set = (patch: Partial<BoardFilters>) => setDraft((d) => ({ ...d, ...patch }));
  const apply = () => {
    boardFilterStore.update(draft);
    onDone();
  };
  const clear = () => {
    boardFilterStore.clear();
    onDone();
  };
  return (
    <DatesProvider settings={{ locale: 'pt-br' }}>
      <Stack gap="md" pb={72}>
        <KeepFilters keep={keep} />
        <Divider />
        <DateFilters draft={draft} set={set} />
        <CallFilters draft={draft} set={set} />
        <ListFilters draft={draft} set={set} role={role} />
        <QualificationFilter draft={draft} set={set} />
        <SwitchFilters draft={draft} set={set} />
      </Stack>
      <Group
        justify="flex-end"
        gap="sm"
        pos="sticky"
        bottom={0}
        py="sm"
        bg="var(--mantine-color-body)"
        // Above the inputs' clear buttons, which scroll under it.
        style={{ borderTop: '1px solid var(--mantine-color-default-border)', marginTop: -56, zIndex: 2 }}
      >
        <Button variant="default" onClick={clear}>
          Limpar
        </Button>
        <Button onClick={apply}>Aplicar</Button>
      </Group>
    </DatesProvider>
  );
}
