import { z } from 'zod';

/** Roles a person can hold in a workspace. */
export const ROLES = [
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
] as const;
export type Role = (typeof ROLES)[number];
export const roleSchema = z.enum(ROLES);

/** Roles held by integrations, never offered in a role list. */
export const API_ROLES = [
  'uraApi',
  'imBotApi',
  'voipApi',
  'imLandingPageApi',
  'opportunityApi',
  'xmacnaApi',
] as const;
export type ApiRole = (typeof API_ROLES)[number];
export const apiRoleSchema = z.enum(API_ROLES);

export const ALL_ROLES = [...ROLES, ...API_ROLES] as const;
export type AnyRole = Role | ApiRole;
export const anyRoleSchema = z.enum(ALL_ROLES);

export const ROLE_LABELS: Readonly<Record<AnyRole, string>> = {
  salesRep: 'Atendente',
  manager: 'Gerente',
  admin: 'Administrador',
  consultorFranquia: 'Consultor de Franquia',
  gestorFranquia: 'Gestor de Franquia',
  diretorFranquia: 'Diretor de Franquia',
  gerenteComercial: 'Gerente Comercial',
  consultorComercial: 'Consultor Comercial',
  diretorComercial: 'Diretor Comercial',
  franqueado: 'Franqueado',
  auxiliarTi: 'Auxiliar de TI',
  ceo: 'CEO',
  master: 'Master',
  gerador: 'Gerador',
  uraApi: 'API da URA',
  imBotApi: 'API do IM Bot',
  voipApi: 'API de VoIP',
  imLandingPageApi: 'API de Landing Page',
  opportunityApi: 'API de Oportunidades',
  xmacnaApi: 'API Xmacna',
};

/** What each integration role is for, as the admin picks one for a new token. */
export const API_ROLE_DESCRIPTIONS: Readonly<Record<ApiRole, string>> = {
  opportunityApi: 'Sistema de vendas ou parceiro: cria, consulta e altera oportunidades e contatos.',
  imLandingPageApi: 'Landing page ou formulário: cria leads (oportunidade com o contato).',
  uraApi: 'URA: encontra a oportunidade de quem liga pelo telefone e registra a ligação.',
  voipApi: 'Central telefônica: encontra a oportunidade pelo telefone e registra as ligações.',
  imBotApi: 'Robô de chat: lê as conversas e escreve mensagens.',
  xmacnaApi: 'Sistema de matrículas: consulta oportunidades e contatos e fecha a do aluno matriculado.',
};

export function isRole(value: unknown): value is Role {
  return (ROLES as readonly unknown[]).includes(value);
}

export function isApiRole(value: unknown): value is ApiRole {
  return (API_ROLES as readonly unknown[]).includes(value);
}

/** Label of a role; an unknown id is shown as it is. */
export function roleLabel(role: string): string {
  return Object.hasOwn(ROLE_LABELS, role) ? ROLE_LABELS[role as AnyRole] : role;
}
