/*
 * The staff scanner as an installed app, scope /dashboard/my-scans.
 * The page: network first, the last copy when the network fails, so the app opens offline and
 * scans typed or filmed then wait in the page's queue (IndexedDB) until the connection is back.
 * Static assets: cache first (their names carry content hashes), fetched as soon as the page is
 * kept so an offline start finds every chunk. The API is left alone: the queue handles it.
 */
const VERSION = "scanner-v1";
const PAGES = `${VERSION}-pages`;
const ASSETS = `${VERSION}-assets`;
const START = "/dashboard/my-scans";
const MAX_ASSETS = 150;

self.addEventListener("install", (event) => {
  // The page is kept at once (the visit that registered this worker was not seen by it), so the
  // app opens offline from the first install on.
  event.waitUntil(
    (async () => {
      try {
        await keepPage(await fetch(START, { credentials: "same-origin" }));
      } catch {
        // Offline while installing: the next visit keeps it.
      }
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      // Only this worker's own old caches: the card's worker (card-sw.js) keeps its own.
      for (const key of await caches.keys()) {
        if (key.startsWith("scanner-") && !key.startsWith(`${VERSION}-`)) await caches.delete(key);
      }
      await self.clients.claim();
    })(),
  );
});

async function trim(cache, max) {
  const keys = await cache.keys();
  for (const key of keys.slice(0, Math.max(0, keys.length - max))) await cache.delete(key);
}

/** The page's static assets (the names in its HTML), so an offline start has every chunk it needs. */
async function keepAssets(html) {
  const cache = await caches.open(ASSETS);
  const paths = new Set(html.match(/\/_next\/static\/[\w./~-]+\.(?:js|css|woff2)/g) || []);
  for (const path of paths) {
    if (await cache.match(path, { ignoreVary: true })) continue;
    try {
      const response = await fetch(path);
      if (response.ok) await cache.put(path, response);
    } catch {
      // Offline already: the next online visit keeps it.
    }
  }
  await trim(cache, MAX_ASSETS);
}

/**
 * Keeps a copy of the scanner page when the answer is it: not a sign-in page the session's end
 * redirected to, nor an error. Resolves once its assets are kept too.
 */
async function keepPage(response) {
  const type = response.headers.get("content-type") || "";
  if (!response.ok || response.redirected || !type.includes("text/html")) return;
  const html = await response.clone().text();
  if (!html.includes('id="scanner-title"')) return;
  // The body is decoded text now: its old encoding and length no longer describe it.
  const headers = new Headers(response.headers);
  headers.delete("content-encoding");
  headers.delete("content-length");
  const cache = await caches.open(PAGES);
  await cache.put(START, new Response(html, { status: 200, headers }));
  await keepAssets(html);
}

async function scannerPage(event, request) {
  try {
    const response = await fetch(request);
    event.waitUntil(keepPage(response.clone()));
    return response;
  } catch (error) {
    const cached = await (await caches.open(PAGES)).match(START, { ignoreVary: true });
    if (cached) return cached;
    throw error;
  }
}

async function cacheFirst(request) {
  const cache = await caches.open(ASSETS);
  const cached = await cache.match(request, { ignoreVary: true });
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) {
    await cache.put(request, response.clone());
    await trim(cache, MAX_ASSETS);
  }
  return response;
}

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === "navigate" && url.pathname === START) {
    event.respondWith(scannerPage(event, request));
  } else if (/^\/(_next\/static|icons)\//.test(url.pathname)) {
    event.respondWith(cacheFirst(request));
  }
});
