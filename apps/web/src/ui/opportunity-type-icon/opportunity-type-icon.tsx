import { Tooltip } from '@mantine/core';
import { IconBook, IconBriefcase, IconTruck } from '@tabler/icons-react';
import { type OpportunityTypeIcon as IconName, opportunityTypeIcon } from '@vendaval/core/constants';
import { useMemo } from 'react';
import { useOpportunityTypesQuery } from '../../lib/lookups/lookups.ts';
import { usePlatform } from '../../lib/platform.ts';

const ICONS = { briefcase: IconBriefcase, book: IconBook, truck: IconTruck } as const;

export type TypeIcon = { icon: IconName; name: string };

/**
 * The icon of each opportunity type that has one (PLAT-147), by type id; empty where the platform shows none
 * (only the product's own hosts do).
 */
export function useOpportunityTypeIcons(): ReadonlyMap<number, TypeIcon> {
  const shown = usePlatform().flags.opportunity_type_icons;
  const types = useOpportunityTypesQuery().data;
  return useMemo(() => {
    const list = shown ? (types ?? []) : [];
    const icons = new Map<number, TypeIcon>();
    for (const type of list) {
      const icon = opportunityTypeIcon(list, type.id);
      if (icon) icons.set(type.id, { icon, name: type.name });
    }
    return icons;
  }, [shown, types]);
}

/** A card's type as its icon, named for screen readers and in a tooltip ('Tipo de card: …'). */
export function OpportunityTypeIcon({ type, size = 16 }: { type: TypeIcon | undefined; size?: number }) {
  if (!type) return null;
  const Icon = ICONS[type.icon];
  const label = `Tipo de card: ${type.name}`;
  return (
    <Tooltip label={label} withArrow>
      <Icon size={size} role="img" aria-label={label} data-icon={type.icon} stroke={1.75} />
    </Tooltip>
  );
}
