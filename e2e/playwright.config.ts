import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3210);
export const DEMO_PASSWORD = 'Demo-Jornada1!';

// One fresh data folder per run; workers re-read this file and must find the same one.
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'vendaval-e2e-'));

export default defineConfig({
  testDir: './journeys',
  // Shards running at once each keep their traces apart (Playwright empties its output folder on start).
  outputDir: process.env.E2E_OUTPUT_DIR ?? './test-results',
  // Caps, not waits: every step waits for its condition. Long journeys (two browsers, send jobs, a voice note)
  // took 55 s on a busy 2-core machine; with both journey parts at once (load 14–16) the pipeline's task journey
  // took over two minutes, every step slow and none stuck. So a journey may take three minutes and a condition 15 s.
  timeout: 180_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 1,
  // One retry under CI only: in two of four recent runs a page stopped painting for minutes mid-journey (a stall not
  // yet explained, each time in a different journey that passes alone). A retry is reported as flaky, not hidden.
  retries: process.env.CI === 'true' ? 1 : 0,
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    baseURL: `http://localhost:${E2E_PORT}`,
    viewport: { width: 1440, height: 900 },
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage'],
    },
  },
  webServer: {
    command: `"${process.execPath}" ../apps/server/src/main.ts`,
    url: `http://localhost:${E2E_PORT}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(E2E_PORT),
      DATA_DIR: process.env.E2E_DATA_DIR,
      DEMO_PASSWORD,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      // The journeys' webhook receiver listens on this machine over http, as on a closed network.
      WEBHOOKS_ALLOW_PRIVATE: 'true',
      WEBHOOK_RETRY_DELAY_SECONDS: '1',
      // The Graph API stand-in a journey starts on the next port, checking every WhatsApp Cloud API call.
      WHATSAPP_API_BASE_URL: `http://127.0.0.1:${E2E_PORT + 1}/v21.0`,
      // A batch transfer of a few cards still moves page by page, so its progress shows.
      CARD_BATCH_PAGE_SIZE: '1',
      // The sandbox's simulated customer answers a second after the call is placed, so the phone journey waits
      // for the answer, not for the default few seconds.
      CALL_SANDBOX_ANSWER_SECONDS: '1',
      // An automation's wait ends when the journey says the time has passed, not a minute later.
      SANDBOX_CLOCK: 'true',
      // Every journey signs the same demo people in, many times within the 5-minute window of the login limit.
      LOGIN_ATTEMPTS_PER_WINDOW: '1000',
      LOGIN_ATTEMPTS_PER_ADDRESS: '100000',
    },
  },
});
