import { expect, type Page, test } from '@playwright/test';
import { createCard, FAKE_MEDIA_BROWSER, openNewLead, shot, signedInAs } from '../support/app.ts';

// Chromium's fake microphone plays a tone, so a voice note can be recorded without a person.
test.use({ permissions: ['microphone'], ...FAKE_MEDIA_BROWSER });

async function openChat(page: Page, name: string) {
  const card = await openNewLead(page, name);
  await card.getByRole('tab', { name: 'Chat' }).click();
  return card;
}

test.describe('chat audio', () => {
  test('CHAT-034 CHAT-036 CHAT-038 a voice note is recorded and sent as Ogg Opus when stopped', async ({
    page,
  }) => {
    await signedInAs(page, 'gerente@demo.local');
    await createCard(page, 'Ari Áudio', '11955550004');
    const card = await openChat(page, 'Ari Áudio');
    await card.getByRole('button', { name: 'Abrir Sala' }).click();
    const panel = card.getByRole('dialog', { name: 'Iniciar conversa' });
    await panel.getByRole('textbox', { name: 'Mensagem' }).fill('Vou mandar um áudio.');
    await panel.getByRole('button', { name: 'Abrir Sala' }).click();
    await expect(card.getByText('Vou mandar um áudio.')).toBeVisible();

    await card.getByRole('button', { name: 'Gravar áudio' }).click();
    await expect(card.getByRole('button', { name: 'Parar gravação' })).toBeVisible();
    await expect(card.getByText(/Gravando… 0:0[1-9]/)).toBeVisible();
    await shot(page, 'chat-recording-1440');
    const sent = page.waitForRequest(
      (r) => r.method() === 'POST' && /\/dialogs\/\d+\/messages$/.test(r.url()),
    );
    await card.getByRole('button', { name: 'Parar gravação' }).click();
    const body = (await sent).postDataJSON();
    expect(body.message_object.file.name).toMatch(/\.ogg$/);
    const bytes = Buffer.from(body.message_object.file.base64File.split(',')[1], 'base64');
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('OggS');
    expect(bytes.includes(Buffer.from('OpusHead'))).toBe(true);
    // OpusHead: its 10th byte is the channel count; Opus itself always codes at 48 kHz.
    const head = bytes.indexOf(Buffer.from('OpusHead'));
    expect(bytes[head + 9]).toBe(1);
    await expect(card.locator('audio')).toBeVisible();
  });
});
