import { Table, Text, VisuallyHidden } from '@mantine/core';
import type { Member } from '@vendaval/core/schemas/users';
import type { ReactNode } from 'react';
import { formatLastAccess } from './last-access.ts';
import { MemberIdentity } from './member-identity.tsx';
import classes from './members.module.css';
import { OperationalStatusBadge } from './operational-status-badge.tsx';

export type MembersViewProps = {
  members: Member[];
  selfId: number | undefined;
  roleLabel: (role: string) => string;
  onOpen: (member: Member) => void;
  renderActions: (member: Member) => ReactNode;
};

export function MembersTable({ members, selfId, roleLabel, onOpen, renderActions }: MembersViewProps) {
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table highlightOnHover verticalSpacing="sm" horizontalSpacing="md">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Nome</Table.Th>
            <Table.Th>Função</Table.Th>
            <Table.Th>Status operacional</Table.Th>
            <Table.Th>Último acesso</Table.Th>
            <Table.Th className={classes.actionsCell}>
              <VisuallyHidden>Ações</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {members.map((member) => (
            <Table.Tr key={member.id} className={classes.row} onClick={() => onOpen(member)}>
              <Table.Td>
                <MemberIdentity member={member} isSelf={member.id === selfId} onOpen={onOpen} />
              </Table.Td>
              <Table.Td>
                <Text size="sm">{roleLabel(member.role)}</Text>
              </Table.Td>
              <Table.Td>
                <OperationalStatusBadge status={member.operational_status} />
              </Table.Td>
              <Table.Td>
                <Text size="sm" c={member.last_login_at ? undefined : 'dimmed'}>
                  {formatLastAccess(member.last_login_at)}
                </Text>
              </Table.Td>
              <Table.Td className={classes.actionsCell}>{renderActions(member)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
