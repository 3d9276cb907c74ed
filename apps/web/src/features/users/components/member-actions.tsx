import { ActionIcon, Menu } from '@mantine/core';
import {
  IconActivity,
  IconDots,
  IconHierarchy2,
  IconId,
  IconLayoutKanban,
  IconUserMinus,
  IconUserShield,
} from '@tabler/icons-react';
import type { Member } from '@vendaval/core/schemas/users';

export type MemberAction = 'details' | 'role' | 'manager' | 'status' | 'opportunities' | 'remove';

type Props = {
  member: Member;
  /** Admin roles change roles, managers and remove members; everyone sets their own status. */
  canManage: boolean;
  /** Admin and managing roles open anyone's opportunities; everyone opens their own. */
  canSeeAll: boolean;
  isSelf: boolean;
  /** Off inside the details themselves. */
  withDetails?: boolean;
  onAction: (action: MemberAction, member: Member) => void;
};

export function MemberActions({ member, canManage, canSeeAll, isSelf, withDetails = true, onAction }: Props) {
  const canSetStatus = canManage || isSelf;
  return (
    <Menu position="bottom-end" withinPortal shadow="md" width={220}>
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={`Ações de ${member.name}`}
          onClick={(event) => event.stopPropagation()}
        >
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      {/* Portaled, but React still bubbles its clicks to the row or card, which would open the details. */}
      <Menu.Dropdown onClick={(event) => event.stopPropagation()}>
        {withDetails && (
          <Menu.Item leftSection={<IconId size={16} />} onClick={() => onAction('details', member)}>
            Ver detalhes
          </Menu.Item>
        )}
        {canManage && (
          <Menu.Item leftSection={<IconUserShield size={16} />} onClick={() => onAction('role', member)}>
            Alterar função
          </Menu.Item>
        )}
        {canManage && (
          <Menu.Item leftSection={<IconHierarchy2 size={16} />} onClick={() => onAction('manager', member)}>
            Definir gestor
          </Menu.Item>
        )}
        {canSetStatus && (
          <Menu.Item leftSection={<IconActivity size={16} />} onClick={() => onAction('status', member)}>
            Status operacional
          </Menu.Item>
        )}
        {(canSeeAll || isSelf) && (
          <Menu.Item
            leftSection={<IconLayoutKanban size={16} />}
            onClick={() => onAction('opportunities', member)}
          >
            Ver oportunidades
          </Menu.Item>
        )}
        {canManage && !isSelf && (
          <>
            <Menu.Divider />
            <Menu.Item
              color="red"
              leftSection={<IconUserMinus size={16} />}
              onClick={() => onAction('remove', member)}
            >
              Remover do workspace
            </Menu.Item>
          </>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
