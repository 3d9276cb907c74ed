/** The parts of the `sip` package (a small SIP stack, no types of its own) the telephony adapter uses. */
declare module 'sip' {
  export interface SipUri {
    schema?: string;
    user?: string;
    host: string;
    port?: number;
    params: Record<string, string | null | undefined>;
  }
  export interface NameAddr {
    name?: string;
    uri: string;
    params: Record<string, string | null | undefined>;
  }
  export interface SipMessage {
    method?: string;
    uri?: string;
    status?: number;
    reason?: string;
    version?: string;
    headers: {
      to?: NameAddr;
      from?: NameAddr;
      'call-id'?: string;
      cseq?: { method: string; seq: number };
      contact?: NameAddr[];
      via?: unknown[];
      route?: NameAddr[];
      'record-route'?: NameAddr[];
      'content-type'?: string;
      [name: string]: unknown;
    };
    content?: string;
  }
  export interface SipStack {
    send(message: SipMessage, onResponse?: (response: SipMessage) => void): void;
    destroy(): void;
  }
  export interface StackOptions {
    address?: string;
    port?: number;
    publicAddress?: string;
    udp?: boolean;
    tcp?: boolean;
    logger?: { error?(error: unknown): void };
  }
  export function create(
    options: StackOptions,
    onRequest: (request: SipMessage, remote: unknown) => void,
  ): SipStack;
  export function makeResponse(request: SipMessage, status: number, reason: string): SipMessage;
  export function parseUri(uri: string): SipUri;
  export function generateBranch(): string;
  const sip: {
    create: typeof create;
    makeResponse: typeof makeResponse;
    parseUri: typeof parseUri;
    generateBranch: typeof generateBranch;
  };
  export default sip;
}

declare module 'sip/digest.js' {
  import type { SipMessage } from 'sip';
  /** Adds the credentials a 401/407 asked for to the request; `context` keeps the challenge between calls. */
  export function signRequest(
    context: object | null,
    request: SipMessage,
    challenge: SipMessage,
    credentials: { user: string; password: string },
  ): object | null;
  /** The server's side: adds a challenge to the 401/407 answer; `context` keeps it for the next request. */
  export function challenge(context: { realm: string }, response: SipMessage): SipMessage;
  /** Whether the request carries the right answer to the challenge kept in `context`. */
  export function authenticateRequest(
    context: { realm: string },
    request: SipMessage,
    credentials: { user: string; password: string },
  ): boolean;
  const digest: {
    signRequest: typeof signRequest;
    challenge: typeof challenge;
    authenticateRequest: typeof authenticateRequest;
  };
  export default digest;
}
