import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';

/** Asks before someone is taken out of a workspace, naming them and what they lose. */
export function confirmMemberRemoval(member: { name: string }, workspaceName: string, onConfirm: () => void) {
  modals.openConfirmModal({
    title: 'Remover do workspace',
    centered: true,
    children: (
      <Text size="sm">
        <Text span fw={600}>
          {member.name}
        </Text>{' '}
        perderá o acesso a {workspaceName}. Deseja continuar?
      </Text>
    ),
    labels: { confirm: 'Remover', cancel: 'Cancelar' },
    confirmProps: { color: 'red' },
    onConfirm,
  });
}
