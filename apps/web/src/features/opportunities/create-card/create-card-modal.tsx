import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { MESSAGES } from '@vendaval/core/messages';
import { canChangeResponsible } from '@vendaval/core/permissions';
import type { Contact } from '@vendaval/core/schemas/contacts';
import type { Opportunity } from '@vendaval/core/schemas/opportunities';
import { useRef, useState } from 'react';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { useCurrentRole } from '../../../lib/current-workspace.ts';
import { showSuccessToast, showWarningToast } from '../../../lib/toasts.ts';
import { useIsMobile } from '../../../ui/responsive.ts';
import { StageStepper } from '../../../ui/stage-picker/stage-stepper.tsx';
import { StarRating } from '../../../ui/star-rating/star-rating.tsx';
import { useCreateOpportunityMutation } from '../api/use-create-opportunity-mutation.ts';
import {
  type CardFormValues,
  contactToValues,
  createPayload,
} from '../card-modal/card-form/card-form-values.ts';
import { CardSection } from '../card-modal/card-form/card-section.tsx';
import {
  AddressSection,
  BlacklistSection,
  DependentsSection,
  EmailField,
  PersonalFields,
  PhoneField,
  SocialSection,
} from '../card-modal/card-form/contact-fields.tsx';
import {
  CardTypeField,
  PriceField,
  ProductField,
  ResponsibleField,
} from '../card-modal/card-form/deal-fields.tsx';
import { DescriptionField } from '../card-modal/card-form/description-field.tsx';
import { OriginFields } from '../card-modal/card-form/origin-fields.tsx';
import classes from '../card-modal/card-modal.module.css';
import { ModalFrame } from '../card-modal/modal-frame.tsx';
import { useEscapeInside } from '../card-modal/use-escape-inside.ts';
import { ContactTypeahead } from './contact-typeahead.tsx';
import { useCreateCardForm, useCreationStages } from './use-create-card-form.ts';

export const CREATE_CARD_TITLE = 'Criar Card';

type Form = UseFormReturn<CardFormValues>;

function CardIdentity({ form }: { form: Form }) {
  const stages = useCreationStages();
  return (
    <CardSection title="Card" cols={1}>
      <Controller
        control={form.control}
        name="probability"
        render={({ field }) => <StarRating value={field.value} onChange={field.onChange} />}
      />
      <Controller
        control={form.control}
        name="sales_stage_id"
        render={({ field }) => (
          <StageStepper stages={stages} value={field.value} onChange={(stage) => field.onChange(stage.id)} />
        )}
      />
      <TextInput
        label="Nome do card"
        placeholder="Se ficar vazio, usa o nome do contato"
        {...form.register('name')}
      />
    </CardSection>
  );
}

/** Choosing a known contact fills its data; its phone then stays as it is (an external contact). */
function ContactSection({ form }: { form: Form }) {
  const [phoneLocked, setPhoneLocked] = useState(false);
  const fill = (values: Partial<CardFormValues>) => {
    for (const [key, value] of Object.entries(values)) {
      form.setValue(key as keyof CardFormValues, value as never, { shouldDirty: true });
    }
  };
  const choose = (contact: Contact) => {
    fill(contactToValues(contact));
    setPhoneLocked(!!contact.phone_number);
    if (form.formState.isSubmitted) void form.trigger();
  };
  const clear = () => {
    fill(contactToValues(null));
    setPhoneLocked(false);
  };
  return (
    <CardSection title="Contato">
      <ContactTypeahead form={form} onChoose={choose} onClear={clear} />
      <PhoneField form={form} locked={phoneLocked} />
      <EmailField form={form} />
    </CardSection>
  );
}

function DealSection({ form }: { form: Form }) {
  const role = useCurrentRole() ?? '';
  return (
    <CardSection title="Negociação">
      <ResponsibleField
        form={form}
        canChange={canChangeResponsible(role)}
        onPick={(member) => {
          form.setValue('user_id', member.id, {
            shouldDirty: true,
            shouldValidate: form.formState.isSubmitted,
          });
          form.setValue('user_name', member.name);
        }}
      />
      <ProductField form={form} />
      <PriceField form={form} />
    </CardSection>
  );
}

function CreateCardFields({ form }: { form: Form }) {
  return (
    <Stack gap="lg" pt="xs">
      <CardIdentity form={form} />
      <ContactSection form={form} />
      <DealSection form={form} />
      <CardSection title="Origem">
        <OriginFields form={form} />
        <CardTypeField form={form} />
      </CardSection>
      <CardSection title="Informações Complementares" cols={3}>
        <PersonalFields form={form} />
      </CardSection>
      <AddressSection form={form} />
      <SocialSection form={form} />
      <BlacklistSection form={form} />
      <DependentsSection form={form} />
      <CardSection title="Observação" cols={1}>
        <Controller
          control={form.control}
          name="description"
          render={({ field, fieldState }) => (
            <DescriptionField
              ref={field.ref}
              label="Observação"
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={fieldState.error?.message}
            />
          )}
        />
      </CardSection>
    </Stack>
  );
}

function CreateCardForm({
  onClose,
  onCreated,
}: {
  onClose: () => void;
  onCreated?: (card: Opportunity) => void;
}) {
  const form = useCreateCardForm();
  const create = useCreateOpportunityMutation();
  // A second click lands before the pending state re-renders the button.
  const saving = useRef(false);
  const submit = form.handleSubmit(
    (values) => {
      if (saving.current) return;
      saving.current = true;
      create.mutate(createPayload(values), {
        onSuccess: (card) => {
          showSuccessToast(MESSAGES.cardCreated);
          onCreated?.(card);
          onClose();
        },
        onSettled: () => {
          saving.current = false;
        },
      });
    },
    () => showWarningToast(MESSAGES.requiredFields),
  );
  return (
    <form className={classes.form} onSubmit={submit} noValidate>
      <div className={classes.body}>
        <CreateCardFields form={form} />
      </div>
      <Group className={classes.footer} justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose}>
          Cancelar
        </Button>
        <Button type="submit" loading={create.isPending}>
          Criar
        </Button>
      </Group>
    </form>
  );
}

type CreateCardModalProps = {
  opened: boolean;
  onClose: () => void;
  onCreated?: (card: Opportunity) => void;
};

/** 'Criar Card': a new card and its contact (opportunities.md §2.1). */
export function CreateCardModal({ opened, onClose, onCreated }: CreateCardModalProps) {
  const mobile = useIsMobile();
  const escapeKey = useEscapeInside(onClose);
  return (
    <Modal.Root
      opened={opened}
      onClose={onClose}
      size="xl"
      fullScreen={mobile}
      closeOnClickOutside={false}
      closeOnEscape={false}
      scrollAreaComponent={ModalFrame}
    >
      <Modal.Overlay />
      <Modal.Content
        classNames={{ content: classes.content }}
        ref={escapeKey.ref}
        onKeyDown={escapeKey.onKeyDown}
      >
        <Modal.Header>
          <Modal.Title fw={700} fz="lg">
            {CREATE_CARD_TITLE}
          </Modal.Title>
          <Modal.CloseButton aria-label="Fechar" />
        </Modal.Header>
        {opened && <CreateCardForm onClose={onClose} onCreated={onCreated} />}
      </Modal.Content>
    </Modal.Root>
  );
}
