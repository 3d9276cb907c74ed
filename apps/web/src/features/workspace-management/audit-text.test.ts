import { AUDIT_LOG_TYPES } from '@vendaval/core/constants';
import { roleLabel } from '@vendaval/core/roles';
import { describe, expect, it } from 'vitest';
import { auditDetail, auditTitle, UNKNOWN_AUDIT_TITLE } from './audit-text.ts';

const entry = (type: string, data: Record<string, unknown> = {}) => ({ type, data });

describe('audit texts', () => {
  it('every event the audit screen can show has its pt-BR label (list and stage changes included)', () => {
    for (const type of AUDIT_LOG_TYPES) {
      const title = auditTitle(entry(type));
      expect(title, type).not.toBe(UNKNOWN_AUDIT_TITLE);
      expect(title, type).not.toMatch(/[a-z][A-Z]/); // no CamelCase type name leaks through
    }
    expect(auditTitle(entry('ListItemCreated'))).toBe('Item adicionado');
    expect(auditDetail(entry('ListItemCreated', { list: 'tags', name: 'VIP' }), roleLabel)).toBe('Tags: VIP');
    expect(auditDetail(entry('SalesStageDeleted', { name: 'Visita' }), roleLabel)).toBe('Visita');
  });

  it('PLAT-238 names workspace and user events in Portuguese; an unknown type never shows its English name', () => {
    expect(auditTitle(entry('WorkspaceCreated'))).toBe('Workspace criado');
    expect(auditTitle(entry('WorkspaceSettingsUpdated'))).toBe('Configurações alteradas');
    expect(auditTitle(entry('UserManagerUpdated'))).toBe('Gestor alterado');
    expect(auditTitle(entry('UserAdded'))).toBe('Adicionado ao workspace');
    expect(auditTitle(entry('SomethingNew'))).toBe(UNKNOWN_AUDIT_TITLE);
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

  it('an integration made, renewed or revoked is named with its API role', () => {
    const made = entry('ApiClientCreated', { api_client_id: 7, name: 'URA da escola', role: 'uraApi' });
    expect(auditTitle(made)).toBe('Integração criada');
    expect(auditDetail(made, roleLabel)).toBe('URA da escola — API da URA');
    expect(auditTitle(entry('ApiClientRevoked'))).toBe('Integração revogada');
    expect(auditDetail(entry('ApiClientRotated', { name: 'URA da escola' }), roleLabel)).toBe(
      'URA da escola',
    );
  });

  it('PLAT-238 OPP-116 PLAT-113 OPP-017 the new settings read in words, with the people and actions the log names', () => {
    const detail = auditDetail(
      entry('WorkspaceSettingsUpdated', {
        before: {
          distribution: 'round_robin',
          distribution_user_id: null,
          responsible_check: null,
          calendar_actions: [],
        },
        after: {
          distribution: 'fixed_user',
          distribution_user_id: 5,
          responsible_check: true,
          calendar_actions: [3, 4],
        },
        users: { 5: 'Carla Campos' },
        actions: { 3: 'Ligar', 4: 'Visita' },
      }),
      roleLabel,
    );
    expect(detail).toBe(
      "Campo 'Não é aluno?': Padrão da plataforma → Exibir; " +
        'Distribuição: Rodízio → Sempre o mesmo usuário; Usuário da distribuição: — → Carla Campos; ' +
        'Ações do Calendário: Todas → Ligar, Visita',
    );
    expect(
      auditDetail(
        entry('WorkspaceSettingsUpdated', { before: { keep_filters: false }, after: { keep_filters: true } }),
        roleLabel,
      ),
    ).toBe('Manter filtros por padrão: Não → Sim');
  });

  it('PLAT-013 PLAT-238 a brand change names each field from and to; an image names its slot as the editor does', () => {
    expect(auditTitle(entry('BrandUpdated'))).toBe('Marca alterada');
    expect(
      auditDetail(
        entry('BrandUpdated', {
          changes: [
            { field: 'palette.primary', from: '#e8590c', to: '#1971c2' },
            { field: 'name', from: 'Rede Aprender', to: 'Vendaval CRM' },
            { field: 'images.logo_default_dark', from: null, to: '/api/v1/platforms/1000/files/x.png' },
          ],
        }),
        roleLabel,
      ),
    ).toBe(
      'Cor (primária): #e8590c → #1971c2; Nome: Rede Aprender → Vendaval CRM; ' +
        'Logo (fundo claro): padrão → imagem enviada',
    );
  });

  it('an enrolment settings change says the switch from and to, and of a secret only that it changed', () => {
    expect(auditTitle(entry('EnrollmentSettingsUpdated'))).toBe('Configurações de matrícula alteradas');
    const detail = auditDetail(
      entry('EnrollmentSettingsUpdated', {
        changes: [
          { field: 'won_on_payment', from: false, to: true },
          { field: 'asaas_api_key', action: 'replaced' },
          { field: 'asaas_webhook_token', action: 'removed' },
        ],
      }),
      roleLabel,
    );
    expect(detail).toBe(
      'Marcar como ganho quando a matrícula for paga: Não → Sim; Chave da API do Asaas: trocada; Token do webhook do Asaas: removido',
    );
  });
});
