import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../../testing/fetch-stub.ts';
import {
  BASE,
  cardApi,
  opportunityFixture,
  renderInApp,
  requests,
  signIn,
} from '../../opportunities/card-modal/test-support.tsx';
import { CardEnrollment } from './card-enrollment.tsx';

vi.mock('@mantine/notifications', async (original) => ({
  ...(await original<typeof import('@mantine/notifications')>()),
  notifications: { show: vi.fn(), hide: vi.fn(), clean: vi.fn() },
}));
afterEach(() => vi.unstubAllGlobals());

const CONTRACT = {
  id: 9,
  opportunity_id: 501,
  created_at: '2026-11-27T12:00:00.000Z',
  updated_at: '2026-11-27T12:00:00.000Z',
  payment_status: 'Pending',
  enrollment_fee: 350,
  payment_due_date: '2026-12-04',
  billing_type: 'PIX',
  provider: 'sandbox',
  payment_url: '/matriculas/9/pagamento',
  pix_code: null,
};

function renderEnrollment(integratedEnroll: string | null, overrides = {}) {
  const base = cardApi();
  const fetchMock = stubFetch((url, init) => {
    if (url.pathname === '/api/v1/platform') {
      const platform = base(url, init) as { body: { flags: object } };
      return {
        body: { ...platform.body, flags: { ...platform.body.flags, integrated_enroll: integratedEnroll } },
      };
    }
    if (url.pathname === `${BASE}/contracts`)
      return init.method === 'POST'
        ? { body: CONTRACT }
        : { body: { data: [CONTRACT], pagination: { total_count: 1, limit: 1, offset: 0 } } };
    return base(url, init);
  });
  signIn('manager');
  renderInApp(
    <>
      <CardEnrollment opportunity={opportunityFixture(overrides)} />
      <span>carregado</span>
    </>,
  );
  return fetchMock;
}

describe('CardEnrollment', () => {
  it('OPP-155 no enrolment is offered where the profile names no provider', async () => {
    renderEnrollment(null);
    await screen.findByText('carregado');
    expect(screen.queryByRole('button', { name: 'Gerar Matrícula' })).toBeNull();
  });

  it('OPP-155 a profile key that names no known provider offers none either', async () => {
    renderEnrollment('outro-sistema');
    await screen.findByText('carregado');
    expect(screen.queryByRole('button', { name: 'Gerar Matrícula' })).toBeNull();
  });

  it("OPP-058 the enrolment form starts with the contact's CPF and generates the card's charge", async () => {
    const fetchMock = renderEnrollment('sandbox');
    fireEvent.click(await screen.findByRole('button', { name: 'Gerar Matrícula' }));
    const form = await screen.findByRole('form', { name: 'Gerar Matrícula' });
    fireEvent.change(within(form).getByLabelText(/Taxa de matrícula/), { target: { value: '35000' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Gerar' }));
    await waitFor(() => expect(requests(fetchMock, 'POST', `${BASE}/contracts`)).toHaveLength(1));
    expect(requests(fetchMock, 'POST', `${BASE}/contracts`)[0]?.body).toMatchObject({
      opportunity_id: 501,
      enrollment_fee: 350,
      billing_type: 'PIX',
      payer_document: '52998224725',
    });
  });

  it('OPP-152 a pending enrolment leads to its payment page and cannot be generated again', async () => {
    renderEnrollment('sandbox', {
      contract: {
        id: 9,
        created_at: CONTRACT.created_at,
        payment_status: 'Pending',
        enrollment_fee: 350,
        payment_due_date: '2026-12-04',
      },
    });
    const link = await screen.findByRole('link', { name: 'Abrir página de pagamento' });
    expect(link.getAttribute('href')).toBe('/matriculas/9/pagamento');
    expect(screen.queryByRole('button', { name: 'Gerar Matrícula' })).toBeNull();
  });
});
