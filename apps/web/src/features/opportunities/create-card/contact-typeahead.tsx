import { CloseButton, Combobox, Group, Text, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { formatPhone } from '@vendaval/core/format';
import type { Contact } from '@vendaval/core/schemas/contacts';
import { Controller, type UseFormReturn, useWatch } from 'react-hook-form';
import { CONTACT_SEARCH_DEBOUNCE_MS } from '../../../ui/search-debounce.ts';
import { useContactsSearchQuery } from '../api/use-contacts-search-query.ts';
import type { CardFormValues } from '../card-modal/card-form/card-form-values.ts';

type ContactTypeaheadProps = {
  form: UseFormReturn<CardFormValues>;
  onChoose: (contact: Contact) => void;
  onClear: () => void;
};

/** 'Nome do Contato': typing looks up existing contacts (25, after 850 ms); one can be chosen or cleared. */
export function ContactTypeahead({ form, onChoose, onClear }: ContactTypeaheadProps) {
  const combobox = useCombobox();
  const [name, contactId] = useWatch({ control: form.control, name: ['contact_name', 'contact_id'] });
  const [search] = useDebouncedValue(name.trim(), CONTACT_SEARCH_DEBOUNCE_MS);
  const contacts = useContactsSearchQuery(contactId === null ? search : '').data ?? [];
  const visible = contactId === null ? contacts : [];

  return (
    <Combobox
      store={combobox}
      width="target"
      position="bottom-start"
      onOptionSubmit={(value) => {
        const contact = visible.find((c) => String(c.id) === value);
        if (contact) onChoose(contact);
        combobox.closeDropdown();
      }}
    >
      <Combobox.Target>
        <Controller
          control={form.control}
          name="contact_name"
          render={({ field, fieldState }) => (
            <TextInput
              {...field}
              label="Nome do Contato"
              required
              autoComplete="off"
              error={fieldState.error?.message}
              onChange={(event) => {
                field.onChange(event.currentTarget.value);
                combobox.openDropdown();
              }}
              onFocus={() => combobox.openDropdown()}
              onBlur={() => {
                combobox.closeDropdown();
                field.onBlur();
              }}
              rightSection={
                contactId !== null ? (
                  <CloseButton size="sm" aria-label="Limpar contato" onClick={onClear} />
                ) : null
              }
              description={contactId !== null ? `Contato existente #${contactId}` : undefined}
            />
          )}
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={visible.length === 0}>
        <Combobox.Options aria-label="Contatos encontrados" mah={260} style={{ overflowY: 'auto' }}>
          {visible.map((contact) => (
            <Combobox.Option key={contact.id} value={String(contact.id)}>
              <Group justify="space-between" gap="xs" wrap="nowrap">
                <Text size="sm">{contact.name}</Text>
                <Text size="xs" c="dimmed">
                  {formatPhone(contact.phone_number)}
                </Text>
              </Group>
            </Combobox.Option>
          ))}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
