import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Locator, type Page } from '@playwright/test';
import { DEMO_PASSWORD, E2E_PORT } from '../playwright.config.ts';

export { DEMO_PASSWORD, E2E_PORT };
export const TOKEN_KEY = 'vendaval.token';
const screenshots = join(import.meta.dirname, '..', 'screenshots');

/** Screenshots of the current screen at desktop (1440 px) and phone (390 px) width. */
export async function snap(page: Page, name: string) {
  const original = page.viewportSize() ?? { width: 1440, height: 900 };
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: join(screenshots, `${name}-1440.png`), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: join(screenshots, `${name}-390.png`), fullPage: true });
  await page.setViewportSize(original);
}

/** A screenshot of the screen as it is now, at the current viewport. */
export const shot = (page: Page, name: string) => page.screenshot({ path: join(screenshots, `${name}.png`) });

export async function signIn(page: Page, username: string, password = DEMO_PASSWORD) {
  await page.goto('/login');
  await page.getByLabel('E-mail ou usuário').fill(username);
  await page.getByLabel('Senha', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
}

export async function signedInAs(page: Page, username: string) {
  await signIn(page, username);
  await expect(page).toHaveURL(/\/$/);
}

/** The newest e-mail the server wrote to its outbox for `to`. */
export function lastMailTo(to: string): { subject: string; text: string } {
  const dir = join(process.env.E2E_DATA_DIR ?? '', 'outbox');
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort();
  for (const file of files.reverse()) {
    const mail = JSON.parse(readFileSync(join(dir, file), 'utf8'));
    if (mail.to === to) return mail;
  }
  throw new Error(`no e-mail to ${to}`);
}

export const linkIn = (text: string, path: RegExp) => {
  const match = text.match(new RegExp(`https?://\\S*${path.source}\\S*`));
  if (!match) throw new Error(`no link matching ${path} in: ${text}`);
  return new URL(match[0]);
};

export const toast = (page: Page, text: string) =>
  page.locator('.mantine-Notification-root').filter({ hasText: text });

/** Picks `option` in the select labelled `label` inside `scope`. */
export async function choose(page: Page, scope: Locator, label: string, option: string) {
  await scope.getByRole('textbox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/**
 * Drags with a real mouse in small steps, as pointer sensors need; drops at the target's centre, or `dropY`
 * pixels below its top.
 */
export async function dragWithMouse(page: Page, from: Locator, to: Locator, dropY?: number) {
  const a = await from.boundingBox();
  const b = await to.boundingBox();
  if (!a || !b) throw new Error('nothing to drag');
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + 10, a.y + a.height / 2 + 10, { steps: 5 });
  await page.mouse.move(b.x + b.width / 2, b.y + (dropY ?? b.height / 2), { steps: 15 });
  await page.mouse.up();
}

/** A card made on the board through 'Criar Card'; it lands in the first stage, 'Novo lead'. */
export async function createCard(page: Page, name: string, phone = '11987654321') {
  await page.getByRole('button', { name: 'Criar Card' }).click();
  const dialog = page.getByRole('dialog', { name: 'Criar Card' });
  await dialog.getByRole('textbox', { name: 'Nome do Contato', exact: true }).fill(name);
  await dialog.getByRole('textbox', { name: 'Celular', exact: true }).fill(phone);
  await choose(page, dialog, 'Mídia', 'Instagram');
  await dialog.getByRole('button', { name: 'Criar', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(newLead(page, name)).toBeVisible();
}

/** A card of the board's first stage, 'Novo lead', by its name. */
export const newLead = (page: Page, name: string) =>
  page
    .getByRole('region', { name: 'Novo lead', exact: true })
    .getByRole('button', { name: new RegExp(name) });

/** Opens a card of 'Novo lead' and answers its modal. */
export async function openNewLead(page: Page, name: string) {
  await newLead(page, name).click();
  return page.getByRole('dialog', { name });
}

/** Deletes an automation from the Automações screen, confirming, and waits for its card to go. */
export async function deleteAutomation(page: Page, name: string) {
  const automation = page.getByTestId('automation-card').filter({ hasText: name });
  await automation.getByRole('button', { name: `Excluir ${name}` }).click();
  await page
    .getByRole('dialog', { name: 'Excluir automação' })
    .getByRole('button', { name: 'Excluir' })
    .click();
  await expect(automation).toHaveCount(0);
}

/** Chromium with its fake devices (a microphone playing a tone) and no permission prompt: voice notes and calls. */
export const FAKE_MEDIA_BROWSER = {
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
    ],
  },
};
