import { Button, Group, Modal, Stack, Text } from '@mantine/core';

export const UNSAVED_TITLE = 'Salvar atualizações';

type UnsavedChangesModalProps = {
  opened: boolean;
  onCancel: () => void;
  onDiscard: () => void;
  onSave: () => void;
  saving: boolean;
};

/** Leaving a card with unsaved edits: 'SAIR SEM SALVAR' or 'SALVAR'. */
export function UnsavedChangesModal({
  opened,
  onCancel,
  onDiscard,
  onSave,
  saving,
}: UnsavedChangesModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={onCancel}
      title={UNSAVED_TITLE}
      centered
      closeButtonProps={{ 'aria-label': 'Fechar' }}
    >
      <Stack gap="md">
        <Text size="sm">Esta oportunidade tem alterações que ainda não foram salvas.</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDiscard}>
            SAIR SEM SALVAR
          </Button>
          <Button onClick={onSave} loading={saving}>
            SALVAR
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
