import { usePlatform } from '../../../lib/platform.ts';
import { useWorkspaceSettingsQuery } from '../../../lib/use-workspace-settings-query.ts';

/** Whether the card form offers 'Não é aluno?' (OPP-017): the workspace's choice, else the platform's flag. */
export function useResponsibleCheck(): boolean {
  const { flags } = usePlatform();
  return useWorkspaceSettingsQuery().responsible_check ?? flags.responsibleCheck;
}
