import { z } from 'zod';
import { STATE_CODES } from '../constants.ts';
import { MESSAGES } from '../messages.ts';

/** A CEP has 8 digits; it is typed with or without its hyphen ('01310-100'). */
export const CEP_PATTERN = /^\d{5}-?\d{3}$/;

/** The digits of a complete CEP, or null while it is incomplete or malformed. */
export function cepDigits(text: string | null | undefined): string | null {
  const trimmed = (text ?? '').trim();
  return CEP_PATTERN.test(trimmed) ? trimmed.replace('-', '') : null;
}

export const cepParamsSchema = z.object({ cep: z.string().regex(CEP_PATTERN, MESSAGES.cepInvalid) });

/** The address of a CEP, named as the contact's address fields. */
export const cepAddressSchema = z.object({
  postal_code: z.string(),
  address_line1: z.string(),
  neighborhood: z.string(),
  city_name: z.string(),
  state_code: z.enum(STATE_CODES),
});
export type CepAddress = z.infer<typeof cepAddressSchema>;

/**
 * GET /workspaces/{id}/cep/{cep}: the address, an unknown CEP, or the look-up service out of reach. All three
 * answer 200, so a form fills what it can and otherwise lets the user type.
 */
export const cepLookupSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('found'), address: cepAddressSchema }),
  z.object({ status: z.literal('not_found') }),
  z.object({ status: z.literal('unavailable') }),
]);
export type CepLookup = z.infer<typeof cepLookupSchema>;
