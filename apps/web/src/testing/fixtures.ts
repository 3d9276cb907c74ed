import type { TokenResponse } from '@vendaval/core/schemas/auth';
import {
  NOTIFICATION_KINDS,
  type NotificationPage,
  type UserSettings,
} from '@vendaval/core/schemas/notifications';
import type { Platform } from '@vendaval/core/schemas/platform';
import type { StubResponse } from './fetch-stub.ts';

export function platformFixture(overrides: Partial<Platform> = {}): Platform {
  return {
    id: 1000,
    name: 'Vendaval',
    short_name: 'Vendaval',
    subtitle: 'Aumente a sua produtividade ao máximo!',
    hosts: ['localhost'],
    spinner: 'dark',
    favicon: '/favicon.svg',
    trademark_owner: 'Vendaval',
    logos: {
      default: { light: '/logo-light.svg', dark: '/logo-dark.svg' },
      short: { light: '/short-light.svg', dark: '/short-dark.svg' },
    },
    login_backgrounds: { desktop: '/bg-desktop.jpg', mobile: '/bg-mobile.jpg' },
    palette: { primary: '#1e6fd9', secondary: '#f28c28', nav: '#16213a', button: null },
    gradient: null,
    flags: {
      changeButton: false,
      has_reset: true,
      has_street_generation: false,
      planning: null,
      integrated_enroll: null,
      responsibleCheck: false,
      calendar_actions: null,
      main_collaborator: 'salesRep',
      opportunity_type_icons: false,
    },
    terms: {
      won_term: 'Ganho',
      lost_term: 'Perdido',
      product_term: 'um produto',
      price_term: 'Valor de venda',
      concluded_term: 'Matriculado',
      sales_rep_term: 'Atendente',
    },
    preset_values: { source_type: 'Offline', media_id: null },
    faq_videos: [],
    dashboard_titles: { service_tab: 'Atendimento', ranking_tab: 'Ranking de Atendentes', charts: [] },
    ...overrides,
  };
}

export function tokenResponseFixture(workspaces: TokenResponse['user']['workspaces']): TokenResponse {
  return {
    access_token: 'token-abc',
    token_type: 'Bearer',
    expires_in: 3600,
    user: {
      id: 7,
      name: 'Ana Souza',
      email: 'ana@example.com',
      username: 'ana',
      access_code: 'A1',
      platform_id: 1000,
      workspaces,
    },
  };
}

/**
 * What the full layout asks for itself, for a user with nothing new: the bell's notifications and settings and the
 * news warnings; undefined for any other request.
 */
export function emptyLayoutStub(key: string): StubResponse | undefined {
  if (key === 'GET /api/v1/news') return { body: { data: [] } };
  if (key === 'GET /api/v1/notifications') {
    const page: NotificationPage = {
      data: [],
      pagination: { total_count: 0, limit: 20, offset: 0 },
      unread_count: 0,
    };
    return { body: page };
  }
  if (key === 'GET /api/v1/user/settings') {
    const settings: UserSettings = {
      notify_kinds: [...NOTIFICATION_KINDS],
      push_enabled: false,
      sound_enabled: true,
      quiet_start: null,
      quiet_end: null,
    };
    return { body: settings };
  }
  return undefined;
}
