import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, within } from '@testing-library/react';
import type { Tag } from '@vendaval/core/schemas/catalog';
import type { OpportunityListItem } from '@vendaval/core/schemas/opportunities';
import { DEFAULT_TERMS, RECRUITING_TERMS, resolveTerms } from '@vendaval/core/terms';
import { describe, expect, it } from 'vitest';
import type { TypeIcon } from '../../../ui/opportunity-type-icon/opportunity-type-icon.tsx';
import { cardFixture } from './board-test-fixtures.ts';
import { OpportunityCard } from './opportunity-card.tsx';
import { responseTimeLine } from './response-time.ts';

const NOW = Date.parse('2025-03-10T15:00:00.000Z');

const tags: Tag[] = [
  { id: 1, name: 'Bolsa', color: 'fab005' },
  { id: 2, name: 'Urgente', color: '1c3d7a' },
];
const tagsById = new Map(tags.map((t) => [t.id, t]));

const noIcons = new Map<number, TypeIcon>();

function renderCard(card: OpportunityListItem, terms = resolveTerms(DEFAULT_TERMS), typeIcons = noIcons) {
  return render(
    <MantineProvider>
      <OpportunityCard card={card} tagsById={tagsById} typeIcons={typeIcons} terms={terms} now={NOW} />
    </MantineProvider>,
  );
}

