import { UA, WebSocketInterface } from 'jssip';
import type { RTCSession } from 'jssip/lib/RTCSession.js';
import type { RTCSessionEvent } from 'jssip/lib/UA.js';

/** What the phone shows of its line (platform.md §4): the connection statuses, and the line ready for calls. */
export type SipLineStatus =
  | 'Conectando'
  | 'Desconectado'
  | 'Sem registro'
  | 'Falha de registro'
  | 'Registrado';

/** Audio of the call under way, from the browser's WebRTC statistics. */
export interface SipCallAudio {
  packetsReceived: number;
  packetsSent: number;
  /** The loudness of what the customer says, 0 (silence) to 1. */
  audioLevel: number;
}

export interface SipLineOptions {
  /** The SIP server's WebSocket (wss:// in production). */
  wssUrl: string;
  /** The SIP domain the rep's account belongs to. */
  domain: string;
  /** The member's voip_username / voip_password in the workspace. */
  username: string;
  password: string;
  onStatus(status: SipLineStatus): void;
  /**
   * Whether an incoming call is answered by itself now (the phone is onHold); otherwise it is refused as busy.
   * The calls come from the server, which dials the customer and hands the call over once they answer.
   */
  autoAnswer(): boolean;
  /** The call the server handed over was answered (`answered`, with the customer's number) or is over (`ended`). */
  onCall?(event: { type: 'answered'; number: string } | { type: 'ended' }): void;
}

export interface SipLine {
  /** Hangs up the call under way, if any. */
  hangUp(): void;
  /** The audio flowing on the call under way; null without one. */
  audio(): Promise<SipCallAudio | null>;
  /** Unregisters and closes the connection. */
  stop(): void;
}

/** Plays the customer's voice: the audio the call receives goes to an audio element of the page. */
function playRemoteAudio(session: RTCSession) {
  const speaker = new Audio();
  speaker.autoplay = true;
  session.connection?.addEventListener('track', (event: RTCTrackEvent) => {
    speaker.srcObject = event.streams[0] ?? new MediaStream([event.track]);
    void speaker.play().catch((error: unknown) => console.warn('Áudio da ligação não tocou', error));
  });
  return () => {
    speaker.srcObject = null;
  };
}

async function audioOf(session: RTCSession): Promise<SipCallAudio | null> {
  const connection = session.connection;
  if (!connection) return null;
  const audio: SipCallAudio = { packetsReceived: 0, packetsSent: 0, audioLevel: 0 };
  for (const report of (await connection.getStats()).values()) {
    if (report.type === 'inbound-rtp' && report.kind === 'audio') {
      audio.packetsReceived += report.packetsReceived ?? 0;
      audio.audioLevel = Math.max(audio.audioLevel, report.audioLevel ?? 0);
    }
    if (report.type === 'outbound-rtp' && report.kind === 'audio')
      audio.packetsSent += report.packetsSent ?? 0;
  }
  return audio;
}

/**
 * The rep's SIP phone in the browser (JsSIP, SIP over WebSocket): registers with the member's credentials and
 * answers the calls the server hands over while the phone is waiting for one.
 */
export function connectSipLine(options: SipLineOptions): SipLine {
  const ua = new UA({
    sockets: [new WebSocketInterface(options.wssUrl)],
    uri: `sip:${options.username}@${options.domain}`,
    password: options.password,
    register: true,
    session_timers: false,
  });
  let current: RTCSession | null = null;

  ua.on('connecting', () => options.onStatus('Conectando'));
  ua.on('disconnected', () => options.onStatus('Desconectado'));
  ua.on('registered', () => options.onStatus('Registrado'));
  ua.on('unregistered', () => options.onStatus('Sem registro'));
  ua.on('registrationFailed', () => options.onStatus('Falha de registro'));
  ua.on('newRTCSession', ({ session, originator }: RTCSessionEvent) => {
    if (originator !== 'remote') return;
    if (current || !options.autoAnswer()) {
      session.terminate({ status_code: 486, reason_phrase: 'Busy Here' });
      return;
    }
    current = session;
    const number = session.remote_identity.uri.user;
    let stopPlaying = () => {};
    session.on('peerconnection', () => {
      stopPlaying = playRemoteAudio(session);
    });
    session.on('accepted', () => options.onCall?.({ type: 'answered', number }));
    const ended = () => {
      stopPlaying();
      if (current === session) current = null;
      options.onCall?.({ type: 'ended' });
    };
    session.on('ended', ended);
    session.on('failed', ended);
    session.answer({ mediaConstraints: { audio: true, video: false } });
  });
  options.onStatus('Conectando');
  ua.start();

  return {
    hangUp: () => {
      if (current && !current.isEnded()) current.terminate();
    },
    audio: async () => (current ? audioOf(current) : null),
    stop: () => ua.stop(),
  };
}
