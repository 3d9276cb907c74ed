import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { REMOTE_CONFIG_MIN_FETCH_INTERVAL_MS } from '@vendaval/core/constants';
import { createCard, DEMO_PASSWORD, newLead, signedInAs, snap } from '../support/app.ts';

const DEFAULT_PLATFORM = 1000;
const NEW_PRICE_TERM = 'Mensalidade Remota';
const NEW_PRIMARY = '#c2255c';

const primaryColor = (page: Page) =>
  page.evaluate(() =>
    getComputedStyle(document.documentElement).getPropertyValue('--mantine-primary-color-filled').trim(),
  );

/** The tab comes back into view, as when the rep returns to it from another window. */
const regainFocus = (page: Page) =>
  page.evaluate(() => {
    window.dispatchEvent(new Event('focus'));
    document.dispatchEvent(new Event('visibilitychange'));
  });

/** The operator (role master on the product's own host) edits the platform's profile through the API. */
async function operator(request: APIRequestContext) {
  const login = await request.post('/api/v1/auth/token', {
    data: { username: 'master@demo.local', password: DEMO_PASSWORD },
  });
  expect(login.status()).toBe(200);
  const headers = { authorization: `Bearer ${(await login.json()).access_token}` };
  const url = `/api/v1/platforms/${DEFAULT_PLATFORM}/profile`;
  return {
    profile: async () => (await request.get(url, { headers })).json(),
    save: async (data: object) => {
      const res = await request.put(url, { headers, data });
      expect(res.status(), await res.text()).toBe(200);
    },
  };
}

test('PLAT-191 a term and a colour the operator changes reach a rep’s open board when the tab regains focus a minute later, without a reload and keeping the typed search', async ({
  page,
  request,
}) => {
  const master = await operator(request);
  const original = await master.profile();

  await page.clock.install();
  const isPlatform = (url: string) => new URL(url).pathname === '/api/v1/platform';
  let platformRequests = 0;
  page.on('request', (req) => {
    if (isPlatform(req.url())) platformRequests += 1;
  });
  let loads = 0;
  page.on('load', () => {
    loads += 1;
  });

  await signedInAs(page, 'bruno@demo.local');
  await createCard(page, 'Rita Remota', '11966665555');
  const searched = page.waitForResponse((res) => res.url().includes('search=Rita') && res.ok());
  const search = page.getByRole('searchbox', { name: 'Buscar' });
  await search.fill('Rita Rem');
  await searched;
  const card = newLead(page, 'Rita Remota');
  await expect(card).toHaveAccessibleDescription(/Valor de venda/);
  const primaryBefore = await primaryColor(page);
  const loadsBefore = loads;

  try {
    await master.save({
      terms: { ...original.terms, price_term: NEW_PRICE_TERM },
      palette: { ...original.palette, primary: NEW_PRIMARY },
    });

    // A minute later the rep comes back to the tab: one revalidation brings the change in.
    const revalidated = page.waitForResponse((res) => isPlatform(res.url()));
    await page.clock.fastForward(REMOTE_CONFIG_MIN_FETCH_INTERVAL_MS + 1000);
    await regainFocus(page);
    expect((await revalidated).status()).toBe(200);

    await expect(card).toHaveAccessibleDescription(new RegExp(NEW_PRICE_TERM));
    await expect.poll(() => primaryColor(page)).not.toBe(primaryBefore);
    await expect(search).toHaveValue('Rita Rem');
    expect(loads).toBe(loadsBefore);
    await snap(page, 'remote-config-applied');

    // Back again at once: nothing more is asked. The health check sent after it marks where a request would be.
    // (The jump of a minute may itself have fired the once-a-minute check, so the count starts here.)
    const requestsAfterChange = platformRequests;
    await regainFocus(page);
    const marker = page.waitForRequest((req) => new URL(req.url()).pathname === '/api/health');
    await page.evaluate(() => fetch('/api/health'));
    await marker;
    expect(platformRequests).toBe(requestsAfterChange);
  } finally {
    await master.save({ terms: original.terms, palette: original.palette });
  }
});
