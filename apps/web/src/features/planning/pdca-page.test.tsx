import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { SUCCESS_MESSAGES } from '@vendaval/core/messages';
import type { Platform } from '@vendaval/core/schemas/platform';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startSession } from '../../lib/session.ts';
import { stubFetch } from '../../testing/fetch-stub.ts';
import { platformFixture, tokenResponseFixture } from '../../testing/fixtures.ts';
import { renderApp } from '../../testing/render-app.tsx';

const W = '/api/v1/workspaces/1';
const franchise = (): Platform => {
  const platform = platformFixture();
  return { ...platform, flags: { ...platform.flags, planning: 'franchise' } };
};
const PLAN = {
  id: 7,
  workspace_id: 1,
  year: 2026,
  type: 'regular',
  phase: 'Submitted',
  status: 5,
  start_month: 1,
  end_month: 12,
  created_at: '2026-11-27T10:00:00.000Z',
  updated_at: '2026-11-27T10:00:00.000Z',
};
const page = (data: unknown[]) => ({ data, pagination: { total_count: data.length, limit: 500, offset: 0 } });

beforeEach(() => {
  vi.spyOn(notifications, 'show').mockReturnValue('id');
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('/planning/pdca', () => {
  it('PLAT-271 the PDCA exports as XLSX or as PDF, each a job whose notification brings the file', async () => {
    const exports: string[] = [];
    stubFetch((url) => {
      if (url.pathname === '/api/v1/platform') return { body: franchise() };
      if (url.pathname === `${W}/plannings`) return { body: page([PLAN]) };
      if (url.pathname === `${W}/plannings/7/pdca`) return { body: { planning_id: 7, year: 2026, data: [] } };
      if (url.pathname === `${W}/exports/pdca`) {
        exports.push(url.search);
        const format = url.searchParams.get('format');
        return {
          body: {
            id: '4f1c7c1e-8a7e-4d5e-9a53-3b1f0c2d9e10',
            kind: 'pdca',
            format,
            status: 'queued',
            row_count: null,
            created_at: '2026-11-28T10:00:00.000Z',
            expires_at: null,
          },
        };
      }
      return { body: page([]) };
    });
    startSession(tokenResponseFixture([{ id: 1, name: 'Unidade Jardins', role: 'manager' }]));
    renderApp('/planning/pdca');
    expect(await screen.findByText('Este planejamento não tem ações 5W2H.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Exportar PDF' }));
    await waitFor(() => expect(exports).toEqual(['?planning_id=7&format=pdf']));
    await waitFor(() =>
      expect(notifications.show).toHaveBeenCalledWith(
        expect.objectContaining({ message: SUCCESS_MESSAGES.pdcaExportStarted }),
      ),
    );
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Exportar XLSX' }).hasAttribute('disabled')).toBe(false),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Exportar XLSX' }));
    await waitFor(() => expect(exports).toEqual(['?planning_id=7&format=pdf', '?planning_id=7&format=xlsx']));
  });
});
