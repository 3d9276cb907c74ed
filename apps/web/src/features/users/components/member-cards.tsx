import { Badge, Card, Group, Stack, Text } from '@mantine/core';
import { formatLastAccess, NEVER_SIGNED_IN } from './last-access.ts';
import { MemberIdentity } from './member-identity.tsx';
import classes from './members.module.css';
import type { MembersViewProps } from './members-table.tsx';
import { OperationalStatusBadge } from './operational-status-badge.tsx';

/** The members as stacked cards, for narrow screens. */
export function MemberCards({ members, selfId, roleLabel, onOpen, renderActions }: MembersViewProps) {
  return (
    <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Usuários">
      {members.map((member) => (
        <Card
          key={member.id}
          component="li"
          withBorder
          padding="sm"
          radius="md"
          className={classes.card}
          onClick={() => onOpen(member)}
        >
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
            <MemberIdentity member={member} isSelf={member.id === selfId} onOpen={onOpen} />
            {renderActions(member)}
          </Group>
          <Group gap="xs" mt="sm">
            <Badge variant="default" size="md" style={{ textTransform: 'none' }}>
              {roleLabel(member.role)}
            </Badge>
            <OperationalStatusBadge status={member.operational_status} />
          </Group>
          <Text size="xs" c="dimmed" mt="xs">
            {member.last_login_at
              ? `Último acesso: ${formatLastAccess(member.last_login_at)}`
              : NEVER_SIGNED_IN}
          </Text>
        </Card>
      ))}
    </Stack>
  );
}
