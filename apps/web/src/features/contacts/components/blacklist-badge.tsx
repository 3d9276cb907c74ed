import { Badge } from '@mantine/core';
import { IconBan } from '@tabler/icons-react';

export function BlacklistBadge() {
  return (
    <Badge color="red" variant="light" leftSection={<IconBan size={12} />} style={{ textTransform: 'none' }}>
      Black List
    </Badge>
  );
}
