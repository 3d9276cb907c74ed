import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { createCard, signedInAs, snap } from '../support/app.ts';

test("PLAT-138 PLAT-271 PLAT-272 a manager exports the board's filtered cards as XLSX and the file downloads", async ({
  page,
}) => {
  await signedInAs(page, 'gerente@demo.local');
  await createCard(page, 'Exportada Silva', '11977776666');

  const searched = page.waitForResponse((res) => res.url().includes('search=Exportada') && res.ok());
  await page.getByRole('searchbox', { name: 'Buscar' }).fill('Exportada');
  await searched;
  await snap(page, 'exports-board');

  await page.getByRole('button', { name: 'Exportar', exact: true }).click();
  await expect(page.getByRole('menuitem', { name: 'Planilha Excel (.xlsx)' })).toBeVisible();
  await snap(page, 'exports-menu');
  const download = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'Planilha Excel (.xlsx)' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^oportunidades-\d{4}-\d{2}-\d{2}\.xlsx$/);
  await expect(page.getByRole('button', { name: 'Exportar', exact: true })).toBeEnabled();

  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await file.path());
  const sheet = workbook.worksheets[0];
  const rows: unknown[][] = [];
  sheet?.eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1));
  });
  // The search narrowed the board to the new card: the file holds it alone, under the header.
  expect(rows).toHaveLength(2);
  expect(rows[0]?.slice(0, 6)).toEqual(['ID', 'Nome', 'Etapa', 'Situação', 'Responsável', 'Contato']);
  expect(rows[1]?.[5]).toBe('Exportada Silva');
  expect(rows[1]?.[3]).toBe('Aberto');
});

test('PLAT-139 a salesRep sees no export on the board nor on the contacts', async ({ page }) => {
  await signedInAs(page, 'bruno@demo.local');
  await expect(page.getByRole('button', { name: 'Filtros' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Exportar' })).toHaveCount(0);
  await page.goto('/contacts');
  await expect(page.getByRole('heading', { name: 'Contatos' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Exportar' })).toHaveCount(0);
});

test('PLAT-271 an admin exports the contacts as CSV from /contacts', async ({ page }) => {
  await signedInAs(page, 'admin@demo.local');
  await page.goto('/contacts');
  await expect(page.getByLabel('Carregando contatos')).toHaveCount(0);
  await snap(page, 'exports-contacts');
  await page.getByRole('button', { name: 'Exportar', exact: true }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'CSV (.csv)' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^contatos-\d{4}-\d{2}-\d{2}\.csv$/);
});
