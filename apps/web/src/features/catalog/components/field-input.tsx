import { Checkbox, ColorInput, NumberInput, Select, Textarea, TextInput } from '@mantine/core';
import type { ListField } from '../list-definitions.ts';

type Props = {
  field: ListField;
  value: unknown;
  onChange: (value: unknown) => void;
  interactionTypes: { value: string; label: string }[];
  /** Names the input for screen readers when the table header is the only visible label. */
  rowLabel: string;
  /** What is wrong with the value, shown under the input. */
  error?: string | undefined;
};

/** The input of one field of a list item, in the add row and in a row being edited. */
export function FieldInput({ field, value, onChange, interactionTypes, rowLabel, error }: Props) {
  const label = `${field.label} (${rowLabel})`;
  switch (field.kind) {
    case 'longText':
      return (
        <Textarea
          aria-label={label}
          error={error}
          autosize
          minRows={1}
          maxRows={4}
          value={String(value ?? '')}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
    case 'color':
      return (
        <ColorInput
          aria-label={label}
          error={error}
          format="hex"
          value={`#${String(value ?? '')}`}
          onChange={(hex) => onChange(hex.replace('#', ''))}
          w={140}
        />
      );
    case 'choice':
      return (
        <Select
          aria-label={label}
          error={error}
          data={field.options ?? []}
          value={String(value)}
          onChange={(v) => onChange(v)}
          allowDeselect={false}
          w={170}
        />
      );
    case 'price':
      return (
        <NumberInput
          aria-label={label}
          error={error}
          value={Number(value ?? 0)}
          onChange={(v) => onChange(typeof v === 'number' ? v : Number(v.replace(',', '.')))}
          min={0}
          decimalScale={2}
          decimalSeparator=","
          thousandSeparator="."
          prefix="R$ "
          w={160}
        />
      );
    case 'interactionType':
      return (
        <Select
          aria-label={label}
          error={error}
          data={interactionTypes}
          value={value == null ? null : String(value)}
          onChange={(v) => onChange(v === null ? null : Number(v))}
          placeholder="Nenhuma"
          clearable
          w={200}
        />
      );
    case 'isDefault':
      return (
        <Checkbox
          aria-label={label}
          error={error}
          checked={Boolean(value)}
          onChange={(e) => onChange(e.currentTarget.checked)}
        />
      );
    default:
      return (
        <TextInput
          aria-label={label}
          error={error}
          value={String(value ?? '')}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
  }
}
