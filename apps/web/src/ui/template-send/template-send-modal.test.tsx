import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MESSAGES } from '@vendaval/core/messages';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWidget, signInAs } from '../task-form/testing/render-widget.tsx';
import type { AssembledTemplate } from './template-fields.ts';
import { templateFixture } from './template-fixtures.ts';
import { TemplateSendModal } from './template-send-modal.tsx';
import type { VariableValues } from './template-variables.ts';

const VALUES: VariableValues = {
  atendente: 'Ana Souza',
  campanha: null,
  cliente: 'Maria Oliveira',
  cidade: 'São Paulo',
  produto: 'Curso de Inglês',
  valor_produto: 'R$ 349,50',
};

function open(batch = false, template = templateFixture()) {
  const onSend = vi.fn<(assembled: AssembledTemplate) => void>();
  renderWidget(
    <TemplateSendModal
      template={template}
      values={VALUES}
      batch={batch}
      onClose={() => {}}
      onSend={onSend}
    />,
  );
  return { onSend, modal: within(screen.getByRole('dialog', { name: 'Enviar Template' })) };
}

async function dictionary(modal: ReturnType<typeof within>, field: string, variable: string) {
  fireEvent.click(modal.getByRole('button', { name: `Variável para ${field}` }));
  const picker = within(await screen.findByRole('dialog', { name: 'Selecione a variável desejada' }));
  fireEvent.click(picker.getByRole('button', { name: variable }));
}

const toasts = () =>
  vi.mocked(notifications.show).mock.calls.map(([t]) => `${String(t.title)}|${String(t.message)}`);

async function expectToast(title: string, message: string) {
  await waitFor(() => expect(toasts()).toContain(`${title}|${message}`));
}

