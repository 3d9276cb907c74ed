import { Badge, type MantineColor } from '@mantine/core';
import { OPERATIONAL_STATUS_LABELS, type OperationalStatus } from '@vendaval/core/constants';

const COLORS: Readonly<Record<OperationalStatus, MantineColor>> = {
  Working: 'green',
  Vacation: 'cyan',
  CompanyLeave: 'orange',
  SickLeave: 'red',
  License: 'grape',
  Training: 'blue',
  IMEvent: 'indigo',
  ExternalEvent: 'teal',
  Other: 'gray',
};

const isStatus = (value: string): value is OperationalStatus =>
  Object.hasOwn(OPERATIONAL_STATUS_LABELS, value);

export function operationalStatusLabel(status: string): string {
  return isStatus(status) ? OPERATIONAL_STATUS_LABELS[status] : status;
}

export function OperationalStatusBadge({ status }: { status: string }) {
  return (
    <Badge
      variant="light"
      color={isStatus(status) ? COLORS[status] : 'gray'}
      style={{ textTransform: 'none' }}
    >
      {operationalStatusLabel(status)}
    </Badge>
  );
}
