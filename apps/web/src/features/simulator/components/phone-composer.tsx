import { ActionIcon, FileButton, Textarea, Tooltip } from '@mantine/core';
import { IconMicrophone, IconPaperclip, IconPlayerStopFilled, IconSend } from '@tabler/icons-react';
import { MEDIA_MAX_BYTES } from '@vendaval/core/constants';
import { MESSAGES, TOASTS } from '@vendaval/core/messages';
import { useRef, useState } from 'react';
import { showWarningToast } from '../../../lib/toasts.ts';
import classes from '../simulator.module.css';
import { type Recording, recordingSeconds, startRecording } from '../wav-recorder.ts';

export type OutgoingFile = { name: string; base64File: string };

type Props = {
  disabled: boolean;
  busy: boolean;
  onText: (text: string) => void;
  onFile: (file: OutgoingFile) => void;
};

const toBase64 = (blob: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(blob);
  });

/** A recording shorter than 1 second is discarded (chat.md §4). */
const MIN_RECORDING_SECONDS = 1;

function useRecorder(onFile: Props['onFile']) {
  const recording = useRef<Recording | null>(null);
  const [active, setActive] = useState(false);
  const start = async () => {
    try {
      recording.current = await startRecording();
      setActive(true);
    } catch {
      showWarningToast(TOASTS.recordingDenied.message, TOASTS.recordingDenied.title);
    }
  };
  const stop = async () => {
    const current = recording.current;
    recording.current = null;
    setActive(false);
    if (!current) return;
    const blob = await current.stop();
    if (recordingSeconds(blob) < MIN_RECORDING_SECONDS) return;
    onFile({ name: `audio-${Date.now()}.wav`, base64File: await toBase64(blob) });
  };
  return { active, toggle: () => void (active ? stop() : start()) };
}

/** The phone's input bar: text, a file, or a recorded voice note. */
export function PhoneComposer({ disabled, busy, onText, onFile }: Props) {
  const [text, setText] = useState('');
  const recorder = useRecorder(onFile);
  const send = () => {
    if (!text.trim()) return;
    onText(text);
    setText('');
  };
  const attach = async (file: File | null) => {
    if (!file) return;
    if (file.size > MEDIA_MAX_BYTES) return showWarningToast(MESSAGES.fileTooLarge);
    onFile({ name: file.name, base64File: await toBase64(file) });
  };
  return (
    <div className={classes.composer}>
      <FileButton onChange={(file) => void attach(file)} disabled={disabled}>
        {(props) => (
          <ActionIcon {...props} variant="subtle" color="gray" size="lg" aria-label="Anexar arquivo">
            <IconPaperclip size={20} />
          </ActionIcon>
        )}
      </FileButton>
      <Textarea
        aria-label="Mensagem do cliente"
        placeholder="Mensagem"
        autosize
        minRows={1}
        maxRows={4}
        style={{ flex: 1 }}
        value={text}
        disabled={disabled}
        onChange={(event) => setText(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && !event.shiftKey) {
            event.preventDefault();
            send();
          }
        }}
      />
      {text.trim() ? (
        <ActionIcon size="lg" radius="xl" color="teal" aria-label="Enviar" loading={busy} onClick={send}>
          <IconSend size={18} />
        </ActionIcon>
      ) : (
        <Tooltip label={recorder.active ? 'Parar e enviar' : 'Gravar áudio'}>
          <ActionIcon
            size="lg"
            radius="xl"
            color={recorder.active ? 'red' : 'teal'}
            aria-label={recorder.active ? 'Parar e enviar' : 'Gravar áudio'}
            disabled={disabled}
            onClick={recorder.toggle}
          >
            {recorder.active ? <IconPlayerStopFilled size={18} /> : <IconMicrophone size={18} />}
          </ActionIcon>
        </Tooltip>
      )}
    </div>
  );
}
