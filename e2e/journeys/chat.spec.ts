import { expect, type Page, test } from '@playwright/test';
import { createCard, newLead, signedInAs, snap, toast } from '../support/app.ts';

// A 1×1 PNG and a small PDF, as a user would attach them.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

async function openChat(page: Page, name: string) {
  await newLead(page, name).click();
  const card = page.getByRole('dialog', { name });
  await card.getByRole('tab', { name: 'Chat' }).click();
  return card;
}

test.describe('chat', () => {
  test('CHAT-027 CHAT-041 CHAT-045 CHAT-046 CHAT-028 CHAT-033 CHAT-053 CHAT-058 a manager opens a room, writes, attaches files and uses a quick answer', async ({
    page,
  }) => {
    await signedInAs(page, 'gerente@demo.local');
    await createCard(page, 'Clara Conversa', '11955550001');
    const card = await openChat(page, 'Clara Conversa');
    await card.getByRole('button', { name: 'Abrir Sala' }).click();
    const panel = card.getByRole('dialog', { name: 'Iniciar conversa' });
    await expect(panel.getByRole('checkbox', { name: 'Manter Bot na conversa' })).toBeVisible();
    await snap(page, 'chat-open-room-panel');
    await panel.getByRole('button', { name: 'Abrir Sala' }).click();
    await expect(toast(page, 'Digite uma mensagem para abrir a sala!')).toBeVisible();
    await panel
      .getByRole('textbox', { name: 'Mensagem' })
      .fill('Olá, Clara! Tudo bem? Veja https://vendaval.dev');
    await panel.getByRole('button', { name: 'Abrir Sala' }).click();
    await expect(panel).toBeHidden();
    await expect(card.getByText('Olá, Clara! Tudo bem?')).toBeVisible();
    await expect(card.getByRole('link', { name: 'https://vendaval.dev' })).toBeVisible();
    await expect(card.getByText(/Sala: #\d+ \| Status: Aberta/)).toBeVisible();

    const box = card.getByPlaceholder('Mensagem...');
    await box.fill('Segunda linha');
    await box.press('Shift+Enter');
    await box.pressSequentially('continua aqui');
    await box.press('Enter');
    await expect(card.getByText(/Segunda linha\s+continua aqui/)).toBeVisible();
    await expect(box).toHaveValue('');

    await card.getByTestId('file-input').setInputFiles([
      { name: 'foto.png', mimeType: 'image/png', buffer: PNG },
      { name: 'contrato.pdf', mimeType: 'application/pdf', buffer: PDF },
    ]);
    await expect(card.getByRole('img', { name: 'foto.png' })).toBeVisible();
    await expect(card.getByRole('link', { name: 'contrato.pdf' })).toBeVisible();

    await box.fill('/sau');
    const answers = card.getByRole('dialog', { name: 'Respostas Rápidas' });
    await expect(answers.getByRole('listitem').first()).toBeVisible();
    await snap(page, 'chat-quick-answers');
    await answers.getByRole('listitem').first().click();
    await expect(box).not.toHaveValue('/sau');
    await expect(box).not.toHaveValue(/\{\{cliente\}\}/);
    await box.press('Enter');
    await expect(box).toHaveValue('');

    await card.getByRole('button', { name: 'Emojis' }).click();
    await expect(page.getByPlaceholder('Buscar')).toBeVisible();
    await snap(page, 'chat-emoji-picker');
    await page.keyboard.press('Escape');
    await snap(page, 'chat-room');
  });

  test('CHAT-006 CHAT-007 CHAT-027 CHAT-047 CHAT-048 CHAT-059 CHAT-061 CHAT-062 the room is closed from the header and reopened, then a new room is opened by template', async ({
    page,
  }) => {
    await signedInAs(page, 'gerente@demo.local');
    await createCard(page, 'Otávio Template', '11955550002');
    let card = await openChat(page, 'Otávio Template');
    await card.getByRole('button', { name: 'Abrir Sala' }).click();
    const open = card.getByRole('dialog', { name: 'Iniciar conversa' });
    await open.getByRole('textbox', { name: 'Mensagem' }).fill('Bom dia, Otávio!');
    await open.getByRole('button', { name: 'Abrir Sala' }).click();
    await expect(card.getByText('Bom dia, Otávio!')).toBeVisible();

    await card.getByRole('button', { name: 'Fechar sala' }).click();
    const warning = page.getByRole('dialog', { name: 'Aviso!' });
    await expect(warning).toBeVisible();
    await snap(page, 'chat-close-room');
    await warning.getByRole('button', { name: 'Fechar sala' }).click();
    await expect(toast(page, 'Sala do IMBOT fechada com sucesso!')).toBeVisible();
    await expect(card).toBeHidden();

    card = await openChat(page, 'Otávio Template');
    await expect(card.getByText(/Status: Fechada/)).toBeVisible();
    await expect(card.getByRole('button', { name: 'Reabrir Sala' })).toBeVisible();
    await expect(card.getByRole('button', { name: 'Mudar Canal' })).toBeVisible();
    await expect(card.getByPlaceholder('Mensagem...')).toHaveCount(0);
    await snap(page, 'chat-closed-room');

    await card.getByRole('button', { name: 'Reabrir Sala' }).click();
    await expect(card.getByPlaceholder('Mensagem...')).toBeVisible();
    await expect(card.getByText(/Status: Aberta/)).toBeVisible();
    await card.getByRole('button', { name: 'Fechar sala' }).click();
    await page.getByRole('dialog', { name: 'Aviso!' }).getByRole('button', { name: 'Fechar sala' }).click();
    await expect(card).toBeHidden();

    card = await openChat(page, 'Otávio Template');
    await card.getByRole('button', { name: 'Mudar Canal' }).click();
    const panel = card.getByRole('dialog', { name: 'Iniciar conversa' });
    await panel.getByText('Template', { exact: true }).click();
    await panel.getByRole('textbox', { name: 'Template' }).click();
    await page.getByRole('option', { name: 'boas_vindas (pt_BR)' }).click();
    await panel.getByRole('button', { name: 'Preencher template' }).click();
    const template = page.getByRole('dialog', { name: 'Enviar Template' });
    await expect(template.getByRole('button', { name: 'Enviar' })).toBeVisible();
    await template.getByRole('button', { name: 'Variável para Body {{1}}' }).click();
    await page
      .getByRole('dialog', { name: 'Selecione a variável desejada' })
      .getByRole('button', { name: 'Cliente' })
      .click();
    await expect(template.getByRole('textbox', { name: 'Body {{1}}' })).toHaveValue('Otávio Template');
    await expect(template.getByLabel('Pré-visualização do template')).toContainText('Olá, Otávio Template!');
    await snap(page, 'chat-template-modal');
    await template.getByRole('button', { name: 'Enviar' }).click();
    await expect(template).toBeHidden();
    await expect(card.getByText(/Olá, Otávio Template! Que bom falar com você/)).toBeVisible();
    // The new room comes first; the one before it loads when the user goes back.
    await expect(card.getByTestId('room-header')).toHaveCount(1);
    await card.getByRole('button', { name: 'Carregar mensagens anteriores' }).click();
    await expect(card.getByTestId('room-header')).toHaveCount(2);
    await expect(card.getByText('Bom dia, Otávio!')).toBeVisible();
    await expect(card.getByText(/Status: Aberta/)).toBeVisible();
  });

  test('CHAT-010 CHAT-011 CHAT-012 CHAT-013 CHAT-014 CHAT-015 CHAT-016 CHAT-017 every kind of message as the chat shows it', async ({
    page,
  }) => {
    await signedInAs(page, 'gerente@demo.local');
    await createCard(page, 'Vera Vitrine', '11955550003');
    const card = await openChat(page, 'Vera Vitrine');
    await card.getByRole('button', { name: 'Abrir Sala' }).click();
    const panel = card.getByRole('dialog', { name: 'Iniciar conversa' });
    await panel.getByRole('textbox', { name: 'Mensagem' }).fill('Olá, Vera!');
    const firstPage = page.waitForResponse((r) => /\/dialogs\/\d+\/messages\?/.test(r.url()));
    await panel.getByRole('button', { name: 'Abrir Sala' }).click();
    const first = await firstPage;
    const room = (await first.json()).data[0].dialog;

    // The contact's side cannot be typed from here, so the room's page is answered with one message of each kind.
    const now = Date.now();
    const ago = (minutes: number) => new Date(now - minutes * 60_000).toISOString();
    let id = 9000;
    const message = (fields: Record<string, unknown>) => ({
      id: ++id,
      remote_id: `wamid.${id}`,
      dialog_id: room.id,
      sent_at: ago(60 - id + 9000),
      message: null,
      header: null,
      footer: null,
      file: null,
      sender: 'contact',
      user_id: null,
      user: null,
      bot_name: null,
      status: 'sent',
      is_deleted: false,
      error_message: null,
      dialog: room,
      parent: null,
      ...fields,
    });
    const file = (name: string, mime: string) => ({ url: `/showcase/${name}`, mime, name });
    const question = message({ message: 'Oi! Qual o valor do curso? Meu e-mail é vera@exemplo.com' });
    const page1 = [
      question,
      message({
        sender: 'user',
        user: { name: 'Gustavo Gerente' },
        message: 'R$ 349,50 por mês.',
        parent: question,
        status: 'Read',
      }),
      message({ file: file('figurinha.webp', 'image/webp') }),
      message({ file: file('aula.mp4', 'video/mp4') }),
      message({ is_deleted: true, message: 'apagada' }),
      message({
        sender: 'bot',
        bot_name: room.bot_name,
        message: 'Posso ajudar em algo mais?',
        status: 'Delivered',
      }),
      message({
        sender: 'user',
        user: { name: 'Gustavo Gerente' },
        message: 'Enviado há pouco',
        status: 'sent',
      }),
      message({
        sender: 'user',
        user: { name: 'Gustavo Gerente' },
        message: 'Esta não chegou',
        error_message: 'Número sem WhatsApp',
      }),
      message({ file: file('sala.png', 'image/png') }),
      message({ file: file('audio.ogg', 'audio/ogg') }),
      message({ file: file('boleto.pdf', 'application/pdf') }),
    ].reverse();
    await page.route('**/showcase/**', (route) =>
      route.fulfill({
        body: PNG,
        contentType: route.request().url().endsWith('.png') ? 'image/png' : 'application/octet-stream',
      }),
    );
    await page.route(/\/dialogs\/\d+\/messages\?/, (route) =>
      route.request().method() === 'GET'
        ? route.fulfill({
            json: { data: page1, pagination: { total_count: page1.length, limit: 20, offset: 0 } },
          })
        : route.continue(),
    );
    await expect(card.getByText('Sticker ainda não suportado!')).toBeVisible({ timeout: 10_000 });
    await expect(card.getByText('Mensagem deletada para todos!')).toBeVisible();
    await expect(card.getByText(/Vídeo ainda não suportado/)).toBeVisible();
    await expect(card.getByRole('link', { name: 'vera@exemplo.com' }).first()).toHaveAttribute(
      'href',
      'mailto:vera@exemplo.com',
    );
    await expect(card.getByRole('img', { name: 'Lida' })).toBeVisible();
    await expect(card.getByRole('img', { name: 'Entregue' })).toBeVisible();
    await card.getByRole('img', { name: 'Erro: Número sem WhatsApp' }).hover();
    await expect(page.getByRole('tooltip', { name: 'Número sem WhatsApp' })).toBeVisible();
    await snap(page, 'chat-message-kinds');
  });
});
