import { AUDIO_SAMPLE_RATE } from '@vendaval/core/constants';

/** A recording in progress; stop() gives the Ogg Opus file. */
export type OggRecording = {
  pause: () => void;
  resume: () => void;
  stop: () => Promise<Blob>;
  cancel: () => void;
};

const OGG_OPUS = 'audio/ogg;codecs=opus';
const MONO = { channelCount: 1, sampleRate: AUDIO_SAMPLE_RATE, echoCancellation: true };

function nativeRecording(stream: MediaStream): OggRecording {
  const recorder = new MediaRecorder(stream, { mimeType: OGG_OPUS });
  const chunks: Blob[] = [];
  const release = () => {
    for (const track of stream.getTracks()) track.stop();
  };
  recorder.ondataavailable = (event) => chunks.push(event.data);
  recorder.start();
  return {
    pause: () => recorder.pause(),
    resume: () => recorder.resume(),
    stop: () =>
      new Promise((resolve) => {
        recorder.onstop = () => {
          release();
          resolve(new Blob(chunks, { type: 'audio/ogg' }));
        };
        recorder.stop();
      }),
    cancel: () => {
      recorder.onstop = release;
      recorder.stop();
    },
  };
}

async function encodedRecording(): Promise<OggRecording> {
  // Browsers that record only WebM (Chromium) encode Ogg Opus in a worker instead.
  const [{ default: Recorder }, { default: encoderPath }] = await Promise.all([
    import('opus-recorder'),
    import('opus-recorder/dist/encoderWorker.min.js?url'),
  ]);
  const recorder = new Recorder({
    encoderPath,
    numberOfChannels: 1,
    encoderSampleRate: AUDIO_SAMPLE_RATE,
    encoderApplication: 2048,
    mediaTrackConstraints: MONO,
  });
  let resolveData: (blob: Blob) => void = () => {};
  const data = new Promise<Blob>((resolve) => {
    resolveData = resolve;
  });
  recorder.ondataavailable = (bytes) => resolveData(new Blob([bytes], { type: 'audio/ogg' }));
  await recorder.start();
  return {
    pause: () => void recorder.pause(),
    resume: () => void recorder.resume(),
    stop: () => {
      void recorder.stop();
      return data;
    },
    cancel: () => {
      recorder.ondataavailable = () => {};
      void recorder.stop();
    },
  };
}

/**
 * Starts recording the microphone as mono Ogg Opus at 48 kHz (CHAT-038). Rejects with the browser's
 * NotAllowedError when the microphone is refused.
 */
export async function startOggRecording(): Promise<OggRecording> {
  if (typeof MediaRecorder !== 'undefined' && MediaRecorder.isTypeSupported(OGG_OPUS)) {
    return nativeRecording(await navigator.mediaDevices.getUserMedia({ audio: MONO }));
  }
  return encodedRecording();
}
