import { expect, type Page, test } from '@playwright/test';
import { signedInAs, snap } from '../support/app.ts';

/**
 * The app runs under its Content-Security-Policy: every screen that loads brand images, chat files, emoji and the
 * event stream does so without a single violation, and the API docs render under their own page.
 */
async function watchViolations(page: Page) {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text()))
      violations.push(`${page.url()}: ${message.text()}`);
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      console.error(
        `Refused to load: ${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`,
      );
    });
  });
  return violations;
}

test('security headers: the app, its chat, brand and simulator screens and the API docs load with no CSP violation', async ({
  page,
}) => {
  const violations = await watchViolations(page);
  const login = await page.goto('/login');
  expect(login?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(login?.headers()['x-content-type-options']).toBe('nosniff');
  await signedInAs(page, 'admin@demo.local');
  await expect(
    page
      .getByRole('heading', { name: /Funil|Pipeline/ })
      .or(page.locator('main'))
      .first(),
  ).toBeVisible();

  await page.goto('/workspace-management?tab=marca');
  await expect(page.getByRole('img').first()).toBeVisible();

  await page.goto('/admin/simulator');
  await page.goto('/omnichannel');
  await expect(page.locator('main')).toBeVisible();

  await page.goto('/api/docs');
  await expect(page.getByRole('heading', { name: /API Vendaval CRM/ })).toBeVisible();
  await expect(page.locator('.opblock').first()).toBeVisible();
  await snap(page, 'api-docs-under-csp');
  expect(violations).toEqual([]);
});
