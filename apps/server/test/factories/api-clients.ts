import type { ApiRole } from '@vendaval/core/roles';
import type { HTTPMethods } from 'fastify';
import type { Person, World } from './cards.ts';

export interface Integration {
  id: number;
  secret: string;
}

/** Integrations made through the admin's API, and calls made with their secrets. */
export function integrations(w: World) {
  return {
    async create(role: ApiRole, workspaceId = w.centro, who: Person = 'admin'): Promise<Integration> {
      const res = await w.call(who, 'POST', workspaceId, 'api-clients', { name: `Integração ${role}`, role });
      if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
      return res.json();
    },
    call(
      secret: string,
      method: HTTPMethods,
      workspaceId: number,
      path: string,
      payload?: object,
      host?: string,
    ) {
      return w.t.call({
        method,
        url: `/api/v1/workspaces/${workspaceId}/${path}`,
        token: secret,
        ...(host ? { host } : {}),
        ...(payload ? { payload } : {}),
      });
    },
  };
}
