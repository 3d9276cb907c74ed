import { expect, type Page, test, type WebSocket } from '@playwright/test';
import { signedInAs, snap, TOKEN_KEY } from '../support/app.ts';
import {
  expectAudioBothWays,
  loudestRms,
  SIP_BROWSER,
  SIP_DOMAIN,
  type SipLine,
  sipSkipReason,
  startSipLine,
  startSipServer,
  watchPeerConnections,
} from '../support/sip.ts';

const skipReason = sipSkipReason();
const CRM = { username: 'vendaval-crm', password: 'crm-Segredo-1' };
const REP = { username: '7001', password: 'rep-Segredo-7001' };
// The card keeps its number with the country code, and the server dials it as kept.
const CUSTOMER = { username: '5511987650001', password: 'cliente-Segredo-1' };
const CARD = `Cliente SIP ${Date.now().toString(36)}`;

test.use(SIP_BROWSER);

const bar = (page: Page) => page.getByRole('region', { name: 'Barra de discagem' });
const status = (page: Page) => bar(page).getByTestId('phone-status');

test.describe('a call over a real SIP server', () => {
  test.skip(skipReason !== undefined, skipReason);
  test.describe.configure({ timeout: 180_000 });
  let line: SipLine;
  let server: Awaited<ReturnType<typeof startSipServer>>;
  test.beforeAll(async () => {
    // The server's first start builds its database: on a busy machine that takes over the usual two minutes.
    test.setTimeout(300_000);
    line = await startSipLine([CRM, REP, CUSTOMER]);
    server = await startSipServer(line.crmEnv);
  });
  test.afterAll(async () => {
    await server?.stop();
    await line?.stop();
  });

  test('PLAT-001 PLAT-151 PLAT-152 the rep calls a card from its modal: the browser registers over wss, answers the call the server hands over, audio flows both ways, the bar hangs up and the record keeps the talk time', async ({
    browser,
  }) => {
    // The SIP server's certificate is its own: the browser accepts it as it would a company's trusted one.
    const rep = await browser.newContext({ baseURL: server.url, ignoreHTTPSErrors: true });
    const page = await rep.newPage();
    await page.addInitScript(watchPeerConnections);
    const sipSockets: WebSocket[] = [];
    page.on('websocket', (socket) => {
      if (socket.url().startsWith(line.websocketUrl)) sipSockets.push(socket);
    });
    await signedInAs(page, 'atendente@demo.local');

    // The rep's SIP account in the workspace, and the customer's card (what an admin and a form would do).
    const { token, workspace, self } = await page.evaluate((key) => {
      const user = JSON.parse(localStorage.getItem('vendaval.user') ?? '{}') as { id: number };
      return {
        token: localStorage.getItem(key),
        workspace: localStorage.getItem('vendaval.workspace'),
        self: user,
      };
    }, TOKEN_KEY);
    const headers = { authorization: `Bearer ${token}` };
    const at = (path: string) => `/api/v1/workspaces/${workspace}/${path}`;
    const voip = await page.request.put(at(`users/${self.id}`), {
      headers,
      data: { voip_username: REP.username, voip_password: REP.password },
    });
    expect(voip.status(), await voip.text()).toBe(200);
    const medias = (await (await page.request.get(at('medias'), { headers })).json()).data as {
      id: number;
    }[];
    const card = await page.request.post(at('opportunities'), {
      headers,
      data: {
        name: CARD,
        source_type: 'Offline',
        media_id: medias[0]?.id,
        contact: { name: CARD, phone_number: CUSTOMER.username },
      },
    });
    expect(card.status(), await card.text()).toBe(200);
    const opportunity = (await card.json()) as { id: number };
    // The browser learns from the server where its phone registers.
    expect(await (await page.request.get(at('telephony'), { headers })).json()).toEqual({
      adapter: 'sip',
      websocket_url: line.websocketUrl,
      sip_domain: SIP_DOMAIN,
    });
    await line.startCustomer(CUSTOMER.username, { answer: 'manual' });

    // 'Ligar para oportunidade' in the card's modal: the phone registers, then the server dials the customer.
    await page.reload();
    await page.getByRole('searchbox', { name: 'Buscar' }).fill(CARD);
    await page.getByRole('button', { name: new RegExp(CARD) }).click();
    const modal = page.getByRole('dialog', { name: CARD });
    await modal.getByRole('tab', { name: 'Realizar Ligação' }).click();
    await modal.getByRole('button', { name: 'Ligar para oportunidade' }).click();
    await expect(bar(page)).toBeVisible();
    await expect(bar(page).getByLabel('Conexão: Despachando')).toBeVisible();
    await expect(status(page)).toHaveText('Aguardando ligação');
    await expect(bar(page)).toContainText(CARD);
    const readCall = async () => {
      const calls = await page.request.get(at('opportunity-calls'), {
        headers,
        params: { opportunity_id: opportunity.id, limit: 1 },
      });
      return ((await calls.json()).data as CallRecord[])[0] as CallRecord;
    };
    await expect.poll(async () => (await readCall()).status).toBe('ringing');
    await modal.getByRole('button', { name: 'Fechar' }).click();
    await snap(page, 'sip-dialbar-registered');

    // The customer picks up: the server hands the call to the browser, which answers it by itself.
    const answering = Date.now();
    await line.customerAnswers();
    await expect(status(page)).toHaveText('Em ligação');
    const answered = Date.now();
    await expect(bar(page).getByLabel('Conexão: Despachando')).toBeVisible();
    expect((await readCall()).status).toBe('onCall');

    // The customer's tone reaches the browser, and the browser's microphone reaches rtpengine's other side.
    await expectAudioBothWays(page, line);
    await snap(page, 'sip-dialbar-on-call');

    // 'Desligar' in the bar ends the browser's session; the server ends the customer's side and the record.
    const hungUp = Date.now();
    await bar(page).getByRole('button', { name: 'Desligar' }).click();
    await expect(status(page)).toHaveText('Pausado');
    const task = page.getByRole('dialog', { name: 'Criar Tarefa' });
    await expect(task).toBeVisible();
    await expect.poll(async () => (await readCall()).status).toBe('ended');
    const endSeen = Date.now();
    await expect
      .poll(
        async () =>
          await page.evaluate(
            () => (window as unknown as { peers: RTCPeerConnection[] }).peers.at(-1)?.connectionState,
          ),
      )
      .toBe('closed');
    const ended = await readCall();
    const answeredAt = Date.parse(ended.answered_at ?? '');
    expect(ended.outcome).toBe('short');
    expect(ended.duration).toBe(Math.floor((Date.parse(ended.ended_at ?? '') - answeredAt) / 1000));
    // The record counts from the customer's answer, which comes before the browser's leg is up and the bar says
    // 'Em ligação' (seconds on a busy machine), to the hang-up: at least what the rep saw, at most answer to end.
    expect(ended.duration).toBeGreaterThanOrEqual(Math.floor((hungUp - answered) / 1000) - 1);
    expect(ended.duration).toBeLessThanOrEqual(Math.ceil((endSeen - answering) / 1000));

    // What the customer's phone heard of the browser's microphone is not silence.
    await expect.poll(() => line.customerRecordings().length).toBeGreaterThan(0);
    expect(Math.max(...line.customerRecordings().map(loudestRms))).toBeGreaterThan(0.01);

    // The task put aside and the card closed, the single call's bar closes and the phone unregisters.
    expect(sipSockets).toHaveLength(1);
    expect(sipSockets[0]?.isClosed()).toBe(false);
    await task.getByRole('button', { name: 'Cancelar' }).click();
    await modal.getByRole('button', { name: 'Cancelar' }).click();
    await expect(bar(page)).toBeHidden();
    await expect.poll(() => sipSockets[0]?.isClosed()).toBe(true);
    await rep.close();
  });
});

interface CallRecord {
  status: string;
  outcome: string | null;
  answered_at: string | null;
  ended_at: string | null;
  duration: number;
}
