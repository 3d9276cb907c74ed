import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { isClosedStageType } from '@vendaval/core/constants';
import type { SalesStage } from '@vendaval/core/schemas/catalog';
import { useState } from 'react';

type Props = {
  stage: SalesStage | null;
  stages: SalesStage[];
  deleting: boolean;
  onDelete: (moveTo: number | undefined) => void;
  onClose: () => void;
};

/** Deleting a stage: its cards, if any, go to another open stage chosen here. */
export function DeleteStageModal({ stage, stages, deleting, onDelete, onClose }: Props) {
  const [moveTo, setMoveTo] = useState<string | null>(null);
  const targets = stages
    .filter((s) => s.id !== stage?.id && !isClosedStageType(s.type))
    .map((s) => ({ value: String(s.id), label: s.name }));
  return (
    <Modal opened={stage !== null} onClose={onClose} title="Excluir etapa" centered>
      <Stack gap="sm">
        <Text size="sm">
          Excluir a etapa{' '}
          <Text span fw={600}>
            {stage?.name}
          </Text>
          ? Se ela tiver oportunidades, escolha para qual etapa movê-las.
        </Text>
        <Select
          label="Mover as oportunidades para"
          placeholder="Nenhuma (etapa vazia)"
          data={targets}
          value={moveTo}
          onChange={setMoveTo}
          clearable
          comboboxProps={{ withinPortal: true }}
        />
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onClose}>
            Cancelar
          </Button>
          <Button
            color="red"
            loading={deleting}
            onClick={() => onDelete(moveTo ? Number(moveTo) : undefined)}
          >
            Excluir
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
