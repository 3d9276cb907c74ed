import { Avatar, Badge, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { mediaKindOf } from '@vendaval/core/constants';
import { formatElapsed, formatPhone } from '@vendaval/core/format';
import type { Conversation } from '@vendaval/core/schemas/chat';
import classes from '../omnichannel.module.css';

const FILE_LABELS = {
  audio: 'Áudio',
  image: 'Imagem',
  video: 'Vídeo',
  sticker: 'Figurinha',
  document: 'Documento',
} as const;

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('');

/** What the line previews of the last message: its text, the kind of file it carried, or that it was deleted. */
export function lastMessagePreview(last: Conversation['last_message'], botName: string): string {
  if (!last) return 'Nenhuma mensagem ainda';
  const mine = last.sender === 'user' ? 'Você: ' : last.sender === 'bot' ? `${botName}: ` : '';
  if (last.message) return `${mine}${last.message}`;
  if (last.file_mime) return `${mine}${FILE_LABELS[mediaKindOf(last.file_mime)]}`;
  return 'Mensagem deletada para todos!';
}

type Props = {
  conversation: Conversation;
  now: number;
  selected: boolean;
  onSelect: (conversation: Conversation) => void;
};

/** One line of the omnichannel list: who, since when, what was said last, and how much is unread. */
export function ConversationItem({ conversation: c, now, selected, onSelect }: Props) {
  const unread = c.unread_count > 0;
  const at = c.last_message_at ?? c.created_at;
  const elapsed = formatElapsed((now - Date.parse(at)) / 1000);
  return (
    <UnstyledButton
      className={classes.item}
      data-selected={selected || undefined}
      data-unread={unread || undefined}
      onClick={() => onSelect(c)}
      aria-current={selected ? 'true' : undefined}
      aria-label={`${c.opportunity.name}${unread ? `, ${c.unread_count} não lidas` : ''}`}
    >
      <Group wrap="nowrap" gap="sm" align="flex-start">
        <Avatar radius="xl" color="initials" name={c.opportunity.name} aria-hidden>
          {initials(c.opportunity.name)}
        </Avatar>
        <Stack gap={2} className={classes.itemText}>
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Text fw={unread ? 700 : 500} size="sm" truncate="end">
              {c.opportunity.name}
            </Text>
            <Text
              size="xs"
              c={unread ? 'var(--mantine-primary-color-filled)' : 'dimmed'}
              className={classes.time}
            >
              {elapsed}
            </Text>
          </Group>
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Text size="sm" c="dimmed" truncate="end" fw={unread ? 600 : 400}>
              {lastMessagePreview(c.last_message, c.bot_name)}
            </Text>
            {unread && (
              <Badge size="sm" circle={c.unread_count < 10} aria-hidden>
                {c.unread_count}
              </Badge>
            )}
          </Group>
          <Group gap={6} wrap="nowrap">
            <span
              className={classes.stageDot}
              style={{ background: `#${c.sales_stage.color.replace('#', '')}` }}
            />
            <Text size="xs" c="dimmed" truncate="end">
              {c.sales_stage.name} · {formatPhone(c.phone_number)}
              {c.user_name ? ` · ${c.user_name}` : ''}
              {c.closed_at ? ' · Sala fechada' : ''}
            </Text>
          </Group>
        </Stack>
      </Group>
    </UnstyledButton>
  );
}
