import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon, Badge, Card, ColorSwatch, Group, Text, Tooltip } from '@mantine/core';
import { IconGripVertical, IconPencil, IconTrash } from '@tabler/icons-react';
import { isClosedStageType, STAGE_TYPE_LABELS } from '@vendaval/core/constants';
import type { SalesStage } from '@vendaval/core/schemas/catalog';

type Props = {
  stage: SalesStage;
  canManage: boolean;
  onEdit: (stage: SalesStage) => void;
  onDelete: (stage: SalesStage) => void;
};

/** One stage of the pipeline, dragged by its handle (mouse, touch or keyboard: space, arrows, space). */
export function SortableStage({ stage, canManage, onEdit, onDelete }: Props) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({
      id: stage.id,
      disabled: !canManage,
    });
  return (
    <Card
      ref={setNodeRef}
      withBorder
      radius="md"
      padding="sm"
      data-testid="stage-row"
      style={{
        transform: CSS.Transform.toString(transform),
        transition,
        zIndex: isDragging ? 1 : undefined,
        boxShadow: isDragging ? 'var(--mantine-shadow-md)' : undefined,
        borderLeft: `6px solid #${stage.color}`,
      }}
    >
      <Group gap="sm" wrap="nowrap">
        {canManage && (
          <ActionIcon
            ref={setActivatorNodeRef}
            variant="subtle"
            color="gray"
            aria-label={`Mover ${stage.name}`}
            style={{ cursor: 'grab', touchAction: 'none' }}
            {...attributes}
            {...listeners}
          >
            <IconGripVertical size={18} />
          </ActionIcon>
        )}
        <ColorSwatch color={`#${stage.color}`} size={18} />
        <Group gap={6} justify="space-between" style={{ flex: 1, minWidth: 0 }}>
          <Text fw={600} style={{ overflowWrap: 'break-word', minWidth: 0 }}>
            {stage.name}
          </Text>
          <Badge
            variant="light"
            color={isClosedStageType(stage.type) ? (stage.type === 'Won' ? 'green' : 'red') : 'gray'}
          >
            {STAGE_TYPE_LABELS[stage.type]}
          </Badge>
        </Group>
        {canManage && (
          <Group gap={4} wrap="nowrap">
            <Tooltip label="Editar">
              <ActionIcon variant="subtle" aria-label={`Editar ${stage.name}`} onClick={() => onEdit(stage)}>
                <IconPencil size={18} />
              </ActionIcon>
            </Tooltip>
            <Tooltip
              label={
                isClosedStageType(stage.type) ? 'As etapas de ganho e de perda não são excluídas' : 'Excluir'
              }
            >
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Excluir ${stage.name}`}
                disabled={isClosedStageType(stage.type)}
                onClick={() => onDelete(stage)}
              >
                <IconTrash size={18} />
              </ActionIcon>
            </Tooltip>
          </Group>
        )}
      </Group>
    </Card>
  );
}
