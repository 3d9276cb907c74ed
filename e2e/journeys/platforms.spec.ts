import { deflateSync } from 'node:zlib';
import { expect, type Page, test } from '@playwright/test';
import { DEMO_PASSWORD, E2E_PORT, signedInAs, snap, toast } from '../support/app.ts';

const HOST = 'horizonte.localhost';
const horizonte = `http://${HOST}:${E2E_PORT}`;
const PRIMARY = '#c2255c';

/** A real RGB PNG filled with one colour, as an operator's logo or background would be. */
function solidPng(width: number, height: number, [r, g, b]: [number, number, number]): Buffer {
  const table = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (data: Buffer) => {
    let c = 0xffffffff;
    for (const byte of data) c = (table[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8);
  header.writeUInt8(2, 9); // truecolour
  const row = Buffer.concat([
    Buffer.from([0]),
    Buffer.from(Array.from({ length: width }, () => [r, g, b]).flat()),
  ]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: height }, () => row)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Uploads through the slot's button; the slot then shows its own image as sent, the `sent`-th one. */
async function uploadImage(page: Page, label: string, buffer: Buffer, sent: number) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: `Enviar ${label}` }).click();
  await (await chooser).setFiles({ name: `${label}.png`, mimeType: 'image/png', buffer });
  await expect(page.getByText('Enviada', { exact: true })).toHaveCount(sent);
}

const primaryColor = (page: Page) =>
  page.evaluate(() =>
    getComputedStyle(document.documentElement).getPropertyValue('--mantine-primary-color-filled').trim(),
  );

test('PLAT-006 PLAT-012 PLAT-013 a master creates a platform with its host, images, palette and terms; its admin signs in there and sees them', async ({
  page,
  browser,
}) => {
  await signedInAs(page, 'master@demo.local');
  const defaultPrimary = await primaryColor(page);
  await page
    .getByRole('navigation', { name: 'Menu principal' })
    .getByRole('link', { name: 'Plataformas' })
    .click();
  await expect(page.getByRole('heading', { name: 'Plataformas' })).toBeVisible();
  await expect(page.getByRole('article', { name: 'Vendaval Talentos' })).toBeVisible();
  await snap(page, 'platforms-list');

  await page.getByRole('button', { name: 'Nova plataforma' }).click();
  const form = page.getByRole('form', { name: 'Nova plataforma' });
  await form.getByLabel('Nome de exibição').fill('Colégio Horizonte');
  await form.getByLabel('Nome curto').fill('Horizonte');
  await form.getByLabel('Subtítulo').fill('Matrículas abertas o ano inteiro.');
  await form.getByLabel('Dono da marca').fill('Colégio Horizonte Ltda.');
  const hosts = form.getByRole('textbox', { name: 'Endereços (hosts)' });
  await hosts.fill(HOST);
  await hosts.press('Enter');
  await form.getByRole('textbox', { name: 'Cor primária' }).fill(PRIMARY);
  await form.getByRole('textbox', { name: 'Cor do menu' }).fill('#3b0a1f');
  await form.getByLabel('Termo: Valor').fill('Mensalidade Horizonte');
  await form.getByLabel('Termo: Ganho').fill('Matriculado');
  await form.getByLabel('Nome do workspace').fill('Unidade Sul');
  await form.getByLabel('Nome do administrador').fill('Heloísa Horizonte');
  await form.getByLabel('E-mail do administrador').fill('heloisa@horizonte.example');
  await form.getByLabel('Senha inicial do administrador').fill(DEMO_PASSWORD);
  await snap(page, 'platforms-new');
  await form.getByRole('button', { name: 'Criar plataforma' }).click();
  await expect(page.getByRole('heading', { name: 'Colégio Horizonte' })).toBeVisible();

  await uploadImage(page, 'Logo (fundo claro)', solidPng(240, 64, [194, 37, 92]), 1);
  await uploadImage(page, 'Logo (fundo escuro)', solidPng(240, 64, [255, 240, 246]), 2);
  await uploadImage(page, 'Fundo do login (computador)', solidPng(640, 480, [59, 10, 31]), 3);
  await uploadImage(page, 'Fundo do login (celular)', solidPng(390, 300, [59, 10, 31]), 4);
  await snap(page, 'platforms-edit');

  // The host is taken: another platform may not claim it.
  await page.getByRole('button', { name: 'Voltar' }).click();
  await page.getByRole('button', { name: 'Nova plataforma' }).click();
  const second = page.getByRole('form', { name: 'Nova plataforma' });
  await second.getByLabel('Nome de exibição').fill('Cópia');
  await second.getByLabel('Nome curto').fill('Cópia');
  await second.getByRole('textbox', { name: 'Endereços (hosts)' }).fill(HOST);
  await second.getByRole('textbox', { name: 'Endereços (hosts)' }).press('Enter');
  await second.getByLabel('Nome do workspace').fill('Outra');
  await second.getByLabel('Nome do administrador').fill('Outra Pessoa');
  await second.getByLabel('E-mail do administrador').fill('outra@copia.example');
  await second.getByLabel('Senha inicial do administrador').fill(DEMO_PASSWORD);
  await second.getByRole('button', { name: 'Criar plataforma' }).click();
  await expect(toast(page, `O endereço "${HOST}" já é usado por outra plataforma.`)).toBeVisible();

  // A fresh browser on the new host: no restart, its own logo, background, palette and terms.
  const context = await browser.newContext({ baseURL: horizonte });
  const visitor = await context.newPage();
  await visitor.goto(`${horizonte}/login`);
  await expect(visitor.getByText('Matrículas abertas o ano inteiro.')).toBeVisible();
  const logo = visitor.getByRole('img', { name: 'Colégio Horizonte' }).first();
  await expect(logo).toBeVisible();
  expect(await logo.getAttribute('src')).toMatch(/^\/api\/v1\/platforms\/\d+\/files\/[a-f0-9-]+\.png$/);
  await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(240);
  expect(await primaryColor(visitor)).not.toBe(defaultPrimary);
  await snap(visitor, 'platforms-new-host-login');

  await visitor.getByLabel('E-mail ou usuário').fill('heloisa@horizonte.example');
  await visitor.getByLabel('Senha', { exact: true }).fill(DEMO_PASSWORD);
  await visitor.getByRole('button', { name: 'Entrar' }).click();
  await expect(visitor).toHaveURL(/\/$/);
  await visitor.getByRole('button', { name: 'Criar Card' }).click();
  const dialog = visitor.getByRole('dialog', { name: 'Criar Card' });
  await expect(dialog.getByText('Mensalidade Horizonte')).toBeVisible();
  await snap(visitor, 'platforms-new-host-card');
  await context.close();
});
