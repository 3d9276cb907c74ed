// The Web Push service worker: shows each notification the server pushes while no tab of the app is open, and
// brings the app forward (or opens it) when the user clicks one.
self.addEventListener('push', (event) => {
  const pushed = event.data ? event.data.json() : {};
  const notification = pushed.notification;
  event.waitUntil(
    self.registration.showNotification(pushed.title || 'Notificação', {
      body: pushed.body || '',
      tag: notification ? `notification-${notification.id}` : undefined,
      data: notification,
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((client) => 'focus' in client);
      return open ? open.focus() : self.clients.openWindow('/');
    }),
  );
});
