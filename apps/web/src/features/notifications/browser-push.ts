import { http } from '../../lib/http.ts';

/** Where the service worker that shows pushed notifications is served (the app's root, so it covers every page). */
const SERVICE_WORKER_PATH = '/push-sw.js';

export const browserPushSupported = () =>
  typeof window !== 'undefined' &&
  'serviceWorker' in navigator &&
  'PushManager' in window &&
  'Notification' in window;

function keyBytes(base64Url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64Url.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(raw, (c) => c.charCodeAt(0));
}

/**
 * Subscribes this browser to the user's pushes and tells the server (POST fcm/create-token). Only once the user
 * has allowed notifications: `ask` asks them (from a click), otherwise nothing is asked.
 */
export async function subscribeBrowser({ ask }: { ask: boolean }): Promise<boolean> {
  if (!browserPushSupported()) return false;
  const permission = ask ? await Notification.requestPermission() : Notification.permission;
  if (permission !== 'granted') return false;
  const registration = await navigator.serviceWorker.register(SERVICE_WORKER_PATH);
  const { public_key: publicKey } = await http.get<{ public_key: string }>('/push/public-key');
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: keyBytes(publicKey),
    }));
  await http.post('/fcm/create-token', {
    token: JSON.stringify(subscription.toJSON()),
    device_type: 'Desktop',
  });
  return true;
}
