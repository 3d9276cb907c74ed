import type { ComponentProps } from 'react';
import { MaskedInput } from '../masked-input/masked-input.tsx';

export const CPF_MASK = '000.000.000-00';

/** CPF with the mask ###.###.###-##. */
export function CpfInput(props: Omit<ComponentProps<typeof MaskedInput>, 'mask'>) {
  return <MaskedInput mask={CPF_MASK} placeholder="000.000.000-00" {...props} />;
}
