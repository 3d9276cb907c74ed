// The package ships no typings; this is the part of its API the chat uses.
declare module 'opus-recorder' {
  type RecorderConfig = {
    encoderPath?: string;
    numberOfChannels?: 1 | 2;
    encoderSampleRate?: 8000 | 12000 | 16000 | 24000 | 48000;
    encoderApplication?: 2048 | 2049 | 2051;
    mediaTrackConstraints?: boolean | MediaTrackConstraints;
    streamPages?: boolean;
  };
  export default class Recorder {
    constructor(config?: RecorderConfig);
    static isRecordingSupported(): boolean;
    ondataavailable: (bytes: Uint8Array<ArrayBuffer>) => void;
    onstop: () => void;
    start(): Promise<void>;
    pause(flush?: boolean): Promise<void> | undefined;
    resume(): void;
    stop(): Promise<void>;
    close(): Promise<void>;
  }
}
