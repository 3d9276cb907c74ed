import { responseTimeClass } from '@vendaval/core/format';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, RH_HOST, type TestApp, workspaceIds } from '../../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** A log entry's created_at: 'YYYY-MM-DD HH:mm' in Brasília, which compares as text. */
const brasilia = (iso: string | number) =>
  new Intl.DateTimeFormat('sv-SE', {
    timeZone: 'America/Sao_Paulo',
    dateStyle: 'short',
    timeStyle: 'short',
  }).format(new Date(iso));

type Card = { id: number; name: string; tma: number | null; created_at: string; state_type: string };
type Entry = { type: string; created_at: string };

async function demoWorkspace(email: string, host = 'localhost') {
  const token = await t.login(email, host);
  const [workspaceId] = Object.values(await workspaceIds(t, token, host));
  const get = async (url: string) => {
    const res = await t.call({ method: 'GET', url: `/api/v1/workspaces/${workspaceId}${url}`, token, host });
    expect(res.statusCode, url).toBe(200);
    return res.json();
  };
  return { get };
}

describe('demo seed', () => {
  it("defect 7: cards came in over past weeks, most answered, a few overdue, and each history agrees with its 'sem interação' time", async () => {
    const w = await demoWorkspace('admin@demo.local');
    const cards: Card[] = (await w.get('/opportunities?limit=500&start_timestamp=2000-01-01')).data;
    expect(cards.length).toBeGreaterThanOrEqual(30);
    const now = Date.now();
    const ageDays = cards.map((c) => (now - Date.parse(c.created_at)) / 86_400_000);
    // Spread over the past weeks, not all made at the same moment.
    expect(Math.max(...ageDays)).toBeGreaterThan(14);
    expect(new Set(ageDays.map(Math.floor)).size).toBeGreaterThan(10);

    const waiting = cards.filter((c) => c.tma === null);
    const overdue = waiting.filter(
      (c) => responseTimeClass((now - Date.parse(c.created_at)) / 1000) === 'exceeded',
    );
    expect(cards.length - waiting.length).toBeGreaterThan(cards.length * 0.75);
    expect(overdue.length).toBeGreaterThan(0);
    expect(overdue.length).toBeLessThanOrEqual(4);
    expect(waiting.length - overdue.length).toBeGreaterThan(0); // a lead or two came in minutes ago

    for (const card of cards) {
      const history: Entry[] = (await w.get(`/opportunities/history?opportunity_id=${card.id}&limit=100`))
        .data;
      const created = history.find((e) => e.type === 'OpportunityCreated');
      expect(created?.created_at, card.name).toBe(brasilia(card.created_at));
      for (const entry of history) {
        const at = `${card.name} ${entry.type} ${entry.created_at}`;
        expect(entry.created_at >= brasilia(card.created_at), at).toBe(true);
        expect(entry.created_at <= brasilia(now), at).toBe(true);
      }
      const answered = history.find((e) => e.type === 'OpportunityTma');
      expect(Boolean(answered), card.name).toBe(card.tma !== null);
    }
  });

  it('defect 6: the recruiting demo has a recruiting funnel and recruiting lists', async () => {
    const w = await demoWorkspace('admin@rh.local', RH_HOST);
    const stages: { name: string }[] = (await w.get('/sales-stages')).data;
    expect(stages.map((s) => s.name)).toEqual([
      'Candidatura recebida',
      'Triagem',
      'Entrevista',
      'Teste técnico',
      'Proposta',
      'Sem retorno',
      'Banco de talentos',
      'Contratado',
      'Não Contratado',
    ]);
    const products: { name: string }[] = (await w.get('/products')).data;
    expect(products.map((p) => p.name)).toContain('Analista de Marketing');
    const actions: { name: string }[] = (await w.get('/task-types')).data;
    expect(actions.map((a) => a.name)).toContain('Entrevistar');
  });
});
