import { Menu, NavLink } from '@mantine/core';
import { IconCheck, IconPalette } from '@tabler/icons-react';
import { SKIN_LABELS, SKINS, useSkin } from '../skin.tsx';
import classes from './nav-menu.module.css';

export function SkinMenu({ compact }: { compact: boolean }) {
  const { skin, setSkin } = useSkin();
  const label = `Tema: ${SKIN_LABELS[skin]}`;
  return (
    <Menu position="right-end" withArrow shadow="md">
      <Menu.Target>
        <NavLink
          component="button"
          type="button"
          label={compact ? undefined : label}
          aria-label={compact ? label : undefined}
          leftSection={<IconPalette size={22} stroke={1.6} />}
          classNames={{ root: classes.link, section: classes.linkSection, body: classes.linkBody }}
        />
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Tema</Menu.Label>
        {SKINS.map((option) => (
          <Menu.Item
            key={option}
            onClick={() => setSkin(option)}
            rightSection={option === skin ? <IconCheck size={16} aria-hidden /> : null}
          >
            {SKIN_LABELS[option]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
