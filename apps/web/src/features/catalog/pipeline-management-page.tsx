import { closestCenter, DndContext, type DragEndEvent } from '@dnd-kit/core';
import { arrayMove, SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { Button, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { MESSAGES } from '@vendaval/core/messages';
import { canManageStages } from '@vendaval/core/permissions';
import type { SalesStage, SalesStageInput } from '@vendaval/core/schemas/catalog';
import { useState } from 'react';
import { useCurrentWorkspace } from '../../lib/current-workspace.ts';
import { useSalesStagesQuery } from '../../lib/lookups/lookups.ts';
import { showSuccessToast } from '../../lib/toasts.ts';
import {
  sortableListAccessibility,
  useSortableListSensors,
} from '../../ui/sortable-list/sortable-list-a11y.ts';
import { useCreateStageMutation } from './api/use-create-stage-mutation.ts';
import { useDeleteStageMutation } from './api/use-delete-stage-mutation.ts';
import { useReorderStagesMutation } from './api/use-reorder-stages-mutation.ts';
import { useUpdateStageMutation } from './api/use-update-stage-mutation.ts';
import { DeleteStageModal } from './components/delete-stage-modal.tsx';
import { SortableStage } from './components/sortable-stage.tsx';
import { StageFormModal } from './components/stage-form-modal.tsx';

/** /pipeline-management: the workspace's stages, in board order. */
export function PipelineManagementPage() {
  const workspace = useCurrentWorkspace();
  const workspaceId = workspace?.id ?? null;
  const canManage = Boolean(workspace && canManageStages(workspace.role));
  const stages = useSalesStagesQuery();
  const create = useCreateStageMutation(workspaceId);
  const update = useUpdateStageMutation(workspaceId);
  const reorder = useReorderStagesMutation(workspaceId);
  const remove = useDeleteStageMutation(workspaceId);
  // The order just dropped shows at once, until the saved order comes back.
  const [dropped, setDropped] = useState<SalesStage[] | null>(null);
  const [editing, setEditing] = useState<SalesStage | 'new' | null>(null);
  const [deleting, setDeleting] = useState<SalesStage | null>(null);
  const keyboard = useSortableListSensors();

  const list = dropped ?? stages.data ?? [];
  const accessibility = sortableListAccessibility('Etapa', (id) => list.find((s) => s.id === id)?.name ?? '');

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = list.findIndex((s) => s.id === active.id);
    const to = list.findIndex((s) => s.id === over.id);
    const next = arrayMove(list, from, to);
    setDropped(next);
    reorder.mutate(
      next.map((s) => s.id),
      { onSuccess: () => showSuccessToast(MESSAGES.stagesSaved), onSettled: () => setDropped(null) },
    );
  };

  const save = (input: SalesStageInput) => {
    const done = {
      onSuccess: () => {
        showSuccessToast(MESSAGES.stagesSaved);
        setEditing(null);
      },
    };
    if (editing === 'new') create.mutate(input, done);
    else if (editing) update.mutate({ id: editing.id, ...input }, done);
  };

  return (
    <Stack gap="lg" maw={760}>
      <Group justify="space-between" align="flex-end" gap="sm">
        <Stack gap={2}>
          <Title order={1} size="h2">
            Etapas do funil
          </Title>
          <Text size="sm" c="dimmed">
            {canManage
              ? 'Arraste as etapas para mudar a ordem do pipeline.'
              : 'A ordem das etapas do pipeline.'}
          </Text>
        </Stack>
        {canManage && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
            Nova etapa
          </Button>
        )}
      </Group>
      {stages.isPending ? (
        <Center py="xl">
          <Loader aria-label="Carregando etapas" />
        </Center>
      ) : (
        <DndContext
          sensors={keyboard.sensors}
          collisionDetection={closestCenter}
          onDragStart={keyboard.onDragStart}
          onDragEnd={onDragEnd}
          accessibility={accessibility}
        >
          <SortableContext items={list.map((s) => s.id)} strategy={verticalListSortingStrategy}>
            <Stack gap="xs">
              {list.map((stage) => (
                <SortableStage
                  key={stage.id}
                  stage={stage}
                  canManage={canManage}
                  onEdit={setEditing}
                  onDelete={setDeleting}
                />
              ))}
            </Stack>
          </SortableContext>
        </DndContext>
      )}
      <StageFormModal
        stage={editing}
        stages={list}
        saving={create.isPending || update.isPending}
        onSave={save}
        onClose={() => setEditing(null)}
      />
      <DeleteStageModal
        key={deleting?.id ?? 'none'}
        stage={deleting}
        stages={list}
        deleting={remove.isPending}
        onDelete={(moveTo) =>
          deleting &&
          remove.mutate(
            { id: deleting.id, moveTo },
            {
              onSuccess: (answer) => {
                showSuccessToast(answer.message);
                setDeleting(null);
              },
            },
          )
        }
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
