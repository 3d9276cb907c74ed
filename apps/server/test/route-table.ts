import type { FastifyInstance } from 'fastify';

/** The app's routes under /workspaces/:workspaceId, as the app registered them (HEAD and OPTIONS aside). */
export const workspaceRoutes = (app: FastifyInstance) =>
  app.routeTable.filter(
    (r) => r.url.includes(':workspaceId') && r.method !== 'HEAD' && r.method !== 'OPTIONS',
  );

/** The app's routes under /platforms/:platformId that need a signed-in user (the public image files aside). */
export const platformRoutes = (app: FastifyInstance) =>
  app.routeTable.filter(
    (r) =>
      r.url.includes(':platformId') &&
      !(r.method === 'GET' && /\/(files|images)\/:name$/.test(r.url)) &&
      r.method !== 'HEAD' &&
      r.method !== 'OPTIONS',
  );

/** A route's URL with the workspace given and harmless values for its other parameters. */
export const fillRoute = (url: string, workspaceId: number) =>
  url
    .replace(':workspaceId', String(workspaceId))
    .replace(/:id\b/g, '00000000-0000-4000-8000-000000000000')
    .replace(/:\w+/g, '1');

/** The operator's routes (role master): the platforms themselves, outside any workspace. */
export const operatorRoutes = (app: FastifyInstance) =>
  app.routeTable.filter(
    (r) =>
      (r.url === '/api/v1/platforms' || r.url.startsWith('/api/v1/platforms/:platformId/profile')) &&
      r.method !== 'HEAD' &&
      r.method !== 'OPTIONS',
  );
