import { notifications } from '@mantine/notifications';
import { errorToasts, type Toast, UNKNOWN_ERROR } from '@vendaval/core/messages';
import { ApiError } from './http.ts';

export const TOAST_DURATION = {
  error: 3000,
  warning: 2500,
  success: 1500,
  notification: 5000,
} as const;

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/** The toasts the global error display shows for a failure (none for a cancelled request). */
export function toastsForError(error: unknown): Toast[] {
  if (isAbort(error)) return [];
  if (error instanceof ApiError && error.body) return errorToasts(error.body);
  return [UNKNOWN_ERROR];
}

export function showErrorToasts(error: unknown): void {
  for (const toast of toastsForError(error)) {
    // Identical failures at once (several queries hit by one expired token) show a single toast.
    notifications.show({
      id: `error:${toast.title}:${toast.message}`,
      color: 'red',
      title: toast.title,
      message: toast.message,
      autoClose: TOAST_DURATION.error,
    });
  }
}

/** A failure the spec words itself (platform.md §8), shown like the global error toast. */
export function showErrorToast({ title, message }: Toast): void {
  notifications.show({ color: 'red', title, message, autoClose: TOAST_DURATION.error });
}

export function showSuccessToast(message: string, title = 'Sucesso'): void {
  notifications.show({ color: 'green', title, message, autoClose: TOAST_DURATION.success });
}

export function showWarningToast(message: string, title = 'Atenção'): void {
  notifications.show({ color: 'yellow', title, message, autoClose: TOAST_DURATION.warning });
}
