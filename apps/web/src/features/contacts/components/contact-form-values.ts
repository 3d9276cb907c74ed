import type { StateCode } from '@vendaval/core/constants';
import { MESSAGES } from '@vendaval/core/messages';
import { joinPhone, lacksAreaCode, splitPhone } from '@vendaval/core/phone';
import { type Contact, contactFieldsSchema } from '@vendaval/core/schemas/contacts';
import { VALIDATION_MESSAGES } from '@vendaval/core/validators';
import { z } from 'zod';
import { CEP_MASK } from '../../../ui/cep-input/cep-input.tsx';
import { applyMask } from '../../../ui/masked-input/masked-input.tsx';
import type { ContactPatch } from '../api/use-update-contact-mutation.ts';

/**
 * The server's field rules, the phone as a country and its national digits (as the card forms edit it).
 * A contact that never had a phone may stay without one; a phone cannot be cleared.
 */
export function contactFormSchema(hasPhone: boolean) {
  return contactFieldsSchema
    .omit({ id: true, country_code: true, phone_number: true })
    .extend({
      phone_country: z.string(),
      phone: z.string(),
      // The server's rule, with the field's own message instead of the generic one.
      email: z
        .union([z.literal(''), z.email(VALIDATION_MESSAGES.email)])
        .nullish()
        .transform((v) => (v ? v.toLowerCase() : null)),
    })
    .superRefine((values, ctx) => {
      if (hasPhone && !values.phone) {
        ctx.addIssue({ code: 'custom', path: ['phone'], message: MESSAGES.phoneRequired });
      } else if (lacksAreaCode(values.phone_country, values.phone)) {
        ctx.addIssue({ code: 'custom', path: ['phone'], message: MESSAGES.phoneWithoutAreaCode });
      }
    });
}

/** What the form edits: text as typed ('' for empty), the birth date as 'YYYY-MM-DD' or null. */
export type ContactFormValues = z.input<ReturnType<typeof contactFormSchema>>;
export type ContactFormOutput = z.output<ReturnType<typeof contactFormSchema>>;

const TEXT_FIELDS = [
  'name',
  'email',
  'birthdate',
  'document',
  'id_number',
  'postal_code',
  'address_line1',
  'address_line2',
  'state_code',
  'city_name',
  'neighborhood',
  'instagram',
  'facebook',
  'linkedin',
  'is_blacklisted',
  'blacklist_reason',
] as const;

export function formValues(contact: Contact): Required<ContactFormValues> {
  const text = (value: string | null) => value ?? '';
  const { country, national } = splitPhone(contact.phone_number, contact.country_code);
  return {
    name: contact.name,
    phone_country: country,
    phone: national,
    email: text(contact.email),
    birthdate: contact.birthdate,
    document: text(contact.document),
    id_number: text(contact.id_number),
    postal_code: applyMask(text(contact.postal_code), CEP_MASK),
    address_line1: text(contact.address_line1),
    address_line2: text(contact.address_line2),
    state_code: contact.state_code as StateCode | null,
    city_name: text(contact.city_name),
    neighborhood: text(contact.neighborhood),
    instagram: text(contact.instagram),
    facebook: text(contact.facebook),
    linkedin: text(contact.linkedin),
    is_blacklisted: contact.is_blacklisted,
    blacklist_reason: text(contact.blacklist_reason),
  };
}

/** Only what changed goes to PUT /contacts/{id} (contactUpdateSchema takes any subset). */
export function changedFields(contact: Contact, output: ContactFormOutput): ContactPatch {
  const patch: Record<string, unknown> = {};
  for (const key of TEXT_FIELDS) {
    const next = output[key] === '' ? null : output[key];
    if (next !== undefined && next !== (contact[key] ?? null)) patch[key] = next;
  }
  if (output.phone) {
    const phone = joinPhone(output.phone_country, output.phone);
    if (phone.phone_number !== contact.phone_number) Object.assign(patch, phone);
  }
  return patch as ContactPatch;
}
