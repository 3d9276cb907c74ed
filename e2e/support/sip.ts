import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { createSocket } from 'node:dgram';
import { once } from 'node:events';
import {
  createWriteStream,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';
import bencode from 'bencode';
import { DEMO_PASSWORD, E2E_PORT } from '../playwright.config.ts';
import { FAKE_MEDIA_BROWSER } from './app.ts';

const root = join(import.meta.dirname, '..', '..');
const BINARIES = {
  kamailio: '/usr/sbin/kamailio',
  rtpengine: '/usr/bin/rtpengine',
  baresip: '/usr/bin/baresip',
};
const MODULES = '/usr/lib/x86_64-linux-gnu/kamailio/modules';
const KAMAILIO_MODULES = {
  'kamailio-websocket-modules': `${MODULES}/websocket.so`,
  'kamailio-tls-modules': `${MODULES}/tls.so`,
};

/** The SIP journey needs Kamailio, rtpengine and baresip from Debian: skipped without them, but not in CI. */
export function sipSkipReason(): string | undefined {
  const missing = Object.entries(BINARIES)
    .filter(([, path]) => {
      try {
        execFileSync('test', ['-x', path]);
        return false;
      } catch {
        return true;
      }
    })
    .map(([name]) => name);
  for (const [name, path] of Object.entries(KAMAILIO_MODULES)) {
    try {
      execFileSync('test', ['-f', path]);
    } catch {
      missing.push(name);
    }
  }
  if (missing.length === 0) return undefined;
  const reason = `${missing.join(', ')} não encontrado(s): instale kamailio, kamailio-websocket-modules, kamailio-tls-modules, rtpengine-daemon e baresip-core.`;
  if (process.env.CI === 'true') throw new Error(`${reason} No CI a jornada SIP é obrigatória.`);
  console.warn(`Jornada SIP ignorada: ${reason}`);
  return reason;
}

/** High ports of this run's own, apart from every other journey's (each runner has its E2E_PORT). */
const base = 20_000 + (E2E_PORT % 1000) * 40;
export const SIP_PORTS = {
  proxy: base,
  websocket: base + 1,
  rtpengine: base + 2,
  customer: base + 3,
  crm: base + 4,
  customerControl: base + 5,
  server: E2E_PORT + 60,
  media: [base + 10, base + 29],
  customerMedia: [base + 30, base + 39],
} as const;
export const SIP_DOMAIN = '127.0.0.1';

interface Account {
  username: string;
  password: string;
}

/** Whether a child process is gone: it exited, or a signal ended it. */
const gone = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

function logTo(dir: string, name: string, child: ChildProcess) {
  const log = createWriteStream(join(dir, `${name}.log`));
  child.stdout?.pipe(log, { end: false });
  child.stderr?.pipe(log, { end: false });
}

async function until<T>(what: string, read: () => Promise<T | undefined> | T | undefined, ms = 20_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what}: não ficou pronto`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A decoded bencode value with its byte strings read as text. */
function asText(value: unknown): unknown {
  if (value instanceof Uint8Array) return Buffer.from(value).toString('utf8');
  if (Array.isArray(value)) return value.map(asText);
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, asText(v)]));
  return value;
}

/** One request over rtpengine's control protocol (NG: a cookie, then a bencoded dictionary). */
async function rtpengine(command: Record<string, unknown>): Promise<Record<string, unknown>> {
  const socket = createSocket('udp4');
  try {
    const cookie = `${process.pid}_${Math.random().toString(36).slice(2)}`;
    const answer = once(socket, 'message');
    socket.send(
      Buffer.concat([Buffer.from(`${cookie} `), bencode.encode(command)]),
      SIP_PORTS.rtpengine,
      '127.0.0.1',
    );
    const timeout = new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error('rtpengine calado')), 1000),
    );
    const [message] = (await Promise.race([answer, timeout])) as [Buffer];
    return asText(bencode.decode(message.subarray(message.indexOf(' ') + 1))) as Record<string, unknown>;
  } finally {
    socket.close();
  }
}

const tcpOpen = (port: number) =>
  new Promise<true | undefined>((resolve) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.end();
      resolve(true);
    });
    socket.on('error', () => resolve(undefined));
  });

/** A sine tone of `seconds`, 8 kHz mono 16-bit, the customer's voice. */
function toneWav(path: string, seconds: number) {
  const rate = 8000;
  const samples = rate * seconds;
  const wav = Buffer.alloc(44 + samples * 2);
  wav.write('RIFF', 0);
  wav.writeUInt32LE(36 + samples * 2, 4);
  wav.write('WAVEfmt ', 8);
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20);
  wav.writeUInt16LE(1, 22);
  wav.writeUInt32LE(rate, 24);
  wav.writeUInt32LE(rate * 2, 28);
  wav.writeUInt16LE(2, 32);
  wav.writeUInt16LE(16, 34);
  wav.write('data', 36);
  wav.writeUInt32LE(samples * 2, 40);
  for (let i = 0; i < samples; i++)
    wav.writeInt16LE(Math.round(8000 * Math.sin((2 * Math.PI * 440 * i) / rate)), 44 + i * 2);
  writeFileSync(path, wav);
}

/** The loudest stretch of a 16-bit PCM WAV file, as the root mean square of its 20 ms windows (0 to 1). */
export function loudestRms(path: string) {
  const wav = readFileSync(path);
  const data = wav.indexOf('data') + 8;
  const samples = Math.floor((wav.length - data) / 2);
  let loudest = 0;
  for (let start = 0; start + 160 <= samples; start += 160) {
    let sum = 0;
    for (let i = start; i < start + 160; i++) sum += (wav.readInt16LE(data + i * 2) / 32768) ** 2;
    loudest = Math.max(loudest, Math.sqrt(sum / 160));
  }
  return loudest;
}

export interface SipLine {
  /** The secure WebSocket the browser registers over (a certificate of its own: the browser must accept it). */
  websocketUrl: string;
  /** The CRM's settings for this SIP server. */
  crmEnv: Record<string, string>;
  /**
   * Starts the customer's phone (baresip) registered as `number` (or as each of several numbers, one phone with a
   * line per number), playing a tone; it answers by itself, or with `answer: 'manual'` rings until `customerAnswers`.
   */
  startCustomer(number: string | string[], options?: { answer: 'auto' | 'manual' }): Promise<void>;
  /** The customer picks up the call ringing on their phone. */
  customerAnswers(): Promise<void>;
  /** Packets rtpengine relayed on each side of every call it bridges, by SIP tag. */
  relayedPackets(): Promise<number[]>;
  /** The audio the customer's phone received, as WAV files it wrote. */
  customerRecordings(): string[];
  /** The SIP server goes away (Kamailio stops): the browser's WebSocket and every SIP request to it fail. */
  stopProxy(): Promise<void>;
  stop(): Promise<void>;
}

type Start = (name: string, command: string, args: string[], cwd?: string) => ChildProcess;

/** A certificate of its own for the secure WebSocket, and the TLS module's file naming it. */
function tlsConfig(dir: string) {
  const [key, certificate] = [join(dir, 'key.pem'), join(dir, 'cert.pem')];
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      `/CN=${SIP_DOMAIN}`,
      '-addext',
      `subjectAltName=IP:${SIP_DOMAIN}`,
      '-keyout',
      key,
      '-out',
      certificate,
    ],
    { stdio: 'ignore' },
  );
  const file = join(dir, 'tls.cfg');
  writeFileSync(
    file,
    [
      '[server:default]',
      'method = TLSv1.2+',
      `certificate = ${certificate}`,
      `private_key = ${key}`,
      'verify_certificate = no',
      'require_certificate = no',
      '',
    ].join('\n'),
  );
  return file;
}

/** rtpengine, then Kamailio with a subscriber table of `accounts`, each ready before the next. */
async function startServers(dir: string, accounts: Account[], start: Start): Promise<ChildProcess> {
  const db = join(dir, 'db');
  mkdirSync(db);
  writeFileSync(join(db, 'version'), 'table_name(string) table_version(int)\nsubscriber:7\n');
  writeFileSync(
    join(db, 'subscriber'),
    [
      'id(int,auto) username(string) domain(string,null) password(string)',
      ...accounts.map((a, i) => `${i + 1}:${a.username}:${SIP_DOMAIN}:${a.password}`),
      '',
    ].join('\n'),
  );

  start('rtpengine', BINARIES.rtpengine, [
    '--config-file=none',
    '--foreground',
    '--log-stderr',
    '--table=-1',
    '--interface=127.0.0.1',
    `--listen-ng=127.0.0.1:${SIP_PORTS.rtpengine}`,
    `--port-min=${SIP_PORTS.media[0]}`,
    `--port-max=${SIP_PORTS.media[1]}`,
    `--pidfile=${join(dir, 'rtpengine.pid')}`,
  ]);
  await until('rtpengine', () =>
    rtpengine({ command: 'ping' }).then(
      () => true,
      () => undefined,
    ),
  );

  const kamailio = start('kamailio', BINARIES.kamailio, [
    '-DD',
    '-E',
    '-f',
    join(root, 'e2e', 'sip', 'kamailio.cfg'),
    '-A',
    `DBURL="text://${db}"`,
    '-A',
    `RTPENGINE_SOCK="udp:127.0.0.1:${SIP_PORTS.rtpengine}"`,
    '-A',
    `TLS_CONFIG="${tlsConfig(dir)}"`,
    '-l',
    `udp:127.0.0.1:${SIP_PORTS.proxy}`,
    '-l',
    `tls:127.0.0.1:${SIP_PORTS.websocket}`,
    '-Y',
    dir,
    '-P',
    join(dir, 'kamailio.pid'),
    '-m',
    '64',
    '-M',
    '8',
  ]);
  await until('kamailio', () => tcpOpen(SIP_PORTS.websocket));
  return kamailio;
}

/**
 * Kamailio (registrar and proxy, SIP over WebSocket for the browser) with rtpengine bridging WebRTC to plain RTP,
 * on 127.0.0.1 and this run's high ports; `accounts` may register or place calls.
 */
/** One command to the customer's phone over baresip's control socket (JSON in netstrings); whether it was done. */
async function customerCommand(command: string): Promise<boolean> {
  const socket = connect(SIP_PORTS.customerControl, '127.0.0.1');
  try {
    await once(socket, 'connect');
    const body = JSON.stringify({ command, token: command });
    socket.write(`${Buffer.byteLength(body)}:${body},`);
    let received = Buffer.alloc(0);
    for await (const chunk of socket) {
      received = Buffer.concat([received, chunk as Buffer]);
      // Events come on the same socket: the answer is the message marked as one.
      for (;;) {
        const colon = received.indexOf(':');
        const length = Number(received.subarray(0, colon).toString());
        if (colon < 0 || received.length < colon + length + 2) break;
        const message = JSON.parse(received.subarray(colon + 1, colon + 1 + length).toString()) as {
          response?: boolean;
          ok?: boolean;
        };
        if (message.response) return message.ok === true;
        received = received.subarray(colon + length + 2);
      }
    }
    return false;
  } finally {
    socket.destroy();
  }
}

export async function startSipLine(accounts: Account[]): Promise<SipLine> {
  const dir = mkdtempSync(join(tmpdir(), 'vendaval-sip-'));
  const children: ChildProcess[] = [];
  const start = (name: string, command: string, args: string[], cwd = dir) => {
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    logTo(dir, name, child);
    children.push(child);
    return child;
  };

  const stop = async () => {
    for (const child of children.reverse()) {
      if (gone(child)) continue;
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
    }
    if (process.env.KEEP_SIP_LOGS) console.log(`Registros do SIP em ${dir}`);
    else rmSync(dir, { recursive: true, force: true });
  };
  let kamailio: ChildProcess;
  try {
    kamailio = await startServers(dir, accounts, start);
  } catch (error) {
    await stop();
    throw error;
  }

  const crm = accounts[0] as Account;
  return {
    websocketUrl: `wss://127.0.0.1:${SIP_PORTS.websocket}`,
    crmEnv: {
      TELEPHONY: 'sip',
      SIP_DOMAIN,
      SIP_PROXY: `sip:127.0.0.1:${SIP_PORTS.proxy}`,
      SIP_USERNAME: crm.username,
      SIP_PASSWORD: crm.password,
      SIP_LISTEN: `127.0.0.1:${SIP_PORTS.crm}`,
      // The stack tells its own address apart from the proxy's by name, as both are this machine here.
      SIP_PUBLIC_ADDRESS: 'localhost',
      SIP_WSS_URL: `wss://127.0.0.1:${SIP_PORTS.websocket}`,
    },
    async startCustomer(number, { answer } = { answer: 'auto' }) {
      const numbers = typeof number === 'string' ? [number] : number;
      const lines = numbers.map((n) => {
        const account = accounts.find((a) => a.username === n);
        if (!account) throw new Error(`sem conta SIP para ${n}`);
        return `<sip:${n}@${SIP_DOMAIN}:${SIP_PORTS.proxy};transport=udp>;auth_pass=${account.password};answermode=${answer};regint=600\n`;
      });
      const home = join(dir, 'customer');
      mkdirSync(home);
      toneWav(join(home, 'voz.wav'), 120);
      writeFileSync(
        join(home, 'config'),
        [
          `sip_listen 127.0.0.1:${SIP_PORTS.customer}`,
          'net_interface 127.0.0.1',
          `rtp_ports ${SIP_PORTS.customerMedia[0]}-${SIP_PORTS.customerMedia[1]}`,
          'rtp_stats yes',
          `audio_source aufile,${join(home, 'voz.wav')}`,
          'audio_player aubridge,cliente',
          'audio_alert aubridge,cliente',
          'module_path /usr/lib/baresip/modules',
          'module g711.so',
          'module aufile.so',
          'module aubridge.so',
          'module sndfile.so',
          'module_tmp account.so',
          'module_app menu.so',
          'module_app ctrl_tcp.so',
          `ctrl_tcp_listen 127.0.0.1:${SIP_PORTS.customerControl}`,
          '',
        ].join('\n'),
      );
      writeFileSync(join(home, 'accounts'), lines.join(''));
      writeFileSync(join(home, 'contacts'), '');
      const phone = start('baresip', BINARIES.baresip, ['-f', home], home);
      let output = '';
      phone.stdout?.on('data', (chunk: Buffer) => {
        output += chunk.toString();
      });
      // Every line registered: one '200 OK' each.
      await until('baresip', () => (output.split('200 OK').length > numbers.length ? true : undefined));
    },
    async customerAnswers() {
      await until('atendimento do cliente', async () =>
        (await customerCommand('accept')) ? true : undefined,
      );
    },
    async relayedPackets() {
      const { calls } = (await rtpengine({ command: 'list' })) as { calls?: string[] };
      const packets: number[] = [];
      for (const callId of calls ?? []) {
        const call = (await rtpengine({ command: 'query', 'call-id': callId })) as {
          tags?: Record<string, { medias?: { streams?: { stats?: { packets?: number } }[] }[] }>;
        };
        for (const tag of Object.values(call.tags ?? {}))
          packets.push(
            (tag.medias ?? [])
              .flatMap((m) => m.streams ?? [])
              .reduce((sum, s) => sum + (s.stats?.packets ?? 0), 0),
          );
      }
      return packets;
    },
    async stopProxy() {
      if (gone(kamailio)) return;
      const exited = once(kamailio, 'exit');
      kamailio.kill('SIGTERM');
      await exited;
    },
    customerRecordings() {
      const home = join(dir, 'customer');
      return readdirSync(home)
        .filter((f) => f.startsWith('dump-') && f.endsWith('-dec.wav'))
        .map((f) => join(home, f));
    },
    stop,
  };
}

