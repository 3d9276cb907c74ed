import { Divider, Stack, Title } from '@mantine/core';
import { canAdministerPlatform } from '@vendaval/core/permissions';
import { usePlatform } from '../../../lib/platform.ts';
import { useSession } from '../../../lib/session.ts';
import { platformWebhooks, workspaceWebhooks } from '../api/webhooks-target.ts';
import { WebhooksPanel } from './webhooks-panel.tsx';

/** The workspace's webhooks, and for the platform's admins the platform-wide ones below them. */
export function WebhooksSection({ workspaceId }: { workspaceId: number }) {
  const { user } = useSession();
  const platform = usePlatform();
  const admin = canAdministerPlatform((user?.workspaces ?? []).map((w) => w.role));
  return (
    <Stack gap="lg">
      <WebhooksPanel
        target={workspaceWebhooks(workspaceId)}
        intro="Envia os eventos escolhidos deste workspace, assinados, para outro sistema."
      />
      {admin && (
        <Stack gap="sm" component="section" aria-label="Webhooks da plataforma">
          <Divider />
          <Title order={3} size="h4">
            Webhooks da plataforma
          </Title>
          <WebhooksPanel
            target={platformWebhooks(platform.id)}
            intro="Recebem os eventos escolhidos de todos os workspaces da plataforma, assinados do mesmo jeito."
          />
        </Stack>
      )}
    </Stack>
  );
}
