import { expect as baseExpect, type Page, test } from '@playwright/test';
import { signedInAs, snap, TOKEN_KEY, toast } from '../support/app.ts';
import {
  expectAudioBothWays,
  loudestRms,
  SIP_BROWSER,
  type SipLine,
  sipSkipReason,
  startSipLine,
  startSipServer,
  watchPeerConnections,
} from '../support/sip.ts';

// Kamailio, rtpengine, baresip and a second server share the machine with the browser: a step waits up to 30 s.
const expect = baseExpect.configure({ timeout: 30_000 });
const skipReason = sipSkipReason();
const CRM = { username: 'vendaval-crm', password: 'crm-Segredo-1' };
const REP = { username: '7001', password: 'rep-Segredo-7001' };
// Three customers with SIP accounts: the first and the third have a phone registered (one baresip, a line each),
// the second's phone is off, so the SIP server finds nobody to ring.
const FIRST = { username: '5511987650011', password: 'cliente-Segredo-11' };
const OFFLINE = { username: '5511987650012', password: 'cliente-Segredo-12' };
const THIRD = { username: '5511987650013', password: 'cliente-Segredo-13' };
const prefix = `Fila SIP ${Date.now().toString(36)}`;
const names = {
  first: `${prefix} Primeiro`,
  offline: `${prefix} Desligado`,
  third: `${prefix} Terceiro`,
  lost: `${prefix} Queda`,
};

test.use(SIP_BROWSER);

const bar = (page: Page) => page.getByRole('region', { name: 'Barra de discagem' });
const status = (page: Page) => bar(page).getByTestId('phone-status');

interface CallRecord {
  status: string;
  outcome: string | null;
  answered: boolean;
  started_at: string;
  answered_at: string | null;
  ended_at: string | null;
  duration: number;
}

/** The API as the signed-in rep, for what an admin and a form would do, and to read the call records. */
async function api(page: Page) {
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
  return {
    async saveSipAccount() {
      const res = await page.request.put(at(`users/${self.id}`), {
        headers,
        data: { voip_username: REP.username, voip_password: REP.password },
      });
      expect(res.status(), await res.text()).toBe(200);
    },
    /** A card whose contact keeps the number with the country code, as the server dials it. */
    async createCard(name: string, phone: string) {
      const medias = (await (await page.request.get(at('medias'), { headers })).json()).data as {
        id: number;
      }[];
      const res = await page.request.post(at('opportunities'), {
        headers,
        data: {
          name,
          source_type: 'Offline',
          media_id: medias[0]?.id,
          contact: { name, phone_number: phone },
        },
      });
      expect(res.status(), await res.text()).toBe(200);
      return ((await res.json()) as { id: number }).id;
    },
    async lastCall(opportunityId: number) {
      const res = await page.request.get(at('opportunity-calls'), {
        headers,
        params: { opportunity_id: opportunityId, limit: 1 },
      });
      return ((await res.json()).data as CallRecord[])[0];
    },
  };
}

/** The forms after a call: the register task, then the card's edit modal, which its backdrop does not close. */
async function afterCall(page: Page, name: string) {
  const task = page.getByRole('dialog', { name: 'Criar Tarefa' });
  await expect(task).toBeVisible();
  await expect(status(page)).toHaveText('Pausado');
  await task.getByRole('textbox', { name: 'Ação', exact: true }).click();
  await page.getByRole('option', { name: 'Ligar', exact: true }).click();
  await task.getByRole('button', { name: 'Criar', exact: true }).click();
  await expect(task).toBeHidden();
  const card = page.getByRole('dialog', { name });
  await expect(card.getByRole('tab', { name: 'Editar dados' })).toHaveAttribute('aria-selected', 'true');
  await page.mouse.click(5, 5);
  await expect(card).toBeVisible();
  await card.getByRole('button', { name: 'Cancelar' }).click();
  await expect(card).toBeHidden();
}

/** A talked call's record: ended, short (under 15 s), its duration the talk time from answer to end. */
function expectTalked(call: CallRecord | undefined) {
  expect(call).toMatchObject({ status: 'ended', outcome: 'short', answered: false });
  const talked = Date.parse(call?.ended_at ?? '') - Date.parse(call?.answered_at ?? '');
  expect(call?.duration).toBe(Math.floor(talked / 1000));
  expect(call?.duration).toBeGreaterThan(0);
}

