import { STAGE_TYPES } from '@vendaval/core/constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, RH_HOST, type TestApp, workspaceIds } from '../../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const stagesOf = async (email: string, host = 'localhost') => {
  const token = await t.login(email, host);
  const [workspaceId] = Object.values(await workspaceIds(t, token, host));
  const res = await t.call({
    method: 'GET',
    url: `/api/v1/workspaces/${workspaceId}/sales-stages`,
    token,
    host,
  });
  expect(res.statusCode).toBe(200);
  return { token, workspaceId, body: res.json() };
};

describe('GET /workspaces/:id/sales-stages', () => {
  it('PLAT-080 the demo workspace has a stage of every type, in display order, with hex colours', async () => {
    const { body } = await stagesOf('atendente@demo.local');
    expect(body.pagination).toEqual({ total_count: STAGE_TYPES.length, limit: 500, offset: 0 });
    expect(body.data.map((s: { type: string }) => s.type).sort()).toEqual([...STAGE_TYPES].sort());
    const orders = body.data.map((s: { display_order: number }) => s.display_order);
    expect(orders).toEqual([...orders].sort((a, b) => a - b));
    for (const stage of body.data) expect(stage.color).toMatch(/^[0-9a-f]{6}$/);
    expect(body.data.at(0)).toMatchObject({ type: 'First' });
  });

  it('PLAT-021 PLAT-022 won and lost stages carry the tenant vocabulary', async () => {
    const demo = (await stagesOf('gerente@demo.local')).body.data;
    expect(demo.find((s: { type: string }) => s.type === 'Won').name).toBe('Ganho');
    expect(demo.find((s: { type: string }) => s.type === 'Lost').name).toBe('Perdido');
    const rh = (await stagesOf('admin@rh.local', RH_HOST)).body.data;
    expect(rh.find((s: { type: string }) => s.type === 'Won').name).toBe('Contratado');
    expect(rh.find((s: { type: string }) => s.type === 'Lost').name).toBe('Não Contratado');
  });

  it('PLAT-280 pages are bounded at 500 and paginate', async () => {
    const { token, workspaceId } = await stagesOf('admin@demo.local');
    const url = `/api/v1/workspaces/${workspaceId}/sales-stages`;
    expect((await t.call({ method: 'GET', url: `${url}?limit=501`, token })).statusCode).toBe(400);
    const page = await t.call({ method: 'GET', url: `${url}?limit=2&offset=8`, token });
    expect(page.json().data).toHaveLength(1);
    expect(page.json().pagination).toEqual({ total_count: 9, limit: 2, offset: 8 });
  });
});
