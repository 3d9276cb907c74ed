import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, SegmentedControl, Stack, Text } from '@mantine/core';
import { DateInput, DatesProvider } from '@mantine/dates';
import { DATE_FORMAT, parseDate } from '@vendaval/core/format';
import {
  BILLING_TYPE_LABELS,
  BILLING_TYPES,
  type BillingType,
  type ContractCreate,
  contractCreateSchema,
} from '@vendaval/core/schemas/contracts';
import dayjs from 'dayjs';
import type { FormEvent, KeyboardEvent } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ptBrIssue } from '../../../lib/form-errors.ts';
import { CpfInput } from '../../../ui/cpf-input/cpf-input.tsx';
import { MoneyInput } from '../../../ui/money-input/money-input.tsx';

const formSchema = contractCreateSchema.omit({ opportunity_id: true });
type FormInput = z.input<typeof formSchema>;
type FormOutput = z.output<typeof formSchema>;

/** A week from today: the due date the form starts with. */
const DEFAULT_DUE_DAYS = 7;
const toIsoDate = (text: string) => {
  const date = parseDate(text);
  return date ? dayjs(date).format('YYYY-MM-DD') : null;
};

type Props = {
  opened: boolean;
  saving: boolean;
  /** The CPF the form starts with: the contact's, else the student's. */
  payerDocument: string;
  onSave: (input: Omit<ContractCreate, 'opportunity_id'>) => void;
  onClose: () => void;
};

/** The enrolment form (opportunities.md §2.3): fee, due date, Pix or boleto and the payer's CPF. */
export function EnrollmentFormModal({ opened, onClose, ...props }: Props) {
  return (
    <Modal opened={opened} onClose={onClose} title="Gerar Matrícula" centered size="md">
      {opened && <EnrollmentForm onClose={onClose} {...props} />}
    </Modal>
  );
}

function EnrollmentForm({ saving, payerDocument, onSave, onClose }: Omit<Props, 'opened'>) {
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(formSchema, { error: ptBrIssue }),
    defaultValues: {
      enrollment_fee: 0,
      payment_due_date: dayjs().add(DEFAULT_DUE_DAYS, 'day').format('YYYY-MM-DD'),
      billing_type: 'PIX',
      payer_document: payerDocument,
    },
  });
  const { errors } = form.formState;
  // The modal sits inside the card's edit form in React's tree: its submit and Enter key stay here.
  const submit = (event: FormEvent) => {
    event.stopPropagation();
    void form.handleSubmit(onSave)(event);
  };
  const keepKeys = (event: KeyboardEvent) => event.stopPropagation();
  return (
    <DatesProvider settings={{ locale: 'pt-br' }}>
      <form onSubmit={submit} onKeyDown={keepKeys} noValidate aria-label="Gerar Matrícula">
        <Stack gap="sm">
          <Controller
            control={form.control}
            name="enrollment_fee"
            render={({ field }) => (
              <MoneyInput
                label="Taxa de matrícula"
                withAsterisk
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                ref={field.ref}
                error={errors.enrollment_fee?.message}
                data-autofocus
              />
            )}
          />
          <Controller
            control={form.control}
            name="payment_due_date"
            render={({ field }) => (
              <DateInput
                label="Vencimento"
                withAsterisk
                placeholder="DD/MM/AAAA"
                valueFormat={DATE_FORMAT}
                dateParser={toIsoDate}
                value={field.value}
                onChange={(value) => field.onChange(value ?? '')}
                onBlur={field.onBlur}
                minDate={new Date()}
                popoverProps={{ withinPortal: true }}
                error={errors.payment_due_date?.message}
              />
            )}
          />
          <Controller
            control={form.control}
            name="billing_type"
            render={({ field }) => (
              <Stack gap={4}>
                <Text size="sm" fw={500}>
                  Forma de pagamento
                </Text>
                <SegmentedControl
                  aria-label="Forma de pagamento"
                  value={field.value}
                  onChange={(value) => field.onChange(value as BillingType)}
                  data={BILLING_TYPES.map((type) => ({ value: type, label: BILLING_TYPE_LABELS[type] }))}
                />
              </Stack>
            )}
          />
          <Controller
            control={form.control}
            name="payer_document"
            render={({ field }) => (
              <CpfInput
                label="CPF do responsável financeiro"
                withAsterisk
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                ref={field.ref}
                error={errors.payer_document?.message}
              />
            )}
          />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose}>
              Cancelar
            </Button>
            <Button type="submit" loading={saving}>
              Gerar
            </Button>
          </Group>
        </Stack>
      </form>
    </DatesProvider>
  );
}