/** A CRM server of its own on the SIP line (the journeys' shared server stays on the sandbox). */
export async function startSipServer(env: Record<string, string>) {
  const dataDir = mkdtempSync(join(tmpdir(), 'vendaval-sip-data-'));
  const child = spawn(process.execPath, [join(root, 'apps', 'server', 'src', 'main.ts')], {
    cwd: join(root, 'e2e'),
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      ...env,
      PORT: String(SIP_PORTS.server),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      DEMO_PASSWORD,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      LOGIN_ATTEMPTS_PER_WINDOW: '1000',
      LOGIN_ATTEMPTS_PER_ADDRESS: '100000',
    },
  });
  const url = `http://localhost:${SIP_PORTS.server}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await until(
      'servidor',
      () =>
        fetch(`${url}/api/health`).then(
          (r) => (r.ok ? true : undefined),
          () => undefined,
        ),
      // Migrations and the demo seed on PGlite: about ten seconds on a quiet machine, minutes on a loaded one.
      200_000,
    );
  } catch (error) {
    // A server that never answered still holds its SIP ports: the next run would find them taken.
    await stop();
    throw error;
  }
  return { url, stop };
}

// A real microphone and speaker stand-in: the fake devices, and a call's audio played without a click.
export const SIP_BROWSER = {
  launchOptions: {
    ...FAKE_MEDIA_BROWSER.launchOptions,
    args: [
      ...FAKE_MEDIA_BROWSER.launchOptions.args,
      '--allow-loopback-in-peer-connection',
      '--autoplay-policy=no-user-gesture-required',
    ],
  },
};

/** The browser's WebRTC connections, kept where the test can read their statistics. */
export function watchPeerConnections() {
  const peers: RTCPeerConnection[] = [];
  (window as unknown as { peers: RTCPeerConnection[] }).peers = peers;
  const Native = window.RTCPeerConnection;
  window.RTCPeerConnection = class extends Native {
    constructor(...args: ConstructorParameters<typeof RTCPeerConnection>) {
      super(...args);
      peers.push(this);
    }
  };
}

/** The audio of the browser's call under way, from WebRTC's statistics. */
export const callAudio = (page: Page) =>
  page.evaluate(async () => {
    const peer = (window as unknown as { peers: RTCPeerConnection[] }).peers.at(-1);
    const audio = { packetsReceived: 0, packetsSent: 0, audioLevel: 0 };
    for (const report of peer ? (await peer.getStats()).values() : []) {
      if (report.type === 'inbound-rtp' && report.kind === 'audio') {
        audio.packetsReceived += report.packetsReceived ?? 0;
        audio.audioLevel = Math.max(audio.audioLevel, report.audioLevel ?? 0);
      }
      if (report.type === 'outbound-rtp' && report.kind === 'audio')
        audio.packetsSent += report.packetsSent ?? 0;
    }
    return audio;
  });

/**
 * The call under way carries audio both ways: the customer's tone reaches the browser, the browser's microphone
 * goes out, and rtpengine relays packets on both sides.
 */
export async function expectAudioBothWays(page: Page, line: SipLine) {
  await expect
    .poll(async () => (await callAudio(page)).packetsReceived, { timeout: 20_000 })
    .toBeGreaterThan(100);
  await expect
    .poll(async () => (await callAudio(page)).audioLevel, { timeout: 20_000 })
    .toBeGreaterThan(0.05);
  await expect.poll(async () => (await callAudio(page)).packetsSent).toBeGreaterThan(100);
  await expect
    .poll(async () => {
      const sides = await line.relayedPackets();
      return sides.length >= 2 ? Math.min(...sides) : 0;
    })
    .toBeGreaterThan(100);
}
