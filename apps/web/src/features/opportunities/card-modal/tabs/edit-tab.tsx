import { Alert, Button, ColorSwatch, Group, MultiSelect, Stack, Tabs, TextInput } from '@mantine/core';
import { IconCalendarEvent, IconPhoneCall, IconPlus } from '@tabler/icons-react';
import { isOriginLocked, MAX_TAGS } from '@vendaval/core/constants';
import type { SalesStage } from '@vendaval/core/schemas/catalog';
import type { Opportunity } from '@vendaval/core/schemas/opportunities';
import type { Member } from '@vendaval/core/schemas/users';
import type { FormEvent, KeyboardEvent } from 'react';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { Link } from 'react-router';
import { cardAgendaPath } from '../../../../lib/agenda-link.ts';
import { useCardContractSlots } from '../../../../lib/card-contract.ts';
import { useTagsQuery } from '../../../../lib/lookups/lookups.ts';
import { closeOpportunityModal } from '../../../../lib/opportunity-modal.ts';
import { requestHangUp, usePhoneLine } from '../../../../lib/phone.ts';
import { cssColor as stageColor } from '../../../../ui/stage-colors.ts';
import { StageStepper } from '../../../../ui/stage-picker/stage-stepper.tsx';
import { StarRating } from '../../../../ui/star-rating/star-rating.tsx';
import type { CardFormValues } from '../card-form/card-form-values.ts';
import { CardSection } from '../card-form/card-section.tsx';
import {
  AddressSection,
  BlacklistSection,
  DependentsSection,
  EmailField,
  PersonalFields,
  PhoneField,
  SocialSection,
} from '../card-form/contact-fields.tsx';
import { CardTypeField, PriceField, ProductField, ResponsibleField } from '../card-form/deal-fields.tsx';
import { OriginFields } from '../card-form/origin-fields.tsx';
import { ContractStatusCard } from '../contract-status-card.tsx';
import { ResponseTime } from '../response-time.tsx';
import { type CloseKind, StateButtons } from '../state-buttons.tsx';
import type { FormTab } from '../use-card-edit-form.ts';

export const EDIT_FORM_ID = 'card-edit-form';

type Form = UseFormReturn<CardFormValues>;

/** OPP-051: while this card is on the phone, 'Em atendimento' with 'Finalizar' to end the call. */
function OngoingCallBanner({ opportunityId }: { opportunityId: number }) {
  const line = usePhoneLine();
  if (line.onCallOpportunityId !== opportunityId) return null;
  return (
    <Alert color="blue" icon={<IconPhoneCall size={18} />} title="Em atendimento">
      <Button size="xs" color="red" onClick={requestHangUp}>
        Finalizar
      </Button>
    </Alert>
  );
}

function TagsField({ form }: { form: Form }) {
  const tags = useTagsQuery().data ?? [];
  const colors = new Map(tags.map((t) => [String(t.id), t.color]));
  return (
    <Controller
      control={form.control}
      name="tags"
      render={({ field }) => (
        <MultiSelect
          label="Etiquetas"
          placeholder={field.value.length < MAX_TAGS ? 'Adicionar etiqueta' : undefined}
          description={`Até ${MAX_TAGS} etiquetas`}
          data={tags.map((t) => ({ value: String(t.id), label: t.name }))}
          maxValues={MAX_TAGS}
          searchable
          clearable
          renderOption={({ option }) => (
            <Group gap="xs" wrap="nowrap">
              <ColorSwatch color={stageColor(colors.get(option.value))} size={12} aria-hidden />
              {option.label}
            </Group>
          )}
          {...field}
        />
      )}
    />
  );
}

function DataTab({
  form,
  canChangeResponsible,
  onPickResponsible,
}: {
  form: Form;
  canChangeResponsible: boolean;
  onPickResponsible: (m: Member) => void;
}) {
  const { errors } = form.formState;
  return (
    <Stack gap="lg" pt="sm">
      <CardSection title="Informações">
        <TextInput
          label="Nome do Contato"
          required
          error={errors.contact_name?.message}
          {...form.register('contact_name')}
        />
        <PhoneField form={form} />
        <EmailField form={form} />
        <ResponsibleField form={form} canChange={canChangeResponsible} onPick={onPickResponsible} />
        <ProductField form={form} />
        <PriceField form={form} />
        <CardTypeField form={form} />
      </CardSection>
      <CardSection title="Informações Complementares" cols={3}>
        <PersonalFields form={form} />
      </CardSection>
      <AddressSection form={form} />
      <SocialSection form={form} />
      <BlacklistSection form={form} withReason />
      <DependentsSection form={form} />
    </Stack>
  );
}

