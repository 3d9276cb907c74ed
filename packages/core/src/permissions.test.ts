import { describe, expect, it } from 'vitest';
import {
  ADMIN_ROLES,
  canAdministerPlatform,
  canChangeResponsible,
  canCloseRoom,
  canEditLists,
  canExport,
  canImportLeads,
  canManageLists,
  canManageMembers,
  canPickUserOfRole,
  canSeeAllUsers,
  canUseSimulator,
  canWriteInRoom,
  collaboratorRoles,
  defaultDateRange,
  defaultDateRangeFrom,
  EXPORT_ROLES,
  isAdminRole,
  isManagingRole,
  MANAGING_ROLES,
  seesOnlyOwnOpportunities,
  selectableRoles,
} from './permissions.ts';
import { API_ROLES, ROLES } from './roles.ts';

describe('admin and managing roles', () => {
  it('PLAT-136 admin roles are admin, ceo and auxiliarTi', () => {
    expect([...ADMIN_ROLES].sort()).toEqual(['admin', 'auxiliarTi', 'ceo']);
    expect(ROLES.filter(isAdminRole).sort()).toEqual(['admin', 'auxiliarTi', 'ceo']);
  });

  it('PLAT-137 managing roles are the nine franchise, commercial and manager roles', () => {
    expect([...MANAGING_ROLES].sort()).toEqual(
      [
        'consultorFranquia',
        'gestorFranquia',
        'diretorFranquia',
        'gerenteComercial',
        'consultorComercial',
        'franqueado',
        'master',
        'gerador',
        'manager',
      ].sort(),
    );
    expect(isManagingRole('diretorComercial')).toBe(false);
    expect(isManagingRole('salesRep')).toBe(false);
    expect(isManagingRole('admin')).toBe(false);
  });
});

describe('export permission', () => {
  it('PLAT-138 the twelve export roles may export', () => {
    expect(EXPORT_ROLES).toHaveLength(12);
    for (const role of EXPORT_ROLES) expect(canExport(role)).toBe(true);
    expect(canExport('diretorComercial')).toBe(true);
  });

  it('PLAT-139 salesRep and gerador may not export, nor API roles', () => {
    expect(canExport('salesRep')).toBe(false);
    expect(canExport('gerador')).toBe(false);
    expect(canExport('opportunityApi')).toBe(false);
    expect(ROLES.filter((role) => !canExport(role)).sort()).toEqual(['gerador', 'salesRep']);
  });
});

describe('Editar Listas', () => {
  it("PLAT-146 only role admin sees 'Editar Listas', not ceo nor auxiliarTi", () => {
    expect(ROLES.filter(canEditLists)).toEqual(['admin']);
  });

  it('the admin lists themselves may be changed by every admin role (admin, ceo, auxiliarTi) and no other', () => {
    expect(ROLES.filter(canManageLists).sort()).toEqual(['admin', 'auxiliarTi', 'ceo']);
  });
});

