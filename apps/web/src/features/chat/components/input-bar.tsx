import { ActionIcon, Group, Loader, Popover, Textarea, Tooltip } from '@mantine/core';
import { IconBolt, IconMoodSmile, IconPaperclip, IconSend } from '@tabler/icons-react';
import { lazy, type RefObject, Suspense, useRef, useState } from 'react';
import { messageLength } from './message-length.ts';
import { RecordButton } from './record-button.tsx';

// The picker and its emoji data stay out of the initial bundle.
const EmojiPicker = lazy(async () => ({ default: (await import('./emoji-picker.tsx')).EmojiPicker }));

type Props = {
  text: string;
  onText: (text: string) => void;
  mobile: boolean;
  sending: boolean;
  onSend: () => void;
  onFiles: (files: File[]) => void;
  onAudio: (audio: Blob) => void;
  onQuickAnswers: () => void;
  textareaRef: RefObject<HTMLTextAreaElement | null>;
};

function insertAt(textarea: HTMLTextAreaElement | null, text: string, piece: string): string {
  const start = textarea?.selectionStart ?? text.length;
  const end = textarea?.selectionEnd ?? text.length;
  return text.slice(0, start) + piece + text.slice(end);
}

function EmojiButton({ onPick, mobile }: { onPick: (emoji: string) => void; mobile: boolean }) {
  const [opened, setOpened] = useState(false);
  return (
    <Popover opened={opened} onChange={setOpened} position="top-start" shadow="md" withinPortal>
      <Popover.Target>
        <ActionIcon variant="subtle" size="lg" aria-label="Emojis" onClick={() => setOpened((o) => !o)}>
          <IconMoodSmile size={20} />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown p={0}>
        {opened && (
          <Suspense fallback={<Loader size="sm" m="md" aria-label="Carregando emojis" />}>
            <EmojiPicker onPick={onPick} width={mobile ? 300 : 340} />
          </Suspense>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}

/** Emoji, 'Mensagem...', attach and record — record turns into send once there is text (CHAT-025, CHAT-026). */
export function InputBar(props: Props) {
  const { text, onText, mobile, sending, onSend, onFiles, onAudio, onQuickAnswers, textareaRef } = props;
  const fileInput = useRef<HTMLInputElement>(null);
  const hasText = text.trim().length > 0;
  const length = messageLength(text);
  const canSend = hasText && !sending && !length.over;
  return (
    <Group gap={4} wrap="nowrap" align="flex-end">
      <EmojiButton mobile={mobile} onPick={(emoji) => onText(insertAt(textareaRef.current, text, emoji))} />
      <Tooltip label="Respostas Rápidas" withArrow>
        <ActionIcon variant="subtle" size="lg" aria-label="Respostas Rápidas" onClick={onQuickAnswers}>
          <IconBolt size={20} />
        </ActionIcon>
      </Tooltip>
      <Textarea
        ref={textareaRef}
        flex={1}
        placeholder="Mensagem..."
        aria-label="Mensagem"
        autosize
        minRows={1}
        maxRows={5}
        value={text}
        description={length.counter}
        error={length.error}
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        onChange={(event) => onText(event.currentTarget.value)}
        onKeyDown={(event) => {
          // Enter sends; Shift+Enter breaks the line.
          if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
            event.preventDefault();
            if (canSend) onSend();
          }
        }}
      />
      <Tooltip label="Anexar arquivo" withArrow>
        <ActionIcon
          variant="subtle"
          size="lg"
          aria-label="Anexar arquivo"
          onClick={() => fileInput.current?.click()}
        >
          <IconPaperclip size={20} />
        </ActionIcon>
      </Tooltip>
      <input
        ref={fileInput}
        type="file"
        multiple
        hidden
        data-testid="file-input"
        onChange={(event) => {
          onFiles([...(event.currentTarget.files ?? [])]);
          event.currentTarget.value = '';
        }}
      />
      {hasText ? (
        <ActionIcon size="lg" aria-label="Enviar" onClick={onSend} loading={sending} disabled={length.over}>
          <IconSend size={18} />
        </ActionIcon>
      ) : (
        <RecordButton mobile={mobile} onRecorded={onAudio} />
      )}
    </Group>
  );
}
