import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { S3Options } from './infra/storage.ts';
import type { SipOptions } from './modules/calls/sip-telephony.ts';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  seedDemo: boolean;
  demoPassword: string | undefined;
  /** Unset means: use the secret kept under dataDir (created on first start). */
  jwtSecret: string | undefined;
  jwtTtlSeconds: number;
  smtpUrl: string | undefined;
  mailFrom: string;
  logLevel: string;
  webDist: string | undefined;
  /** Behind a reverse proxy: trust its X-Forwarded-* headers (client address, https links). */
  trustProxy: boolean;
  /**
   * Webhooks may target http and private, loopback or link-local addresses (a closed network, a test bench).
   * Off by default: a webhook address must not reach inside the server's network.
   */
  webhooksAllowPrivate: boolean;
  /** Lets Web Push reach push services on private addresses (a closed network, tests). */
  pushAllowPrivate: boolean;
  /** VAPID keys of Web Push; unset means the pair kept under dataDir (created on first start). */
  vapid: { publicKey: string; privateKey: string } | undefined;
  /** A CA certificate (PEM) to trust for push services besides the system's, for a closed network. */
  pushCaCert: string | undefined;
  /** Who the push services may contact about this server's pushes (a mailto: or https: URL). */
  vapidSubject: string;
  /** First retry delay of a failed webhook delivery; each later one doubles. */
  webhookRetryDelaySeconds: number;
  /** How many automation steps one workspace runs per minute; the excess waits for the next minute. */
  automationStepsPerMinute: number;
  /**
   * A sandbox install's clock: a workspace admin may end the automations' waits at once, to show or test a flow
   * without waiting for it. Off by default: in production the route answers 404.
   */
  sandboxClock: boolean;
  /** The pause between the small batches a batch message is sent in. */
  batchStepPauseMs: number;
  /** Cards a batch assign or transfer changes per transaction. */
  cardBatchPageSize: number;
  /** The 30 s rule of the phone: a call unanswered this long ends, and an idle queue dials its next card. */
  callDialTimeoutSeconds: number;
  /** How long the sandbox telephony's simulated customer takes to answer. */
  callSandboxAnswerSeconds: number;
  /** The tenant's SIP server, when TELEPHONY=sip; otherwise calls go to the sandbox's simulated customer. */
  sip: SipOptions | undefined;
  /** How often a process holding SIP calls proves it is alive, and looks for the calls of processes gone. */
  callInstanceHeartbeatSeconds: number;
  /** A process silent this long is gone: its calls end as failed, freeing their card and rep. */
  callInstanceTimeoutSeconds: number;
  /** Sign-in attempts allowed per address and login every 5 minutes. */
  loginAttemptsPerWindow: number;
  /** Sign-in attempts allowed per address every 5 minutes, whatever the logins tried. */
  loginAttemptsPerAddress: number;
  /** Calls each integration token may make per minute. */
  apiClientRequestsPerMinute: number;
  /** Submissions one address may send to one form per hour. */
  formSubmissionsPerAddress: number;
  /** Seconds between opening a form's page and sending it below which the sender is taken for a robot. */
  formMinFillSeconds: number;
  /** The Graph API the WhatsApp Cloud API bots talk to (a version path included). */
  whatsappApiBaseUrl: string;
  /** A CEP look-up service with ViaCEP's shape: `{base}/{cep}/json/`. */
  cepApiBaseUrl: string;
  /** Asaas API v3 that enrolments of workspaces with an Asaas account are charged through. */
  asaasApiBaseUrl: string;
  /** Seconds between the event stream's keep-alive comments, when it also checks that the session still holds. */
  realtimeHeartbeatSeconds: number;
  /** Bearer token that reads `/metrics`; unset, only this machine may read them. */
  metricsToken: string | undefined;
  /** The uploads' folder (default DATA_DIR/files); several instances point it at one shared folder. */
  filesDir: string;
  /** An S3-compatible bucket for the uploads instead of the folder, when S3_BUCKET is set. */
  s3: S3Options | undefined;
  /** Where the rate limits count, when set; otherwise they count in the database. Either way shared by every process. */
  redisUrl: string | undefined;
}

const bool = (value: string | undefined, fallback: boolean) =>
  value === undefined ? fallback : !['false', '0', 'no', 'off'].includes(value.toLowerCase());

function s3Of(env: NodeJS.ProcessEnv): S3Options | undefined {
  if (!env.S3_BUCKET) return undefined;
  const { S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secretAccessKey } = env;
  if (!accessKeyId || !secretAccessKey) {
    throw new Error('S3_BUCKET is set: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set too.');
  }
  const region = env.S3_REGION || 'us-east-1';
  const endpoint = env.S3_ENDPOINT || `https://s3.${region}.amazonaws.com`;
  return { bucket: env.S3_BUCKET, region, endpoint, accessKeyId, secretAccessKey };
}

