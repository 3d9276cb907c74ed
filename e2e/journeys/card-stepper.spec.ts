import { expect, type Locator, type Page, test } from '@playwright/test';
import { signedInAs, snap } from '../support/app.ts';

/** True when the step shows all of its text, nothing cut by its own width or by the edges of the stepper. */
const wholeInView = (step: Locator) =>
  step.evaluate((el) => {
    const stepper = el.closest('[role="group"]');
    const clip = stepper?.closest('.mantine-ScrollArea-viewport') ?? stepper;
    if (!clip) return false;
    const box = el.getBoundingClientRect();
    const view = clip.getBoundingClientRect();
    return el.scrollWidth <= el.clientWidth && box.left >= view.left - 1 && box.right <= view.right + 1;
  });

async function openFirstCardOf(page: Page, stage: string) {
  await page.getByRole('region', { name: stage, exact: true }).getByRole('button').first().click();
  return page.getByRole('dialog').last().getByRole('group', { name: 'Etapa do Funil' });
}

test.describe('card stage stepper', () => {
  test('defect 13: at 1440 px no stage is cut off and the current stage is always in view', async ({
    page,
  }) => {
    await signedInAs(page, 'admin@demo.local');
    const stepper = await openFirstCardOf(page, 'Novo lead');
    await expect(stepper.locator('[aria-current="step"]')).toHaveText('Novo lead');
    const steps = await stepper.getByRole('button').all();
    expect(steps.length).toBe(9);
    for (const step of steps) await expect.poll(() => wholeInView(step)).toBe(true);
    await snap(page, 'card-stepper');
    await page.reload();

    // A lost card: its stage is the last of the funnel.
    const last = await openFirstCardOf(page, 'Perdido');
    const current = last.locator('[aria-current="step"]');
    await expect(current).toHaveText('Perdido');
    await expect.poll(() => wholeInView(current)).toBe(true);
  });

  test('OPP-243 the phone layout starts below 800 px: the stepper becomes one stage field at 799 px', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 800, height: 900 });
    await signedInAs(page, 'admin@demo.local');
    const stepper = await openFirstCardOf(page, 'Novo lead');
    await expect(stepper.locator('[aria-current="step"]')).toHaveText('Novo lead');
    const modal = page.getByRole('dialog').last();
    await page.setViewportSize({ width: 799, height: 900 });
    await expect(stepper).toHaveCount(0);
    await expect(modal.getByRole('button', { name: 'Etapa do Funil' })).toContainText('Novo lead');
    await page.setViewportSize({ width: 800, height: 900 });
    await expect(stepper.locator('[aria-current="step"]')).toHaveText('Novo lead');
  });
});
