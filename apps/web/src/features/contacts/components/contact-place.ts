import type { Contact } from '@vendaval/core/schemas/contacts';

/** 'Cidade/UF', or whichever of the two is known. */
export function contactPlace(contact: Pick<Contact, 'city_name' | 'state_code'>): string {
  return [contact.city_name, contact.state_code].filter(Boolean).join('/');
}
