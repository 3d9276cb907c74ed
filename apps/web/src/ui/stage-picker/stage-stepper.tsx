import { ColorSwatch, Group, Input, InputBase, Stack, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure, useId } from '@mantine/hooks';
import type { SalesStage } from '@vendaval/core/schemas/catalog';
import { useIsMobile } from '../responsive.ts';
import { cssColor as stageColor, textOn as stageTextColor } from '../stage-colors.ts';
import classes from './stage-picker.module.css';
import { STAGE_PICKER_TITLE, StagePickerModal } from './stage-picker-modal.tsx';

type StageStepperProps = {
  stages: readonly SalesStage[];
  value: number | null;
  onChange: (stage: SalesStage) => void;
  disabled?: boolean;
};

function Steps({ stages, value, onChange, disabled }: StageStepperProps) {
  const labelId = useId();
  const current = stages.findIndex((s) => s.id === value);
  return (
    <Stack gap={4}>
      <Text id={labelId} size="sm" fw={500}>
        {STAGE_PICKER_TITLE}
      </Text>
      {/* A long funnel wraps onto more rows: every stage, the current one too, stays in view and whole. */}
      <Group role="group" aria-labelledby={labelId} gap={2} wrap="wrap" style={{ rowGap: 4 }}>
        {stages.map((stage, index) => {
          const reached = current >= 0 && index <= current;
          return (
            <UnstyledButton
              key={stage.id}
              className={classes.step}
              aria-label={`Etapa ${stage.name}`}
              aria-current={index === current ? 'step' : undefined}
              title={stage.name}
              disabled={disabled}
              onClick={() => onChange(stage)}
              style={
                reached
                  ? { background: stageColor(stage.color), color: stageTextColor(stage.color) }
                  : undefined
              }
            >
              {stage.name}
            </UnstyledButton>
          );
        })}
      </Group>
    </Stack>
  );
}

function StageButton({ stages, value, onChange, disabled }: StageStepperProps) {
  const [opened, picker] = useDisclosure(false);
  const stage = stages.find((s) => s.id === value);
  return (
    <>
      <InputBase
        component="button"
        type="button"
        pointer
        label={STAGE_PICKER_TITLE}
        onClick={picker.open}
        disabled={disabled}
      >
        {stage ? (
          <Group gap="xs" wrap="nowrap">
            <ColorSwatch color={stageColor(stage.color)} size={14} aria-hidden />
            <span>{stage.name}</span>
          </Group>
        ) : (
          <Input.Placeholder>Escolha a etapa</Input.Placeholder>
        )}
      </InputBase>
      <StagePickerModal
        opened={opened}
        onClose={picker.close}
        stages={stages}
        value={value}
        onPick={onChange}
      />
    </>
  );
}

/** The funnel stages as a stepper; on a phone, one field that opens the 'Etapa do Funil' list. */
export function StageStepper(props: StageStepperProps) {
  return useIsMobile() ? <StageButton {...props} /> : <Steps {...props} />;
}
