import { notifications } from '@mantine/notifications';
import { MIN_AUDIO_DURATION_MS } from '@vendaval/core/constants';
import { TOASTS } from '@vendaval/core/messages';
import { useEffect, useRef, useState } from 'react';
import { TOAST_DURATION } from '../../../lib/toasts.ts';
import { type OggRecording, startOggRecording } from './audio-encoder.ts';

export type RecorderState = 'idle' | 'starting' | 'recording' | 'paused';

type Options = {
  /** On a phone (< 800 px) a stopped recording waits for send or discard (CHAT-037). */
  waitBeforeSending: boolean;
  onRecorded: (audio: Blob) => void;
};

function showDenied() {
  notifications.show({
    color: 'red',
    title: TOASTS.recordingDenied.title,
    message: TOASTS.recordingDenied.message,
    autoClose: TOAST_DURATION.error,
  });
}

/** The record button's states: idle, recording and, on a phone, paused awaiting send (CHAT-034). */
export function useAudioRecorder({ waitBeforeSending, onRecorded }: Options) {
  const [state, setState] = useState<RecorderState>('idle');
  const recording = useRef<OggRecording | null>(null);
  const startedAt = useRef(0);
  const pausedAfter = useRef(0);

  useEffect(() => () => recording.current?.cancel(), []);

  const finish = async (durationMs: number) => {
    const current = recording.current;
    recording.current = null;
    setState('idle');
    if (!current) return;
    // Shorter than a second is a slip of the finger, not a message (CHAT-035).
    if (durationMs < MIN_AUDIO_DURATION_MS) return current.cancel();
    onRecorded(await current.stop());
  };

  const start = async () => {
    if (state !== 'idle') return;
    setState('starting');
    try {
      recording.current = await startOggRecording();
      startedAt.current = Date.now();
      setState('recording');
    } catch {
      setState('idle');
      showDenied();
    }
  };

  const stop = () => {
    const elapsed = Date.now() - startedAt.current;
    if (!waitBeforeSending) return void finish(elapsed);
    recording.current?.pause();
    pausedAfter.current = elapsed;
    setState('paused');
  };

  const discard = () => {
    recording.current?.cancel();
    recording.current = null;
    setState('idle');
  };

  return {
    state,
    start: () => void start(),
    stop,
    send: () => void finish(pausedAfter.current),
    discard,
    startedAt: startedAt.current,
    /** How long the paused recording is, for the phone's send-or-discard bar. */
    pausedAfter: pausedAfter.current,
  };
}
