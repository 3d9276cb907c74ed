import {
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { platforms } from './platform.tables.ts';
import { workspaceOwned } from './workspace-owned-columns.ts';

/** A person; belongs to exactly one platform. Role lives on the membership, never here. */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    platformId: integer('platform_id')
      .notNull()
      .references(() => platforms.id),
    name: text('name').notNull(),
    email: text('email').notNull(),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    accessCode: text('access_code').notNull(),
    defaultWorkspaceId: integer('default_workspace_id'),
    operationalStatus: text('operational_status').notNull().default('Working'),
    // Bumped on logout and password change: tokens carrying an older version stop working.
    tokenVersion: integer('token_version').notNull().default(0),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_platform_email_uq').on(t.platformId, t.email),
    uniqueIndex('users_platform_username_uq').on(t.platformId, t.username),
    index('users_platform_name_idx').on(t.platformId, t.name),
  ],
);

/** (user, workspace, role): the role a person has inside one workspace. */
export const members = pgTable(
  'members',
  {
    ...workspaceOwned(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    voipUsername: text('voip_username'),
    voipPassword: text('voip_password'),
    /** When the workspace's distribution last gave this member a card: round-robin picks the oldest. */
    lastAssignedAt: timestamp('last_assigned_at', { withTimezone: true }),
    /** The member this one reports to in the same workspace (the hierarchy); null at the top. */
    managerId: integer('manager_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.platformId, t.workspaceId, t.userId] }),
    index('members_platform_user_idx').on(t.platformId, t.userId),
    index('members_manager_idx').on(t.platformId, t.workspaceId, t.managerId),
  ],
);