describe('board card', () => {
  it('PLAT-147 a card whose type has an icon shows it, named by the type; other cards show none', () => {
    const icons = new Map<number, TypeIcon>([[5, { icon: 'book', name: 'Rematrícula' }]]);
    const view = renderCard(cardFixture({ opportunity_type_id: 5 }), resolveTerms(DEFAULT_TERMS), icons);
    const icon = screen.getByRole('img', { name: 'Tipo de card: Rematrícula' });
    expect(icon.getAttribute('data-icon')).toBe('book');
    view.unmount();
    renderCard(cardFixture({ opportunity_type_id: 4 }), resolveTerms(DEFAULT_TERMS), icons);
    expect(screen.queryByRole('img', { name: /Tipo de card/ })).toBeNull();
  });

  it('OPP-001 shows name, contact, product and price in BRL, labelled with the tenant terms', () => {
    renderCard(cardFixture(), resolveTerms(RECRUITING_TERMS));
    expect(screen.getByText('Maria Silva - Matrícula')).toBeTruthy();
    expect(screen.getByText('#12')).toBeTruthy();
    expect(screen.getByText(/^Contato:/).parentElement?.textContent).toBe('Contato: Maria Silva');
    expect(screen.getByTitle('Cargo').textContent).toBe('Cargo: Ensino Médio');
    expect(screen.getByTitle('Remuneração').textContent).toBe('Remuneração: R$ 1.250,50');
  });

  it('OPP-001 with the default terms the price reads Valor de venda and the product Produto', () => {
    renderCard(cardFixture({ price: 0 }));
    expect(screen.getByTitle('Valor de venda').textContent).toBe('Valor de venda: R$ 0,00');
    expect(screen.getByTitle('Produto').textContent).toBe('Produto: Ensino Médio');
  });

  it('leaves the contact and product lines out when the card has none', () => {
    renderCard(cardFixture({ contact: null, contact_id: null, product: null, product_id: null }));
    expect(screen.queryByText(/^Contato:/)).toBeNull();
    expect(screen.queryByTitle('Produto')).toBeNull();
  });

  it('OPP-082 OPP-083 shows probability / 20 stars, named by the qualification on hover', async () => {
    renderCard(cardFixture({ probability: 60 }));
    const stars = screen.getByRole('img', { name: 'Qualificação: Morno' });
    expect(stars.querySelectorAll('.tabler-icon-star-filled')).toHaveLength(3);
    expect(stars.querySelectorAll('.tabler-icon-star')).toHaveLength(2);
    fireEvent.mouseEnter(stars);
    expect(await screen.findByRole('tooltip')).toBeTruthy();
    expect(screen.getByRole('tooltip').textContent).toBe('Morno');
  });

  it('OPP-083 every qualification has its label', () => {
    const labels = [20, 40, 60, 80, 100].map((probability) => {
      const view = renderCard(cardFixture({ probability }));
      const label = within(view.container)
        .getByRole('img', { name: /^Qualificação/ })
        .getAttribute('aria-label');
      view.unmount();
      return label;
    });
    expect(labels).toEqual([
      'Qualificação: Não tem interesse',
      'Qualificação: Frio',
      'Qualificação: Morno',
      'Qualificação: Quente',
      'Qualificação: Quero contratar',
    ]);
  });

  it("shows the responsible's initial, and the name on hover", async () => {
    renderCard(cardFixture());
    const avatar = screen.getByLabelText('Responsável: bruno Barros');
    expect(avatar.textContent).toBe('B');
    fireEvent.mouseEnter(avatar);
    expect((await screen.findByRole('tooltip')).textContent).toBe('bruno Barros');
  });

  it('OPP-092 shows the tags in their colours with the names of the tag list, skipping unknown ids', () => {
    renderCard(cardFixture({ tags: [2, 1, 99] }));
    const urgent = screen.getByText('Urgente').closest('.mantine-Badge-root') as HTMLElement;
    const grant = screen.getByText('Bolsa').closest('.mantine-Badge-root') as HTMLElement;
    expect(urgent.style.background).toBe('rgb(28, 61, 122)');
    expect(urgent.style.color).toBe('rgb(255, 255, 255)');
    expect(grant.style.background).toBe('rgb(250, 176, 5)');
    expect(grant.style.color).toBe('rgb(26, 27, 30)');
    expect(screen.queryByText('99')).toBeNull();
  });

  it('shows the open-chat marker only when a chat room of the card is open', () => {
    const view = renderCard(cardFixture({ has_open_room: true }));
    expect(screen.getByRole('img', { name: 'Sala de chat aberta' })).toBeTruthy();
    view.unmount();
    renderCard(cardFixture());
    expect(screen.queryByRole('img', { name: 'Sala de chat aberta' })).toBeNull();
  });

  it('OPP-156 OPP-160 an answered card reads Atendido em X, in pt-BR words', () => {
    renderCard(cardFixture({ tma: 300 }));
    const line = screen.getByText('Atendido em 5 minutos');
    expect(line.getAttribute('data-tone')).toBe('answered');
  });

  it('OPP-157 Atendido em X takes the alert style above 600 seconds only', () => {
    const view = renderCard(cardFixture({ tma: 600 }));
    expect(screen.getByText('Atendido em 10 minutos').getAttribute('data-tone')).toBe('answered');
    view.unmount();
    renderCard(cardFixture({ tma: 3725 }));
    expect(screen.getByText('Atendido em 1 hora e 2 minutos').getAttribute('data-tone')).toBe('alert');
  });

  it('OPP-158 OPP-159 without an answer it reads X sem interação since creation, coloured by class', () => {
    renderCard(cardFixture({ created_at: '2025-03-10T13:00:00.000Z' }));
    expect(screen.getByText('2 horas sem interação').getAttribute('data-tone')).toBe('exceeded');
  });

  it('OPP-158 OPP-159 a recreated card counts from its recreation', () => {
    const card = { tma: null, created_at: '2025-01-01T00:00:00.000Z' };
    expect(responseTimeLine({ ...card, recreated_at: '2025-03-10T14:55:00.000Z' }, NOW)).toEqual({
      text: '5 minutos sem interação',
      tone: 'acceptable',
    });
    expect(responseTimeLine({ ...card, recreated_at: '2025-03-10T14:45:00.000Z' }, NOW)).toEqual({
      text: '15 minutos sem interação',
      tone: 'attention',
    });
    expect(responseTimeLine({ ...card, recreated_at: null }, NOW).text).toBe(
      '68 dias e 15 horas sem interação',
    );
  });

  it('renders user text as text', () => {
    renderCard(cardFixture({ name: '<img src=x onerror=alert(1)>' }));
    expect(screen.getByText('<img src=x onerror=alert(1)>')).toBeTruthy();
    expect(document.querySelector('img[src="x"]')).toBeNull();
  });
});
