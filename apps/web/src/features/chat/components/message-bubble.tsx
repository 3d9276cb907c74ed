import { ActionIcon, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { IconAlertCircle, IconArrowBackUp, IconTrash } from '@tabler/icons-react';
import { MESSAGES } from '@vendaval/core/messages';
import type { ChatMessage } from '@vendaval/core/schemas/chat';
import dayjs from 'dayjs';
import { canDeleteMessage } from '../message-rules.ts';
import classes from './chat.module.css';
import { LinkifiedText } from './linkified-text.tsx';
import { MessageFile } from './message-file.tsx';
import { MessageStatus } from './message-status.tsx';

type Body = Pick<ChatMessage, 'message' | 'header' | 'footer' | 'file' | 'is_deleted'>;

function MessageBody({ message }: { message: Body }) {
  if (message.is_deleted) {
    return (
      <Text size="sm" fs="italic" c="dimmed">
        {MESSAGES.messageDeletedForAll}
      </Text>
    );
  }
  return (
    <>
      {message.header && (
        <Text size="sm" fw={700} className={classes.text}>
          <LinkifiedText text={message.header} />
        </Text>
      )}
      {message.file && <MessageFile file={message.file} />}
      {message.message && (
        <Text size="sm" className={classes.text}>
          <LinkifiedText text={message.message} />
        </Text>
      )}
      {message.footer && (
        <Text size="xs" c="dimmed" className={classes.text}>
          {message.footer}
        </Text>
      )}
    </>
  );
}

function Parent({ parent }: { parent: NonNullable<ChatMessage['parent']> }) {
  return (
    <div className={classes.parent} data-testid="message-parent">
      <Text size="xs" fw={600} c="dimmed">
        {parent.sender === 'contact' ? 'Contato' : (parent.user?.name ?? parent.bot_name ?? 'Robô')}
      </Text>
      <MessageBody message={parent} />
    </div>
  );
}

function author(message: ChatMessage): string | null {
  if (message.sender === 'user') return message.user?.name ?? 'Atendente';
  if (message.sender === 'bot') return message.bot_name ?? message.dialog.bot_name;
  return null;
}

/** What the user can do with a message; replying only where the user can write. */
export type MessageActions = {
  onDelete: (message: ChatMessage) => void;
  onReply?: (message: ChatMessage) => void;
};

type Props = { message: ChatMessage; actions: MessageActions };

/** The text a reply quotes: the message, or what its file is called. */
export function excerptOf(message: Pick<ChatMessage, 'message' | 'file'>): string {
  return message.message ?? message.file?.name ?? '';
}

/** One message: the contact's on the left, the attendants' and the bot's on the right. */
export function MessageBubble({ message, actions }: Props) {
  const outgoing = message.sender !== 'contact';
  const name = author(message);
  return (
    <Group justify={outgoing ? 'flex-end' : 'flex-start'} wrap="nowrap" gap={4} data-testid="message">
      {canDeleteMessage(message) && (
        <ActionIcon
          variant="subtle"
          color="gray"
          size="sm"
          aria-label="Excluir mensagem"
          className={classes.deleteAction}
          onClick={() => actions.onDelete(message)}
        >
          <IconTrash size={14} />
        </ActionIcon>
      )}
      {actions.onReply && !message.is_deleted && (
        <ActionIcon
          variant="subtle"
          color="gray"
          size="sm"
          aria-label="Responder"
          className={classes.deleteAction}
          onClick={() => actions.onReply?.(message)}
        >
          <IconArrowBackUp size={14} />
        </ActionIcon>
      )}
      <Paper
        className={classes.bubble}
        data-outgoing={outgoing || undefined}
        data-failed={message.error_message ? true : undefined}
        px="sm"
        py={6}
        radius="md"
      >
        <Stack gap={4}>
          {name && (
            <Text size="xs" fw={700} c="dimmed">
              {name}
            </Text>
          )}
          {message.parent && <Parent parent={message.parent} />}
          <MessageBody message={message} />
          <Group gap={4} justify="flex-end" wrap="nowrap">
            {message.error_message && (
              <Tooltip label={message.error_message} color="red" withArrow multiline maw={260}>
                <IconAlertCircle
                  size={16}
                  color="var(--mantine-color-red-6)"
                  aria-label={`Erro: ${message.error_message}`}
                  role="img"
                  tabIndex={0}
                />
              </Tooltip>
            )}
            <Text size="xs" c="dimmed">
              {dayjs(message.sent_at).format('HH:mm')}
            </Text>
            {outgoing && !message.is_deleted && <MessageStatus status={message.status} />}
          </Group>
        </Stack>
      </Paper>
    </Group>
  );
}
