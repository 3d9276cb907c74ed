import { Card, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { formatPhone } from '@vendaval/core/format';
import { BlacklistBadge } from './blacklist-badge.tsx';
import { contactPlace } from './contact-place.ts';
import classes from './contacts.module.css';
import type { ContactsViewProps } from './contacts-table.tsx';

/** The contacts as stacked cards, for narrow screens. */
export function ContactCards({ contacts, onOpen }: ContactsViewProps) {
  return (
    <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Contatos">
      {contacts.map((contact) => (
        <Card
          key={contact.id}
          component="li"
          withBorder
          padding="sm"
          radius="md"
          className={classes.row}
          onClick={() => onOpen(contact)}
        >
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
            {/* The card's click opens the contact; the button makes it reachable by keyboard. */}
            <UnstyledButton className={classes.name}>{contact.name}</UnstyledButton>
            {contact.is_blacklisted && <BlacklistBadge />}
          </Group>
          {contact.phone_number && (
            <Text size="sm" mt={4}>
              {formatPhone(contact.phone_number)}
            </Text>
          )}
          {contact.email && (
            <Text size="sm" c="dimmed" className={classes.wrap}>
              {contact.email}
            </Text>
          )}
          {contactPlace(contact) && (
            <Text size="xs" c="dimmed" mt={2}>
              {contactPlace(contact)}
            </Text>
          )}
        </Card>
      ))}
    </Stack>
  );
}
