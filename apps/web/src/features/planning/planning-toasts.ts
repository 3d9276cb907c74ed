import { notifications } from '@mantine/notifications';
import { TOAST_MS } from '@vendaval/core/constants';

/** The planning area's success toasts stay 3 s (platform.md §9). */
export function showPlanningToast(message: string): void {
  notifications.show({ color: 'green', title: 'Sucesso', message, autoClose: TOAST_MS.planning });
}
