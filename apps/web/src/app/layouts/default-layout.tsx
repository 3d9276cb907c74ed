import { AppShell, Burger, Drawer, Group } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { FaqModal } from '../../features/help/components/faq-modal.tsx';
import { HelpButton } from '../../features/help/components/help-button.tsx';
import { NewsWarningModal } from '../../features/news/components/news-warning-modal.tsx';
import { NotificationBell } from '../../features/notifications/components/notification-bell.tsx';
import { useLiveNotifications } from '../../features/notifications/use-live-notifications.ts';
import { usePushClicks } from '../../features/notifications/use-push-clicks.ts';
import { OpportunityModalHost } from '../../features/opportunities/card-modal/opportunity-modal-host.tsx';
import { DialerHost } from '../../features/phone/components/dialer-host.tsx';
import { CardChatContext } from '../../lib/card-chat.ts';
import { CardContractContext } from '../../lib/card-contract.ts';
import { useBrandGradient, usePlatform } from '../../lib/platform.ts';
import { useRealtime } from '../../lib/realtime.ts';
import { TenantLogo } from '../../ui/tenant-logo.tsx';
import { CARD_CHAT_SLOTS } from '../card-chat-slots.tsx';
import { CARD_CONTRACT_SLOTS } from '../card-contract-slots.tsx';
import { useSkin } from '../skin.tsx';
import classes from './default-layout.module.css';
import { navColors, navColorVars } from './nav-colors.ts';
import { NavMenu } from './nav-menu.tsx';

const MENU_BREAKPOINT = '(min-width: 64em)';
const RAIL_WIDTH = 76;
const EXPANDED_WIDTH = 264;

export function DefaultLayout() {
  const platform = usePlatform();
  const gradient = useBrandGradient('app');
  const { skin } = useSkin();
  const location = useLocation();
  const wide = useMediaQuery(MENU_BREAKPOINT, true, { getInitialValueInEffect: false });
  const [expanded, setExpanded] = useState(false);
  const [drawerOpened, drawer] = useDisclosure(false);
  const [faqOpened, faq] = useDisclosure(false);
  const [lastKey, setLastKey] = useState(location.key);
  useRealtime();
  useLiveNotifications();
  usePushClicks();

  // Every navigation closes the expanded menu, the drawer and the FAQ modal.
  if (lastKey !== location.key) {
    setLastKey(location.key);
    setExpanded(false);
    drawer.close();
    faq.close();
  }

  const colors = navColors(
    skin,
    platform.palette.nav,
    gradient ? `linear-gradient(135deg, ${gradient.from}, ${gradient.to})` : null,
  );
  const vars = navColorVars(colors);

  return (
    <AppShell
      navbar={wide ? { width: expanded ? EXPANDED_WIDTH : RAIL_WIDTH, breakpoint: 'md' } : undefined}
      padding="md"
      style={vars}
    >
      {wide && (
        <AppShell.Navbar className={classes.navbar}>
          <NavMenu
            compact={!expanded}
            tone={colors.tone}
            onToggle={() => setExpanded((open) => !open)}
            onHelp={faq.open}
          />
        </AppShell.Navbar>
      )}
      {!wide && (
        <Drawer
          opened={drawerOpened}
          onClose={drawer.close}
          size={288}
          withCloseButton={false}
          title="Menu"
          styles={{ header: { display: 'none' } }}
          classNames={{ body: classes.drawerBody, content: classes.drawerContent }}
          style={vars}
        >
          <NavMenu compact={false} tone={colors.tone} onClose={drawer.close} />
        </Drawer>
      )}
      <AppShell.Main className={classes.main}>
        {!wide && (
          <div className={classes.mobileBar}>
            <Burger
              opened={drawerOpened}
              onClick={drawer.toggle}
              color="var(--nav-fg)"
              size="sm"
              aria-label="Abrir menu"
            />
            <TenantLogo variant="default" on={colors.tone} h={32} w="auto" maw={160} />
            <Group gap={4} wrap="nowrap" className={classes.mobileBell}>
              <HelpButton color="var(--nav-fg)" onClick={faq.open} />
              <NotificationBell color="var(--nav-fg)" />
            </Group>
          </div>
        )}

        <DialerHost />
        <div key={location.pathname} className={classes.page}>
          <Outlet />
        </div>
      </AppShell.Main>
      <FaqModal opened={faqOpened} onClose={faq.close} />
      <NewsWarningModal />
      <CardChatContext value={CARD_CHAT_SLOTS}>
        <CardContractContext value={CARD_CONTRACT_SLOTS}>
          <OpportunityModalHost />
        </CardContractContext>
      </CardChatContext>
    </AppShell>
  );
}
