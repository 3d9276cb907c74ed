import dayjs from 'dayjs';
import { type ApiRole, ROLES, type Role } from './roles.ts';

// Role rules of the product, written once. The server enforces them; the web app
// calls the same functions only to hide what the server would refuse.

export const ADMIN_ROLES = ['admin', 'ceo', 'auxiliarTi'] as const satisfies readonly Role[];
export type AdminRole = (typeof ADMIN_ROLES)[number];

export const MANAGING_ROLES = [
  'consultorFranquia',
  'gestorFranquia',
  'diretorFranquia',
  'gerenteComercial',
  'consultorComercial',
  'franqueado',
  'master',
  'gerador',
  'manager',
] as const satisfies readonly Role[];
export type ManagingRole = (typeof MANAGING_ROLES)[number];

export const EXPORT_ROLES = [
  'admin',
  'manager',
  'auxiliarTi',
  'consultorFranquia',
  'gestorFranquia',
  'diretorFranquia',
  'consultorComercial',
  'diretorComercial',
  'gerenteComercial',
  'franqueado',
  'master',
  'ceo',
] as const satisfies readonly Role[];

const includes = (list: readonly string[], role: string): boolean => list.includes(role);

export function isAdminRole(role: string): role is AdminRole {
  return includes(ADMIN_ROLES, role);
}

export function isManagingRole(role: string): role is ManagingRole {
  return includes(MANAGING_ROLES, role);
}

export function canExport(role: string): boolean {
  return includes(EXPORT_ROLES, role);
}

/** The 'Editar Listas' link: role admin only, not the whole admin set. */
export function canEditLists(role: string): boolean {
  return role === 'admin';
}

/** Add, change and delete items of the admin lists (tags, campaigns, products…): the whole admin set. */
export function canManageLists(role: string): boolean {
  return isAdminRole(role);
}

/** Add, rename, recolour, reorder and delete the sales stages (/pipeline-management). */
export function canManageStages(role: string): boolean {
  return isAdminRole(role) || isManagingRole(role);
}

/** Invite users, change roles, remove members, edit workspace settings. */
export function canManageMembers(role: string): boolean {
  return isAdminRole(role);
}

/**
 * The platform's administrators: whoever holds an admin role in any of its workspaces opens workspaces and edits
 * the brand (name, palette, logos, terms) of the whole platform.
 */
export function canAdministerPlatform(roles: readonly string[]): boolean {
  return roles.some(isAdminRole);
}

/**
 * The operator of the whole product: the role master creates white-label platforms and edits their profiles
 * (hosts, names, images, palette, vocabulary, flags, presets). It holds on the product's own host only.
 */
export function canOperatePlatforms(roles: readonly string[]): boolean {
  return roles.includes('master');
}

/** Admin and managing roles see every member's data; anyone else only their own. */
export function canSeeAllUsers(role: string): boolean {
  return isAdminRole(role) || isManagingRole(role);
}

/** A salesRep may not pick the responsible user (create form, edit form, task form). */
export function canChangeResponsible(role: string): boolean {
  return role !== 'salesRep';
}

/**
 * Recreating a won or lost card starts a new cycle and restarts its response-time clock: the reps' own
 * indicator, so a salesRep may reopen a card but not recreate it.
 */
export function canRecreateOpportunity(role: string): boolean {
  return role !== 'salesRep';
}

/** The opportunity selector shows a salesRep only their own opportunities. */
export function seesOnlyOwnOpportunities(role: string): boolean {
  return role === 'salesRep';
}

export type RoomOwnership = { roomUserId: number | string | null | undefined; isOpen: boolean };

/** A salesRep writes only in a closed room (by reopening it) or in their own room. */
export function canWriteInRoom(role: string, userId: number | string, room: RoomOwnership): boolean {
  if (role !== 'salesRep' || !room.isOpen) return true;
  return room.roomUserId === userId;
}

/** A salesRep cannot close a room assigned to another user; other roles can. */
export function canCloseRoom(
  role: string,
  userId: number | string,
  roomUserId: number | string | null,
): boolean {
  return role !== 'salesRep' || roomUserId === userId;
}

/**
 * Roles an actor may choose or assign in role lists: never API roles; admin roles only
 * for admins; managing roles only for admins and managing roles.
 */
export function selectableRoles(actorRole: string): Role[] {
  const admin = isAdminRole(actorRole);
  const managing = admin || isManagingRole(actorRole);
  return ROLES.filter((role) => (admin || !isAdminRole(role)) && (managing || !isManagingRole(role)));
}

/** Roles listed on the 'Colaboradores' tab of the collaborator picker. */
export function collaboratorRoles(viewerRole: string, mainCollaborator: string): Role[] {
  const admin = isAdminRole(viewerRole);
  return ROLES.filter((role) => role !== mainCollaborator && (admin || !isAdminRole(role)));
}

/** Whether a user of `targetRole` may be picked as collaborator by a viewer of `viewerRole`. */
export function canPickUserOfRole(viewerRole: string, targetRole: string): boolean {
  return !isAdminRole(targetRole) || isAdminRole(viewerRole);
}

export type DateRange = { amount: number; unit: 'month' | 'hour' };

const THREE_MONTH_ROLES: readonly string[] = [
  'admin',
  'manager',
  'franqueado',
  'gestorFranquia',
  'diretorFranquia',
  'gerenteComercial',
  'auxiliarTi',
];
const ONE_MONTH_ROLES: readonly string[] = ['salesRep', 'gerador'];

