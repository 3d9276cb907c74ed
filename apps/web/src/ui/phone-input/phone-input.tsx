import { Group, Input, Select, TextInput } from '@mantine/core';
import { useId } from '@mantine/hooks';
import { MESSAGES } from '@vendaval/core/messages';
import { DEFAULT_PHONE_COUNTRY, lacksAreaCode, phoneCountries } from '@vendaval/core/phone';
import { type ReactNode, type Ref, useMemo, useState } from 'react';
import { applyMask } from '../masked-input/masked-input.tsx';

const BRAZIL_MASK = ['(00) 0000-0000', '(00) 00000-0000'];
const MAX_FOREIGN_DIGITS = 14;

const regionNames = new Intl.DisplayNames(['pt-BR'], { type: 'region' });

function countryName(country: string): string {
  try {
    return regionNames.of(country) ?? country;
  } catch {
    return country;
  }
}

function useCountryOptions() {
  return useMemo(
    () =>
      phoneCountries().map(({ country, callingCode }) => ({
        value: country,
        label: `${country} +${callingCode}`,
        name: countryName(country).toLowerCase(),
      })),
    [],
  );
}

function formatNational(country: string, digits: string): string {
  if (country === DEFAULT_PHONE_COUNTRY) return applyMask(digits, BRAZIL_MASK);
  return digits.replace(/\D/g, '').slice(0, MAX_FOREIGN_DIGITS);
}

type PhoneInputProps = {
  label: string;
  country: string;
  onCountryChange: (country: string) => void;
  /** National digits, area code included. */
  value: string;
  onChange: (digits: string) => void;
  onBlur?: () => void;
  error?: ReactNode;
  disabled?: boolean;
  required?: boolean;
  description?: ReactNode;
  ref?: Ref<HTMLInputElement>;
};

/**
 * Mobile phone with its country (Brazil by default). A Brazilian number without its area code turns the
 * field red with 'O número precisa conter algum DDD' once the field is left.
 */
export function PhoneInput(props: PhoneInputProps) {
  const { label, country, value, error, disabled, required, description, ref } = props;
  const id = useId();
  const options = useCountryOptions();
  const [left, setLeft] = useState(false);
  const shown = error ?? (left && lacksAreaCode(country, value) ? MESSAGES.phoneWithoutAreaCode : null);
  const byName = useMemo(() => new Map(options.map((o) => [o.value, o.name])), [options]);

  return (
    <Input.Wrapper
      label={label}
      labelProps={{ htmlFor: id }}
      error={shown}
      required={required}
      description={description}
    >
      <Group gap={6} wrap="nowrap" align="flex-start">
        <Select
          aria-label="País"
          w={112}
          data={options}
          value={country}
          onChange={(next) => next && props.onCountryChange(next)}
          allowDeselect={false}
          searchable
          disabled={disabled}
          comboboxProps={{ width: 260, position: 'bottom-start' }}
          renderOption={({ option }) => `${countryName(option.value)} (${option.label.split(' ')[1]})`}
          filter={({ options: list, search }) => {
            const term = search.trim().toLowerCase();
            return list.filter(
              (o) =>
                'value' in o &&
                (o.label.toLowerCase().includes(term) || (byName.get(o.value) ?? '').includes(term)),
            );
          }}
        />
        <TextInput
          id={id}
          ref={ref}
          flex={1}
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          placeholder={country === DEFAULT_PHONE_COUNTRY ? '(00) 00000-0000' : undefined}
          value={formatNational(country, value)}
          onChange={(event) =>
            props.onChange(formatNational(country, event.currentTarget.value).replace(/\D/g, ''))
          }
          onBlur={() => {
            setLeft(true);
            props.onBlur?.();
          }}
          error={!!shown}
          disabled={disabled}
          aria-required={required}
        />
      </Group>
    </Input.Wrapper>
  );
}
