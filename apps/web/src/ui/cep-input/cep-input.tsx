import { Loader } from '@mantine/core';
import { MESSAGES } from '@vendaval/core/messages';
import { type CepAddress, cepDigits } from '@vendaval/core/schemas/cep';
import { type ComponentProps, useRef, useState } from 'react';
import { usePlatform } from '../../lib/platform.ts';
import { MaskedInput } from '../masked-input/masked-input.tsx';
import { useCepLookup } from './use-cep-lookup.ts';

export const CEP_MASK = '00000-000';

/** The address fields a CEP fills: street, neighbourhood, city and state. */
export type FilledAddress = Omit<CepAddress, 'postal_code'>;

type CepInputProps = Omit<ComponentProps<typeof MaskedInput>, 'mask'> & {
  onAddress: (address: Partial<FilledAddress>) => void;
};

/**
 * The CEP field. On profiles with `has_street_generation`, typing a complete CEP looks it up and hands the address
 * to `onAddress`; an unknown CEP or a service out of reach leaves a discreet hint, and the user types the address.
 */
export function CepInput({ onAddress, onChange, value, description, ...props }: CepInputProps) {
  const lookUp = useCepLookup();
  const generates = usePlatform().flags.has_street_generation;
  const [hint, setHint] = useState<string | null>(null);
  const [looking, setLooking] = useState(false);
  const latest = useRef<string | null>(cepDigits(value));

  const change = (masked: string) => {
    onChange(masked);
    const digits = cepDigits(masked);
    if (digits === latest.current) return;
    latest.current = digits;
    setHint(null);
    setLooking(generates && digits !== null);
    if (!generates || !digits) return;
    void lookUp(digits).then((answer) => {
      if (latest.current !== digits) return; // another CEP was typed meanwhile
      setLooking(false);
      if (answer.status === 'found') onAddress(knownParts(answer.address));
      else setHint(answer.status === 'not_found' ? MESSAGES.cepNotFound : MESSAGES.cepUnavailable);
    });
  };

  return (
    <MaskedInput
      mask={CEP_MASK}
      label="CEP"
      placeholder="00000-000"
      {...props}
      value={value}
      onChange={change}
      description={hint ?? description}
      // The hint sits under the field, so the field stays in line with its neighbours.
      inputWrapperOrder={['label', 'input', 'description', 'error']}
      rightSection={looking ? <Loader size="xs" aria-label="Buscando o endereço do CEP" /> : null}
    />
  );
}

/** The parts of the address the service knows: a CEP for a whole town has no street or neighbourhood. */
function knownParts({ postal_code: _, ...address }: CepAddress): Partial<FilledAddress> {
  return Object.fromEntries(Object.entries(address).filter(([, v]) => v !== '')) as Partial<FilledAddress>;
}

/** `onAddress` for a react-hook-form form whose address fields carry the contact's names. */
export function fillAddressInto(form: {
  setValue: (name: keyof FilledAddress, value: string, options: { shouldDirty: boolean }) => void;
}) {
  return (address: Partial<FilledAddress>) => {
    for (const [name, value] of Object.entries(address) as [keyof FilledAddress, string][]) {
      form.setValue(name, value, { shouldDirty: true });
    }
  };
}
