import { CloseButton, Input, InputBase, Select } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { Member } from '@vendaval/core/schemas/users';
import { Controller, type UseFormReturn, useWatch } from 'react-hook-form';
import { useOpportunityTypesQuery } from '../../../../lib/lookups/lookups.ts';
import { useTerms } from '../../../../lib/platform.ts';
import { MoneyInput } from '../../../../ui/money-input/money-input.tsx';
import { ProductPickerModal } from '../../../../ui/product-picker/product-picker-modal.tsx';
import { UserPickerModal } from '../../../../ui/user-picker/user-picker-modal.tsx';
import type { CardFormValues } from './card-form-values.ts';
import { termNoun } from './term-noun.ts';

type FormProps = { form: UseFormReturn<CardFormValues> };

/** 'Responsável': opens 'Selecionar Colaborador' unless the user may not change it (a salesRep). */
export function ResponsibleField({
  form,
  canChange,
  onPick,
}: FormProps & { canChange: boolean; onPick: (member: Member) => void }) {
  const [opened, picker] = useDisclosure(false);
  const name = useWatch({ control: form.control, name: 'user_name' });
  const error = form.formState.errors.user_id?.message;
  return (
    <>
      <InputBase
        component="button"
        type="button"
        pointer={canChange}
        label="Responsável"
        required
        disabled={!canChange}
        onClick={picker.open}
        error={error}
      >
        {name || <Input.Placeholder>Selecionar responsável</Input.Placeholder>}
      </InputBase>
      {canChange && <UserPickerModal opened={opened} onClose={picker.close} onPick={onPick} />}
    </>
  );
}

/** The product (tenant term); choosing one fills the price with its price. */
export function ProductField({ form }: FormProps) {
  const terms = useTerms();
  const [opened, picker] = useDisclosure(false);
  const [id, name, price] = useWatch({
    control: form.control,
    name: ['product_id', 'product_name', 'price'],
  });
  const set = (product: { id: number; name: string; price: number } | null) => {
    const options = { shouldDirty: true, shouldValidate: form.formState.isSubmitted };
    form.setValue('product_id', product?.id ?? null, options);
    form.setValue('product_name', product?.name ?? '', options);
    if (product) form.setValue('price', product.price, options);
  };
  return (
    <>
      <InputBase
        component="button"
        type="button"
        pointer
        label={termNoun(terms.product_term)}
        onClick={picker.open}
        rightSection={
          id !== null ? (
            <CloseButton size="sm" aria-label={`Remover ${terms.product_term}`} onClick={() => set(null)} />
          ) : null
        }
        rightSectionPointerEvents={id !== null ? 'all' : 'none'}
      >
        {name || <Input.Placeholder>Selecionar {terms.product_term}</Input.Placeholder>}
      </InputBase>
      <ProductPickerModal
        opened={opened}
        onClose={picker.close}
        selected={id === null ? null : { id, name, price }}
        onConfirm={set}
      />
    </>
  );
}

export function PriceField({ form }: FormProps) {
  const terms = useTerms();
  return (
    <Controller
      control={form.control}
      name="price"
      render={({ field, fieldState }) => (
        <MoneyInput
          ref={field.ref}
          label={terms.price_term}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}

/** 'Tipo de card': only when the workspace has more than one opportunity type. */
export function CardTypeField({ form }: FormProps) {
  const types = useOpportunityTypesQuery().data ?? [];
  if (types.length <= 1) return null;
  return (
    <Controller
      control={form.control}
      name="opportunity_type_id"
      render={({ field }) => (
        <Select
          label="Tipo de card"
          data={types.map((t) => ({ value: String(t.id), label: t.name }))}
          allowDeselect={false}
          {...field}
        />
      )}
    />
  );
}
