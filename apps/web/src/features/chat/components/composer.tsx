import { useRef, useState } from 'react';
import { readAsDataUrl } from '../../../lib/data-url.ts';
import { fillVariables, type VariableValues } from '../../../ui/template-send/template-variables.ts';
import type { OutgoingMessage } from '../api/use-send-message-mutation.ts';
import { sendFiles } from '../hooks/use-file-sender.ts';
import { InputBar } from './input-bar.tsx';
import { QuickAnswersPanel } from './quick-answers-panel.tsx';

type Props = {
  send: (message: OutgoingMessage) => Promise<unknown>;
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
export function Composer({ send, sending, values, mobile, quickAnswers, onQuickAnswers }: Props) {
  const [text, setText] = useState('');
  const textarea = useRef<HTMLTextAreaElement>(null);
  const filter = slashFilter(text);
  const sendText = () => {
    const message = text.trim();
    if (!message) return;
    // A failure keeps the text; the global error display tells why.
    send({ message }).then(
      () => setText(''),
      () => {},
    );
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
