import { expect, type Locator, type Page, test } from '@playwright/test';
import { choose, signedInAs, snap, TOKEN_KEY, toast } from '../support/app.ts';

// The sandbox telephony's simulated customer picks its move by the number's last digit: 9 never answers, any
// other digit but 0 answers a second after the call is placed (CALL_SANDBOX_ANSWER_SECONDS in the config).
const run = Date.now().toString(36);
const prefix = `Fila ${run}`;
const names = {
  pause: `${prefix} Pausa`,
  long: `${prefix} Conversa`,
  never: `${prefix} Sem Resposta`,
  brief: `${prefix} Breve`,
};

type VoipFigures = {
  calls: number;
  answered: number;
  not_answered: number;
  duration_classes: Record<
    'DurationLessThanAMinute' | 'DurationOneToThreeMinutes' | 'DurationMoreThanThreeMinutes',
    number
  >;
};

/** One figure of a dashboard panel: its label, then its value (a change badge may follow). */
const figure = (panel: Locator, label: string, value: number | string) =>
  expect(
    panel.locator('.mantine-Card-root').filter({ has: panel.page().getByText(label, { exact: true }) }),
  ).toHaveText(new RegExp(`^${label}${value}(\\D|$)`));

const bar = (page: Page) => page.getByRole('region', { name: 'Barra de discagem' });
const status = (page: Page) => bar(page).getByTestId('phone-status');

/** The API as the signed-in rep, for what a browser cannot do: the simulated customer hanging up. */
async function api(page: Page) {
  const { token, workspace } = await page.evaluate((key) => {
    return { token: localStorage.getItem(key), workspace: localStorage.getItem('vendaval.workspace') };
  }, TOKEN_KEY);
  const base = `/api/v1/workspaces/${workspace}`;
  const headers = { authorization: `Bearer ${token}` };
  return {
    /** A card in the first stage, as 'Criar Card' makes it. */
    async createCard(name: string, phone: string) {
      const res = await page.request.post(`${base}/opportunities`, {
        headers,
        data: {
          name,
          source_type: 'Offline',
          media_id: 1,
          sales_stage_id: 1,
          state_type: 'Open',
          contact: { name, phone_number: `55${phone}`, country_code: '55' },
        },
      });
      expect(res.status(), await res.text()).toBe(200);
    },
    /** The Telefone panel's figures of the dashboard's default period. */
    async voipSummary() {
      const res = await page.request.get(`${base}/summary-dashboards/voip`, { headers });
      expect(res.status()).toBe(200);
      return (await res.json()) as VoipFigures;
    },
    async currentCallId() {
      const res = await page.request.get(`${base}/batch-calls`, { headers });
      const rows = (await res.json()).data as { opportunity_call: { id: number } | null }[];
      return rows[0]?.opportunity_call?.id ?? 0;
    },
    async customerHangsUp(callId: number, talkedSeconds: number) {
      const res = await page.request.post(`${base}/opportunity-calls/${callId}/sandbox-hang-up`, {
        headers,
        data: { talked_seconds: talkedSeconds },
      });
      expect(res.status()).toBe(200);
    },
  };
}

