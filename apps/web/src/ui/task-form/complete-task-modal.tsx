import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { MESSAGES } from '@vendaval/core/messages';
import { useState } from 'react';

type CompleteTaskModalProps = {
  opened: boolean;
  options: { value: string; label: string }[];
  saving: boolean;
  onCancel: () => void;
  onConfirm: (interactionTypeId: number) => void;
};

/** Completing needs the interaction type: asked here when the task has none. */
export function CompleteTaskModal({ opened, options, saving, onCancel, onConfirm }: CompleteTaskModalProps) {
  const [value, setValue] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const confirm = () => {
    if (!value) setError(MESSAGES.taskFieldRequired('Forma de Atendimento'));
    else onConfirm(Number(value));
  };
  return (
    <Modal opened={opened} onClose={onCancel} title="Completar Tarefa" centered>
      <Stack gap="md">
        <Text size="sm">Como a tarefa foi realizada?</Text>
        <Select
          label="Forma de Atendimento"
          placeholder="Selecione"
          data={options}
          value={value}
          onChange={(next) => {
            setValue(next);
            setError(null);
          }}
          error={error}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
          data-autofocus
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            Cancelar
          </Button>
          <Button onClick={confirm} loading={saving}>
            Concluir
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
