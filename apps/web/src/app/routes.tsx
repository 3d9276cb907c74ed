import {
  canManageApiClients,
  canManageAutomations,
  canManageBatchMessages,
  canManageForms,
  canManageLists,
  canManageMembers,
  canManageStages,
  canOperatePlatforms,
  canUseSimulator,
} from '@vendaval/core/permissions';
import { Navigate, type RouteObject } from 'react-router';
import { AppErrorPage } from '../features/errors/app-error-page.tsx';
import { usePlatform } from '../lib/platform.ts';
import { LoadingScreen } from '../ui/loading-screen.tsx';
import { PublicOnly, RequireAuth, RequireRole } from './guards.tsx';
import { RootLayout, type RouteHandle } from './root-layout.tsx';

const handle = (title: string): RouteHandle => ({ title });

function RouteLoading() {
  return <LoadingScreen spinner={usePlatform().spinner} />;
}

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    HydrateFallback: RouteLoading,
    ErrorBoundary: AppErrorPage,
    children: [
      {
        element: <PublicOnly />,
        children: [
          {
            path: 'login',
            handle: handle('Entrar'),
            lazy: async () => ({ Component: (await import('../features/auth/login-page.tsx')).LoginPage }),
          },
          {
            path: 'password-reset',
            handle: handle('Resetar'),
            lazy: async () => ({
              Component: (await import('../features/auth/password-reset-page.tsx')).PasswordResetPage,
            }),
          },
          {
            path: 'user-invitations/:id/validate',
            handle: handle('Convite'),
            lazy: async () => ({
              Component: (await import('../features/auth/invitation-page.tsx')).InvitationPage,
            }),
          },
        ],
      },
      {
        element: <RequireAuth />,
        children: [
          {
            lazy: async () => ({ Component: (await import('./layouts/default-layout.tsx')).DefaultLayout }),
            children: [
              {
                index: true,
                handle: handle('Pipeline'),
                lazy: async () => ({
                  Component: (await import('../features/opportunities/board/board-page.tsx')).BoardPage,
                }),
              },
              {
                path: 'calendar',
                handle: handle('Calendário'),
                lazy: async () => ({
                  Component: (await import('../features/calendar/calendar-page.tsx')).CalendarPage,
                }),
              },
              {
                path: 'dashboard',
                handle: handle('Dashboard'),
                lazy: async () => ({
                  Component: (await import('../features/dashboards/dashboard-page.tsx')).DashboardPage,
                }),
              },
              {
                path: 'planning',
                lazy: async () => ({
                  Component: (await import('../features/planning/planning-layout.tsx')).PlanningLayout,
                }),
                children: [
                  {
                    index: true,
                    handle: handle('Planejamento'),
                    lazy: async () => ({
                      Component: (await import('../features/planning/planning-home-page.tsx'))
                        .PlanningHomePage,
                    }),
                  },
                  ...['register', 'register/steptwo', 'register/stepthree', 'register/stepfour'].map(
                    (path) => ({
                      path,
                      handle: handle('Planejamento'),
                      lazy: async () => ({
                        Component: (await import('../features/planning/planning-register-page.tsx'))
                          .PlanningRegisterPage,
                      }),
                    }),
                  ),
                  ...['consult', 'consult/steptwo', 'consult/stepthree', 'consult/stepfour'].map((path) => ({
                    path,
                    handle: handle('Planejamento'),
                    lazy: async () => ({
                      Component: (await import('../features/planning/planning-consult-page.tsx'))
                        .PlanningConsultPage,
                    }),
                  })),
                  {
                    path: 'schedule',
                    handle: handle('Cronograma'),
                    lazy: async () => ({
                      Component: (await import('../features/planning/schedule-page.tsx')).SchedulePage,
                    }),
                  },
                  {
                    path: 'dashboards',
                    handle: handle('Dashboards do planejamento'),
                    lazy: async () => ({
                      Component: (await import('../features/planning/planning-dashboards-page.tsx'))
                        .PlanningDashboardsPage,
                    }),
                  },
                  {
                    path: 'pdca',
                    handle: handle('PDCA'),
                    lazy: async () => ({
                      Component: (await import('../features/planning/pdca-page.tsx')).PdcaPage,
                    }),
                  },
                  {
                    path: 'graduation5w2h',
                    handle: handle('5W2H Graduação'),
                    lazy: async () => ({
                      Component: (await import('../features/planning/graduation-5w2h-page.tsx'))
                        .Graduation5w2hPage,
                    }),
                  },
                  {
                    path: 'templateManagement',
                    handle: handle('Modelos de cronograma'),
                    lazy: async () => ({
                      Component: (await import('../features/planning/template-management-page.tsx'))
                        .TemplateManagementPage,
                    }),
                  },
                ],
              },
              {
                path: 'contacts',
                handle: handle('Contatos'),
                lazy: async () => ({
                  Component: (await import('../features/contacts/contacts-page.tsx')).ContactsPage,
                }),
              },
              {
                path: 'omnichannel',
                handle: handle('Omnichannel'),
                lazy: async () => ({
                  Component: (await import('../features/omnichannel/omnichannel-page.tsx')).OmnichannelPage,
                }),
              },
              {
                path: 'templates',
                handle: handle('Templates'),
                lazy: async () => ({
                  Component: (await import('../features/templates/templates-page.tsx')).TemplatesPage,
                }),
              },
              {
                path: 'users',
                handle: handle('Usuários'),
                lazy: async () => ({
                  Component: (await import('../features/users/users-page.tsx')).UsersPage,
                }),
              },
              {
                element: <RequireRole allowed={canManageLists} />,
                children: [
                  {
                    path: 'lists',
                    handle: handle('Editar Listas'),
                    lazy: async () => ({
                      Component: (await import('../features/catalog/lists-page.tsx')).ListsPage,
                    }),
                  },
                  {
                    path: 'admin',
                    handle: handle('Administração'),
                    lazy: async () => ({
                      Component: (await import('../features/catalog/admin-page.tsx')).AdminPage,
                    }),
                  },
                ],
              },
              {
                element: <RequireRole allowed={canUseSimulator} />,
                children: [
                  {
                    path: 'simulator',
                    handle: handle('Simulador de cliente'),
                    lazy: async () => ({
                      Component: (await import('../features/simulator/simulator-page.tsx')).SimulatorPage,
                    }),
                  },
                ],
              },
              {
                element: <RequireRole allowed={canManageBatchMessages} />,
                children: [
                  {
                    path: 'batch-message',
                    handle: handle('Disparo em massa'),
                    lazy: async () => ({
                      Component: (await import('../features/batch-messages/batch-messages-page.tsx'))
                        .BatchMessagesPage,
                    }),
                  },
                ],
              },
              {
                element: <RequireRole allowed={canManageAutomations} />,
                children: [
                  {
                    path: 'automation',
                    handle: handle('Automações'),
                    lazy: async () => ({
                      Component: (await import('../features/automations/automations-page.tsx'))
                        .AutomationsPage,
                    }),
                  },
                ],
              },
              {
                element: <RequireRole allowed={canManageForms} />,
                children: [
                  {
                    path: 'forms',
                    handle: handle('Formulários'),
                    lazy: async () => ({
                      Component: (await import('../features/forms/forms-page.tsx')).FormsPage,
                    }),
                  },
                ],
              },
              {
                element: <RequireRole allowed={canManageApiClients} />,
                children: [
                  {
                    path: 'integrations',
                    handle: handle('Integrar'),
                    lazy: async () => ({
                      Component: (await import('../features/integrations/integrations-page.tsx'))
                        .IntegrationsPage,
                    }),
                  },
                ],
              },
              {
                element: <RequireRole allowed={canManageMembers} />,
                children: [
                  {
                    path: 'enrollment-settings',
                    handle: handle('Matrículas'),
                    lazy: async () => ({
                      Component: (await import('../features/contracts/enrollment-settings-page.tsx'))
                        .EnrollmentSettingsPage,
                    }),
                  },
                ],
              },
              {
                element: <RequireRole allowed={canManageStages} />,
                children: [
                  {
                    path: 'pipeline-management',
                    handle: handle('Etapas do funil'),
                    lazy: async () => ({
                      Component: (await import('../features/catalog/pipeline-management-page.tsx'))
                        .PipelineManagementPage,
                    }),
                  },
                ],
              },
              {
                path: 'matriculas/:id/pagamento',
                handle: handle('Pagamento de teste'),
                lazy: async () => ({
                  Component: (await import('../features/contracts/sandbox-payment-page.tsx'))
                    .SandboxPaymentPage,
                }),
              },
              {
                element: <RequireRole allowed={(role) => canOperatePlatforms([role])} />,
                children: [
                  {
                    path: 'platforms',
                    handle: handle('Plataformas'),
                    lazy: async () => ({
                      Component: (await import('../features/platforms/platforms-page.tsx')).PlatformsPage,
                    }),
                  },
                ],
              },
              {
                path: 'workspace-management',
                handle: handle('Gerenciamento de workspaces'),
                lazy: async () => ({
                  Component: (await import('../features/workspace-management/workspace-management-page.tsx'))
                    .WorkspaceManagementPage,
                }),
              },
            ],
          },
          {
            path: 'guide',
            handle: handle('Guia'),
            lazy: async () => ({ Component: (await import('../features/guide/guide-page.tsx')).GuidePage }),
          },
          {
            path: 'logout',
            handle: handle('Sair'),
            lazy: async () => ({ Component: (await import('../features/auth/logout-page.tsx')).LogoutPage }),
          },
        ],
      },
      {
        // A marketing form for visitors, signed in or not: its hosted page and the page other sites frame.
        path: 'f/:publicId',
        handle: handle('Formulário'),
        children: [
          {
            index: true,
            lazy: async () => ({
              Component: (await import('../features/forms/public-form-page.tsx')).PublicFormPage,
            }),
          },
          {
            path: 'embed',
            lazy: async () => ({
              Component: (await import('../features/forms/public-form-page.tsx')).PublicFormPage,
            }),
          },
        ],
      },
      {
        path: 'error/404',
        handle: handle('Página não encontrada'),
        lazy: async () => ({
          Component: (await import('../features/errors/not-found-page.tsx')).NotFoundPage,
        }),
      },
      { path: '*', element: <Navigate to="/error/404" replace /> },
    ],
  },
];
