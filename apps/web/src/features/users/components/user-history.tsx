import { Button, Center, Loader, Stack, Text, Timeline } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { formatDate, formatTime } from '@vendaval/core/format';
import { useRoleLabel } from '../../../lib/platform.ts';
import { useUserLogsQuery } from '../api/use-user-logs-query.ts';
import { userLogDetail, userLogTitle } from '../user-log-text.ts';

type Props = { workspaceId: number; userId: number };

/** The member's history, newest first. */
export function UserHistory({ workspaceId, userId }: Props) {
  const logs = useUserLogsQuery(workspaceId, userId, true);
  const roleLabel = useRoleLabel();

  if (logs.isPending) {
    return (
      <Center py="md">
        <Loader size="sm" aria-label="Carregando histórico" />
      </Center>
    );
  }
  const entries = logs.data?.pages.flatMap((page) => page.data) ?? [];
  if (entries.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        Nenhum registro no histórico.
      </Text>
    );
  }

  return (
    <Stack gap="md">
      <Timeline active={-1} bulletSize={22} lineWidth={2} role="list" aria-label="Histórico do usuário">
        {entries.map((entry) => {
          const detail = userLogDetail(entry, roleLabel);
          return (
            <Timeline.Item
              key={entry.id}
              role="listitem"
              bullet={<IconHistory size={12} />}
              title={userLogTitle(entry, roleLabel)}
              styles={{ itemTitle: { fontSize: 'var(--mantine-font-size-sm)', overflowWrap: 'anywhere' } }}
            >
              {detail && (
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {detail}
                </Text>
              )}
              <Text size="xs" c="dimmed" mt={2}>
                {formatDate(entry.created_at)} {formatTime(entry.created_at)}
                {entry.actor ? ` · por ${entry.actor.name}` : ''}
              </Text>
            </Timeline.Item>
          );
        })}
      </Timeline>
      {logs.hasNextPage && (
        <Button
          variant="subtle"
          size="xs"
          onClick={() => void logs.fetchNextPage()}
          loading={logs.isFetchingNextPage}
        >
          Carregar mais
        </Button>
      )}
    </Stack>
  );
}