beforeEach(() => {
  vi.spyOn(notifications, 'show').mockReturnValue('id');
  signInAs('manager');
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('Enviar Template', () => {
  it('CHAT-059 CHAT-067 CHAT-068 the preview and one input per numbered variable of Header, Body, Footer and Botões', () => {
    const { modal } = open();
    expect(modal.getByLabelText('Pré-visualização do template').textContent).toContain(
      'Seu curso {{1}} custa {{2}}.',
    );
    for (const section of ['Header', 'Body', 'Botões'])
      expect(modal.getByRole('heading', { name: section })).toBeTruthy();
    for (const label of [
      'Header {{1}}',
      'Body {{1}}',
      'Body {{2}}',
      'Cupom (Copiar cupom)',
      'Ver site {{1}}',
    ]) {
      expect(modal.getByRole('textbox', { name: label })).toBeTruthy();
    }
    fireEvent.change(modal.getByRole('textbox', { name: 'Body {{1}}' }), { target: { value: 'Inglês' } });
    expect(modal.getByLabelText('Pré-visualização do template').textContent).toContain(
      'Seu curso Inglês custa {{2}}.',
    );
  });

  it('CHAT-060 CHAT-064 every variable is required: Preencha todos os campos obrigatórios.', () => {
    const { modal, onSend } = open();
    expect(modal.queryByRole('button', { name: 'Confirmar' })).toBeNull();
    fireEvent.change(modal.getByRole('textbox', { name: 'Body {{1}}' }), { target: { value: 'Inglês' } });
    fireEvent.click(modal.getByRole('button', { name: 'Enviar' }));
    expect(toasts()).toContain('Campos obrigatórios!|Preencha todos os campos obrigatórios.');
    expect(onSend).not.toHaveBeenCalled();
  });

  it('CHAT-061 CHAT-062 CHAT-065 the dictionary fills a field with the card value; a missing one warns', async () => {
    const { modal } = open();
    await dictionary(modal, 'Body {{1}}', 'Produto');
    await waitFor(() =>
      expect((modal.getByRole('textbox', { name: 'Body {{1}}' }) as HTMLInputElement).value).toBe(
        'Curso de Inglês',
      ),
    );
    const picker = within(
      await screen.findByRole('dialog', { name: 'Selecione a variável desejada', hidden: true }),
    );
    expect(picker.getAllByRole('button', { hidden: true }).map((b) => b.textContent)).toEqual(
      expect.arrayContaining(['Atendente', 'Campanha', 'Cliente', 'Cidade', 'Produto', 'Valor do produto']),
    );
    await dictionary(modal, 'Body {{2}}', 'Campanha');
    await expectToast('Informação ausente!', 'Oportunidade não possui a informação selecionada.');
    expect((modal.getByRole('textbox', { name: 'Body {{2}}' }) as HTMLInputElement).value).toBe('');
  });

  it('CHAT-060 CHAT-063 in batch mode the button reads Confirmar and variables stay placeholders', async () => {
    const { modal } = open(true);
    expect(modal.getByRole('button', { name: 'Confirmar' })).toBeTruthy();
    await dictionary(modal, 'Header {{1}}', 'Cliente');
    await waitFor(() =>
      expect((modal.getByRole('textbox', { name: 'Header {{1}}' }) as HTMLInputElement).value).toBe(
        '{{name}}',
      ),
    );
    await dictionary(modal, 'Body {{1}}', 'Campanha');
    await waitFor(() =>
      expect((modal.getByRole('textbox', { name: 'Body {{1}}' }) as HTMLInputElement).value).toBe(
        '{{campaign}}',
      ),
    );
  });

  it('a variable typed by hand is filled with the card value, like a picked one; an unknown or lacking one is refused', async () => {
    const template = templateFixture({ components: [{ type: 'BODY', text: 'Olá, {{1}}!' }] });
    const { modal, onSend } = open(false, template);
    const body = modal.getByRole('textbox', { name: 'Body {{1}}' });
    fireEvent.change(body, { target: { value: '{{nome}}' } });
    fireEvent.click(modal.getByRole('button', { name: 'Enviar' }));
    await expectToast('Variável desconhecida!', MESSAGES.unknownTemplateVariable('{{nome}}'));
    fireEvent.change(body, { target: { value: '{{campanha}}' } });
    fireEvent.click(modal.getByRole('button', { name: 'Enviar' }));
    await expectToast('Informação ausente!', MESSAGES.templateVariableMissing('{{campanha}}'));
    expect(onSend).not.toHaveBeenCalled();
    fireEvent.change(body, { target: { value: '{{ Cliente }}' } });
    expect(modal.getByLabelText('Pré-visualização do template').textContent).toContain(
      'Olá, Maria Oliveira!',
    );
    fireEvent.click(modal.getByRole('button', { name: 'Enviar' }));
    expect(onSend.mock.calls[0]?.[0]).toMatchObject({
      body: 'Olá, Maria Oliveira!',
      template: { components: [{ type: 'body', parameters: [{ type: 'text', text: 'Maria Oliveira' }] }] },
    });
  });

  it('a batch message sends no raw placeholder: a typed variable that names nothing known is refused in batch mode', async () => {
    const template = templateFixture({ components: [{ type: 'BODY', text: 'Olá, {{1}}!' }] });
    const { modal, onSend } = open(true, template);
    const body = modal.getByRole('textbox', { name: 'Body {{1}}' });
    fireEvent.change(body, { target: { value: '{{nome}}' } });
    fireEvent.click(modal.getByRole('button', { name: 'Confirmar' }));
    await expectToast('Variável desconhecida!', MESSAGES.unknownTemplateVariable('{{nome}}'));
    expect(onSend).not.toHaveBeenCalled();
    // A known one stays as typed, to be filled per card; the card's values are not used here.
    fireEvent.change(body, { target: { value: '{{cliente}}' } });
    fireEvent.click(modal.getByRole('button', { name: 'Confirmar' }));
    expect(onSend.mock.calls[0]?.[0]).toMatchObject({ body: 'Olá, {{cliente}}!' });
  });

  it('CHAT-066 CHAT-069 CHAT-070 a media header goes as base64 with its name; the coupon keeps 15 characters', async () => {
    const template = templateFixture({
      components: [
        { type: 'HEADER', format: 'IMAGE' },
        { type: 'BODY', text: 'Promoção!' },
        { type: 'BUTTONS', buttons: [{ type: 'COPY_CODE', text: 'Copiar' }] },
      ],
    });
    const { modal, onSend } = open(false, template);
    const coupon = modal.getByRole('textbox', { name: 'Cupom (Copiar)' }) as HTMLInputElement;
    fireEvent.change(coupon, { target: { value: 'ABC-123-DEF-456-GHI-789' } });
    expect(coupon.value).toBe('ABC123DEF456GHI');
    const fileInput = document.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(fileInput, {
      target: { files: [new File(['png'], 'banner.png', { type: 'image/png' })] },
    });
    await waitFor(() => expect(modal.getByText('banner.png')).toBeTruthy());
    await new Promise((resolve) => setTimeout(resolve, 50));
    fireEvent.click(modal.getByRole('button', { name: 'Enviar' }));
    await waitFor(() => expect(onSend).toHaveBeenCalled());
    const sent = onSend.mock.calls[0]?.[0];
    expect(sent?.template.components).toEqual([
      {
        type: 'header',
        parameters: [
          {
            type: 'image',
            file: { name: 'banner.png', base64File: expect.stringMatching(/^data:image\/png;base64,/) },
          },
        ],
      },
      {
        type: 'button',
        sub_type: 'copy_code',
        index: 0,
        parameters: [{ type: 'coupon_code', coupon_code: 'ABC123DEF456GHI' }],
      },
    ]);
    expect(sent?.body).toBe('Promoção!');
  });
});
