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
}

export interface SipLine {
  /** Hangs up the call under way, if any. */
  hangUp(): void;
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
    let stopPlaying = () => {};
    session.on('peerconnection', () => {
      stopPlaying = playRemoteAudio(session);
    });
    // The end of the call reaches the bar through the server's events; here the line is free again.
    const ended = () => {
      stopPlaying();
      if (current === session) current = null;
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
    stop: () => ua.stop(),
  };
}
