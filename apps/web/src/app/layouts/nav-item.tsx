import { NavLink, Tooltip } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import { Link, useMatch } from 'react-router';
import classes from './nav-menu.module.css';

type NavItemProps = { to: string; label: string; icon: Icon; compact: boolean };

export function NavItem({ to, label, icon: ItemIcon, compact }: NavItemProps) {
  const active = useMatch({ path: to, end: to === '/' }) !== null;
  const link = (
    <NavLink
      component={Link}
      to={to}
      active={active}
      aria-current={active ? 'page' : undefined}
      label={compact ? undefined : label}
      aria-label={compact ? label : undefined}
      leftSection={<ItemIcon size={22} stroke={1.6} />}
      classNames={{ root: classes.link, section: classes.linkSection, body: classes.linkBody }}
    />
  );
  return compact ? (
    <Tooltip label={label} position="right" withArrow>
      {link}
    </Tooltip>
  ) : (
    link
  );
}
