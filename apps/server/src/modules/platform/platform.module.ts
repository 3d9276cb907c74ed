import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { platformRoutes } from './platform.routes.ts';
import { PLATFORMS_CHANNEL } from './platform.service.ts';

export const platformModule: FastifyPluginAsyncZod = async (api) => {
  const { database, db, platforms } = api.deps;
  let unlisten: (() => Promise<void>) | undefined;
  // A platform created or edited through any server reaches this one's host table without a restart.
  api.addHook('onReady', async () => {
    try {
      unlisten = await database.listen(PLATFORMS_CHANNEL, () => {
        platforms.reload(db).catch((err) => api.log.error({ err }, 'the platforms were not read again'));
      });
    } catch (err) {
      api.log.error({ err }, 'platform changes of other servers will not be heard until a restart');
    }
  });
  api.addHook('onClose', async () => unlisten?.());
  await api.register(platformRoutes);
};
