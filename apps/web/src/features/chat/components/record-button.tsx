import { ActionIcon, Group, Text, Tooltip } from '@mantine/core';
import { IconMicrophone, IconPlayerStop, IconSend, IconTrash } from '@tabler/icons-react';
import { useAudioRecorder } from '../hooks/use-audio-recorder.ts';

type Props = { mobile: boolean; disabled?: boolean; onRecorded: (audio: Blob) => void };

/** Record, stop; on a phone the stopped recording waits for 'send' or 'discard' (CHAT-034 to CHAT-037). */
export function RecordButton({ mobile, disabled, onRecorded }: Props) {
  const recorder = useAudioRecorder({ waitBeforeSending: mobile, onRecorded });
  if (recorder.state === 'paused') {
    return (
      <Group gap={4} wrap="nowrap">
        <ActionIcon
          variant="subtle"
          color="red"
          size="lg"
          aria-label="Descartar áudio"
          onClick={recorder.discard}
        >
          <IconTrash size={18} />
        </ActionIcon>
        <ActionIcon size="lg" aria-label="Enviar áudio" onClick={recorder.send}>
          <IconSend size={18} />
        </ActionIcon>
      </Group>
    );
  }
  if (recorder.state === 'recording') {
    return (
      <Group gap={4} wrap="nowrap">
        <Text size="xs" c="red" fw={600} aria-live="polite">
          Gravando…
        </Text>
        <ActionIcon color="red" size="lg" aria-label="Parar gravação" onClick={recorder.stop}>
          <IconPlayerStop size={18} />
        </ActionIcon>
      </Group>
    );
  }
  return (
    <Tooltip label="Gravar áudio" withArrow>
      <ActionIcon
        variant="light"
        size="lg"
        aria-label="Gravar áudio"
        loading={recorder.state === 'starting'}
        disabled={disabled}
        onClick={recorder.start}
      >
        <IconMicrophone size={18} />
      </ActionIcon>
    </Tooltip>
  );
}
