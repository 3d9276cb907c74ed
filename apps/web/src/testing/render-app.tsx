import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { routes } from '../app/routes.tsx';
import { SkinProvider } from '../app/skin.tsx';
import { TenantProvider } from '../app/tenant-provider.tsx';
import { createQueryClient } from '../lib/query-client.ts';

/** The whole app (providers, tenant loading, guards, lazy routes) at a path, in memory. */
export function renderApp(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const queryClient = createQueryClient();
  const view = render(
    <QueryClientProvider client={queryClient}>
      <SkinProvider>
        <TenantProvider>
          <RouterProvider router={router} />
        </TenantProvider>
      </SkinProvider>
    </QueryClientProvider>,
  );
  return { ...view, router, queryClient };
}
