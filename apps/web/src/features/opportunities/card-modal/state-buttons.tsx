import { Button, Group } from '@mantine/core';
import { IconThumbDown, IconThumbUp } from '@tabler/icons-react';
import type { OpportunityState } from '@vendaval/core/constants';
import { useTerms } from '../../../lib/platform.ts';

export type CloseKind = 'won' | 'lost';

type StateButtonsProps = {
  state: OpportunityState;
  onPress: (kind: CloseKind) => void;
  busy?: boolean;
};

/**
 * Won and Lost (tenant terms). On a closed card the current state's button stays pressed: pressing it again
 * reopens the card; the other one waits for the reopening.
 */
export function StateButtons({ state, onPress, busy }: StateButtonsProps) {
  const terms = useTerms();
  const button = (kind: CloseKind, label: string, color: string, icon: React.ReactNode) => {
    const current = (kind === 'won' && state === 'Won') || (kind === 'lost' && state === 'Lost');
    return (
      <Button
        color={color}
        variant={current ? 'filled' : 'light'}
        leftSection={icon}
        aria-pressed={current}
        disabled={busy || (state !== 'Open' && !current)}
        onClick={() => onPress(kind)}
        title={current ? `Reabrir: a oportunidade está marcada como ${label}` : undefined}
      >
        {label}
      </Button>
    );
  };
  return (
    <Group gap="sm" grow preventGrowOverflow={false}>
      {button('won', terms.won_term, 'green', <IconThumbUp size={16} />)}
      {button('lost', terms.lost_term, 'red', <IconThumbDown size={16} />)}
    </Group>
  );
}
