import { Stack, Text, Title } from '@mantine/core';
import { formatDate } from '@vendaval/core/format';
import type { Opportunity } from '@vendaval/core/schemas/opportunities';
import { useTerms } from '../../../../lib/platform.ts';
import { type CloseKind, StateButtons } from '../state-buttons.tsx';

/** The close panel: Won or Lost for an open card; a closed one is reopened by its own state button. */
export function CloseTab({
  opportunity,
  onPress,
  busy,
}: {
  opportunity: Opportunity;
  onPress: (kind: CloseKind) => void;
  busy: boolean;
}) {
  const terms = useTerms();
  const term = opportunity.state_type === 'Won' ? terms.won_term : terms.lost_term;
  return (
    <Stack gap="md" maw={480}>
      <Title order={5}>Encerrar oportunidade</Title>
      {opportunity.state_type === 'Open' ? (
        <Text size="sm">
          A oportunidade está aberta na etapa <b>{opportunity.sales_stage.name}</b>. Marque como{' '}
          {terms.won_term} ou {terms.lost_term}.
        </Text>
      ) : (
        <Text size="sm">
          A oportunidade está marcada como <b>{term}</b>
          {opportunity.closed_at ? ` desde ${formatDate(opportunity.closed_at)}` : ''}. Pressione {term} de
          novo para reabri-la.
        </Text>
      )}
      <StateButtons state={opportunity.state_type} onPress={onPress} busy={busy} />
    </Stack>
  );
}
