import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, RH_HOST, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ seed: false });
});
afterAll(() => t.close());

const platformOf = async (host: string) => {
  const res = await t.call({ method: 'GET', url: '/api/v1/platform', host });
  expect(res.statusCode).toBe(200);
  return res.json();
};

describe('GET /platform', () => {
  it('PLAT-006 PLAT-007 the profile is chosen by the host; localhost gets the default profile 1000', async () => {
    expect((await platformOf('localhost:3000')).id).toBe(1000);
    expect((await platformOf(`${RH_HOST}:3000`)).id).toBe(1);
    expect((await platformOf('franquia.localhost')).id).toBe(2);
  });

  it('PLAT-008 an unknown host falls back to the default profile 1000', async () => {
    expect((await platformOf('crm.nobody-knows.example')).id).toBe(1000);
    expect((await platformOf('')).id).toBe(1000);
  });

  it('PLAT-009 PLAT-010 PLAT-011 PLAT-012 PLAT-013 a profile carries identity, subtitle, spinner, backgrounds and palette', async () => {
    const p = await platformOf('localhost');
    expect(p).toMatchObject({
      name: expect.any(String),
      short_name: expect.any(String),
      subtitle: 'Aumente a sua produtividade ao máximo!',
      favicon: expect.stringMatching(/\.svg$/),
      trademark_owner: expect.any(String),
      login_backgrounds: { desktop: expect.any(String), mobile: expect.any(String) },
      palette: {
        primary: expect.stringMatching(/^#/),
        secondary: expect.stringMatching(/^#/),
        nav: expect.any(String),
      },
    });
    expect(['dark', 'light']).toContain(p.spinner);
    expect(p.logos.default.light).not.toBe(p.logos.default.dark);
    expect(p.logos.short.light).toBeTruthy();
  });

  it('PLAT-014 PLAT-015 PLAT-016 gradient and flags are part of the profile', async () => {
    const p = await platformOf('localhost');
    expect(p.gradient).toMatchObject({
      primary: expect.any(String),
      secondary: expect.any(String),
      login_only: true,
    });
    expect(Object.keys(p.flags).sort()).toEqual(
      [
        'calendar_actions',
        'changeButton',
        'has_reset',
        'has_street_generation',
        'integrated_enroll',
        'main_collaborator',
        'opportunity_type_icons',
        'planning',
        'responsibleCheck',
      ].sort(),
    );
    expect(p.flags.calendar_actions).toBe('default');
  });

  it('PLAT-147 only the product’s own hosts show the card-type icons', async () => {
    expect((await platformOf('localhost')).flags.opportunity_type_icons).toBe(true);
    expect((await platformOf(RH_HOST)).flags.opportunity_type_icons).toBe(false);
  });

  it('PLAT-017 PLAT-021 PLAT-022 PLAT-023 PLAT-024 the recruiting profile speaks of hiring, the default of sales', async () => {
    const rh = await platformOf(RH_HOST);
    expect(rh.flags.main_collaborator).toBe('manager');
    expect(rh.terms).toMatchObject({
      won_term: 'Contratado',
      lost_term: 'Não Contratado',
      product_term: 'o cargo',
      price_term: 'Remuneração',
    });
    const def = await platformOf('localhost');
    expect(def.flags.main_collaborator).toBe('salesRep');
    expect(def.terms).toMatchObject({
      won_term: 'Ganho',
      lost_term: 'Perdido',
      product_term: 'um produto',
      price_term: 'Valor de venda',
      concluded_term: 'Matriculado',
    });
  });

  it('PLAT-018 every profile presets source_type Offline', async () => {
    for (const host of ['localhost', RH_HOST, 'franquia.localhost']) {
      expect((await platformOf(host)).preset_values.source_type).toBe('Offline');
    }
  });

  it('PLAT-026 PLAT-027 PLAT-028 PLAT-029 dashboard titles: no Agendamentos on the default profile, orientadores on the franchise', async () => {
    const def = await platformOf('localhost');
    expect(def.dashboard_titles.service_tab).toBe('Atendimento');
    expect(def.dashboard_titles.charts).toEqual(
      expect.arrayContaining(['Resumo do Funil', 'Origem', 'Produtos']),
    );
    expect(def.dashboard_titles.charts).not.toContain('Agendamentos');
    expect(def.dashboard_titles.ranking_tab).toBe('Ranking de Atendentes');
    const franchise = await platformOf('franquia.localhost');
    expect(franchise.dashboard_titles.ranking_tab).toBe('Ranking de Orientadores');
    expect(franchise.dashboard_titles.charts).toContain('Agendamentos');
  });

  it('answers without a token and never exposes internal columns', async () => {
    const p = await platformOf('localhost');
    expect(p).not.toHaveProperty('created_at');
    expect(p).not.toHaveProperty('createdAt');
  });
});
