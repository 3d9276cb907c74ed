import { join } from 'node:path';
import { expect, type Page, request, test } from '@playwright/test';
import { build } from 'esbuild';
import { DEMO_PASSWORD } from '../support/app.ts';
import {
  loudestRms,
  SIP_DOMAIN,
  type SipLine,
  sipSkipReason,
  startSipLine,
  startSipServer,
} from '../support/sip.ts';

const skipReason = sipSkipReason();
const CRM = { username: 'vendaval-crm', password: 'crm-Segredo-1' };
const REP = { username: '7001', password: 'rep-Segredo-7001' };
const CUSTOMER = { username: '11987650001', password: 'cliente-Segredo-1' };

// A real microphone and speaker stand-in: Chromium's fake devices (a beeping microphone), no permission prompt.
test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      '--allow-loopback-in-peer-connection',
      '--autoplay-policy=no-user-gesture-required',
    ],
  },
});

/** The web's SIP client module as one script, so the page runs the very code the phone uses. */
async function sipClientScript() {
  const bundle = await build({
    entryPoints: [
      join(import.meta.dirname, '..', '..', 'apps', 'web', 'src', 'features', 'phone', 'sip-client.ts'),
    ],
    bundle: true,
    format: 'iife',
    globalName: 'VendavalSip',
    platform: 'browser',
    write: false,
  });
  return `${bundle.outputFiles[0]?.text ?? ''}\nwindow.VendavalSip = VendavalSip;`;
}

interface PhoneLog {
  statuses: string[];
  calls: { type: string; number?: string; at: number }[];
}

/** The rep's browser registers its SIP phone, waiting for a call (onHold) so it answers by itself. */
async function registerRep(page: Page, line: { websocket_url: string; sip_domain: string }) {
  // Run as the page's own code would be: the app's policy refuses inline scripts, not a debugger's.
  await page.evaluate(await sipClientScript());
  await page.evaluate(
    ({ wssUrl, domain, username, password }) => {
      const log: PhoneLog = { statuses: [], calls: [] };
      const w = window as unknown as Record<string, unknown>;
      w.phoneLog = log;
      const sip = w.VendavalSip as typeof import('../../apps/web/src/features/phone/sip-client.ts');
      w.phoneLine = sip.connectSipLine({
        wssUrl,
        domain,
        username,
        password,
        onStatus: (status) => log.statuses.push(status),
        autoAnswer: () => true,
        onCall: (event) => log.calls.push({ ...event, at: Date.now() }),
      });
    },
    { wssUrl: line.websocket_url, domain: line.sip_domain, ...REP },
  );
}

const phoneLog = (page: Page) => page.evaluate(() => (window as unknown as { phoneLog: PhoneLog }).phoneLog);
const callAudio = (page: Page) =>
  page.evaluate(() =>
    (
      window as unknown as {
        phoneLine: import('../../apps/web/src/features/phone/sip-client.ts').SipLine;
      }
    ).phoneLine.audio(),
  );

