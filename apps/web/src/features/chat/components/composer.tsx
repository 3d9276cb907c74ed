import { ActionIcon, Group, Paper, Text } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import type { ChatMessage } from '@vendaval/core/schemas/chat';
import { useRef, useState } from 'react';
import { readAsDataUrl } from '../../../lib/data-url.ts';
import { fillVariables, type VariableValues } from '../../../ui/template-send/template-variables.ts';
import type { OutgoingMessage } from '../api/use-send-message-mutation.ts';
import { sendFiles } from '../hooks/use-file-sender.ts';
import { InputBar } from './input-bar.tsx';
import { excerptOf } from './message-bubble.tsx';
import { QuickAnswersPanel } from './quick-answers-panel.tsx';

function ReplyBar({ message, onCancel }: { message: ChatMessage; onCancel: () => void }) {
  return (
    <Paper withBorder px="sm" py={4} mb={4} radius="sm" aria-label="Respondendo a mensagem">
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text size="xs" c="dimmed" lineClamp={1}>
          Respondendo: {excerptOf(message)}
        </Text>
        <ActionIcon variant="subtle" color="gray" size="sm" aria-label="Cancelar resposta" onClick={onCancel}>
          <IconX size={14} />
        </ActionIcon>
      </Group>
    </Paper>
  );
}

type Props = {
  send: (message: OutgoingMessage) => Promise<unknown>;
  /** The message the next text answers (sent as parent_id). */
  replyTo: ChatMessage | null;
  onReplyTo: (update: (current: ChatMessage | null) => ChatMessage | null) => void;
  sending: boolean;
  values: VariableValues;
  mobile: boolean;
  quickAnswers: boolean;
  onQuickAnswers: (open: boolean) => void;
};

/** A '/' at the start, without spaces, filters the quick answers by shortcut (CHAT-055). */
function slashFilter(text: string): string | null {
  return /^\/\S*$/.test(text) ? text.slice(1) : null;
}

/** What the user writes in an open room: text, quick answers, files and audio. */
export function Composer(props: Props) {
  const { send, replyTo, onReplyTo, sending, values, mobile, quickAnswers, onQuickAnswers } = props;
  const [text, setText] = useState('');
  const textarea = useRef<HTMLTextAreaElement>(null);
  const filter = slashFilter(text);
  const sendText = () => {
    const message = text.trim();
    if (!message) return;
    const answering = replyTo;
    // The box empties as the message leaves, so whatever is typed next is never wiped by this send's answer.
    // A refusal gives the text and the reply back unless something new took their place; the global error
    // display tells why.
    setText('');
    onReplyTo(() => null);
    send({ message, ...(answering ? { parent_id: answering.id } : {}) }).catch(() => {
      setText((current) => (current === '' ? text : current));
      onReplyTo((current) => current ?? answering);
    });
  };
  const sendAudio = async (audio: Blob) =>
    send({ file: { name: `audio-${Date.now()}.ogg`, base64File: await readAsDataUrl(audio) } });
  return (
    <>
      {(quickAnswers || filter !== null) && (
        <QuickAnswersPanel
          filter={filter ?? ''}
          onClose={() => {
            onQuickAnswers(false);
            if (filter !== null) setText('');
          }}
          onPick={(content) => {
            setText(fillVariables(content, values));
            onQuickAnswers(false);
            textarea.current?.focus();
          }}
        />
      )}
      {replyTo && <ReplyBar message={replyTo} onCancel={() => onReplyTo(() => null)} />}
      <InputBar
        text={text}
        onText={setText}
        mobile={mobile}
        sending={sending}
        onSend={sendText}
        onFiles={(files) => void sendFiles(files, send).catch(() => {})}
        onAudio={(audio) => void sendAudio(audio).catch(() => {})}
        onQuickAnswers={() => onQuickAnswers(!quickAnswers)}
        textareaRef={textarea}
      />
    </>
  );
}
