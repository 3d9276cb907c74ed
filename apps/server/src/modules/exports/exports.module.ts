import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { exportRoutes } from './exports.routes.ts';
import { registerExportJobs } from './exports.service.ts';

export const exportsModule: FastifyPluginAsyncZod = async (api) => {
  const { db, jobs, storage, events, platforms } = api.deps;
  registerExportJobs({ db, jobs, storage, events, platforms });
  await api.register(exportRoutes);
};
