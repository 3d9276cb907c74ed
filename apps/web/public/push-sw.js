// The Web Push service worker: shows each notification the server pushes while no tab of the app is open, and
// opens the app at the notification's target (its card, task or room) when the user clicks one.
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

// The page follows the notification the way a click in the bell does: a tab already open is told and brought
// forward; otherwise a new one opens with the notification's id in its address.
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const notification = event.notification.data;
  const id = notification && Number.isInteger(notification.id) ? notification.id : null;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((client) => 'focus' in client);
      if (open) {
        if (id !== null) open.postMessage({ type: 'notification-click', notification });
        return open.focus();
      }
      return self.clients.openWindow(id !== null ? `/?notification=${id}` : '/');
    }),
  );
});
