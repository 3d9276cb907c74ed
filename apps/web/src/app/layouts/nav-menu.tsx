import { ActionIcon, Tooltip } from '@mantine/core';
import {
  IconAddressBook,
  IconBolt,
  IconBuildingCog,
  IconCalendar,
  IconChartBar,
  IconChevronsLeft,
  IconChevronsRight,
  IconCompass,
  IconDeviceMobileMessage,
  IconFileCertificate,
  IconForms,
  IconLayoutKanban,
  IconListDetails,
  IconLogout,
  IconMessages,
  IconPlugConnected,
  IconReportAnalytics,
  IconSend,
  IconTemplate,
  IconTimeline,
  IconUsers,
  IconWorldCog,
  IconX,
} from '@tabler/icons-react';
import {
  canEditLists,
  canManageApiClients,
  canManageAutomations,
  canManageBatchMessages,
  canManageForms,
  canManageMembers,
  canManageStages,
  canOperatePlatforms,
  canUseSimulator,
} from '@vendaval/core/permissions';
import { enrollmentProviderOf } from '@vendaval/core/schemas/contracts';
import { HelpButton } from '../../features/help/components/help-button.tsx';
import { NotificationBell } from '../../features/notifications/components/notification-bell.tsx';
import { WorkspaceSwitcher } from '../../features/workspaces/components/workspace-switcher.tsx';
import { useCurrentRole } from '../../lib/current-workspace.ts';
import { usePlatform } from '../../lib/platform.ts';
import { TenantLogo } from '../../ui/tenant-logo.tsx';
import { NavItem } from './nav-item.tsx';
import classes from './nav-menu.module.css';
import { SkinMenu } from './skin-menu.tsx';
import { UserSummary } from './user-summary.tsx';

type NavMenuProps = {
  compact: boolean;
  tone: 'light' | 'dark';
  /** The rail toggles between icons and labels; the drawer only closes. */
  onToggle?: () => void;
  onClose?: () => void;
  /** Opens the FAQ video modal (the rail's help button; the phone bar carries its own). */
  onHelp?: () => void;
};

export function NavMenu({ compact, tone, onToggle, onClose, onHelp }: NavMenuProps) {
  const role = useCurrentRole();
  const platform = usePlatform();
  const offersEnrollment = enrollmentProviderOf(platform.flags.integrated_enroll) !== null;
  return (
    <nav aria-label="Menu principal" className={`${classes.menu} ${compact ? classes.compact : ''}`}>
      <div className={classes.brand}>
        <TenantLogo
          variant={compact ? 'short' : 'default'}
          on={tone}
          h={compact ? 36 : 40}
          w="auto"
          maw={compact ? 40 : 170}
        />
        {onToggle && (
          <Tooltip label={compact ? 'Expandir menu' : 'Recolher menu'} position="right" withArrow>
            <ActionIcon
              variant="subtle"
              className={classes.iconButton}
              aria-label={compact ? 'Expandir menu' : 'Recolher menu'}
              aria-expanded={!compact}
              onClick={onToggle}
            >
              {compact ? <IconChevronsRight size={18} /> : <IconChevronsLeft size={18} />}
            </ActionIcon>
          </Tooltip>
        )}
        {onClose && (
          <ActionIcon
            variant="subtle"
            className={classes.iconButton}
            aria-label="Fechar menu"
            onClick={onClose}
          >
            <IconX size={18} />
          </ActionIcon>
        )}
      </div>

      <NavItem to="/" label="Pipeline" icon={IconLayoutKanban} compact={compact} />
      <NavItem to="/calendar" label="Calendário" icon={IconCalendar} compact={compact} />
      <NavItem to="/dashboard" label="Dashboard" icon={IconChartBar} compact={compact} />
      <NavItem to="/omnichannel" label="Omnichannel" icon={IconMessages} compact={compact} />
      <NavItem to="/contacts" label="Contatos" icon={IconAddressBook} compact={compact} />
      {platform.flags.planning && (
        <NavItem to="/planning" label="Planejamento" icon={IconReportAnalytics} compact={compact} />
      )}
      <NavItem to="/users" label="Usuários" icon={IconUsers} compact={compact} />
      {role && canEditLists(role) && (
        <NavItem to="/lists" label="Editar Listas" icon={IconListDetails} compact={compact} />
      )}
      {role && canManageStages(role) && (
        <NavItem to="/pipeline-management" label="Etapas do funil" icon={IconTimeline} compact={compact} />
      )}
      {role && canManageForms(role) && (
        <NavItem to="/forms" label="Formulários" icon={IconForms} compact={compact} />
      )}
      <NavItem to="/templates" label="Templates" icon={IconTemplate} compact={compact} />
      {role && canManageAutomations(role) && (
        <NavItem to="/automation" label="Automações" icon={IconBolt} compact={compact} />
      )}
      {role && canManageBatchMessages(role) && (
        <NavItem to="/batch-message" label="Disparo em massa" icon={IconSend} compact={compact} />
      )}
      {role && canUseSimulator(role) && (
        <NavItem
          to="/simulator"
          label="Simulador de cliente"
          icon={IconDeviceMobileMessage}
          compact={compact}
        />
      )}
      {role && canManageMembers(role) && (
        <NavItem to="/workspace-management" label="Workspaces" icon={IconBuildingCog} compact={compact} />
      )}
      {role && canManageApiClients(role) && (
        <NavItem to="/integrations" label="Integrar" icon={IconPlugConnected} compact={compact} />
      )}
      {role && canManageMembers(role) && offersEnrollment && (
        <NavItem to="/enrollment-settings" label="Matrículas" icon={IconFileCertificate} compact={compact} />
      )}
      {role && canOperatePlatforms([role]) && (
        <NavItem to="/platforms" label="Plataformas" icon={IconWorldCog} compact={compact} />
      )}

      <NavItem to="/guide" label="Guia" icon={IconCompass} compact={compact} />

      <div className={classes.spacer} />
      {onHelp && (
        <div className={classes.bell}>
          <HelpButton color="var(--nav-fg)" onClick={onHelp} />
        </div>
      )}
      {onToggle && (
        <div className={classes.bell}>
          <NotificationBell color="var(--nav-fg)" position="right-end" />
        </div>
      )}
      <div className={classes.divider} />

      <WorkspaceSwitcher
        compact={compact}
        onExpand={onToggle}
        classNames={{ label: classes.muted, compactButton: classes.iconButton }}
      />
      <SkinMenu compact={compact} />
      <UserSummary compact={compact} />
      <NavItem to="/logout" label="Sair" icon={IconLogout} compact={compact} />
    </nav>
  );
}
