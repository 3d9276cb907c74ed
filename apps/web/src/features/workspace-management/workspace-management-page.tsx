import { Card, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconBuildingStore, IconHistory, IconPalette, IconSpeakerphone } from '@tabler/icons-react';
import { canAdministerPlatform } from '@vendaval/core/permissions';
import { useSearchParams } from 'react-router';
import { useSession } from '../../lib/session.ts';
import { AuditTab } from './components/audit-tab.tsx';
import { BrandTab } from './components/brand-tab.tsx';
import { NewsTab } from './components/news-tab.tsx';
import { WorkspacesTab } from './components/workspaces-tab.tsx';

const TABS = ['workspaces', 'marca', 'avisos', 'auditoria'] as const;
type Tab = (typeof TABS)[number];

/**
 * /workspace-management: the workspaces, the platform's brand and the audit trail. The tab is in the address
 * (?tab=marca, ?tab=avisos, ?tab=auditoria), so other screens can link straight to it.
 */
export function WorkspaceManagementPage() {
  const { user } = useSession();
  const [params, setParams] = useSearchParams();
  const roles = (user?.workspaces ?? []).map((w) => w.role);
  const admin = canAdministerPlatform(roles);
  const asked = params.get('tab');
  const tab: Tab = TABS.find((t) => t === asked) ?? 'workspaces';

  return (
    <Stack gap="lg" maw={1200}>
      <Stack gap={2}>
        <Title order={1} size="h2">
          Gerenciamento de workspaces
        </Title>
        <Text size="sm" c="dimmed">
          Workspaces, membros, marca e avisos da plataforma e registro de alterações.
        </Text>
      </Stack>
      {admin ? (
        <Tabs
          value={tab}
          onChange={(next) => setParams(next === 'workspaces' ? {} : { tab: next ?? '' })}
          keepMounted={false}
        >
          <Tabs.List mb="lg">
            <Tabs.Tab value="workspaces" leftSection={<IconBuildingStore size={16} />}>
              Workspaces
            </Tabs.Tab>
            <Tabs.Tab value="marca" leftSection={<IconPalette size={16} />}>
              Marca
            </Tabs.Tab>
            <Tabs.Tab value="avisos" leftSection={<IconSpeakerphone size={16} />}>
              Avisos
            </Tabs.Tab>
            <Tabs.Tab value="auditoria" leftSection={<IconHistory size={16} />}>
              Auditoria
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="workspaces">
            <WorkspacesTab />
          </Tabs.Panel>
          <Tabs.Panel value="marca">
            <BrandTab />
          </Tabs.Panel>
          <Tabs.Panel value="avisos">
            <NewsTab />
          </Tabs.Panel>
          <Tabs.Panel value="auditoria">
            <AuditTab />
          </Tabs.Panel>
        </Tabs>
      ) : (
        <Card withBorder padding="lg" radius="md">
          <Text>Somente administradores gerenciam workspaces e a marca da plataforma.</Text>
        </Card>
      )}
    </Stack>
  );
}
