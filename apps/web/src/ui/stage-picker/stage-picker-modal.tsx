import { ColorSwatch, Group, Modal, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import type { SalesStage } from '@vendaval/core/schemas/catalog';
import { cssColor as stageColor } from '../stage-colors.ts';
import classes from './stage-picker.module.css';

export const STAGE_PICKER_TITLE = 'Etapa do Funil';

type StagePickerModalProps = {
  opened: boolean;
  onClose: () => void;
  stages: readonly SalesStage[];
  value: number | null;
  onPick: (stage: SalesStage) => void;
};

/** 'Etapa do Funil': the stages with their colour; picking one closes the list. */
export function StagePickerModal({ opened, onClose, stages, value, onPick }: StagePickerModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={STAGE_PICKER_TITLE}
      centered
      size="sm"
      closeButtonProps={{ 'aria-label': 'Fechar' }}
    >
      <Stack gap={2}>
        {stages.map((stage) => (
          <UnstyledButton
            key={stage.id}
            className={classes.row}
            aria-current={stage.id === value ? 'step' : undefined}
            onClick={() => {
              onClose();
              onPick(stage);
            }}
          >
            <Group gap="sm" wrap="nowrap">
              <ColorSwatch color={stageColor(stage.color)} size={18} aria-hidden />
              <Text size="sm" flex={1} fw={stage.id === value ? 700 : 400}>
                {stage.name}
              </Text>
              {stage.id === value && <IconCheck size={16} aria-hidden />}
            </Group>
          </UnstyledButton>
        ))}
      </Stack>
    </Modal>
  );
}
