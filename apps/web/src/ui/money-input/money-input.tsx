import { TextInput, type TextInputProps } from '@mantine/core';
import { clampPrice } from '@vendaval/core/constants';
import { formatBRL } from '@vendaval/core/format';
import type { Ref } from 'react';

// Enough digits for any price the clamp lets through, and a few more to clamp.
const MAX_DIGITS = 13;

/** Typed digits fill the value from the cents up, as Brazilian money fields do: '1', '12', '123' → R$ 1,23. */
export function readMoney(text: string): number {
  const digits = text.replace(/\D/g, '').slice(-MAX_DIGITS);
  const cents = Number(digits || '0');
  return (text.includes('-') && cents > 0 ? -cents : cents) / 100;
}

type MoneyInputProps = Omit<TextInputProps, 'value' | 'onChange' | 'onBlur'> & {
  value: number;
  onChange: (value: number) => void;
  onBlur?: () => void;
  ref?: Ref<HTMLInputElement>;
};

/** BRL amount (R$ 1.234,56); on blur it is clamped into 0 … 9.999.999,99. */
export function MoneyInput({ value, onChange, onBlur, ...props }: MoneyInputProps) {
  return (
    <TextInput
      inputMode="numeric"
      autoComplete="off"
      {...props}
      value={formatBRL(value)}
      onChange={(event) => onChange(readMoney(event.currentTarget.value))}
      onBlur={() => {
        const clamped = clampPrice(value);
        if (clamped !== value) onChange(clamped);
        onBlur?.();
      }}
    />
  );
}
