import { Avatar, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import type { Member } from '@vendaval/core/schemas/users';
import classes from './members.module.css';

type Props = { member: Member; isSelf: boolean; onOpen: (member: Member) => void };

/** Avatar, name and e-mail; the name is the keyboard way into the user's details. */
export function MemberIdentity({ member, isSelf, onOpen }: Props) {
  return (
    <Group gap="sm" wrap="nowrap" miw={0}>
      <Avatar name={member.name} color="initials" radius="xl" size={36} />
      <Stack gap={0} miw={0}>
        <UnstyledButton
          className={classes.name}
          onClick={(event) => {
            event.stopPropagation();
            onOpen(member);
          }}
        >
          {member.name}
          {isSelf && (
            <Text span size="xs" c="dimmed" fw={400}>
              {' '}
              (você)
            </Text>
          )}
        </UnstyledButton>
        <Text size="xs" c="dimmed" className={classes.email}>
          {member.email}
        </Text>
      </Stack>
    </Group>
  );
}
