// The outbox of the phone page: every new entry is kept here (IndexedDB) before it is sent, so
// that an entry made while the server is out of reach (the hall's Wi-Fi down, the laptop
// asleep) survives a reload and a phone restart. Each entry keeps the Idempotency-Key it was
// made with: a repeat of a request whose answer was lost writes nothing on the server.
// Loaded before app.js, whose page state (state, form, api, refresh, ...) it uses when called.
"use strict";

const Outbox = (() => {
  let opening = null;

  function open() {
    if (!opening) {
      opening = new Promise((resolve, reject) => {
        const request = indexedDB.open("skatliste", 1);
        request.onupgradeneeded = () => {
          const store = request.result.createObjectStore("outbox", {
            keyPath: "id",
            autoIncrement: true,
          });
          store.createIndex("base", "base"); // the page it belongs to: a table's, or the list's
        };
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
    }
    return opening;
  }

  // one transaction; its answer once it is on disk
  async function run(mode, work) {
    const db = await open();
    return new Promise((resolve, reject) => {
      const tx = db.transaction("outbox", mode, { durability: "strict" });
      const request = work(tx.objectStore("outbox"));
      tx.oncomplete = () => resolve(request.result);
      tx.onerror = () => reject(tx.error);
      tx.onabort = () => reject(tx.error);
    });
  }

  return {
    // the page's entries in the order they were made (the order they are sent in)
    all: async (base) => {
      const found = await run("readonly", (store) => store.index("base").getAll(base));
      return found.sort((a, b) => a.id - b.id);
    },
    add: (entry) => run("readwrite", (store) => store.add(entry)),
    put: (entry) => run("readwrite", (store) => store.put(entry)),
    remove: (id) => run("readwrite", (store) => store.delete(id)),
  };
})();

// A random id for the Idempotency-Key header (crypto.randomUUID needs a secure context, which
// a phone on the hall's network at http://192.168.… is not).
function newIdempotencyKey() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

// --- the outbox: entries kept on this phone until the server has them ----------------------

let fixing = null; // the outbox entry (refused on arrival) the form is correcting
let waitingCount = 0;
let refusedCount = 0; // of those, refused on arrival: said in the strip, not only far below
// The entries waiting without the server that move the deal on (a game, a Ramsch, all
// passed; not a Bock round called): the page shows the dealer and the game count as they will
// be once these land.
const DEALT = new Set(["game", "ramsch", "pass"]);
let dealsAhead = 0;
const fresh = new Map(); // outbox id → the answer, for an entry whose Enter is still waiting

// The list an entry was made for: an outbox entry is never sent to another list served later
// at the same address.
const listId = () => (state ? state.players.join(", ") : "");

// Puts an entry in the outbox and sends what is waiting; the entry's answer if it was sent
// now (entered, or refused at once: then it leaves the outbox and the form keeps it), null
// while it waits.
async function enqueue(entry) {
  Object.assign(entry, { base: BASE, list: listId(), idem: newIdempotencyKey(), state: "waiting" });
  let id;
  try {
    id = await Outbox.add(entry);
  } catch (err) {
    // no IndexedDB (a browser that refuses it): sent at once, as a page without an outbox
    return api(entry.method, entry.path, entry.body, entry.idem);
  }
  fresh.set(id, null);
  await flush();
  const answer = fresh.get(id);
  fresh.delete(id);
  return answer;
}

// What a kept entry waits for: the server, or the correction of a refused one before it.
async function sayKept() {
  const kept = await Outbox.all(BASE);
  toast(kept.some((e) => e.state === "refused") ? L.kept_behind : L.kept);
}

// Only an answer says a request was refused; no answer, a timeout, a busy or failing server
// mean: try again later, with the same key.
const tryAgain = (r) => r.status === 0 || r.status === 408 || r.status === 429 || r.status >= 500;

async function hold(entry, reason) {
  Object.assign(entry, { state: "refused", error: reason });
  await Outbox.put(entry);
}

// Sends the waiting entries in the order they were made, each until the server answers; stops
// at one refused (the later ones wait behind it, so the order holds). True if any was sent.
async function sendWaiting() {
  let sent = false;
  let served = null; // the list the server serves now, asked once before an older entry goes
  for (;;) {
    const next = (await Outbox.all(BASE))[0];
    if (!next || next.state !== "waiting" || !KEY || state === null) return sent;
    if (!fresh.has(next.id) && served === null) {
      // made offline or before a reload: the page's copy of the list may be older than the
      // server's (another list served at this address meanwhile)
      const r = await api("GET", "/api/list");
      // only the server says which list it serves: a copy kept for offline is not it
      if (!r.ok || r.kept) return sent;
      served = r.data.players.join(", ");
    }
    if (next.list !== (served === null ? listId() : served)) {
      await hold(next, fmt(L.other_list, { players: next.list }));
      return sent;
    }
    const r = await api(next.method, next.path, next.body, next.idem);
    if (tryAgain(r)) return sent;
    if (r.ok) sent = true;
    if (r.ok && !fresh.has(next.id)) landed.push(r.data); // kept earlier: said when it lands
    if (r.ok || fresh.has(next.id)) {
      await Outbox.remove(next.id);
      if (fresh.has(next.id)) fresh.set(next.id, r);
      continue;
    }
    await hold(next, r.data.error || fmt(L.bad_answer, { status: r.status }));
    return sent;
  }
}

let flushing = null;
let landed = []; // the answers to entries kept on this phone that landed in this round
let flushAgain = false;
function flush() {
  if (flushing) {
    flushAgain = true; // asked while sending: one more round when this one ends
    return flushing;
  }
  flushing = (async () => {
    let sent = false;
    try {
      do {
        flushAgain = false;
        // one page of this list sends at a time, even with the page open in two tabs
        const round = navigator.locks
          ? await navigator.locks.request("skatliste-outbox:" + BASE, sendWaiting)
          : await sendWaiting();
        sent = sent || round;
      } while (flushAgain);
    } catch (err) {
      toast(String(err), true); // IndexedDB failed: what is kept stays kept
    }
    await showOutbox();
    sayLanded();
    if (sent) refresh(); // not waited for: the next game can be tapped meanwhile
  })().finally(() => {
    flushing = null;
  });
  return flushing;
}

// Entries kept on this phone that landed: each game as a saved one is said, the totals after.
function sayLanded() {
  if (!landed.length) return;
  const last = landed[landed.length - 1];
  const games = landed.filter((d) => d.game).map((d) => sayGame(d.game));
  landed = [];
  say([L.say_sent, ...games, fmt(L.say_totals, { totals: spokenTotals(last.totals, L) })].join(" "));
}

async function showOutbox() {
  let kept = [];
  try {
    kept = await Outbox.all(BASE);
  } catch (err) {
    // no IndexedDB: nothing is kept, nothing is shown
  }
  waitingCount = kept.length;
  refusedCount = kept.filter((e) => e.state === "refused").length;
  // only while the server is out of reach: online, an entry waits an instant, and the list
  // read after it already holds it
  const offline = $("live").classList.contains("off");
  const ahead = offline ? kept.filter((e) => e.state === "waiting" && DEALT.has(e.kind)).length : 0;
  if (ahead !== dealsAhead) {
    dealsAhead = ahead;
    if (state) render(); // the dealer and the game count as they will be once these land
  }
  $("outbox").replaceChildren(...kept.map(outboxItem));
  $("outbox-title").hidden = !kept.length;
  showNet();
  if (kept.some((e) => e.state === "waiting") && !flushing) flush();
}

function outboxItem(entry) {
  const li = el("li", { class: "game " + entry.state, "data-outbox": entry.id });
  const where = entry.state === "waiting" ? (KEY ? L.sending : L.needs_key) : "";
  li.append(
    el(
      "div",
      { class: "line" },
      el("span", { class: "what", textContent: entry.what }),
      el("span", { class: "tot", textContent: where }),
    ),
  );
  if (entry.state === "refused") {
    const buttons = el("div", { class: "grid three" });
    if (entry.kind === "game" || entry.kind === "ramsch") {
      buttons.append(el("button", { type: "button", "data-fix": entry.id, textContent: L.edit }));
    }
    buttons.append(
      el("button", { type: "button", "data-retry": entry.id, textContent: L.retry }),
      el("button", { type: "button", "data-discard": entry.id, textContent: L.discard, class: "danger" }),
    );
    li.append(el("p", { class: "error", textContent: fmt(L.refused, { reason: entry.error }) }), buttons);
  } else if ($("live").classList.contains("off")) {
    // while the server is away nothing is on its way: a waiting entry can still be taken back
    li.append(
      el(
        "div",
        { class: "grid three" },
        el("button", { type: "button", "data-discard": entry.id, textContent: L.discard, class: "danger" }),
      ),
    );
  }
  return li;
}

// The connection and the entries waiting, in the strip (in words, not only the dot's colour);
// "offline" only once the live stream had a moment to connect, not on every page load.
const loaded = Date.now();
function showNet() {
  const on = !$("live").classList.contains("off");
  const early = !on && Date.now() - loaded < 1500;
  if (early) setTimeout(showNet, 1600 - (Date.now() - loaded));
  const parts = [on ? L.online : early ? "" : L.no_connection];
  if (waitingCount > refusedCount) parts.push(fmt(L.waiting_count, { n: waitingCount - refusedCount }));
  if (refusedCount) parts.push(fmt(L.refused_count, { n: refusedCount }));
  // each part kept on one line ("1 abgelehnt ↓"): the text breaks only between them
  $("net-text").textContent = parts.filter(Boolean).map((p) => p.replace(/ /g, "\u00a0")).join(" · ");
  $("net").classList.toggle("off", !on && !early);
}

async function outboxTap(e) {
  const b = e.target.closest("button");
  if (!b) return;
  const id = Number(b.dataset.fix || b.dataset.retry || b.dataset.discard);
  const entry = (await Outbox.all(BASE)).find((x) => x.id === id);
  if (!entry) return;
  if (b.dataset.discard) {
    if (!confirm(fmt(L.discard_confirm, { what: entry.what }))) return;
    await Outbox.remove(id);
  } else if (b.dataset.retry) {
    Object.assign(entry, { state: "waiting", error: "", idem: newIdempotencyKey() });
    await Outbox.put(entry);
  } else {
    startFix(entry);
    return;
  }
  await flush();
}

// A refused entry goes back into the form; Enter puts the corrected one back in its place.
function startFix(entry) {
  resetForm();
  fixing = entry.id;
  if (entry.kind === "ramsch") {
    mode = "ramsch";
    $("ramsch-extra").value = entry.body.words;
  } else {
    form.declarer = entry.body.declarer;
    $("words").value = entry.body.words;
  }
  showTaps();
  schedulePreview();
  $("entry").scrollIntoView({ behavior: "smooth" });
}

async function refix(entry) {
  const old = (await Outbox.all(BASE)).find((x) => x.id === fixing);
  if (!old) {
    fixing = null; // discarded meanwhile (another tab): a new entry then
    await submit(new Event("submit"));
    return;
  }
  Object.assign(old, entry, { state: "waiting", error: "", idem: newIdempotencyKey() });
  await Outbox.put(old);
  resetForm();
  toast(L.kept);
  await flush();
}

// The last list the page showed, kept where the service worker answers a reload without the
// server from (its cache, under the address of a first read): the page reads only what changed
// after its first read (?since=), so the worker itself never sees a whole list again. The
// cache's name is the worker's (sw.js).
const PAGE_CACHE = "skatliste-page-1";
async function keepList(data, cent) {
  if (!data || cent || !("caches" in self)) return; // a list shown with a stake is not kept
  try {
    const cache = await caches.open(PAGE_CACHE);
    const url = BASE + "/api/list?" + new URLSearchParams({ lang: LANG });
    const headers = { "Content-Type": "application/json" };
    await cache.put(url, new Response(JSON.stringify(data), { headers }));
  } catch (err) {
    // no cache here (not a secure context): the outbox alone keeps the entries
  }
}
let keepSoon = null;
function keepListSoon(data, cent) {
  clearTimeout(keepSoon); // a burst of changes is kept once, after it
  keepSoon = setTimeout(() => keepList(data, cent), 1000);
}

// The service worker keeps the page, its files and the last list for when the server is out
// of reach. It needs a secure context (the loopback, or https): over plain http on the hall's
// network the browser has none, and the outbox alone keeps the entries.
async function keepForOffline() {
  if (!("serviceWorker" in navigator)) return;
  try {
    const hadWorker = Boolean(navigator.serviceWorker.controller);
    await navigator.serviceWorker.register(BASE + "/sw.js", { scope: "/" });
    const registration = await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) => {
        navigator.serviceWorker.addEventListener("controllerchange", resolve, { once: true });
        setTimeout(resolve, 5000);
      });
    }
    const urls = [
      location.href.split("#")[0],
      ...[...document.querySelectorAll("script[src]")].map((s) => s.src),
      ...[...document.querySelectorAll('link[rel="stylesheet"]')].map((l) => l.href),
    ];
    await new Promise((resolve) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = resolve;
      registration.active.postMessage({ type: "keep", urls }, [channel.port2]);
      setTimeout(resolve, 5000);
    });
    await keepList(state, $("cent").value.trim());
    document.body.dataset.offline = "ready";
  } catch (err) {
    // no worker: the page still keeps every entry in its outbox
  }
}