function OriginTab({ form, opportunity }: { form: Form; opportunity: Opportunity }) {
  return (
    <Stack gap="lg" pt="sm">
      <CardSection title="Origem/Mídia">
        <OriginFields
          form={form}
          locked={isOriginLocked(opportunity.source_type)}
          storedSource={opportunity.source_type}
        />
        <TextInput
          label="ID do formulário externo"
          value={opportunity.form_id ?? ''}
          readOnly
          variant="filled"
        />
      </CardSection>
    </Stack>
  );
}

/** Enter in a one-line field saves the card (not in text areas, and not while a list is open). */
function enterSaves(submit: () => void) {
  return (event: KeyboardEvent<HTMLFormElement>) => {
    const target = event.target as HTMLElement;
    if (event.key !== 'Enter' || event.defaultPrevented || !(target instanceof HTMLInputElement)) return;
    if (['checkbox', 'radio'].includes(target.type) || target.getAttribute('aria-expanded') === 'true')
      return;
    event.preventDefault();
    submit();
  };
}

export type EditTabProps = {
  form: Form;
  opportunity: Opportunity;
  stages: SalesStage[];
  formTab: FormTab;
  onFormTab: (tab: FormTab) => void;
  onSubmit: () => void;
  onPressState: (kind: CloseKind) => void;
  onPickStage: (stage: SalesStage) => void;
  onAddTask: () => void;
  busy: boolean;
  canChangeResponsible: boolean;
  onPickResponsible: (member: Member) => void;
};

/** The edit form (opportunities.md §2.3) below the header card. */
export function EditTab(props: EditTabProps) {
  const { form, opportunity } = props;
  const contract = useCardContractSlots();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.onSubmit();
  };
  return (
    <form id={EDIT_FORM_ID} onSubmit={submit} onKeyDown={enterSaves(props.onSubmit)} noValidate>
      <Stack gap="md">
        <TagsField form={form} />
        <ResponseTime opportunity={opportunity} />
        {opportunity.contract && <ContractStatusCard contract={opportunity.contract} />}
        {contract && <contract.Enrollment opportunity={opportunity} />}
        <Controller
          control={form.control}
          name="probability"
          render={({ field }) => <StarRating value={field.value} onChange={field.onChange} />}
        />
        <StateButtons state={opportunity.state_type} onPress={props.onPressState} busy={props.busy} />
        <StageStepper
          stages={props.stages}
          value={opportunity.sales_stage_id}
          onChange={props.onPickStage}
          disabled={props.busy}
        />
        <Group>
          <Button variant="light" leftSection={<IconPlus size={16} />} onClick={props.onAddTask}>
            Adicionar Tarefa
          </Button>
          <Button
            variant="subtle"
            leftSection={<IconCalendarEvent size={16} />}
            component={Link}
            to={cardAgendaPath(opportunity)}
            onClick={closeOpportunityModal}
          >
            Ver agenda
          </Button>
        </Group>
        <OngoingCallBanner opportunityId={opportunity.id} />
        <Tabs
          value={props.formTab}
          onChange={(tab) => props.onFormTab(tab === 'origin' ? 'origin' : 'data')}
          keepMounted={false}
        >
          <Tabs.List aria-label="Dados da oportunidade">
            <Tabs.Tab value="data">Dados</Tabs.Tab>
            <Tabs.Tab value="origin">Origem/Mídia</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="data">
            <DataTab
              form={form}
              canChangeResponsible={props.canChangeResponsible}
              onPickResponsible={props.onPickResponsible}
            />
          </Tabs.Panel>
          <Tabs.Panel value="origin">
            <OriginTab form={form} opportunity={opportunity} />
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </form>
  );
}
