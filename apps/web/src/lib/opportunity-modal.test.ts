import { renderHook } from '@testing-library/react';
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import {
  closeOpportunityModalOf,
  openOpportunityModal,
  useOpportunityModalRequest,
} from './opportunity-modal.ts';

describe('the card modal request', () => {
  it('a delayed close of one card (a room closed 1.5 s ago) leaves another card that was opened since', () => {
    const modal = renderHook(() => useOpportunityModalRequest());
    act(() => openOpportunityModal({ id: 900 }));
    act(() => closeOpportunityModalOf(501));
    expect(modal.result.current).toEqual({ id: 900 });
    act(() => closeOpportunityModalOf(900));
    expect(modal.result.current).toBeNull();
  });
});
