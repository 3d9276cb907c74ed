import { Button, ColorInput, Group, Select, Stack, TextInput } from '@mantine/core';
import { STAGE_TYPE_LABELS, STAGE_TYPES, type StageType, UNIQUE_STAGE_TYPES } from '@vendaval/core/constants';
import type { SalesStage, SalesStageInput } from '@vendaval/core/schemas/catalog';
import { useState } from 'react';
import { RecordFormModal } from './record-form-modal.tsx';

type Props = {
  /** The stage being edited, or 'new'; null closes the modal. */
  stage: SalesStage | 'new' | null;
  stages: SalesStage[];
  saving: boolean;
  onSave: (input: SalesStageInput) => void;
  onClose: () => void;
};

/** Types already held by another stage that a pipeline may hold only once are not offered. */
function typeOptions(stages: SalesStage[], editing: SalesStage | null) {
  const taken = new Set(
    stages
      .filter((s) => s.id !== editing?.id && (UNIQUE_STAGE_TYPES as readonly string[]).includes(s.type))
      .map((s) => s.type),
  );
  return STAGE_TYPES.filter((type) => !taken.has(type)).map((type) => ({
    value: type,
    label: STAGE_TYPE_LABELS[type],
  }));
}

export function StageFormModal({ stage, stages, saving, onSave, onClose }: Props) {
  return (
    <RecordFormModal record={stage} titles={{ create: 'Nova etapa', edit: 'Editar etapa' }} onClose={onClose}>
      {(editing) => (
        <StageForm editing={editing} stages={stages} saving={saving} onSave={onSave} onClose={onClose} />
      )}
    </RecordFormModal>
  );
}

function StageForm({
  editing,
  stages,
  saving,
  onSave,
  onClose,
}: Omit<Props, 'stage'> & { editing: SalesStage | null }) {
  const [name, setName] = useState(editing?.name ?? '');
  const [color, setColor] = useState(editing?.color ?? '228be6');
  const [type, setType] = useState<StageType>(editing?.type ?? 'Default');
  const closedType = editing && (editing.type === 'Won' || editing.type === 'Lost');
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSave({ name, color, type });
      }}
    >
      <Stack gap="sm">
        <TextInput
          label="Nome"
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          required
          data-autofocus
        />
        <ColorInput
          label="Cor"
          format="hex"
          value={`#${color}`}
          onChange={(hex) => setColor(hex.replace('#', ''))}
        />
        <Select
          label="Tipo"
          data={typeOptions(stages, editing)}
          value={type}
          onChange={(v) => v && setType(v as StageType)}
          allowDeselect={false}
          disabled={Boolean(closedType)}
          description={closedType ? 'As etapas de ganho e de perda mantêm o seu tipo.' : undefined}
        />
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onClose}>
            Cancelar
          </Button>
          <Button type="submit" loading={saving}>
            Salvar
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
