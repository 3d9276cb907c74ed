import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { tokenResponseFixture } from '../testing/fixtures.ts';
import { useCurrentRole } from './current-workspace.ts';
import {
  clearSession,
  getSession,
  pickWorkspaceId,
  setCurrentWorkspaceId,
  startSession,
  syncMemberships,
} from './session.ts';
import { STORAGE_KEYS } from './storage-keys.ts';

const workspaces = [
  { id: 1, name: 'Matriz', role: 'salesRep' },
  { id: 2, name: 'Filial', role: 'admin' },
];

describe('session', () => {
  it('stores token and user after login and picks the first workspace', () => {
    startSession(tokenResponseFixture(workspaces));
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('token-abc');
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.user) ?? '{}').name).toBe('Ana Souza');
    expect(getSession().workspaceId).toBe(1);
  });

  it('PLAT-078 keeps the current workspace id in local storage and reuses it at the next login', () => {
    localStorage.setItem(STORAGE_KEYS.workspace, '2');
    startSession(tokenResponseFixture(workspaces));
    expect(localStorage.getItem(STORAGE_KEYS.workspace)).toBe('2');
    setCurrentWorkspaceId(1);
    expect(localStorage.getItem(STORAGE_KEYS.workspace)).toBe('1');
  });

  it('PLAT-078 a stored workspace the user no longer belongs to falls back to the first', () => {
    expect(pickWorkspaceId(workspaces, 99)).toBe(1);
    expect(pickWorkspaceId([], 99)).toBeNull();
  });

  it('PLAT-132 the role comes from the current workspace', () => {
    startSession(tokenResponseFixture(workspaces));
    const { result } = renderHook(() => useCurrentRole());
    expect(result.current).toBe('salesRep');
    act(() => setCurrentWorkspaceId(2));
    expect(result.current).toBe('admin');
  });

  it('follows the server when the memberships change', () => {
    startSession(tokenResponseFixture(workspaces), 2);
    syncMemberships([{ id: 1, name: 'Matriz', role: 'manager' }]);
    expect(getSession().workspaceId).toBe(1);
    expect(getSession().user?.workspaces).toEqual([{ id: 1, name: 'Matriz', role: 'manager' }]);
  });

  it('logout forgets token, user and current workspace', () => {
    startSession(tokenResponseFixture(workspaces));
    clearSession();
    expect(getSession()).toEqual({ token: null, user: null, workspaceId: null });
  });

  it('a damaged stored user is ignored', () => {
    localStorage.setItem(STORAGE_KEYS.user, '{not json');
    expect(getSession().user).toBeNull();
  });
});
