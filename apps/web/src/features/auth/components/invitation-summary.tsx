import { Paper, SimpleGrid, Text } from '@mantine/core';
import type { Invitation } from '@vendaval/core/schemas/auth';
import { useRoleLabel } from '../../../lib/platform.ts';

function Item({ label, value, wide = false }: { label: string; value: string; wide?: boolean }) {
  return (
    <div style={wide ? { gridColumn: '1 / -1' } : undefined}>
      <Text component="dt" size="xs" c="dimmed">
        {label}
      </Text>
      <Text component="dd" m={0} fw={500} style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </div>
  );
}

export function InvitationSummary({ invitation }: { invitation: Invitation }) {
  const roleLabel = useRoleLabel();
  return (
    <Paper withBorder p="md" bg="var(--mantine-color-default-hover)">
      <Text size="sm" mb="sm">
        <strong>{invitation.inviter_name}</strong> convidou você para participar de um workspace.
      </Text>
      <SimpleGrid component="dl" cols={{ base: 1, xs: 2 }} spacing="sm" m={0}>
        <Item label="Workspace" value={invitation.workspace.name} />
        <Item label="Função" value={roleLabel(invitation.role)} />
        {/* An address is long: it gets the whole row instead of breaking mid-word. */}
        <Item label="E-mail" value={invitation.email} wide />
      </SimpleGrid>
    </Paper>
  );
}
