import { Avatar, Text, Tooltip } from '@mantine/core';
import { useCurrentRole } from '../../lib/current-workspace.ts';
import { useRoleLabel } from '../../lib/platform.ts';
import { useSession } from '../../lib/session.ts';
import classes from './nav-menu.module.css';

export function UserSummary({ compact }: { compact: boolean }) {
  const { user } = useSession();
  const role = useCurrentRole();
  const roleLabel = useRoleLabel();
  const name = user?.name ?? '';
  const subtitle = role ? roleLabel(role) : '';
  const avatar = <Avatar name={name} color="initials" radius="xl" size={36} alt={name} />;

  if (compact) {
    return (
      <div className={classes.user}>
        <Tooltip label={subtitle ? `${name} · ${subtitle}` : name} position="right" withArrow>
          {avatar}
        </Tooltip>
      </div>
    );
  }
  return (
    <div className={classes.user}>
      {avatar}
      <div style={{ minWidth: 0 }}>
        <Text size="sm" fw={600} truncate="end">
          {name}
        </Text>
        <Text size="xs" className={classes.muted} truncate="end">
          {subtitle}
        </Text>
      </div>
    </div>
  );
}