describe('default date range', () => {
  it('PLAT-142 three months for admin, manager, franqueado, gestorFranquia, diretorFranquia, gerenteComercial, auxiliarTi', () => {
    for (const role of [
      'admin',
      'manager',
      'franqueado',
      'gestorFranquia',
      'diretorFranquia',
      'gerenteComercial',
      'auxiliarTi',
    ]) {
      expect(defaultDateRange(role), role).toEqual({ amount: 3, unit: 'month' });
    }
  });

  it('PLAT-143 one month for salesRep and gerador', () => {
    expect(defaultDateRange('salesRep')).toEqual({ amount: 1, unit: 'month' });
    expect(defaultDateRange('gerador')).toEqual({ amount: 1, unit: 'month' });
  });

  it('PLAT-144 24 hours for consultorFranquia, consultorComercial, ceo, master', () => {
    for (const role of ['consultorFranquia', 'consultorComercial', 'ceo', 'master']) {
      expect(defaultDateRange(role), role).toEqual({ amount: 24, unit: 'hour' });
    }
  });

  it('PLAT-145 24 hours is the fallback for any other role, diretorComercial included', () => {
    expect(defaultDateRange('diretorComercial')).toEqual({ amount: 24, unit: 'hour' });
    expect(defaultDateRange('voipApi')).toEqual({ amount: 24, unit: 'hour' });
    expect(defaultDateRange('unknown')).toEqual({ amount: 24, unit: 'hour' });
  });

  it('PLAT-142 PLAT-143 PLAT-144 the range ends now and starts the right span before', () => {
    const now = new Date(2024, 4, 31, 15, 30, 0);
    const admin = defaultDateRangeFrom('admin', now);
    expect(admin.end.getTime()).toBe(now.getTime());
    expect(admin.start).toEqual(new Date(2024, 1, 29, 15, 30, 0));
    expect(defaultDateRangeFrom('salesRep', now).start).toEqual(new Date(2024, 3, 30, 15, 30, 0));
    const ceo = defaultDateRangeFrom('ceo', now);
    expect(ceo.end.getTime() - ceo.start.getTime()).toBe(24 * 3600 * 1000);
  });

  it('PLAT-145 the computed range does not share the caller’s Date object', () => {
    const now = new Date(2024, 0, 10);
    const range = defaultDateRangeFrom('master', now);
    range.end.setFullYear(1999);
    expect(now.getFullYear()).toBe(2024);
  });
});

describe('selectable roles', () => {
  it('PLAT-135 API roles are never offered, whoever chooses', () => {
    for (const actor of [...ROLES, ...API_ROLES]) {
      const offered: string[] = selectableRoles(actor);
      expect(offered.some((role) => (API_ROLES as readonly string[]).includes(role))).toBe(false);
    }
  });

  it('PLAT-140 non-admin users cannot choose admin roles', () => {
    for (const actor of ['manager', 'master', 'salesRep', 'diretorComercial']) {
      const offered = selectableRoles(actor);
      expect(offered.some(isAdminRole), actor).toBe(false);
    }
    for (const actor of ADMIN_ROLES) {
      expect(selectableRoles(actor)).toEqual([...ROLES]);
    }
  });

  it('PLAT-141 users neither admin nor managing cannot choose managing roles', () => {
    expect(selectableRoles('salesRep').sort()).toEqual(['diretorComercial', 'salesRep']);
    expect(selectableRoles('diretorComercial').sort()).toEqual(['diretorComercial', 'salesRep']);
    const manager = selectableRoles('manager');
    expect(manager.filter(isManagingRole).length).toBe(MANAGING_ROLES.length);
    expect(manager).toContain('salesRep');
    expect(manager).not.toContain('admin');
  });

  it('PLAT-140 PLAT-141 an unknown or API actor gets only the plain roles', () => {
    expect(selectableRoles('uraApi').sort()).toEqual(['diretorComercial', 'salesRep']);
  });
});

describe('collaborator picker', () => {
  it('CHAT-079 the Colaboradores tab excludes the main collaborator role and API roles', () => {
    const roles: string[] = collaboratorRoles('admin', 'salesRep');
    expect(roles).not.toContain('salesRep');
    expect(roles).toContain('manager');
    expect(roles.some((role) => (API_ROLES as readonly string[]).includes(role))).toBe(false);
    expect(collaboratorRoles('admin', 'manager')).not.toContain('manager');
    expect(collaboratorRoles('admin', 'manager')).toContain('salesRep');
  });

  it('CHAT-080 admin, ceo and auxiliarTi are listed only for viewers with one of those roles', () => {
    expect(collaboratorRoles('manager', 'salesRep').some(isAdminRole)).toBe(false);
    expect(collaboratorRoles('ceo', 'salesRep')).toEqual(
      expect.arrayContaining(['admin', 'ceo', 'auxiliarTi']),
    );
    expect(canPickUserOfRole('auxiliarTi', 'admin')).toBe(true);
    expect(canPickUserOfRole('gestorFranquia', 'ceo')).toBe(false);
    expect(canPickUserOfRole('salesRep', 'manager')).toBe(true);
  });
});

