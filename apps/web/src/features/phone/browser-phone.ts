import type { PhoneConnectionStatus } from '@vendaval/core/constants';
import { fetchSipAccount, fetchTelephony } from './api/fetch-phone.ts';
import { setPhoneConnection } from './phone-connection.ts';
import type { SipLine, SipLineStatus } from './sip-client.ts';

/** The bar's name for the line's status: a registered line is ready for calls, 'Despachando'. */
const connectionOf = (status: SipLineStatus): PhoneConnectionStatus =>
  status === 'Registrado' ? 'Despachando' : status;

/**
 * The rep's phone for one dialing session (platform.md §4 "Phone"). On a `sip` workspace it registers the
 * browser with the member's voip credentials, shows the line's status on the bar and answers by itself the calls
 * the server hands over while the rep waits; the sandbox needs no phone in the browser, and never loads one.
 */
export interface BrowserPhone {
  /** Registers once; resolves whether the phone can take calls now (the sandbox always can). */
  ready(): Promise<boolean>;
  /** Ends the SIP session under way, if any. */
  hangUp(): void;
  /** Unregisters and closes the line; the bar's connection is the sandbox's again. */
  stop(): void;
}

export function createBrowserPhone(options: {
  workspaceId: number;
  userId: number;
  /** Whether the rep is waiting for a call now (onHold, or the call being placed). */
  waiting: () => boolean;
}): BrowserPhone {
  let line: SipLine | null = null;
  let registering: Promise<boolean> | null = null;
  let settle: (registered: boolean) => void = () => undefined;
  let stopped = false;

  async function register(): Promise<boolean> {
    const { workspaceId, userId } = options;
    const telephony = await fetchTelephony(workspaceId);
    if (telephony.adapter !== 'sip' || !telephony.websocket_url || !telephony.sip_domain) return true;
    const account = await fetchSipAccount(workspaceId, userId);
    // Without an account the server refuses the call itself, with its own warning.
    if (!account.voip_username) return true;
    const { connectSipLine } = await import('./sip-client.ts');
    if (stopped) return false;
    return new Promise<boolean>((resolve) => {
      settle = resolve;
      line = connectSipLine({
        wssUrl: telephony.websocket_url as string,
        domain: telephony.sip_domain as string,
        username: account.voip_username as string,
        password: account.voip_password ?? '',
        onStatus: (status) => {
          if (stopped) return;
          setPhoneConnection(connectionOf(status));
          if (status !== 'Conectando') resolve(status === 'Registrado');
        },
        autoAnswer: options.waiting,
      });
    });
  }

  return {
    ready() {
      registering ??= register();
      return registering;
    },
    hangUp: () => line?.hangUp(),
    stop() {
      if (stopped) return;
      stopped = true;
      settle(false);
      line?.stop();
      line = null;
      setPhoneConnection('Despachando');
    },
  };
}
