import { Button, Group, Stack, Title } from '@mantine/core';
import { SUCCESS_MESSAGES } from '@vendaval/core/messages';
import type { Opportunity } from '@vendaval/core/schemas/opportunities';
import { type FocusEvent, useEffect, useState } from 'react';
import { showSuccessToast } from '../../../../lib/toasts.ts';
import { useUpdateOpportunityMutation } from '../../api/use-update-opportunity-mutation.ts';
import { DescriptionField } from '../card-form/description-field.tsx';

/** 'Escreva uma observação': Deletar and Salvar show while the box has the focus; they save the description alone. */
export function NotesTab({ opportunity }: { opportunity: Opportunity }) {
  const update = useUpdateOpportunityMutation(opportunity.id);
  const [text, setText] = useState(opportunity.description ?? '');
  const [focused, setFocused] = useState(false);
  useEffect(() => setText(opportunity.description ?? ''), [opportunity.description]);

  const leave = (event: FocusEvent<HTMLDivElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
  };
  const write = (description: string, message: string) =>
    update.mutate(
      { id: opportunity.id, description },
      {
        onSuccess: () => {
          setText(description);
          setFocused(false);
          showSuccessToast(message);
        },
      },
    );

  return (
    <Stack gap="sm" onFocus={() => setFocused(true)} onBlur={leave}>
      <Title order={5}>Observações</Title>
      <DescriptionField
        aria-label="Escreva uma observação"
        placeholder="Escreva uma observação"
        minRows={8}
        maxRows={20}
        value={text}
        onChange={setText}
      />
      {focused && (
        <Group justify="flex-end" gap="sm">
          <Button
            variant="default"
            color="red"
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => write('', SUCCESS_MESSAGES.descriptionDeleted)}
            disabled={update.isPending}
          >
            Deletar
          </Button>
          <Button
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => write(text, SUCCESS_MESSAGES.descriptionSaved)}
            loading={update.isPending}
          >
            Salvar
          </Button>
        </Group>
      )}
    </Stack>
  );
}