/** The forms after a call: the register task, then the card's edit modal, which its backdrop does not close. */
async function afterCall(page: Page, name: string, shots?: string) {
  const task = page.getByRole('dialog', { name: 'Criar Tarefa' });
  await expect(task).toBeVisible();
  await expect(status(page)).toHaveText('Pausado');
  if (shots) await snap(page, shots);
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

test.describe('phone', () => {
  test('PLAT-150 PLAT-151 PLAT-152 PLAT-153 PLAT-154 PLAT-155 PLAT-156 PLAT-157 PLAT-158 PLAT-159 PLAT-161 PLAT-164 PLAT-165 PLAT-128 PLAT-129 PLAT-130 a queue of the board’s cards: answered, unanswered after 30 s, short; pause and resume; the board’s call filters find them', async ({
    page,
  }) => {
    await signedInAs(page, 'gerente@demo.local');
    const phone = await api(page);
    const before = await phone.voipSummary();
    // Board order is newest first: the queue dials them in the reverse order of their creation.
    await phone.createCard(names.brief, '11987651232');
    await phone.createCard(names.never, '11987651239');
    await phone.createCard(names.long, '11987651231');
    await phone.createCard(names.pause, '11987651229');
    await page.reload();
    // The queue takes the board's filter: the search must have reached it (the names match before it does).
    const searched = page.waitForResponse(
      (res) => new URL(res.url()).searchParams.get('search') === prefix && res.ok(),
    );
    await page.getByRole('searchbox', { name: 'Buscar' }).fill(prefix);
    await searched;
    await expect(page.getByRole('button', { name: new RegExp(names.brief) })).toBeVisible();
    await expect(page.getByRole('button', { name: new RegExp(prefix) })).toHaveCount(4);

    // The browser's clock from here on is the test's: the 30 s rule runs without waiting for it.
    await page.clock.install();
    await page.getByRole('button', { name: 'Fila de ligações' }).click();
    await expect(bar(page)).toBeVisible();
    await expect(status(page)).toHaveText('Aguardando ligação');
    await expect(bar(page)).toContainText(names.pause);
    await expect(bar(page)).toContainText('Card 1 de 4');
    await expect(bar(page).getByLabel('Conexão: Despachando')).toBeVisible();
    await snap(page, 'dialbar-on-hold');

    // Pause: the ringing call is hung up and the timer starts again; resume dials the next card.
    await bar(page).getByRole('button', { name: 'Pausar' }).click();
    await expect(status(page)).toHaveText('Pausado');
    await expect(bar(page).getByLabel('Tempo')).toHaveText('00:00');
    await snap(page, 'dialbar-paused');
    await bar(page).getByRole('button', { name: 'Retomar' }).click();
    await expect(bar(page)).toContainText(names.long);

    // The customer answers: the rep is on the call; they talk past 15 s and the customer hangs up.
    await expect(status(page)).toHaveText('Em ligação');
    await snap(page, 'dialbar-on-call');
    await phone.customerHangsUp(await phone.currentCallId(), 20);
    await afterCall(page, names.long, 'dialbar-after-call');

    // The next card never answers: above 30 s without a call, the queue dials the one after.
    await expect(bar(page)).toContainText(names.never);
    await expect(status(page)).toHaveText('Aguardando ligação');
    await page.clock.fastForward(31_000);
    await expect(bar(page)).toContainText(names.brief);

    // A brief answer: the rep hangs up at once; the call is only an attempt.
    await expect(status(page)).toHaveText('Em ligação');
    await bar(page).getByRole('button', { name: 'Desligar' }).click();
    // No card left: the row answers 'Finished', the session ends and the page reloads.
    const reloaded = page.waitForEvent('load');
    await afterCall(page, names.brief);
    await reloaded;
    await expect(bar(page)).toBeHidden();
    await page.getByRole('searchbox', { name: 'Buscar' }).fill(prefix);
    await page.getByRole('button', { name: new RegExp(names.long) }).click();
    const card = page.getByRole('dialog', { name: names.long });
    await card.getByRole('tab', { name: 'Histórico do contato' }).click();
    const history = card.getByRole('region', { name: 'Histórico de atividades' });
    await expect(history.getByRole('listitem', { name: /^Ligação Realizada/ })).toBeVisible();
    await snap(page, 'phone-history');
    await card.getByRole('button', { name: 'Fechar' }).click();
    await page.getByRole('button', { name: new RegExp(names.never) }).click();
    const never = page.getByRole('dialog', { name: names.never });
    await never.getByRole('tab', { name: 'Histórico do contato' }).click();
    await expect(
      never.getByRole('region', { name: 'Histórico de atividades' }).getByRole('listitem', {
        name: /^Tentativa de Ligação/,
      }),
    ).toBeVisible();
    await never.getByRole('button', { name: 'Fechar' }).click();
    await expect(toast(page, 'Algo deu errado!')).toHaveCount(0);

    // The board's call filters find them: every card was dialed, only one talked above 15 s; the brief one talked
    // under a minute without counting as answered.
    const filters = async (active: string) => {
      await page.getByRole('button', { name: active }).click();
      return page.getByRole('dialog', { name: 'Filtros' });
    };
    const apply = async (drawer: Locator) => {
      await drawer.getByRole('button', { name: 'Aplicar' }).click();
      await expect(drawer).toBeHidden();
    };
    const shown = page.getByRole('button', { name: new RegExp(prefix) });
    const expectCards = async (...expected: string[]) => {
      await expect(shown).toHaveCount(expected.length);
      for (const name of expected)
        await expect(page.getByRole('button', { name: new RegExp(name) })).toBeVisible();
    };
    let drawer = await filters('Filtros');
    await choose(page, drawer, 'Ligações', 'Ligação realizada');
    await choose(page, drawer, 'Atendimento', 'Todas atendidas');
    await snap(page, 'board-call-filters');
    await apply(drawer);
    await expectCards(names.long);

    drawer = await filters('Filtros, 2 ativos');
    await choose(page, drawer, 'Atendimento', 'Não atendidas');
    await apply(drawer);
    await expectCards(names.pause, names.never, names.brief);

    drawer = await filters('Filtros, 2 ativos');
    await choose(page, drawer, 'Duração da ligação', 'Menos de 1 minuto');
    await drawer.getByRole('heading', { name: 'Filtros' }).click();
    await snap(page, 'board-call-filters-duration');
    await apply(drawer);
    await expectCards(names.brief);

    drawer = await filters('Filtros, 3 ativos');
    await choose(page, drawer, 'Ligações', 'Nenhuma ligação realizada');
    await expect(drawer.getByRole('textbox', { name: 'Atendimento' })).toBeDisabled();
    await apply(drawer);
    await expect(page.getByRole('button', { name: 'Filtros, 1 ativo' })).toBeVisible();
    await expect(shown).toHaveCount(0);

    drawer = await filters('Filtros, 1 ativo');
    await drawer.getByRole('button', { name: 'Limpar' }).click();
    await expect(drawer).toBeHidden();
    await expectCards(...Object.values(names));

    // The manager's dashboard counts the four calls just made: one answered (20 s), three not (the paused one and
    // the unanswered one never picked up, the brief one talked under 15 s); 20 s and the brief one under a minute.
    await page.goto('/dashboard');
    await page.getByRole('tab', { name: 'Atendimento' }).click();
    const panel = page.getByRole('region', { name: 'Telefone', exact: true });
    await figure(panel, 'Ligações', before.calls + 4);
    await figure(panel, 'Atendidas', before.answered + 1);
    await figure(panel, 'Não atendidas', before.not_answered + 3);
    if (before.answered === 0) await figure(panel, 'Duração média', '00:20');
    await figure(panel, 'Menos de 1 minuto', before.duration_classes.DurationLessThanAMinute + 2);
    await figure(panel, 'De 1 a 3 minutos', before.duration_classes.DurationOneToThreeMinutes);
    await figure(panel, 'Mais de 3 minutos', before.duration_classes.DurationMoreThanThreeMinutes);
    await expect(panel).not.toContainText('Nenhuma ligação registrada no período.');
    await panel.scrollIntoViewIfNeeded();
    await snap(page, 'dashboard-phone');
  });
});
