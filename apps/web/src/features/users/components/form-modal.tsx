import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { FormEventHandler, ReactNode } from 'react';

type FormModalProps = {
  title: string;
  opened: boolean;
  onClose: () => void;
  onSubmit: FormEventHandler<HTMLFormElement>;
  saving: boolean;
  submitLabel?: string;
  children: ReactNode;
};

/** The frame of the member forms: a centred modal with the fields and Cancelar / submit at the bottom. */
export function FormModal({
  title,
  opened,
  onClose,
  onSubmit,
  saving,
  submitLabel = 'Salvar',
  children,
}: FormModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          {children}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancelar
            </Button>
            <Button type="submit" loading={saving}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

export function MemberLine({ name }: { name: string | undefined }) {
  return (
    <Text size="sm">
      Usuário:{' '}
      <Text span fw={600}>
        {name}
      </Text>
    </Text>
  );
}
