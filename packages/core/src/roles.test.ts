import { describe, expect, it } from 'vitest';
import {
  ALL_ROLES,
  API_ROLES,
  anyRoleSchema,
  apiRoleSchema,
  isApiRole,
  isRole,
  ROLE_LABELS,
  ROLES,
  roleLabel,
  roleSchema,
} from './roles.ts';

describe('roles', () => {
  it('PLAT-133 lists exactly the 14 person roles', () => {
    expect([...ROLES].sort()).toEqual(
      [
        'salesRep',
        'manager',
        'admin',
        'consultorFranquia',
        'gestorFranquia',
        'diretorFranquia',
        'gerenteComercial',
        'consultorComercial',
        'diretorComercial',
        'franqueado',
        'auxiliarTi',
        'ceo',
        'master',
        'gerador',
      ].sort(),
    );
  });

  it('PLAT-135 lists the six API roles apart from the person roles', () => {
    expect([...API_ROLES].sort()).toEqual(
      ['uraApi', 'imBotApi', 'voipApi', 'imLandingPageApi', 'opportunityApi', 'xmacnaApi'].sort(),
    );
    expect(API_ROLES.some((role) => isRole(role))).toBe(false);
    expect(ROLES.some((role) => isApiRole(role))).toBe(false);
    expect(ALL_ROLES).toHaveLength(20);
  });

  it('PLAT-133 PLAT-135 roleSchema accepts person roles and refuses API roles and unknown ids', () => {
    expect(roleSchema.parse('gerador')).toBe('gerador');
    expect(roleSchema.safeParse('uraApi').success).toBe(false);
    expect(roleSchema.safeParse('root').success).toBe(false);
    expect(apiRoleSchema.safeParse('voipApi').success).toBe(true);
    expect(apiRoleSchema.safeParse('admin').success).toBe(false);
    expect(anyRoleSchema.safeParse('xmacnaApi').success).toBe(true);
    expect(anyRoleSchema.safeParse('ceo').success).toBe(true);
  });

  it("PLAT-134 labels salesRep 'Atendente', manager 'Gerente', admin 'Administrador'", () => {
    expect(ROLE_LABELS.salesRep).toBe('Atendente');
    expect(ROLE_LABELS.manager).toBe('Gerente');
    expect(ROLE_LABELS.admin).toBe('Administrador');
    expect(roleLabel('auxiliarTi')).toBe('Auxiliar de TI');
    expect(roleLabel('ceo')).toBe('CEO');
  });

  it('PLAT-134 every role, API roles included, has a non-empty distinct label', () => {
    const labels = ALL_ROLES.map((role) => roleLabel(role));
    expect(labels.every((label) => label.trim().length > 0)).toBe(true);
    expect(new Set(labels).size).toBe(ALL_ROLES.length);
  });

  it('PLAT-134 an unknown role id is shown as it is, never a prototype property', () => {
    expect(roleLabel('somethingNew')).toBe('somethingNew');
    expect(roleLabel('toString')).toBe('toString');
  });

  it('PLAT-133 isRole narrows only real person roles', () => {
    expect(isRole('manager')).toBe(true);
    expect(isRole('Manager')).toBe(false);
    expect(isRole(undefined)).toBe(false);
    expect(isApiRole('imBotApi')).toBe(true);
  });
});
