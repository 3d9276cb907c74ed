import { ActionIcon, Group, Loader, Paper, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { MESSAGES } from '@vendaval/core/messages';
import { useQuickAnswersQuery } from '../api/use-quick-answers-query.ts';
import classes from './chat.module.css';

type Props = {
  /** What follows the '/' the user typed; empty lists everything. */
  filter: string;
  onPick: (content: string) => void;
  onClose: () => void;
};

/** 'Respostas Rápidas': shortcut and content of each canned reply, filtered by the typed shortcut (CHAT-053). */
export function QuickAnswersPanel({ filter, onPick, onClose }: Props) {
  const answers = useQuickAnswersQuery();
  const term = filter.trim().toLowerCase();
  const shown = (answers.data ?? []).filter((a) =>
    a.shortcut.toLowerCase().startsWith(`/${term.replace(/^\//, '')}`),
  );
  return (
    <Paper
      withBorder
      shadow="md"
      p="sm"
      radius="md"
      className={classes.floating}
      role="dialog"
      aria-label="Respostas Rápidas"
    >
      <Group justify="space-between" mb="xs">
        <Title order={5}>Respostas Rápidas</Title>
        <ActionIcon variant="subtle" color="gray" aria-label="Fechar" onClick={onClose}>
          <IconX size={16} />
        </ActionIcon>
      </Group>
      {answers.isPending && <Loader size="sm" aria-label="Carregando respostas rápidas" />}
      {answers.data && shown.length === 0 && (
        <Text size="sm" c="dimmed" ta="center" py="sm">
          {MESSAGES.noQuickAnswers}
        </Text>
      )}
      <Stack gap={4} role="list">
        {shown.map((answer) => (
          <UnstyledButton
            key={answer.id}
            role="listitem"
            onClick={() => onPick(answer.content)}
            p={6}
            style={{ borderRadius: 'var(--mantine-radius-sm)' }}
            aria-label={answer.shortcut}
          >
            <Text size="sm" fw={700}>
              {answer.shortcut}
            </Text>
            <Text size="xs" c="dimmed" lineClamp={2}>
              {answer.content}
            </Text>
          </UnstyledButton>
        ))}
      </Stack>
    </Paper>
  );
}
