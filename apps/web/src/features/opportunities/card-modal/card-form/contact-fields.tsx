import { Checkbox, Select, TextInput } from '@mantine/core';
import { BRAZILIAN_STATES } from '@vendaval/core/constants';
import { Controller, type UseFormReturn, useWatch } from 'react-hook-form';
import { CepInput, fillAddressInto } from '../../../../ui/cep-input/cep-input.tsx';
import { CpfInput } from '../../../../ui/cpf-input/cpf-input.tsx';
import { MaskedInput } from '../../../../ui/masked-input/masked-input.tsx';
import { PhoneInput } from '../../../../ui/phone-input/phone-input.tsx';
import { useResponsibleCheck } from '../../api/use-responsible-check.ts';
import { type CardFormValues, DATE_MASK } from './card-form-values.ts';
import { CardSection } from './card-section.tsx';

type FormProps = { form: UseFormReturn<CardFormValues> };

const STATE_OPTIONS = BRAZILIAN_STATES.map((s) => ({ value: s.code, label: `${s.name} (${s.code})` }));

/** Mobile phone with its country; locked when it came with a chosen contact. */
export function PhoneField({ form, locked = false }: FormProps & { locked?: boolean }) {
  const country = useWatch({ control: form.control, name: 'phone_country' });
  return (
    <Controller
      control={form.control}
      name="phone"
      render={({ field, fieldState }) => (
        <PhoneInput
          ref={field.ref}
          label="Celular"
          required
          country={country}
          onCountryChange={(next) => form.setValue('phone_country', next, { shouldDirty: true })}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          error={fieldState.error?.message}
          disabled={locked}
          description={locked ? 'Número do contato escolhido' : undefined}
        />
      )}
    />
  );
}

export function EmailField({ form }: FormProps) {
  return (
    <TextInput
      label="E-mail"
      type="email"
      autoComplete="off"
      error={form.formState.errors.email?.message}
      {...form.register('email')}
    />
  );
}

/** Birth date, CPF and RG. */
export function PersonalFields({ form }: FormProps) {
  const { errors } = form.formState;
  return (
    <>
      <Controller
        control={form.control}
        name="birthdate"
        render={({ field, fieldState }) => (
          <MaskedInput
            mask={DATE_MASK}
            label="Data de nascimento"
            placeholder="DD/MM/AAAA"
            {...field}
            error={fieldState.error?.message}
          />
        )}
      />
      <Controller
        control={form.control}
        name="document"
        render={({ field, fieldState }) => (
          <CpfInput label="CPF" {...field} error={fieldState.error?.message} />
        )}
      />
      <TextInput label="RG" error={errors.id_number?.message} {...form.register('id_number')} />
    </>
  );
}

export function AddressSection({ form }: FormProps) {
  return (
    <CardSection title="Endereço">
      <Controller
        control={form.control}
        name="postal_code"
        render={({ field }) => <CepInput {...field} onAddress={fillAddressInto(form)} />}
      />
      <TextInput label="Endereço" {...form.register('address_line1')} />
      <TextInput label="Complemento" {...form.register('address_line2')} />
      <Controller
        control={form.control}
        name="state_code"
        render={({ field }) => <Select label="Estado" data={STATE_OPTIONS} searchable clearable {...field} />}
      />
      <TextInput label="Cidade" {...form.register('city_name')} />
      <TextInput label="Bairro" {...form.register('neighborhood')} />
    </CardSection>
  );
}

export function SocialSection({ form }: FormProps) {
  return (
    <CardSection title="Redes Sociais" cols={3}>
      <TextInput label="Instagram" {...form.register('instagram')} />
      <TextInput label="Facebook" {...form.register('facebook')} />
      <TextInput label="LinkedIn" {...form.register('linkedin')} />
    </CardSection>
  );
}

/** 'Black List': the contact is left out of automations and batch messages. */
export function BlacklistSection({ form, withReason = false }: FormProps & { withReason?: boolean }) {
  const blacklisted = useWatch({ control: form.control, name: 'is_blacklisted' });
  return (
    <CardSection title="Black List" cols={1}>
      <Checkbox label="Ignorar contato em automações e disparos" {...form.register('is_blacklisted')} />
      {withReason && blacklisted && <TextInput label="Motivo" {...form.register('blacklist_reason')} />}
    </CardSection>
  );
}

/**
 * 'Não é aluno?': the contact is not the student (a guardian), so the student's name and CPF are asked. The create
 * and the edit form alike offer it only where the tenant has the responsibleCheck setting (OPP-017).
 */
export function DependentsSection({ form }: FormProps) {
  const offered = useResponsibleCheck();
  const notStudent = useWatch({ control: form.control, name: 'not_student' });
  const { errors } = form.formState;
  if (!offered) return null;
  return (
    <CardSection title="Dependentes">
      <Checkbox label="Não é aluno?" {...form.register('not_student')} style={{ gridColumn: '1 / -1' }} />
      {notStudent && (
        <>
          <TextInput
            label="Nome"
            required
            error={errors.student_name?.message}
            {...form.register('student_name')}
          />
          <Controller
            control={form.control}
            name="student_document"
            render={({ field, fieldState }) => (
              <CpfInput label="CPF" required {...field} error={fieldState.error?.message} />
            )}
          />
        </>
      )}
    </CardSection>
  );
}
