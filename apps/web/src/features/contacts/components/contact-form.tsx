import '@mantine/dates/styles.css';
import 'dayjs/locale/pt-br';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Button,
  Checkbox,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { DateInput, DatesProvider } from '@mantine/dates';
import { BRAZILIAN_STATES, type StateCode } from '@vendaval/core/constants';
import { DATE_FORMAT, parseDate } from '@vendaval/core/format';
import { MESSAGES } from '@vendaval/core/messages';
import type { Contact } from '@vendaval/core/schemas/contacts';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { Controller, type UseFormReturn, useForm, useWatch } from 'react-hook-form';
import { ptBrIssue } from '../../../lib/form-errors.ts';
import { showSuccessToast } from '../../../lib/toasts.ts';
import { CepInput, fillAddressInto } from '../../../ui/cep-input/cep-input.tsx';
import { CpfInput } from '../../../ui/cpf-input/cpf-input.tsx';
import { PhoneInput } from '../../../ui/phone-input/phone-input.tsx';
import { useUpdateContactMutation } from '../api/use-update-contact-mutation.ts';
import {
  type ContactFormOutput,
  type ContactFormValues,
  changedFields,
  contactFormSchema,
  formValues,
} from './contact-form-values.ts';

const STATE_OPTIONS = BRAZILIAN_STATES.map((s) => ({ value: s.code, label: `${s.code} – ${s.name}` }));
const toIsoDate = (text: string) => {
  const date = parseDate(text);
  return date ? dayjs(date).format('YYYY-MM-DD') : null;
};

type ContactFormProps = { contact: Contact; onCancel: () => void };

/** The contact's data, saved with PUT /contacts/{id} (only the fields that changed). */
export function ContactForm({ contact, onCancel }: ContactFormProps) {
  const update = useUpdateContactMutation();
  const form = useForm<ContactFormValues, unknown, ContactFormOutput>({
    resolver: zodResolver(contactFormSchema(contact.phone_number !== null), { error: ptBrIssue }),
    defaultValues: formValues(contact),
  });
  const { errors, isDirty } = form.formState;
  const phoneCountry = useWatch({ control: form.control, name: 'phone_country' });
  const text = (name: keyof ContactFormValues) => ({ ...form.register(name), error: errors[name]?.message });

  const submit = form.handleSubmit((output) => {
    const patch = changedFields(contact, output);
    if (Object.keys(patch).length === 0) return form.reset(formValues(contact));
    update.mutate(
      { id: contact.id, patch },
      {
        onSuccess: (saved) => {
          showSuccessToast(MESSAGES.contactUpdated);
          form.reset(formValues(saved));
        },
      },
    );
  });

  return (
    <DatesProvider settings={{ locale: 'pt-br' }}>
      <form onSubmit={submit} noValidate>
        <Stack gap="lg">
          <Section title="Informações">
            <TextInput label="Nome" withAsterisk maxLength={200} {...text('name')} />
            <Controller
              control={form.control}
              name="phone"
              render={({ field, fieldState }) => (
                <PhoneInput
                  label="Celular"
                  country={phoneCountry}
                  onCountryChange={(country) =>
                    form.setValue('phone_country', country, { shouldDirty: true })
                  }
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  ref={field.ref}
                  error={fieldState.error?.message}
                />
              )}
            />
            <TextInput
              label="E-mail"
              type="email"
              autoCapitalize="none"
              spellCheck={false}
              {...text('email')}
            />
            <Controller
              control={form.control}
              name="birthdate"
              render={({ field }) => (
                <DateInput
                  label="Data de nascimento"
                  placeholder="DD/MM/AAAA"
                  valueFormat={DATE_FORMAT}
                  dateParser={toIsoDate}
                  clearable
                  clearButtonProps={{ 'aria-label': 'Limpar data de nascimento' }}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  maxDate={new Date()}
                  popoverProps={{ withinPortal: true }}
                  error={errors.birthdate?.message}
                />
              )}
            />
            <Controller
              control={form.control}
              name="document"
              render={({ field, fieldState }) => (
                <CpfInput
                  label="CPF"
                  value={field.value ?? ''}
                  onChange={field.onChange}
                  error={fieldState.error?.message}
                />
              )}
            />
            <TextInput label="RG" maxLength={30} {...text('id_number')} />
          </Section>
          <Section title="Endereço">
            <Controller
              control={form.control}
              name="postal_code"
              render={({ field, fieldState }) => (
                <CepInput
                  value={field.value ?? ''}
                  onChange={field.onChange}
                  onAddress={fillAddressInto(form)}
                  error={fieldState.error?.message}
                />
              )}
            />
            <TextInput label="Endereço" maxLength={200} {...text('address_line1')} />
            <TextInput label="Complemento" maxLength={200} {...text('address_line2')} />
            <Controller
              control={form.control}
              name="state_code"
              render={({ field }) => (
                <Select
                  label="Estado"
                  placeholder="Selecione"
                  data={STATE_OPTIONS}
                  value={field.value || null}
                  onChange={(code) => field.onChange(code as StateCode | null)}
                  searchable
                  clearable
                  comboboxProps={{ withinPortal: true }}
                  error={errors.state_code?.message}
                />
              )}
            />
            <TextInput label="Cidade" maxLength={120} {...text('city_name')} />
            <TextInput label="Bairro" maxLength={120} {...text('neighborhood')} />
          </Section>
          <Section title="Redes Sociais">
            <TextInput label="Instagram" {...text('instagram')} />
            <TextInput label="Facebook" {...text('facebook')} />
            <TextInput label="LinkedIn" {...text('linkedin')} />
          </Section>
          <BlacklistSection form={form} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onCancel}>
              Cancelar
            </Button>
            <Button type="submit" loading={update.isPending} disabled={!isDirty}>
              Salvar
            </Button>
          </Group>
        </Stack>
      </form>
    </DatesProvider>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="xs" component="fieldset" style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
      <Title order={3} size="h5" component="legend" mb={4}>
        {title}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm">
        {children}
      </SimpleGrid>
    </Stack>
  );
}

type Form = UseFormReturn<ContactFormValues, unknown, ContactFormOutput>;

function BlacklistSection({ form }: { form: Form }) {
  const blacklisted = useWatch({ control: form.control, name: 'is_blacklisted' });
  return (
    <Stack gap="xs">
      <Checkbox
        label="Black List"
        description="Ignorar contato em automações e disparos"
        {...form.register('is_blacklisted')}
      />
      {blacklisted && (
        <Textarea
          label="Motivo da Black List"
          autosize
          minRows={2}
          maxLength={500}
          {...form.register('blacklist_reason')}
          error={form.formState.errors.blacklist_reason?.message}
        />
      )}
    </Stack>
  );
}