test.describe('a call queue over a real SIP server', () => {
  test.skip(skipReason !== undefined, skipReason);
  test.describe.configure({ timeout: 300_000 });
  let line: SipLine;
  let server: Awaited<ReturnType<typeof startSipServer>>;
  test.beforeAll(async () => {
    // The server's first start builds its database: on a busy machine that takes over the usual two minutes.
    test.setTimeout(300_000);
    line = await startSipLine([CRM, REP, FIRST, OFFLINE, THIRD]);
    server = await startSipServer(line.crmEnv);
  });
  test.afterAll(async () => {
    await server?.stop();
    await line?.stop();
  });

  test('PLAT-001 PLAT-150 PLAT-151 PLAT-152 PLAT-153 PLAT-154 PLAT-155 PLAT-156 PLAT-157 PLAT-164 PLAT-177 the rep works a queue of three cards over the SIP line: the answered ones reach the browser with audio both ways, the one without a phone ends at once and the queue moves on', async ({
    browser,
  }) => {
    const rep = await browser.newContext({ baseURL: server.url, ignoreHTTPSErrors: true });
    const page = await rep.newPage();
    await page.addInitScript(watchPeerConnections);
    await signedInAs(page, 'atendente@demo.local');
    const phone = await api(page);
    await phone.saveSipAccount();
    // Board order is newest first: the queue dials them in the reverse order of their creation.
    const ids = {
      third: await phone.createCard(names.third, THIRD.username),
      offline: await phone.createCard(names.offline, OFFLINE.username),
      first: await phone.createCard(names.first, FIRST.username),
    };
    await line.startCustomer([FIRST.username, THIRD.username], { answer: 'manual' });

    // 'Fila de ligações' over the board's search: the phone registers, then the server dials the first card.
    await page.reload();
    const searched = page.waitForResponse(
      (res) => new URL(res.url()).searchParams.get('search') === prefix && res.ok(),
    );
    await page.getByRole('searchbox', { name: 'Buscar' }).fill(prefix);
    await searched;
    await expect(page.getByRole('button', { name: new RegExp(prefix) })).toHaveCount(3);
    await page.getByRole('button', { name: 'Fila de ligações' }).click();
    await expect(bar(page)).toBeVisible();
    await expect(bar(page).getByLabel('Conexão: Despachando')).toBeVisible();
    await expect(status(page)).toHaveText('Aguardando ligação');
    await expect(bar(page)).toContainText(names.first);
    await expect(bar(page)).toContainText('Card 1 de 3');
    await expect.poll(async () => (await phone.lastCall(ids.first))?.status).toBe('ringing');

    // The first customer picks up: the call reaches the browser, which answers it by itself; audio flows.
    await line.customerAnswers();
    await expect(status(page)).toHaveText('Em ligação');
    await expectAudioBothWays(page, line);
    await expect.poll(() => line.customerRecordings().length).toBeGreaterThan(0);
    expect(Math.max(...line.customerRecordings().map(loudestRms))).toBeGreaterThan(0.01);
    await snap(page, 'sip-queue-on-call');
    await bar(page).getByRole('button', { name: 'Desligar' }).click();
    await expect.poll(async () => (await phone.lastCall(ids.first))?.status).toBe('ended');
    expectTalked(await phone.lastCall(ids.first));
    const recordings = line.customerRecordings().length;

    // The forms done, the queue dials the second card: nobody is registered there, so the SIP server refuses the
    // call at once and the queue goes on to the third without waiting for the 30 s rule.
    await afterCall(page, names.first);
    await expect(bar(page)).toContainText(names.third, { timeout: 10_000 });
    await expect(bar(page)).toContainText('Card 3 de 3');
    await expect(status(page)).toHaveText('Aguardando ligação');
    const offline = await phone.lastCall(ids.offline);
    expect(offline).toMatchObject({ status: 'ended', outcome: 'no_answer', answered: false, duration: 0 });
    expect(offline?.answered_at).toBeNull();
    expect(Date.parse(offline?.ended_at ?? '') - Date.parse(offline?.started_at ?? '')).toBeLessThan(5000);

    // The third customer picks up, talks, and the rep hangs up.
    await expect.poll(async () => (await phone.lastCall(ids.third))?.status).toBe('ringing');
    await line.customerAnswers();
    await expect(status(page)).toHaveText('Em ligação');
    await expectAudioBothWays(page, line);
    await expect.poll(() => line.customerRecordings().length).toBeGreaterThan(recordings);
    await bar(page).getByRole('button', { name: 'Desligar' }).click();
    await expect.poll(async () => (await phone.lastCall(ids.third))?.status).toBe('ended');
    expectTalked(await phone.lastCall(ids.third));

    // No card left: the row answers 'Finished', the session ends and the page reloads.
    const reloaded = page.waitForEvent('load');
    await afterCall(page, names.third);
    await reloaded;
    await expect(bar(page)).toBeHidden();
    await rep.close();
  });

  // Last of the describe: the SIP server stops here for good.
  test('PLAT-149 PLAT-173 the SIP server goes away mid-call: the bar shows Desconectado with the spec’s toast, dialing ends and so does the call record', async ({
    browser,
  }) => {
    const rep = await browser.newContext({ baseURL: server.url, ignoreHTTPSErrors: true });
    const page = await rep.newPage();
    await signedInAs(page, 'atendente@demo.local');
    const phone = await api(page);
    await phone.saveSipAccount();
    const id = await phone.createCard(names.lost, FIRST.username);

    await page.reload();
    await page.getByRole('searchbox', { name: 'Buscar' }).fill(names.lost);
    // The first card shows the same contact now (one contact per number): its button names it after the card.
    await page.getByRole('button', { name: new RegExp(`^${names.lost}`) }).click();
    const modal = page.getByRole('dialog', { name: names.lost });
    await modal.getByRole('tab', { name: 'Realizar Ligação' }).click();
    await modal.getByRole('button', { name: 'Ligar para oportunidade' }).click();
    await expect.poll(async () => (await phone.lastCall(id))?.status).toBe('ringing');
    await modal.getByRole('button', { name: 'Fechar' }).click();
    await line.customerAnswers();
    await expect(status(page)).toHaveText('Em ligação');

    await line.stopProxy();
    await expect(bar(page).getByLabel('Conexão: Desconectado')).toBeVisible();
    await expect(
      toast(page, 'Perda de conexão!').filter({ hasText: 'Conexão com a telefonia perdida!.' }),
    ).toBeVisible();
    await snap(page, 'sip-connection-lost');
    await expect(bar(page)).toBeHidden();
    await expect.poll(async () => (await phone.lastCall(id))?.status).toBe('ended');
    expectTalked(await phone.lastCall(id));
    await rep.close();
  });
});
