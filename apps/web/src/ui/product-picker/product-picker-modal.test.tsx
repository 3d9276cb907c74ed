import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../testing/fetch-stub.ts';
import { page, renderWidget, signInAs, workspaceApi } from '../task-form/testing/render-widget.tsx';
import { ProductPickerModal } from './product-picker-modal.tsx';

const products = (from: number, count: number) =>
  Array.from({ length: count }, (_, i) => ({ id: from + i, name: `Produto ${from + i}`, price: 10 }));

function productCalls(fetchMock: ReturnType<typeof stubFetch>) {
  return fetchMock.mock.calls
    .map(([url]) => new URL(String(url), 'http://x'))
    .filter((u) => u.pathname.endsWith('/products'))
    .map((u) => Object.fromEntries(u.searchParams));
}

/** The product's radio (queried by value: the list holds up to 150 of them). */
function radio(id: number): HTMLInputElement {
  const found = document.querySelector<HTMLInputElement>(`input[type="radio"][value="${id}"]`);
  if (!found) throw new Error(`product ${id} is not listed`);
  return found;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Seleção de Produtos', () => {
  it('OPP-148 OPP-149 lists 100 products at a time and loads the next 100 at the end of the list while more exist', async () => {
    const fetchMock = stubFetch(
      workspaceApi({
        'GET /products': (url) => {
          const offset = Number(url.searchParams.get('offset'));
          const data = offset === 0 ? products(1, 100) : products(101, 50);
          return { body: { data, pagination: { total_count: 150, limit: 100, offset } } };
        },
      }),
    );
    signInAs('manager');
    const onConfirm = vi.fn();
    renderWidget(<ProductPickerModal opened onClose={() => {}} selected={null} onConfirm={onConfirm} />);
    const modal = within(await screen.findByRole('dialog', { name: 'Seleção de Produtos' }));
    await waitFor(() => radio(100));
    expect(productCalls(fetchMock)).toEqual([{ limit: '100', offset: '0' }]);
    const viewport = document.querySelector('.mantine-ScrollArea-viewport') as HTMLElement;
    fireEvent.scroll(viewport);
    await waitFor(() => radio(150));
    expect(productCalls(fetchMock)).toEqual([
      { limit: '100', offset: '0' },
      { limit: '100', offset: '100' },
    ]);
    fireEvent.scroll(viewport);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(productCalls(fetchMock)).toHaveLength(2); // 150 loaded: nothing more
    expect(radio(120).closest('.mantine-Radio-root')?.textContent).toBe('Produto 120 — R$ 10,00');
    fireEvent.click(radio(120));
    fireEvent.click(modal.getByRole('button', { name: 'Confirmar' }));
    expect(onConfirm).toHaveBeenCalledWith({ id: 120, name: 'Produto 120', price: 10 });
  });

  it('OPP-150 OPP-151 searches 850 ms after typing; a failure shows nothing', async () => {
    const fetchMock = stubFetch(
      workspaceApi({
        'GET /products': (url) =>
          url.searchParams.get('search')
            ? { status: 500, body: { status: 500, message: 'falhou' } }
            : page(products(1, 3)),
      }),
    );
    signInAs('manager');
    const { notifications } = await import('@mantine/notifications');
    const show = vi.spyOn(notifications, 'show').mockReturnValue('id');
    renderWidget(<ProductPickerModal opened onClose={() => {}} selected={null} onConfirm={() => {}} />);
    const modal = within(await screen.findByRole('dialog', { name: 'Seleção de Produtos' }));
    await waitFor(() => radio(1));
    fireEvent.change(modal.getByRole('textbox', { name: 'Buscar' }), { target: { value: 'Ing' } });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(productCalls(fetchMock)).toHaveLength(1);
    await waitFor(
      () => expect(productCalls(fetchMock).at(-1)).toEqual({ limit: '100', offset: '0', search: 'Ing' }),
      {
        timeout: 3000,
      },
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(show).not.toHaveBeenCalled();
  });
});