describe('members and hierarchy', () => {
  it('PLAT-136 only admin roles manage members and workspace settings', () => {
    expect(ROLES.filter(canManageMembers).sort()).toEqual(['admin', 'auxiliarTi', 'ceo']);
  });

  it('PLAT-136 PLAT-137 admin and managing roles see every member; others only themselves', () => {
    expect(canSeeAllUsers('ceo')).toBe(true);
    expect(canSeeAllUsers('manager')).toBe(true);
    expect(canSeeAllUsers('gerador')).toBe(true);
    expect(canSeeAllUsers('salesRep')).toBe(false);
    expect(canSeeAllUsers('diretorComercial')).toBe(false);
    expect(canSeeAllUsers('voipApi')).toBe(false);
  });
});

describe('salesRep limits', () => {
  it('OPP-023 OPP-025 OPP-059 OPP-060 a salesRep cannot change the responsible; other roles can', () => {
    expect(canChangeResponsible('salesRep')).toBe(false);
    expect(canChangeResponsible('manager')).toBe(true);
    expect(canChangeResponsible('gerador')).toBe(true);
  });

  it('OPP-204 a salesRep sees only their own opportunities in the selector', () => {
    expect(seesOnlyOwnOpportunities('salesRep')).toBe(true);
    expect(seesOnlyOwnOpportunities('manager')).toBe(false);
  });

  it('CHAT-022 a salesRep writes only in a closed room or in their own room', () => {
    expect(canWriteInRoom('salesRep', 7, { roomUserId: 7, isOpen: true })).toBe(true);
    expect(canWriteInRoom('salesRep', 7, { roomUserId: 8, isOpen: true })).toBe(false);
    expect(canWriteInRoom('salesRep', 7, { roomUserId: 8, isOpen: false })).toBe(true);
  });

  it('CHAT-023 other roles write in any room', () => {
    expect(canWriteInRoom('manager', 7, { roomUserId: 8, isOpen: true })).toBe(true);
    expect(canWriteInRoom('admin', 7, { roomUserId: null, isOpen: true })).toBe(true);
  });

  it('OPP-140 OPP-141 a salesRep cannot close a room of another user; other roles can', () => {
    expect(canCloseRoom('salesRep', 7, 8)).toBe(false);
    expect(canCloseRoom('salesRep', 7, 7)).toBe(true);
    expect(canCloseRoom('franqueado', 7, 8)).toBe(true);
  });
});

describe('lead import', () => {
  it('PLAT-244 PLAT-136 PLAT-137 admin and managing roles import leads; salesRep, diretorComercial and API roles do not', () => {
    const allowed = ROLES.filter(canImportLeads).sort();
    expect(allowed).toEqual([...ADMIN_ROLES, ...MANAGING_ROLES].sort());
    expect(canImportLeads('salesRep')).toBe(false);
    expect(canImportLeads('diretorComercial')).toBe(false);
    for (const role of API_ROLES) expect(canImportLeads(role)).toBe(false);
  });
});

describe('platform administration', () => {
  it('PLAT-136 an admin role in any workspace makes one a platform admin (workspaces, brand); managing roles do not', () => {
    for (const role of ADMIN_ROLES) expect(canAdministerPlatform(['salesRep', role])).toBe(true);
    expect(canAdministerPlatform([...MANAGING_ROLES, 'salesRep', 'diretorComercial'])).toBe(false);
    expect(canAdministerPlatform([])).toBe(false);
  });
});

describe('customer simulator', () => {
  it('is for the admin set and the managing roles only', () => {
    for (const role of [...ADMIN_ROLES, ...MANAGING_ROLES]) expect(canUseSimulator(role)).toBe(true);
    for (const role of ['salesRep', 'diretorComercial']) expect(canUseSimulator(role)).toBe(false);
  });
});
