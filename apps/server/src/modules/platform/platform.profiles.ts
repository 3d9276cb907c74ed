import type { Platform } from '@vendaval/core/schemas/platform';
import { DEFAULT_TERMS } from '@vendaval/core/terms';

export const DEFAULT_PLATFORM_ID = 1000;
const DEFAULT_SUBTITLE = 'Aumente a sua produtividade ao máximo!';
const DEFAULT_CHARTS = [
  'Resumo do Funil',
  'Oportunidades perdidas',
  'Funil de atendimento',
  'Origem',
  'Campanhas',
  'Mídias',
  'Produtos',
];

const brand = (slug: string) => ({
  favicon: `/brand/${slug}/favicon.svg`,
  logos: {
    default: { light: `/brand/${slug}/logo-light.svg`, dark: `/brand/${slug}/logo-dark.svg` },
    short: { light: `/brand/${slug}/logo-short-light.svg`, dark: `/brand/${slug}/logo-short-dark.svg` },
  },
  login_backgrounds: {
    desktop: `/brand/${slug}/login-desktop.svg`,
    mobile: `/brand/${slug}/login-mobile.svg`,
  },
});

const baseFlags: Platform['flags'] = {
  changeButton: false,
  has_reset: true,
  has_street_generation: false,
  planning: null,
  integrated_enroll: null,
  responsibleCheck: false,
  calendar_actions: null,
  main_collaborator: 'salesRep',
  opportunity_type_icons: false,
};

/**
 * The built-in white-label profiles: seeds written on first start. From then on the stored rows are the truth, and
 * the operator (role master) edits them and adds platforms at runtime.
 */
export const PLATFORM_PROFILES: Platform[] = [
  {
    id: DEFAULT_PLATFORM_ID,
    name: 'Vendaval CRM',
    short_name: 'Vendaval',
    subtitle: DEFAULT_SUBTITLE,
    hosts: ['localhost', '127.0.0.1'],
    spinner: 'dark',
    trademark_owner: 'Vendaval',
    ...brand('vendaval'),
    palette: { primary: '#1971c2', secondary: '#0ca678', nav: '#10233f', button: null },
    gradient: { primary: '#1971c2', secondary: '#0ca678', login_only: true },
    // The product's own profile: the only one showing the card-type icons (PLAT-147).
    flags: {
      ...baseFlags,
      calendar_actions: 'default',
      opportunity_type_icons: true,
      integrated_enroll: 'sandbox',
    },
    terms: { ...DEFAULT_TERMS },
    preset_values: { source_type: 'Offline', media_id: null },
    faq_videos: [],
    dashboard_titles: {
      service_tab: 'Atendimento',
      ranking_tab: 'Ranking de Atendentes',
      charts: DEFAULT_CHARTS,
    },
  },
  {
    id: 1,
    name: 'Vendaval Talentos',
    short_name: 'Talentos',
    subtitle: 'Recrutamento sem perder nenhum candidato de vista.',
    hosts: ['rh.localhost'],
    spinner: 'light',
    trademark_owner: 'Vendaval',
    ...brand('talentos'),
    palette: { primary: '#7048e8', secondary: '#f76707', nav: '#221642', button: null },
    gradient: null,
    flags: { ...baseFlags, main_collaborator: 'manager', responsibleCheck: true },
    terms: {
      won_term: 'Contratado',
      lost_term: 'Não Contratado',
      product_term: 'o cargo',
      price_term: 'Remuneração',
      concluded_term: 'Concluído',
      sales_rep_term: 'Recrutador',
    },
    preset_values: { source_type: 'Offline', media_id: null },
    faq_videos: [],
    dashboard_titles: {
      service_tab: 'Atendimento',
      ranking_tab: 'Ranking de Recrutadores',
      charts: [...DEFAULT_CHARTS, 'Agendamentos'],
    },
  },
  {
    id: 2,
    name: 'Rede Saber Franquias',
    short_name: 'Rede Saber',
    subtitle: DEFAULT_SUBTITLE,
    hosts: ['franquia.localhost'],
    spinner: 'dark',
    trademark_owner: 'Rede Saber Educação',
    ...brand('rede-saber'),
    palette: { primary: '#e8590c', secondary: '#2f9e44', nav: '#3a1f0d', button: '#d9480f' },
    gradient: { primary: '#e8590c', secondary: '#f59f00', login_only: false },
    flags: {
      ...baseFlags,
      planning: 'franchise',
      integrated_enroll: 'sandbox',
      has_street_generation: true,
    },
    terms: { ...DEFAULT_TERMS, price_term: 'Valor', concluded_term: 'Matriculado' },
    preset_values: { source_type: 'Offline', media_id: null },
    faq_videos: [],
    dashboard_titles: {
      service_tab: 'Atendimento',
      ranking_tab: 'Ranking de Orientadores',
      charts: [...DEFAULT_CHARTS, 'Agendamentos'],
    },
  },
];
