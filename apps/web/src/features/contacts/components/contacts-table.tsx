import { Table, Text, UnstyledButton } from '@mantine/core';
import { formatPhone } from '@vendaval/core/format';
import type { Contact } from '@vendaval/core/schemas/contacts';
import { BlacklistBadge } from './blacklist-badge.tsx';
import { contactPlace } from './contact-place.ts';
import classes from './contacts.module.css';

export type ContactsViewProps = { contacts: Contact[]; onOpen: (contact: Contact) => void };

export function ContactsTable({ contacts, onOpen }: ContactsViewProps) {
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table highlightOnHover verticalSpacing="sm" horizontalSpacing="md">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Nome</Table.Th>
            <Table.Th>Telefone</Table.Th>
            <Table.Th>E-mail</Table.Th>
            <Table.Th>Cidade/UF</Table.Th>
            <Table.Th>Black List</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {contacts.map((contact) => (
            <Table.Tr key={contact.id} className={classes.row} onClick={() => onOpen(contact)}>
              <Table.Td>
                {/* The row's click opens the contact; the button makes it reachable by keyboard. */}
                <UnstyledButton className={classes.name}>{contact.name}</UnstyledButton>
              </Table.Td>
              <Table.Td>
                <Text size="sm" className={classes.nowrap}>
                  {formatPhone(contact.phone_number)}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" className={classes.wrap}>
                  {contact.email}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{contactPlace(contact)}</Text>
              </Table.Td>
              <Table.Td>{contact.is_blacklisted && <BlacklistBadge />}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
