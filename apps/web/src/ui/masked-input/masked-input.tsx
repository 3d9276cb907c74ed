import { TextInput, type TextInputProps } from '@mantine/core';
import { pipe } from 'imask';
import type { Ref } from 'react';

export type Mask = string | readonly string[];

/** The digits of `text` laid into the mask ('12345678901' → '123.456.789-01'); a list picks the one that fits. */
export function applyMask(text: string, mask: Mask): string {
  const digits = text.replace(/\D/g, '');
  if (!digits) return '';
  const options = typeof mask === 'string' ? { mask } : { mask: mask.map((m) => ({ mask: m })) };
  return pipe(digits, options);
}

type MaskedInputProps = Omit<TextInputProps, 'value' | 'onChange'> & {
  mask: Mask;
  value: string;
  onChange: (masked: string) => void;
  ref?: Ref<HTMLInputElement>;
};

/** A text field that keeps its digits in a fixed pattern (CPF, CEP, dates, Brazilian phones). */
export function MaskedInput({ mask, value, onChange, ...props }: MaskedInputProps) {
  return (
    <TextInput
      inputMode="numeric"
      {...props}
      value={applyMask(value, mask)}
      onChange={(event) => onChange(applyMask(event.currentTarget.value, mask))}
    />
  );
}
