import type { Role } from '@vendaval/core/roles';
import type { Db, DbOrTx } from '../../infra/db.ts';
import type { SeedMessage } from '../chat/chat.seed.ts';
import { DEFAULT_PLATFORM_ID } from '../platform/platform.profiles.ts';
import type { PlatformDirectory } from '../platform/platform.service.ts';
import * as users from '../users/users.service.ts';
import { openWorkspace } from '../workspaces/workspaces.service.ts';
import { RECRUITING_CONVERSATIONS, SCHOOL_CONVERSATIONS } from './demo.chat.ts';
import {
  type DemoLists,
  FRANCHISE_LISTS,
  RECRUITING_LISTS,
  SCHOOL_LISTS,
  seedDemoLists,
} from './demo.lists.ts';
import { type DemoStage, RECRUITING_STAGES, SCHOOL_STAGES, seedDemoPipeline } from './demo.pipeline.ts';

interface DemoPerson {
  name: string;
  email: string;
  /** Role per workspace, by the workspace's position in the tenant's list. */
  roles: (Role | null)[];
}

interface DemoTenant {
  platformId: number;
  host: string;
  workspaces: string[];
  people: DemoPerson[];
  /** What each of its workspaces' admin lists start with. */
  lists: DemoLists;
  /** The open stages of its funnel, in the tenant's trade. */
  stages: DemoStage[];
  /** Chat conversations of its trade, on the first cards of each workspace. */
  conversations: SeedMessage[][];
}

/** The first person of each tenant opens its workspaces and is their admin. */
export const DEMO_TENANTS: DemoTenant[] = [
  {
    platformId: DEFAULT_PLATFORM_ID,
    host: 'localhost',
    workspaces: ['Escola Centro', 'Escola Zona Norte'],
    people: [
      { name: 'Ana Administradora', email: 'admin@demo.local', roles: ['admin', 'admin'] },
      { name: 'Gustavo Gerente', email: 'gerente@demo.local', roles: ['manager', 'manager'] },
      { name: 'Alice Atendente', email: 'atendente@demo.local', roles: ['salesRep', 'salesRep'] },
      { name: 'Bruno Barros', email: 'bruno@demo.local', roles: ['salesRep', null] },
      { name: 'Carla Campos', email: 'carla@demo.local', roles: [null, 'salesRep'] },
      // The operator of the whole product: creates and edits the white-label platforms.
      { name: 'Mário Master', email: 'master@demo.local', roles: ['master', null] },
    ],
    lists: SCHOOL_LISTS,
    stages: SCHOOL_STAGES,
    conversations: SCHOOL_CONVERSATIONS,
  },
  {
    platformId: 1,
    host: 'rh.localhost',
    workspaces: ['Recrutamento e Seleção'],
    people: [
      { name: 'Renata Recursos Humanos', email: 'admin@rh.local', roles: ['admin'] },
      { name: 'Marcos Recrutador', email: 'recrutador@rh.local', roles: ['manager'] },
      { name: 'Paula Prado', email: 'paula@rh.local', roles: ['salesRep'] },
    ],
    lists: RECRUITING_LISTS,
    stages: RECRUITING_STAGES,
    conversations: RECRUITING_CONVERSATIONS,
  },
  {
    platformId: 2,
    host: 'franquia.localhost',
    workspaces: ['Unidade Jardins'],
    people: [
      { name: 'Fernanda Franqueadora', email: 'admin@franquia.local', roles: ['admin'] },
      { name: 'Gabriel Gestor', email: 'gestor@franquia.local', roles: ['manager'] },
      { name: 'Olívia Orientadora', email: 'orientadora@franquia.local', roles: ['salesRep'] },
    ],
    lists: FRANCHISE_LISTS,
    stages: SCHOOL_STAGES,
    conversations: SCHOOL_CONVERSATIONS,
  },
];

/**
 * Seeds each demo tenant that has no people yet; returns the logins of the tenants it seeded or found. Without
 * `conversations`, the cards have no chat rooms (a world where a test lists exactly the rooms it writes).
 */
export async function seedDemo(
  db: Db,
  password: string,
  platforms: PlatformDirectory,
  { conversations = true }: { conversations?: boolean } = {},
) {
  for (const tenant of DEMO_TENANTS) {
    const [owner] = tenant.people;
    if (!owner || (await users.findUserByEmail(db, tenant.platformId, owner.email))) continue;
    const seeded = conversations ? tenant : { ...tenant, conversations: [] };
    await db.transaction((tx) => seedTenant(tx, seeded, password, platforms));
  }
  return DEMO_TENANTS.flatMap((t) => t.people.map((p) => ({ host: t.host, email: p.email, roles: p.roles })));
}

async function seedTenant(tx: DbOrTx, tenant: DemoTenant, password: string, platforms: PlatformDirectory) {
  const people = [];
  for (const person of tenant.people) {
    people.push(
      await users.createUser(tx, tenant.platformId, { name: person.name, email: person.email, password }),
    );
  }
  const [owner] = people;
  if (!owner) return;
  for (const [index, name] of tenant.workspaces.entries()) {
    const workspace = await openWorkspace(tx, { platformId: tenant.platformId, userId: owner.id }, name);
    const responsibleIds: number[] = [];
    for (const [i, person] of tenant.people.entries()) {
      const role = person.roles[index];
      const user = people[i];
      if (i === 0 || !role || !user) continue;
      await users.addMember(tx, tenant.platformId, workspace.id, user.id, role);
      if (role === 'salesRep' || role === 'manager') responsibleIds.push(user.id);
    }
    // The cards use the lists' items, so the lists come first.
    await seedDemoLists(tx, { platformId: tenant.platformId, workspaceId: workspace.id }, tenant.lists);
    await seedDemoPipeline(tx, {
      platformId: tenant.platformId,
      workspaceId: workspace.id,
      ownerId: owner.id,
      responsibleIds,
      terms: platforms.get(tenant.platformId).terms,
      stages: tenant.stages,
      conversations: tenant.conversations,
      seed: workspace.id,
    });
  }
}
