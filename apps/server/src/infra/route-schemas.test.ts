import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { requireResponseSchema } from './route-schemas.ts';

function appWithCheck() {
  const app = Fastify();
  app.addHook('onRoute', requireResponseSchema);
  return app;
}

describe('response schemas checked at start', () => {
  it('refuses an API route that declares no response schema', async () => {
    const app = appWithCheck();
    expect(() => app.get('/api/v1/things', async () => ({}))).toThrow(
      'GET /api/v1/things declares no response schema',
    );
    await app.close();
  });

  it('takes an API route with one, and routes outside the API', async () => {
    const app = appWithCheck();
    app.get('/api/v1/things', { schema: { response: { 200: { type: 'object' } } } }, async () => ({}));
    app.get('/api/health', async () => ({}));
    await app.ready();
    expect(app.hasRoute({ method: 'GET', url: '/api/v1/things' })).toBe(true);
    await app.close();
  });
});
