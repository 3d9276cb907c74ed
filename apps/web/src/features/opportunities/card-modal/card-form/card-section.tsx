import { Fieldset, SimpleGrid, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A titled group of fields: two columns on desktop, one on a phone. */
export function CardSection({
  title,
  children,
  cols = 2,
}: {
  title: string;
  children: ReactNode;
  cols?: 1 | 2 | 3;
}) {
  return (
    <Fieldset
      variant="unstyled"
      legend={
        <Title order={5} mb={4}>
          {title}
        </Title>
      }
    >
      <SimpleGrid cols={{ base: 1, sm: cols }} spacing="sm" verticalSpacing="xs">
        {children}
      </SimpleGrid>
    </Fieldset>
  );
}