test.describe('a call over a real SIP server', () => {
  test.skip(skipReason !== undefined, skipReason);
  test.describe.configure({ timeout: 180_000 });
  let line: SipLine;
  let server: Awaited<ReturnType<typeof startSipServer>>;
  test.beforeAll(async () => {
    line = await startSipLine([CRM, REP, CUSTOMER]);
    server = await startSipServer(line.crmEnv);
  });
  test.afterAll(async () => {
    await server?.stop();
    await line?.stop();
  });

  test('PLAT-001 PLAT-152 the server calls the customer, hands the call to the rep’s browser registered over wss, which answers by itself; audio flows both ways and the record keeps the talk time', async ({
    browser,
  }) => {
    const api = await request.newContext({ baseURL: server.url });
    const login = await api.post('/api/v1/auth/token', {
      data: { username: 'atendente@demo.local', password: DEMO_PASSWORD },
    });
    const { access_token, user } = (await login.json()) as { access_token: string; user: { id: number } };
    const headers = { authorization: `Bearer ${access_token}` };
    const workspaces = (await (await api.get('/api/v1/users/self/workspaces', { headers })).json()).data as {
      id: number;
      name: string;
    }[];
    const workspace = workspaces.find((w) => w.name === 'Escola Centro')?.id;
    const at = (path: string) => `/api/v1/workspaces/${workspace}/${path}`;
    const voip = await api.put(at(`users/${user.id}`), {
      headers,
      data: { voip_username: REP.username, voip_password: REP.password },
    });
    expect(voip.status(), await voip.text()).toBe(200);
    const medias = (await (await api.get(at('medias'), { headers })).json()).data as { id: number }[];
    const card = await api.post(at('opportunities'), {
      headers,
      data: {
        source_type: 'Offline',
        media_id: medias[0]?.id,
        contact: { name: 'Cliente SIP', phone_number: CUSTOMER.username },
      },
    });
    expect(card.status(), await card.text()).toBe(200);
    const opportunity = (await card.json()) as { id: number };

    await line.startCustomer(CUSTOMER.username);
    // The SIP server's certificate is its own: the browser accepts it as it would a company's trusted one.
    const rep = await browser.newContext({ baseURL: server.url, ignoreHTTPSErrors: true });
    const page = await rep.newPage();
    await page.goto('/login');
    // The browser learns from the server where its phone registers.
    const telephony = await api.get(at('telephony'), { headers });
    expect(await telephony.json()).toEqual({
      adapter: 'sip',
      websocket_url: line.websocketUrl,
      sip_domain: SIP_DOMAIN,
    });
    await registerRep(page, await telephony.json());
    await expect.poll(async () => (await phoneLog(page)).statuses.at(-1)).toBe('Registrado');
    expect((await phoneLog(page)).statuses[0]).toBe('Conectando');

    const placedAt = Date.now();
    const placed = await api.post(at('opportunity-calls'), {
      headers,
      data: { opportunity_id: opportunity.id, user_id: user.id, phone_number: CUSTOMER.username },
    });
    expect(placed.status(), await placed.text()).toBe(200);
    const callId = ((await placed.json()) as { id: number }).id;
    const readCall = async () =>
      (await (await api.get(at(`opportunity-calls/${callId}`), { headers })).json()) as {
        status: string;
        outcome: string | null;
        answered_at: string | null;
        ended_at: string | null;
        duration: number;
      };

    // The customer's phone answered, then the call reached the browser, which answered it by itself.
    await expect.poll(async () => (await phoneLog(page)).calls.map((c) => c.type)).toEqual(['answered']);
    expect((await phoneLog(page)).calls[0]?.number).toBe(CUSTOMER.username);
    await expect.poll(async () => (await readCall()).status).toBe('onCall');

    // The customer's tone reaches the browser, and the browser's microphone reaches rtpengine's other side.
    await expect
      .poll(async () => (await callAudio(page))?.packetsReceived ?? 0, { timeout: 20_000 })
      .toBeGreaterThan(100);
    await expect
      .poll(async () => (await callAudio(page))?.audioLevel ?? 0, { timeout: 20_000 })
      .toBeGreaterThan(0.05);
    await expect.poll(async () => (await callAudio(page))?.packetsSent ?? 0).toBeGreaterThan(100);
    await expect
      .poll(async () => {
        const sides = await line.relayedPackets();
        return sides.length >= 2 ? Math.min(...sides) : 0;
      })
      .toBeGreaterThan(100);

    // The rep hangs up in the browser: the server ends the customer's side and closes the record.
    await page.evaluate(() => (window as unknown as { phoneLine: { hangUp(): void } }).phoneLine.hangUp());
    await expect.poll(async () => (await readCall()).status).toBe('ended');
    const ended = await readCall();
    const log = await phoneLog(page);
    const talked = ((log.calls[1]?.at ?? 0) - (log.calls[0]?.at ?? 0)) / 1000;
    expect(log.calls.map((c) => c.type)).toEqual(['answered', 'ended']);
    expect(ended.outcome).toBe('short');
    const answeredAt = Date.parse(ended.answered_at ?? '');
    expect(answeredAt).toBeGreaterThanOrEqual(placedAt - 1000);
    expect(ended.duration).toBe(Math.floor((Date.parse(ended.ended_at ?? '') - answeredAt) / 1000));
    expect(Math.abs(ended.duration - talked)).toBeLessThanOrEqual(1.5);

    // What the customer's phone heard of the browser's microphone is not silence.
    await expect.poll(() => line.customerRecordings().length).toBeGreaterThan(0);
    expect(Math.max(...line.customerRecordings().map(loudestRms))).toBeGreaterThan(0.01);
    await rep.close();
    await api.dispose();
  });
});
