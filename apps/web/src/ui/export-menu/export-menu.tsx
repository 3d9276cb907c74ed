import { ActionIcon, Button, Loader, Menu } from '@mantine/core';
import { IconDownload, IconFileSpreadsheet, IconFileTypeCsv } from '@tabler/icons-react';
import { canExport } from '@vendaval/core/permissions';
import type { ExportKind } from '@vendaval/core/schemas/exports';
import { useCurrentWorkspace } from '../../lib/current-workspace.ts';
import type { Query } from '../../lib/http.ts';
import { useExport } from './use-export.ts';

type Props = {
  kind: ExportKind;
  /** The filters the export applies (the board's). */
  query?: Query;
  /** An icon button, for a phone's toolbar. */
  compact?: boolean;
};

/** 'Exportar' with CSV or XLSX, for the roles with export permission; busy until the file is downloaded. */
export function ExportMenu(props: Props) {
  const membership = useCurrentWorkspace();
  if (!membership || !canExport(membership.role)) return null;
  return <ExportMenuFor workspaceId={membership.id} {...props} />;
}

function ExportMenuFor({ workspaceId, kind, query, compact }: Props & { workspaceId: number }) {
  const { start, busy } = useExport(workspaceId, kind, query);
  const label = busy ? 'Exportando…' : 'Exportar';
  const icon = busy ? <Loader size={16} aria-hidden /> : <IconDownload size={18} />;
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        {compact ? (
          <ActionIcon variant="default" size="lg" disabled={busy} aria-label={label}>
            {icon}
          </ActionIcon>
        ) : (
          <Button variant="default" leftSection={icon} disabled={busy}>
            {label}
          </Button>
        )}
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Exportar como</Menu.Label>
        <Menu.Item leftSection={<IconFileSpreadsheet size={16} />} onClick={() => start('xlsx')}>
          Planilha Excel (.xlsx)
        </Menu.Item>
        <Menu.Item leftSection={<IconFileTypeCsv size={16} />} onClick={() => start('csv')}>
          CSV (.csv)
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