/** Default date range of lists; 24 hours for every role not named otherwise. */
export function defaultDateRange(role: string): DateRange {
  if (THREE_MONTH_ROLES.includes(role)) return { amount: 3, unit: 'month' };
  if (ONE_MONTH_ROLES.includes(role)) return { amount: 1, unit: 'month' };
  return { amount: 24, unit: 'hour' };
}

/** The default range ending at `now`; months are calendar months (31 May − 3 months = 28/29 Feb). */
export function defaultDateRangeFrom(role: string, now: Date): { start: Date; end: Date } {
  const { amount, unit } = defaultDateRange(role);
  return { start: dayjs(now).subtract(amount, unit).toDate(), end: new Date(now.getTime()) };
}

/** Import leads from a spreadsheet (POST /opportunities/upload): admin and managing roles. */
export function canImportLeads(role: string): boolean {
  return isAdminRole(role) || isManagingRole(role);
}

/** Webhooks send the workspace's data to outside addresses: only the admin set sees and changes them. */
export function canManageWebhooks(role: string): boolean {
  return isAdminRole(role);
}

/** Automations act on the whole board: the admin set and the managing roles build and publish them. */
export function canManageAutomations(role: string): boolean {
  return isAdminRole(role) || isManagingRole(role);
}

/** The customer simulator plays a contact's phone on the sandbox channel: admin and managing roles. */
export function canUseSimulator(role: string): boolean {
  return isAdminRole(role) || isManagingRole(role);
}

/** Create, pause, resume and cancel batch messages ('Disparo em massa'): admin and managing roles. */
export function canManageBatchMessages(role: string): boolean {
  return isAdminRole(role) || isManagingRole(role);
}

/**
 * Write and submit message templates to Meta and sync them ('/templates'): admin and managing roles, who also run
 * the batch messages those templates are written for. Every member reads them, as the chat sends them.
 */
export function canManageTemplates(role: string): boolean {
  return isAdminRole(role) || isManagingRole(role);
}

/**
 * What an integration token may call, by its API role (platform.md §6), as `METHOD path` under
 * /workspaces/:workspaceId. Anything not listed answers 403 to that token; people's roles never read this.
 */
export const API_ROLE_OPERATIONS: Readonly<Record<ApiRole, readonly string[]>> = {
  // A sales system or a partner's form pushes leads as cards with their contacts.
  opportunityApi: [
    'GET /opportunities',
    'GET /opportunities/:id',
    'POST /opportunities',
    'PUT /opportunities/:id',
    'GET /contacts',
    'GET /contacts/:contactId',
    'GET /sales-stages',
    'GET /products',
    'GET /campaigns',
    'GET /medias',
    'GET /tags',
  ],
  // A landing page builder creates the lead's contact and card, choosing campaign and media.
  imLandingPageApi: ['POST /opportunities', 'GET /sales-stages', 'GET /campaigns', 'GET /medias'],
  // The IVR finds who is calling and records the call on the card.
  uraApi: ['GET /opportunities', 'GET /opportunities/:id', 'GET /contacts', 'POST /opportunities/:id/calls'],
  voipApi: ['GET /opportunities', 'GET /opportunities/:id', 'GET /contacts', 'POST /opportunities/:id/calls'],
  // A chat bot reads and writes the conversation of a dialog.
  imBotApi: [
    'GET /dialogs',
    'GET /dialogs/:did',
    'GET /dialogs/:did/messages',
    'POST /dialogs/:did/messages',
  ],
  // The enrolment system reads cards and contacts and closes the card of an enrolled student.
  xmacnaApi: [
    'GET /opportunities',
    'GET /opportunities/:id',
    'PUT /opportunities/:id/close',
    'GET /contacts',
    'GET /contacts/:contactId',
  ],
};

/** Whether an API role may call `method path` (path relative to /workspaces/:workspaceId). */
export function apiRoleMayCall(role: ApiRole, method: string, path: string): boolean {
  return API_ROLE_OPERATIONS[role].includes(`${method} ${path}`);
}

/** Create, rotate and revoke the workspace's integration tokens: the admin set. */
export function canManageApiClients(role: string): boolean {
  return isAdminRole(role);
}

/** Build, change and delete marketing forms and read their submissions: admin and managing roles. */
export function canManageForms(role: string): boolean {
  return isAdminRole(role) || isManagingRole(role);
}

/** The unit's own people who write its commercial plan and move it on, a step at a time. */
export const PLANNING_EDITOR_ROLES = ['admin', 'manager'] as const satisfies readonly Role[];

/** The network's managers above a unit: they review a submitted plan and may send it back with a comment. */
export const PLANNING_SUPERVISOR_ROLES = [
  'consultorFranquia',
  'gestorFranquia',
  'diretorFranquia',
  'consultorComercial',
  'gerenteComercial',
  'diretorComercial',
  'ceo',
] as const satisfies readonly Role[];

/** Create the plan, change its goals, funnel, media plan and actions, and move it to the next phase. */
export function canEditPlanning(role: string): boolean {
  return includes(PLANNING_EDITOR_ROLES, role);
}

/** Send a plan back to an earlier phase (with a comment). */
export function canSendBackPlanning(role: string): boolean {
  return includes(PLANNING_SUPERVISOR_ROLES, role);
}

/**
 * Write schedule templates, apply them and give schedule tasks to others: the unit's plan editors. Everyone else
 * reads the templates and works (ends, reschedules, edits) the schedule tasks that are their own.
 */
export function canManageSchedule(role: string): boolean {
  return canEditPlanning(role);
}
