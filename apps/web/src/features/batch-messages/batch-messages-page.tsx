import { Button, Center, Group, Loader, Stack, Title } from '@mantine/core';
import { canManageBatchMessages } from '@vendaval/core/permissions';
import { useState } from 'react';
import { useCurrentRole } from '../../lib/current-workspace.ts';
import { useBatchMessagesQuery } from './api/use-batch-messages-query.ts';
import { BatchList } from './components/batch-list.tsx';
import { NewBatchModal } from './components/new-batch-modal.tsx';

/** /batch-message (PLAT-054): the batches with their live progress, and 'Novo disparo'. */
export function BatchMessagesPage() {
  const role = useCurrentRole();
  const canManage = role !== null && canManageBatchMessages(role);
  const batches = useBatchMessagesQuery();
  const [creating, setCreating] = useState(false);
  return (
    <Stack p="md" gap="md" maw={960} mx="auto" w="100%">
      <Group justify="space-between">
        <Title order={2}>Disparo em massa</Title>
        {canManage && <Button onClick={() => setCreating(true)}>Novo disparo</Button>}
      </Group>
      {batches.data ? (
        <BatchList batches={batches.data} canManage={canManage} />
      ) : (
        <Center py="xl">
          <Loader />
        </Center>
      )}
      {creating && <NewBatchModal opened onClose={() => setCreating(false)} />}
    </Stack>
  );
}