function hostPort(value: string) {
  const at = value.lastIndexOf(':');
  return { address: value.slice(0, at), port: Number(value.slice(at + 1)) };
}

function sipOf(env: NodeJS.ProcessEnv): Config['sip'] {
  if (env.TELEPHONY !== 'sip') return undefined;
  const { SIP_DOMAIN: domain, SIP_PROXY: proxy, SIP_USERNAME: username, SIP_PASSWORD: password } = env;
  const { SIP_WSS_URL: wssUrl } = env;
  if (!domain || !proxy || !username || !password || !wssUrl) {
    throw new Error(
      'TELEPHONY=sip: SIP_DOMAIN, SIP_PROXY, SIP_USERNAME, SIP_PASSWORD and SIP_WSS_URL must be set too.',
    );
  }
  const listen = hostPort(env.SIP_LISTEN || '0.0.0.0:5070');
  const publicAddress = env.SIP_PUBLIC_ADDRESS || listen.address;
  return { domain, proxy, username, password, wssUrl, listen, publicAddress };
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const dataDir = resolve(env.DATA_DIR ?? './data');
  return {
    port: Number(env.PORT ?? 3000),
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    filesDir: env.FILES_DIR ? resolve(env.FILES_DIR) : join(dataDir, 'files'),
    s3: s3Of(env),
    databaseUrl: env.DATABASE_URL || undefined,
    seedDemo: bool(env.SEED_DEMO, true),
    demoPassword: env.DEMO_PASSWORD || undefined,
    jwtSecret: env.JWT_SECRET || undefined,
    jwtTtlSeconds: Number(env.JWT_TTL_SECONDS ?? 12 * 60 * 60),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Vendaval CRM <nao-responda@vendaval.local>',
    logLevel: env.LOG_LEVEL ?? 'info',
    metricsToken: env.METRICS_TOKEN || undefined,
    redisUrl: env.REDIS_URL || undefined,
    webDist: env.WEB_DIST,
    trustProxy: bool(env.TRUST_PROXY, false),
    loginAttemptsPerWindow: Number(env.LOGIN_ATTEMPTS_PER_WINDOW ?? 10),
    loginAttemptsPerAddress: Number(env.LOGIN_ATTEMPTS_PER_ADDRESS ?? 100),
    apiClientRequestsPerMinute: Number(env.API_CLIENT_REQUESTS_PER_MINUTE ?? 600),
    formSubmissionsPerAddress: Number(env.FORM_SUBMISSIONS_PER_ADDRESS ?? 20),
    formMinFillSeconds: Number(env.FORM_MIN_FILL_SECONDS ?? 3),
    webhooksAllowPrivate: bool(env.WEBHOOKS_ALLOW_PRIVATE, false),
    pushAllowPrivate: bool(env.PUSH_ALLOW_PRIVATE, false),
    vapid:
      env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY
        ? { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY }
        : undefined,
    vapidSubject: env.VAPID_SUBJECT || 'mailto:suporte@vendaval.dev',
    pushCaCert: env.PUSH_CA_FILE ? readFileSync(env.PUSH_CA_FILE, 'utf8') : undefined,
    webhookRetryDelaySeconds: Number(env.WEBHOOK_RETRY_DELAY_SECONDS ?? 30),
    automationStepsPerMinute: Number(env.AUTOMATION_STEPS_PER_MINUTE ?? 600),
    sandboxClock: bool(env.SANDBOX_CLOCK, false),
    batchStepPauseMs: Number(env.BATCH_STEP_PAUSE_MS ?? 1000),
    cardBatchPageSize: Number(env.CARD_BATCH_PAGE_SIZE ?? 100),
    callDialTimeoutSeconds: Number(env.CALL_DIAL_TIMEOUT_SECONDS ?? 30),
    callSandboxAnswerSeconds: Number(env.CALL_SANDBOX_ANSWER_SECONDS ?? 3),
    sip: sipOf(env),
    callInstanceHeartbeatSeconds: Number(env.CALL_INSTANCE_HEARTBEAT_SECONDS ?? 5),
    callInstanceTimeoutSeconds: Number(env.CALL_INSTANCE_TIMEOUT_SECONDS ?? 30),
    whatsappApiBaseUrl: (env.WHATSAPP_API_BASE_URL || 'https://graph.facebook.com/v21.0').replace(/\/+$/, ''),
    cepApiBaseUrl: (env.CEP_API_BASE_URL || 'https://viacep.com.br/ws').replace(/\/+$/, ''),
    asaasApiBaseUrl: (env.ASAAS_API_BASE_URL || 'https://api.asaas.com/v3').replace(/\/+$/, ''),
    realtimeHeartbeatSeconds: Number(env.REALTIME_HEARTBEAT_SECONDS ?? 25),
  };
}
