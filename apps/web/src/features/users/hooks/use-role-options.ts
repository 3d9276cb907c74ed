import { useRoleLabel } from '../../../lib/platform.ts';
import { useAssignableRolesQuery } from '../api/use-assignable-roles-query.ts';

/** The roles this user may give here, as select options with the tenant's labels. */
export function useRoleOptions(workspaceId: number | null, enabled: boolean) {
  const roles = useAssignableRolesQuery(workspaceId, enabled);
  const roleLabel = useRoleLabel();
  const options = (roles.data?.data ?? []).map((role) => ({ value: role.id, label: roleLabel(role.id) }));
  return { options, loading: roles.isPending && enabled };
}
