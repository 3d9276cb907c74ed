import {
  getGradient,
  Paper,
  Stack,
  Text,
  Title,
  useComputedColorScheme,
  useMantineTheme,
} from '@mantine/core';
import type { CSSProperties, ReactNode } from 'react';
import { useBrandGradient, usePlatform } from '../../../lib/platform.ts';
import { TenantLogo } from '../../../ui/tenant-logo.tsx';
import classes from './auth-screen.module.css';

/** The login screen's frame, shared by sign-in, password reset and invitations. */
export function AuthScreen({ heading, children }: { heading: string; children: ReactNode }) {
  const platform = usePlatform();
  const theme = useMantineTheme();
  const gradient = useBrandGradient('login');
  const scheme = useComputedColorScheme('light');
  const accent = gradient ? getGradient(gradient, theme) : 'var(--mantine-color-primary-filled)';

  return (
    <div className={classes.root} style={{ '--auth-accent': accent } as CSSProperties}>
      <img className={classes.mobileCover} src={platform.login_backgrounds.mobile} alt="" />
      <div className={classes.art}>
        <img className={classes.cover} src={platform.login_backgrounds.desktop} alt="" />
      </div>
      <main className={classes.panel}>
        <Paper className={classes.card} p={{ base: 'lg', sm: 'xl' }} shadow="md" withBorder>
          <Stack gap="lg">
            <Stack gap={6} align="center">
              <TenantLogo on={scheme} h={56} w="auto" maw="100%" />
              <Text c="dimmed" ta="center" size="sm">
                {platform.subtitle}
              </Text>
            </Stack>
            <Title order={1} size="h2">
              {heading}
            </Title>
            {children}
          </Stack>
        </Paper>
      </main>
    </div>
  );
}
