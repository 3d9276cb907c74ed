import { ActionIcon, Group, Text, Tooltip } from '@mantine/core';
import { IconMicrophone, IconPlayerStop, IconSend, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useAudioRecorder } from '../hooks/use-audio-recorder.ts';

const clock = (ms: number) => {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
};

/** The recording's length, ticking every second while it runs. */
function useElapsed(since: number, running: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [running]);
  return now - since;
}

type Props = { mobile: boolean; disabled?: boolean; onRecorded: (audio: Blob) => void };

/** Record, stop; on a phone the stopped recording waits for 'send' or 'discard' (CHAT-034 to CHAT-037). */
export function RecordButton({ mobile, disabled, onRecorded }: Props) {
  const recorder = useAudioRecorder({ waitBeforeSending: mobile, onRecorded });
  const elapsed = useElapsed(recorder.startedAt, recorder.state === 'recording');
  if (recorder.state === 'paused') {
    return (
      <Group gap={4} wrap="nowrap">
        <Text size="xs" c="dimmed">
          {clock(recorder.pausedAfter)}
        </Text>
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
          Gravando… {clock(elapsed)}
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
