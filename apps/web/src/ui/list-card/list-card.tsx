import { Card, Center, Loader, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * The card a list page shows its rows in: a loader while the first page comes, a line when there is nothing,
 * the rows otherwise. On a phone (`compact`) the card gives way to the rows' own cards.
 */
export function ListCard({
  compact,
  pending,
  empty,
  loadingLabel,
  emptyText,
  children,
}: {
  compact: boolean;
  pending: boolean;
  empty: boolean;
  loadingLabel: string;
  emptyText: string;
  children: ReactNode;
}) {
  return (
    <Card
      withBorder
      radius="md"
      padding={compact ? 0 : 'xs'}
      bg={compact ? 'transparent' : undefined}
      bd={compact ? 'none' : undefined}
    >
      {pending ? (
        <Center py="xl">
          <Loader aria-label={loadingLabel} />
        </Center>
      ) : empty ? (
        <Text c="dimmed" ta="center" py="xl">
          {emptyText}
        </Text>
      ) : (
        children
      )}
    </Card>
  );
}
