import { roleLabel } from '@vendaval/core/roles';
import { describe, expect, it } from 'vitest';
import { userLogDetail, userLogTitle } from './user-log-text.ts';

const label = (role: string) => (role === 'salesRep' ? 'Consultor' : roleLabel(role));

describe('user history texts', () => {
  it('names every user log type in Portuguese', () => {
    const titles = ['UserInvited', 'UserJoined', 'UserUpdated', 'UserRemoved', 'UserLeft'].map((type) =>
      userLogTitle({ type, data: {} }, label),
    );
    expect(titles).toEqual([
      'Convite enviado',
      'Entrou no workspace',
      'Dados atualizados',
      'Removido do workspace',
      'Saiu do workspace',
    ]);
  });

  it('a role change names both roles, with the tenant term for the sales rep', () => {
    expect(userLogTitle({ type: 'UserRoleUpdated', data: { from: 'salesRep', to: 'manager' } }, label)).toBe(
      'Função alterada: Consultor → Gerente',
    );
    expect(userLogTitle({ type: 'UserRoleUpdated', data: {} }, label)).toBe('Função alterada');
  });

  it('details list the changed fields, the invited address and the role joined with', () => {
    expect(
      userLogDetail({ type: 'UserUpdated', data: { fields: ['operational_status', 'name'] } }, label),
    ).toBe('Alterado: Status operacional, Nome');
    expect(userLogDetail({ type: 'UserInvited', data: { email: 'a@b.c', role: 'manager' } }, label)).toBe(
      'a@b.c como Gerente',
    );
    expect(userLogDetail({ type: 'UserJoined', data: { role: 'salesRep' } }, label)).toBe('Como Consultor');
    expect(userLogDetail({ type: 'UserRemoved', data: {} }, label)).toBeNull();
  });

  it('an unknown type still gets a Portuguese title', () => {
    expect(userLogTitle({ type: 'SomethingNew', data: {} }, label)).toBe('Registro');
  });
});
