import { expect, type Page, request, test } from '@playwright/test';
import { DEMO_PASSWORD, signedInAs } from '../support/app.ts';
import { type Cluster, clusterSkipReason, startCluster } from '../support/cluster.ts';

const skipReason = clusterSkipReason();
const LEADS = 40;
const column = (page: Page, stage: string) => page.getByRole('region', { name: stage, exact: true });

/** A lead import sent straight to one instance, as the API's client (an integration) would. */
async function importLeads(baseURL: string) {
  const api = await request.newContext({ baseURL });
  const login = await api.post('/api/v1/auth/token', {
    data: { username: 'admin@demo.local', password: DEMO_PASSWORD },
  });
  const headers = { authorization: `Bearer ${(await login.json()).access_token}` };
  const workspaces = (await (await api.get('/api/v1/users/self/workspaces', { headers })).json()).data as {
    id: number;
    name: string;
  }[];
  const workspace = workspaces.find((w) => w.name === 'Escola Centro')?.id;
  const rows = Array.from({ length: LEADS }, (_, i) => `Lead Cluster ${i + 1};(62) 9${String(81000000 + i)}`);
  const started = await api.post(`/api/v1/workspaces/${workspace}/opportunities/upload`, {
    headers,
    multipart: {
      file: {
        name: 'leads.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(['Nome;Celular', ...rows].join('\r\n')),
      },
    },
  });
  expect(started.status(), await started.text()).toBe(200);
  const { id } = (await started.json()) as { id: number };
  await api.dispose();
  return { headers, workspace, id };
}

test.describe('several servers on one PostgreSQL behind nginx', () => {
  test.skip(skipReason !== undefined, skipReason);
  // Starting three servers (the first migrates and seeds a new database) is part of the hook's work.
  test.describe.configure({ timeout: 240_000 });
  let cluster: Cluster;
  test.beforeAll(async () => {
    cluster = await startCluster(3);
  });
  test.afterAll(async () => {
    await cluster?.stop();
  });

  test('PLAT-039 PLAT-244 a customer writes through instance A and the attendant on instance C sees it live, as does a board behind the proxy; a lead import sent to B runs once', async ({
    browser,
  }) => {
    const [a, b, c] = cluster.instances as [string, string, string];
    const attendant = await browser.newContext({ baseURL: c });
    const inbox = await attendant.newPage();
    await signedInAs(inbox, 'gerente@demo.local');
    await inbox.goto('/omnichannel');
    await expect(inbox.getByRole('region', { name: 'Conversas' })).toBeVisible();

    const manager = await browser.newContext({ baseURL: cluster.proxy });
    const board = await manager.newPage();
    await signedInAs(board, 'admin@demo.local');
    await expect(column(board, 'Novo lead')).toBeVisible();

    const customer = await browser.newContext({ baseURL: a });
    const phone = await customer.newPage();
    await signedInAs(phone, 'admin@demo.local');
    await phone.getByRole('link', { name: 'Simulador de cliente' }).click();
    await expect(phone.getByRole('textbox', { name: 'Funcionário digital' })).not.toHaveValue('');
    await phone.getByRole('textbox', { name: 'Telefone do cliente' }).fill('11 96543-7788');
    await phone.getByRole('textbox', { name: 'Nome do cliente' }).fill('Cida Cluster');
    const handset = phone.getByRole('region', { name: 'Celular do cliente' });
    await handset
      .getByRole('textbox', { name: 'Mensagem do cliente' })
      .fill('Oi! Vocês têm vaga no noturno?');
    await handset.getByRole('button', { name: 'Enviar' }).click();
    await expect(handset.getByText('Oi! Vocês têm vaga no noturno?')).toBeVisible();

    // No reload on C nor behind the proxy: the change made on A reaches them through the database's NOTIFY.
    const line = inbox.getByRole('button', { name: /Cida Cluster/ });
    await expect(line).toBeVisible();
    await line.click();
    await expect(
      inbox.getByRole('dialog', { name: /Cida Cluster/ }).getByText('Oi! Vocês têm vaga no noturno?'),
    ).toBeVisible();
    await expect(column(board, 'Novo lead').getByRole('button', { name: /Cida Cluster/ })).toBeVisible();

    const job = await importLeads(b);
    const api = await request.newContext({ baseURL: cluster.proxy });
    await expect
      .poll(
        async () =>
          (
            await (
              await api.get(`/api/v1/workspaces/${job.workspace}/opportunities/upload/${job.id}`, {
                headers: job.headers,
              })
            ).json()
          ).status,
        { timeout: 60_000 },
      )
      .toBe('done');
    await api.dispose();
    const cards = await cluster.query<{ n: number }>(
      `select count(*)::int as n from opportunities where name like 'Lead Cluster %'`,
    );
    expect(cards[0]?.n).toBe(LEADS);
    const runs = await cluster.query<{ state: string; n: number }>(
      `select state, count(*)::int as n from pgboss.job where name = 'lead-import' group by state`,
    );
    expect(runs).toEqual([{ state: 'completed', n: 1 }]);
  });
});
