import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { createQueryClient } from '../lib/query-client.ts';
import { routes } from './routes.tsx';
import { SkinProvider } from './skin.tsx';
import { TenantProvider } from './tenant-provider.tsx';

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(() => createBrowserRouter(routes));
  return (
    <QueryClientProvider client={queryClient}>
      <SkinProvider>
        <TenantProvider>
          <RouterProvider router={router} />
        </TenantProvider>
      </SkinProvider>
    </QueryClientProvider>
  );
}
