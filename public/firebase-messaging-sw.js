/*
 * Shows push messages (Firebase Cloud Messaging, web push) while the site is not open. Written
 * against the browser's own Push API rather than importing the Firebase SDK from a CDN: the page
 * policy allows no third-party scripts in workers, and FCM's payload is plain JSON:
 * { notification: { title, body }, fcmOptions: { link }, data }.
 */
self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

self.addEventListener("push", (event) => {
  let payload = {};
  try {
    payload = event.data ? event.data.json() : {};
  } catch {
    payload = { notification: { body: event.data ? event.data.text() : "" } };
  }
  const notification = payload.notification || {};
  const link = (payload.fcmOptions && payload.fcmOptions.link) || (payload.data && payload.data.link) || "/";
  event.waitUntil(
    self.registration.showNotification(notification.title || "New message", {
      body: notification.body || "",
      icon: notification.icon || "/icon.svg",
      data: { link },
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const link = (event.notification.data && event.notification.data.link) || "/";
  const url = new URL(link, self.location.origin);
  // Only our own pages are opened from a notification.
  const target = url.origin === self.location.origin ? url.href : self.location.origin;
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((windows) => {
      const open = windows.find((w) => w.url === target);
      return open ? open.focus() : self.clients.openWindow(target);
    }),
  );
});
