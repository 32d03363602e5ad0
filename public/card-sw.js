/*
 * The customer's card as an installed app, scope /add-to-wallet.
 * Card pages: network first, the last copy when the network fails (so the card, its stamps, its
 * reward and its QR, which is inline SVG, still show offline). The copy of the most recent card
 * is also kept under /add-to-wallet, the manifest's start_url. Static assets: cache first (their
 * names carry content hashes). Logos: network first. Everything else is left to the browser.
 */
const VERSION = "card-v1";
const PAGES = `${VERSION}-pages`;
const ASSETS = `${VERSION}-assets`;
const START = "/add-to-wallet";
/** One card page per business a device may hold (contract/wallet.ts MAX_CARDS_PER_DEVICE). */
const MAX_PAGES = 20;
const MAX_ASSETS = 120;

self.addEventListener("install", () => self.skipWaiting());

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const key of await caches.keys()) if (!key.startsWith(`${VERSION}-`)) await caches.delete(key);
      await self.clients.claim();
    })(),
  );
});

async function trim(cache, max) {
  const keys = await cache.keys();
  for (const key of keys.slice(0, Math.max(0, keys.length - max))) await cache.delete(key);
}

/** One copy per card: `after=join` and the like do not make another. */
function pageKey(url) {
  const token = url.searchParams.get("qr_token");
  return token ? `${START}?qr_token=${encodeURIComponent(token)}` : START;
}

/**
 * The `nomodule` scripts of a page (the framework's polyfills for browsers without modules): a
 * browser that runs this worker never loads them, so they are not kept.
 */
function moduleless(html) {
  const paths = new Set();
  for (const tag of html.match(/<script\b[^>]*\bnomodule\b[^>]*>/gi) || []) {
    const src = tag.match(/\bsrc="([^"]+)"/);
    if (src) paths.add(src[1]);
  }
  return paths;
}

/**
 * The page's static assets (scripts, styles, fonts: the names in its HTML), fetched into the
 * asset cache as soon as the page is kept. Without this only what the page had finished loading
 * when the network went would be there, and an offline reload could miss a chunk it needs to
 * start (the card would show, but not that it is offline).
 */
async function keepAssets(html) {
  const cache = await caches.open(ASSETS);
  const paths = new Set(html.match(/\/_next\/static\/[\w./~-]+\.(?:js|css|woff2)/g) || []);
  const skipped = moduleless(html);
  for (const path of paths) {
    if (skipped.has(path) || (await cache.match(path, { ignoreVary: true }))) continue;
    try {
      const response = await fetch(path);
      if (response.ok) await cache.put(path, response);
    } catch {
      // Offline already: the next online visit keeps it.
    }
  }
  await trim(cache, MAX_ASSETS);
}

async function cardPage(event, request, url) {
  const cache = await caches.open(PAGES);
  try {
    const response = await fetch(request);
    const type = response.headers.get("content-type") || "";
    if (response.ok && type.includes("text/html")) {
      const html = await response.clone().text();
      // Only a page that shows a card is worth keeping (not an error or a join form).
      if (html.includes('id="card-title"')) {
        // The body is decoded text now: its old encoding and length no longer describe it.
        const headers = new Headers(response.headers);
        headers.delete("content-encoding");
        headers.delete("content-length");
        const copy = () => new Response(html, { status: 200, headers });
        await cache.put(pageKey(url), copy());
        await cache.put(START, copy());
        await trim(cache, MAX_PAGES + 1);
        event.waitUntil(keepAssets(html));
      }
    }
    return response;
  } catch (error) {
    const cached =
      (await cache.match(pageKey(url), { ignoreVary: true })) || (await cache.match(START, { ignoreVary: true }));
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

async function networkFirst(request) {
  const cache = await caches.open(ASSETS);
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(request, response.clone());
    return response;
  } catch (error) {
    const cached = await cache.match(request, { ignoreVary: true });
    if (cached) return cached;
    throw error;
  }
}

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === "navigate" && url.pathname === START) {
    event.respondWith(cardPage(event, request, url));
  } else if (/^\/(_next\/static|icons|badges)\//.test(url.pathname) || url.pathname === "/manifest.webmanifest") {
    event.respondWith(cacheFirst(request));
  } else if (url.pathname.startsWith("/api/files/")) {
    event.respondWith(networkFirst(request));
  }
});
