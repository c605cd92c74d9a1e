// The phone page's service worker. When the server is out of reach it answers the page's own
// reads (the page, its scripts and style, the last list it showed) from what it last saw, so
// the page opens and a game can still be entered: the page keeps such entries in its outbox
// (outbox.js) and sends them when the server answers again. Writes never pass through here.
"use strict";

const CACHE = "skatliste-page-1";

self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

// The page names what it needs (itself, its scripts, its style) on its first visit, before
// this worker saw them: kept at once, so that the first reload without the server works.
self.addEventListener("message", (event) => {
  if (!event.data || event.data.type !== "keep") return;
  const port = event.ports[0];
  event.waitUntil(keep(event.data.urls).then((n) => port && port.postMessage({ kept: n })));
});

async function keep(urls) {
  const cache = await caches.open(CACHE);
  let kept = 0;
  for (const url of urls) {
    try {
      const response = await fetch(url, { cache: "no-store", credentials: "same-origin" });
      if (response.ok) {
        await cache.put(url, response);
        kept += 1;
      }
    } catch (err) {
      // out of reach now: kept on the next visit that reaches the server
    }
  }
  return kept;
}

// What is kept: the pages, their files, and a table's list (a first read: what changed after
// it, ?since=, is put together by the page, which keeps the whole list here). Nothing else (the organiser's
// answers hold the tables' keys: they stay out of the browser's storage).
function kept(request) {
  if (request.method !== "GET") return false;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return false;
  return (
    request.mode === "navigate" ||
    url.pathname.startsWith("/static/") ||
    (url.pathname.endsWith("/api/list") && !url.searchParams.has("since"))
  );
}

self.addEventListener("fetch", (event) => {
  if (kept(event.request)) event.respondWith(networkFirst(event.request));
});

// The server first, always: what it says is the truth; the copy only when it does not answer.
async function networkFirst(request) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    if (response.ok && response.type === "basic") await cache.put(request, response.clone());
    return response;
  } catch (err) {
    let copy = await cache.match(request);
    if (!copy && request.mode === "navigate") copy = await cache.match(request, { ignoreSearch: true });
    if (!copy) throw err;
    const headers = new Headers(copy.headers);
    headers.set("X-Skatliste-Kept", "1"); // an old copy: the page may say so
    return new Response(await copy.blob(), { status: copy.status, headers });
  }
}
