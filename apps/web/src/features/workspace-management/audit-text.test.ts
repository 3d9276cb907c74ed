import { roleLabel } from '@vendaval/core/roles';
import { describe, expect, it } from 'vitest';
import { auditDetail, auditTitle } from './audit-text.ts';

const entry = (type: string, data: Record<string, unknown> = {}) => ({ type, data });

describe('audit texts', () => {
  it('PLAT-238 names workspace and user events in Portuguese; an unknown type shows as it is', () => {
    expect(auditTitle(entry('WorkspaceCreated'))).toBe('Workspace criado');
    expect(auditTitle(entry('WorkspaceSettingsUpdated'))).toBe('Configurações alteradas');
    expect(auditTitle(entry('UserManagerUpdated'))).toBe('Gestor alterado');
    expect(auditTitle(entry('UserAdded'))).toBe('Adicionado ao workspace');
    expect(auditTitle(entry('SomethingNew'))).toBe('SomethingNew');
  });

  it('PLAT-238 says what changed: names, roles and settings before and after', () => {
    expect(auditDetail(entry('WorkspaceRenamed', { from: 'Centro', to: 'Matriz' }), roleLabel)).toBe(
      'Centro → Matriz',
    );
    expect(auditDetail(entry('UserRoleUpdated', { from: 'salesRep', to: 'manager' }), roleLabel)).toBe(
      'Atendente → Gerente',
    );
    expect(
      auditDetail(
        entry('WorkspaceSettingsUpdated', {
          before: { require_task_for_stage_change: true },
          after: { require_task_for_stage_change: false },
        }),
        roleLabel,
      ),
    ).toBe('Exigir tarefa para mudar de etapa: Sim → Não');
    expect(auditDetail(entry('UserAdded', { role: 'admin' }), roleLabel)).toBe('Como Administrador');
    expect(auditDetail(entry('UserLeft'), roleLabel)).toBeNull();
  });
});
