import { fireEvent, screen, within } from '@testing-library/react';
import type { SalesStage } from '@vendaval/core/schemas/catalog';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cssColor as stageColor, textOn as stageTextColor } from '../stage-colors.ts';
import { renderWidget } from '../task-form/testing/render-widget.tsx';
import { StageStepper } from './stage-stepper.tsx';

const stages: SalesStage[] = [
  { id: 1, name: 'Novo lead', color: '228be6', type: 'First', display_order: 1 },
  { id: 2, name: 'Negociação', color: 'fab005', type: 'Negotiation', display_order: 2 },
  { id: 3, name: 'Ganho', color: '2f9e44', type: 'Won', display_order: 3 },
];

function phoneWidth(matches: boolean) {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches,
        media: query,
        onchange: null,
        addListener: () => {},
        removeListener: () => {},
        addEventListener: () => {},
        removeEventListener: () => {},
        dispatchEvent: () => false,
      }) as MediaQueryList,
  );
}

afterEach(() => vi.restoreAllMocks());

describe('stage stepper', () => {
  it('OPP-091 OPP-092 on a desktop the stages are steps in their colour (hex without #)', () => {
    phoneWidth(false);
    const onChange = vi.fn();
    renderWidget(<StageStepper stages={stages} value={2} onChange={onChange} />);
    const steps = within(screen.getByRole('group', { name: 'Etapa do Funil' })).getAllByRole('button');
    expect(steps.map((s) => s.textContent)).toEqual(['Novo lead', 'Negociação', 'Ganho']);
    expect(steps[1]?.getAttribute('aria-current')).toBe('step');
    expect(steps[0]?.style.background).toBe('rgb(34, 139, 230)');
    expect(steps[2]?.style.background).toBe(''); // not reached yet
    fireEvent.click(steps[2] as HTMLElement);
    expect(onChange).toHaveBeenCalledWith(stages[2]);
    expect(stageColor('fab005')).toBe('#fab005');
    expect(stageTextColor('fab005')).toBe('#1a1b1e');
    expect(stageTextColor('2f9e44')).toBe('#ffffff');
  });

  it("OPP-091 on a phone one field opens 'Etapa do Funil' with the stages and their colours", async () => {
    phoneWidth(true);
    const onChange = vi.fn();
    renderWidget(<StageStepper stages={stages} value={1} onChange={onChange} />);
    fireEvent.click(screen.getByRole('button', { name: /Etapa do Funil/ }));
    const picker = within(await screen.findByRole('dialog', { name: 'Etapa do Funil' }));
    expect(picker.getAllByRole('button').map((b) => b.textContent)).toEqual(
      expect.arrayContaining(['Novo lead', 'Negociação', 'Ganho']),
    );
    expect(picker.getByRole('button', { name: 'Novo lead' }).getAttribute('aria-current')).toBe('step');
    fireEvent.click(picker.getByRole('button', { name: 'Negociação' }));
    expect(onChange).toHaveBeenCalledWith(stages[1]);
  });
});
