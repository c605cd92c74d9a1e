// The phone page of `skatliste serve`: taps become the same words the CLI reads, the server
// computes everything, and every open page follows the list live (server-sent events).
"use strict";

const L = JSON.parse(document.getElementById("labels").textContent);
const LANG = document.body.dataset.lang;
const $ = (id) => document.getElementById(id);
const BASE = document.body.dataset.base || ""; // a tournament table's page: /series/S/table/T

// The link carries a one-time pairing code (#pair=...) that the page trades for the key, or
// (an earlier version's link) the key itself (#key=...), in the fragment, which the browser
// never sends to a server or puts in a Referer; requests carry the key as a Bearer header.
// The page takes either out of the address bar at once and keeps the key for this tab's
// session only: the history holds a spent code (the address before replaceState is kept too).
let KEY = "";
let pairingError = ""; // why the link's pairing code opened nothing (shown while read-only)
const keyReady = pairKey("skatliste-key:" + location.pathname, BASE, LANG, L.no_answer);

let state = null;
let mode = "game"; // or "ramsch"
let editing = null; // the number of the game being changed
let editingMark = null; // its fingerprint as this page saw it: the server refuses another game
let lastTap = ""; // the words the taps last wrote: words typed over them are never replaced
const opened = new Set(); // games of the sheet whose explanation is open (kept across updates)
// what is tapped: the declarer, each part's choice (by the family's form), the toggles on
const form = { declarer: null, values: {}, flags: new Set() };

async function api(method, path, body, idempotencyKey) {
  const headers = {};
  if (KEY) headers.Authorization = "Bearer " + KEY;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  // every write carries its own key: a repeat (the answer lost) returns the first answer
  if (method !== "GET" && path !== "/api/preview") {
    headers["Idempotency-Key"] = idempotencyKey || newIdempotencyKey();
  }
  const sep = path.includes("?") ? "&" : "?";
  let response;
  try {
    response = await fetch(BASE + path + sep + "lang=" + LANG, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (err) {
    return { ok: false, status: 0, data: { error: L.no_answer } };
  }
  let data = {};
  try {
    data = await response.json();
  } catch (err) {
    data = { error: fmt(L.bad_answer, { status: response.status }) };
  }
  // an old copy the service worker answered with while the server is away (not the server)
  const kept = response.headers.get("X-Skatliste-Kept") === "1";
  return { ok: response.ok, status: response.status, data, kept };
}

// the list as a red message saw it: the message goes once the list is another
let badFor = null;
let saidNear = false; // the message line says why a tap was refused: it goes with the next tap
const listMark = (s) => (s ? s.games.map((g) => g.fingerprint).join(",") : "");

function toast(text, bad = false, spokenAs = text) {
  const t = $("toast");
  t.textContent = text;
  t.classList.toggle("bad", bad);
  badFor = bad ? listMark(state) : null;
  saidNear = false;
  if (spokenAs) say(spokenText(spokenAs, L), bad); // a refusal at once, the rest in turn
}

// --- what a screen reader hears -------------------------------------------------------------

// A game as it is said: "Game 5: Ben, Null ouvert, plus 46." (an entry without a declarer,
// eingepasst or a Ramsch, by what it was).
function sayGame(g) {
  const what = spokenText(g.text, L);
  if (!g.declarer || !g.value) return fmt(L.say_entry, { n: g.number, what });
  return fmt(L.say_game, { n: g.number, who: g.declarer, what, value: spokenText(g.value, L) });
}

// A saved entry: the game, the totals after it, and what it closed (a series, a partie).
async function announceSaved(data, shown) {
  const g = data.game;
  let closes = g ? g.closes : null;
  if (!g) {
    // an entry without a row of its own (a partie ended by hand): it closed the row before
    await refresh();
    const last = state && state.games[state.games.length - 1];
    closes = last ? last.closes : null;
  }
  const parts = [g ? sayGame(g) : fmt(L.entered, { n: data.number }) + "."];
  parts.push(fmt(L.say_totals, { totals: spokenTotals(data.totals, L) }));
  if (closes) parts.push(spokenText(closes, L));
  toast(closes ? shown + " · " + closes : shown, false, "");
  say(parts.join(" "));
}

// "Read the standings": the totals after the last game, and that game.
function readBack() {
  if (!state || !state.games.length) {
    say(L.no_games);
    return;
  }
  const last = state.games[state.games.length - 1];
  const totals = spokenTotals(state.totals, L);
  say(fmt(L.say_standings, { n: last.number, totals }) + " " + sayGame(last));
}

// A refusal: said at once (the alert), and the focus on what to fix.
function refuse(text, fix) {
  toast(text, true);
  if (!fix) return;
  if (fix === $("words")) {
    fix.setAttribute("aria-invalid", "true");
    fix.setAttribute("aria-describedby", "preview");
  }
  fix.focus();
}

function whatToFix(missing) {
  if (missing === L.no_declarer) return document.querySelector("#players button:not(:disabled)");
  const first = document.querySelector(`#game-panel [data-${FORM.order[0]}]`);
  return first && first.offsetParent !== null ? first : $("words");
}

// --- the list as the server derives it ----------------------------------------------------

// The list follows its versions (the ETag of /api/list, the data of each change event): after
// the first read the page asks only for what changed (?since=VERSION: every field but the
// chart, and the rows from the first that changed), nothing at all when nothing did (304).
let version = "";
let versionCent = null;
let chartStale = false;
let reads = Promise.resolve();
function readList(cent, settle) {
  // one read at a time: a change event during the first read asks after it, with its version
  const read = reads.then(() => readListNow(cent, settle));
  reads = read.catch(() => {});
  return read;
}
async function readListNow(cent, settle) {
  const q = new URLSearchParams({ lang: LANG });
  if (cent) q.set("cent", cent);
  if (cent && settle) q.set("settle", settle); // the paper way (rules §8), with a stake only
  const headers = KEY ? { Authorization: "Bearer " + KEY } : {};
  const money = cent + "|" + (settle || "");
  const since = version && state && versionCent === money ? version : "";
  if (since) {
    q.set("since", since);
    headers["If-None-Match"] = '"' + since + '"';
  }
  let response;
  let data = {};
  try {
    response = await fetch(BASE + "/api/list?" + q, { headers, cache: "no-store" });
    if (response.status === 304) return { ok: true, status: 304, data: state };
    data = await response.json();
  } catch (err) {
    const error = response ? fmt(L.bad_answer, { status: response.status }) : L.no_answer;
    return { ok: false, status: response ? response.status : 0, data: { error } };
  }
  if (!response.ok) return { ok: false, status: response.status, data };
  if (data.since !== undefined) {
    const { since, from, ...changed } = data; // the whole list again, as a first read has it
    data = { ...state, ...changed, games: state.games.slice(0, from).concat(changed.games) };
    chartStale = true;
  }
  version = (response.headers.get("ETag") || "").replace(/"/g, "");
  versionCent = money;
  return { ok: true, status: response.status, data };
}

// the chart of a list followed by changes: read again only while it is on the screen
async function readChart() {
  const box = $("chart").getBoundingClientRect();
  if (!chartStale || box.bottom < 0 || box.top > innerHeight || !box.height) return;
  chartStale = false;
  try {
    const response = await fetch(BASE + "/api/chart?lang=" + LANG, { cache: "no-store" });
    if (response.ok) state.chart = (await response.json()).chart;
    $("chart").innerHTML = state.chart; // the SVG the export draws, escaped there
  } catch (err) {
    chartStale = true;
  }
}
addEventListener("scroll", readChart, { passive: true });
addEventListener("click", () => setTimeout(readChart, 0));

async function refresh() {
  const cent = $("cent").value.trim();
  const r = await readList(cent, $("settle").checked ? "paper" : "");
  if (r.status === 304) return;
  if (!r.ok) {
    toast(r.data.error || r.status, true);
    badFor = "unreadable"; // the next list that reads clears it, even the same list
    return;
  }
  // the list changed (repaired, another game): an old red message no longer holds
  if (badFor !== null && listMark(r.data) !== badFor) toast("");
  state = r.data;
  render();
  readChart();
  keepListSoon(state, cent); // for a reload without the server (outbox.js)
}

function render() {
  const s = state;
  if (s.words_hint) $("words").placeholder = s.words_hint; // the family's own words
  // totals strip: each player, or each pair (a game family of partners)
  const sides = s.sides || s.players.map((p) => ({ name: p, text: s.totals_text[p] }));
  const totals = $("totals");
  totals.replaceChildren(
    ...sides.map((side) =>
      el(
        "div",
        { class: "chip" + (side.name === s.leader ? " leader" : ""), "data-player": side.name },
        el("span", { class: "name", textContent: side.name }),
        el("span", { class: "points", textContent: side.text }),
      ),
    ),
  );
  // with entries waiting (outbox.js), the deal as it will be once they land
  const dealer = s.players[(s.players.indexOf(s.next_dealer) + dealsAhead) % s.players.length];
  const sitsOut = s.sits_out ? dealer : null;
  const count = s.count + dealsAhead;
  const info = [fmt(L.next_dealer, { name: dealer })];
  if (sitsOut) info.push(fmt(L.sits_out, { name: sitsOut }));
  if (s.pending) info.push(s.pending);
  if (s.series) info.push(count + "/" + s.series);
  else info.push(fmt(L.game_n, { n: count + 1 }));
  $("info").textContent = info.join(" · ");
  // the strip keeps two lines at most; the whole queue of special rounds is one tap away
  $("queue").textContent = s.pending_all || "";
  if (!s.pending_all) $("queue").hidden = true;
  $("info").setAttribute("aria-expanded", String(!$("queue").hidden));

  // who may write
  $("entry").hidden = !s.can_write;
  $("readonly").hidden = s.can_write;
  if (!s.can_write && KEY) $("readonly").textContent = L.wrong_key;
  else if (!s.can_write && pairingError) $("readonly").textContent = pairingError;
  $("btn-ramsch").hidden = !s.plays_ramsch;
  $("btn-pass").hidden = !s.plays_pass;
  drawForm(s.form || { groups: [], order: [] });
  for (const { it } of formItems()) {
    if (it.kind !== "tap" || !it.plays) continue;
    document.querySelector(`[data-${it.part}="${it.value}"]`).hidden = !s[it.plays];
    if (!s[it.plays]) form.flags.delete(it.value); // the rules play no Kontra: none tapped
  }
  $("btn-bock").hidden = !s.plays_bock;

  // players
  if (!s.players.includes(form.declarer)) form.declarer = null;
  const specials = [...$("players").querySelectorAll(".special")]; // Eingepasst, Ramsch, Bock
  $("players").replaceChildren(
    ...s.players.map((p) => {
      const b = el("button", { type: "button", "data-player": p }, el("span", { class: "pname", textContent: p }));
      if (p === dealer) b.append(el("small", { textContent: L.dealer }));
      b.disabled = p === sitsOut;
      b.setAttribute("aria-pressed", String(p === form.declarer));
      return b;
    }),
    ...specials,
  );
  // the Ramsch fields: rebuilt only when who plays changes, so a live update never wipes
  // what is being typed
  const playing = s.players.filter((p) => p !== sitsOut);
  const box = $("ramsch-augen");
  if (box.dataset.players !== playing.join(",")) {
    const typed = Object.fromEntries(
      [...box.querySelectorAll("[data-augen]")].map((i) => [i.dataset.augen, i.value]),
    );
    box.dataset.players = playing.join(",");
    box.replaceChildren(
      ...playing.map((p) =>
        el(
          "label",
          { class: "inline" },
          p + " ",
          el("input", {
            type: "number", inputMode: "numeric", min: 0, max: 120, "data-augen": p,
            value: typed[p] || "",
          }),
        ),
      ),
    );
  }

  // undo names the game it takes back
  const undo = $("btn-undo");
  undo.hidden = !s.can_write || !s.last;
  if (s.last) undo.textContent = "↶ " + fmt(L.undo, { n: s.last.number, what: s.last.words });
  // the game taken back, offered back while the list is as the undo or delete left it
  if (taken && taken.mark !== null && taken.mark !== listMark(s)) taken = null;
  $("btn-restore").hidden = !s.can_write || !taken;
  if (taken) $("btn-restore").textContent = "↷ " + fmt(L.restore, { n: taken.n, what: taken.what });

  renderSheet();
  renderSummary();
  showTaps(); // a family without a form enters by its words
  fitNames();
  showOutbox();
}

function renderSheet() {
  const items = state.games
    .slice()
    .reverse()
    .map((g) => {
      const names = state.sides ? state.sides.map((x) => x.name) : state.players;
      const totals = names.map((p) => p + " " + g.totals_text[p]).join(" · ");
      const who = g.declarer ? g.declarer + " — " : "";
      const detail = el("div", { class: "detail", hidden: !opened.has(g.number) });
      for (const line of g.explanation) detail.append(el("div", { textContent: line }));
      if (state.can_write) {
        detail.append(
          el(
            "div",
            { class: "grid two" },
            el("button", { type: "button", "data-edit": g.number, textContent: L.edit }),
            el("button", { type: "button", "data-delete": g.number, textContent: L.delete, class: "danger" }),
          ),
        );
      }
      const li = el(
        "li",
        { class: "game", "data-number": g.number, value: g.number },
        el(
          "button",
          { type: "button", class: "line", "data-open": g.number },
          el("span", { class: "no", textContent: g.number }),
          el("span", { class: "what", textContent: who + g.text }),
          el("span", { class: "marks", textContent: g.marks }),
          el("span", { class: "val", textContent: g.value }),
        ),
        el("div", { class: "tot", textContent: g.dealer_text + " · " + totals }),
        detail,
      );
      return li;
    });
  $("sheet").replaceChildren(...items);
  if (!items.length) $("sheet").append(el("li", { class: "empty", textContent: L.no_games }));
}

function renderSummary() {
  const sum = state.summary;
  const table = el("table", { class: "summary" });
  // a table a screen reader walks: column headers, and each row headed by its name (the
  // second cell after a place, else the first)
  const head = sum.headers.map((h) => el("th", { scope: "col", textContent: h }));
  table.append(el("thead", {}, el("tr", {}, ...head)));
  const named = sum.headers.length > 1 && sum.rows.every((row) => /^\d+\.$/.test(row[0])) ? 1 : 0;
  const body = el("tbody");
  for (const row of sum.rows) {
    const cells = row.map((c, i) =>
      i === named ? el("th", { scope: "row", textContent: c }) : el("td", { textContent: c }),
    );
    body.append(el("tr", {}, ...cells));
  }
  table.append(body);
  $("summary").replaceChildren(table, ...sum.notes.map((line) => el("p", { textContent: line })));
  stickNames(table);
  renderListing();
  $("money").replaceChildren(...sum.payments.map((line) => el("p", { textContent: line })));
  $("chart").innerHTML = state.chart; // the SVG the export draws, escaped there
  $("chart-title").hidden = !state.chart; // a family whose list draws no chart shows none
  $("stake").hidden = state.plays_money === false; // nor a stake where it plays for none
  $("settle-way").hidden = state.plays_money === false;
}

// --- a game taken back, and back again ------------------------------------------------------

// What the last undo or delete took out: its history item (the CLI's `restore N`), its number
// and words, and the list as it left it (null until read): anything else entered forgets it.
let taken = null;

async function takenOut(r, n) {
  if (!r.ok) {
    toast(r.data.error, true);
    return;
  }
  taken = { item: r.data.restore, n, what: r.data.removed, mark: null };
  await refresh();
  if (taken) taken.mark = listMark(state);
  render();
}

function forgetTaken() {
  taken = null;
  $("btn-restore").hidden = true;
}

async function restoreTaken() {
  const was = taken;
  taken = null;
  const r = await api("POST", "/api/restore", { item: was.item });
  if (!r.ok) {
    toast(r.data.error, true);
    await refresh();
    return;
  }
  toast(withFollowups(fmt(L.restored, { n: r.data.number }), r.data));
  await refresh();
}

// The sheet as the paper list has it: a row per game headed by its number, the declarer, the
// game, its value and the totals after it, a header per column (a screen reader says "game 5,
// Carl, −88" as it walks a column).
function renderListing() {
  const names = state.sides ? state.sides.map((x) => x.name) : state.players;
  const heads = [L.col_number, L.col_declarer, L.col_game, L.col_value, ...names];
  const table = el("table", { class: "listing" });
  table.setAttribute("aria-label", L.listing);
  table.append(el("thead", {}, el("tr", {}, ...heads.map((h) => el("th", { scope: "col", textContent: h })))));
  const body = el("tbody");
  for (const g of state.games) {
    const cells = [g.declarer || "", g.text, g.value, ...names.map((p) => g.totals_text[p])];
    body.append(
      el("tr", {}, el("th", { scope: "row", textContent: g.number }), ...cells.map((c) => el("td", { textContent: c }))),
    );
  }
  table.append(body);
  $("listing-box").replaceChildren(table);
}

// --- entering a game ---------------------------------------------------------------------------

// The family's entry form (Family.form): sets of taps and numbers, drawn here; the taps write
// the words the family reads, in its order (the first part first: nothing before it).
let FORM = { groups: [], order: [] };
let formShape = "";
let folds = 0; // folded rows drawn: the first one's button is #btn-more

function formItems() {
  return FORM.groups.flatMap((group) =>
    group.rows.flatMap((row) => row.items.map((it) => ({ it, row, group }))),
  );
}

function drawForm(next) {
  const shape = JSON.stringify(next);
  if (shape === formShape) return; // a live update never redraws what is being tapped
  formShape = shape;
  FORM = next;
  folds = 0;
  $("game-panel").replaceChildren(...FORM.groups.map(drawGroup));
  clearForm();
}

function drawGroup(group) {
  const set = el("fieldset", group.key ? { id: group.key } : {});
  set.append(el("legend", { textContent: group.legend }));
  let before = null; // the row drawn last: a folded row's "…" ends it (a whole game on a screen)
  for (const row of group.rows) {
    const items = row.items.map(drawItem);
    if (!row.grid) {
      set.append(...items);
      before = null;
      continue;
    }
    const line = el("div", { class: "grid " + row.grid, id: row.key }, ...items);
    set.append(line);
    if (row.folded) {
      line.hidden = true;
      const more = el("button", { type: "button", class: "link", textContent: L.more });
      more.id = folds++ ? "btn-more-" + row.key : "btn-more";
      more.dataset.unfold = row.key;
      more.setAttribute("aria-label", row.folded);
      more.setAttribute("aria-expanded", "false");
      more.setAttribute("aria-controls", row.key);
      if (before) {
        before.classList.add("folds");
        before.append(more);
      } else set.insertBefore(more, line);
    }
    before = line;
  }
  return set;
}

function drawItem(it) {
  if (it.kind === "number") {
    const input = el("input", { id: it.key, type: "number", inputMode: "numeric" });
    Object.assign(input, { min: it.low, max: it.high, step: 1 });
    input.dataset.field = it.key;
    return el("label", { class: "inline" + (it.style ? " " + it.style : "") }, it.label + " ", input);
  }
  const b = el("button", { type: "button" });
  b.setAttribute("data-" + it.part, it.value);
  if (it.style) b.className = it.style;
  if (it.part === "flag") b.setAttribute("aria-pressed", "false");
  if (it.mark) {
    // the sign is seen; a screen reader says the name only ("Kreuz", not "black club Kreuz")
    const mark = el("span", { textContent: it.mark });
    mark.setAttribute("aria-hidden", "true");
    b.append(mark, el("small", { textContent: it.label }));
  }
  else b.textContent = it.label;
  return b;
}

// The first part of the words, and parts with a default, are always chosen (a tap sets);
// the others come off when tapped again.
const keeps = (part) =>
  part === FORM.order[0] || formItems().some(({ it }) => it.part === part && it.default);

function clearForm() {
  form.values = {};
  for (const { it } of formItems()) {
    if (it.kind === "tap" && it.part !== "flag" && !(it.part in form.values)) form.values[it.part] = null;
    if (it.kind === "tap" && it.default) form.values[it.part] = it.value;
  }
  form.flags.clear();
  for (const input of document.querySelectorAll("[data-field]")) input.value = "";
}

// Whether a condition of the form holds: "game=null" (that choice is taken), "augen" (typed).
function holds(condition) {
  const [part, value] = condition.split("=");
  if (value !== undefined) return form.values[part] === value;
  const input = $(part);
  return Boolean(input) && input.value.trim() !== "";
}
const rests = (thing) => (thing.rests || []).some(holds);

function tapWords() {
  if (!FORM.order.length || !form.values[FORM.order[0]]) return "";
  const w = [];
  const found = formItems();
  for (const name of FORM.order) {
    const number = found.find(({ it }) => it.kind === "number" && it.key === name);
    if (number) {
      const value = $(name).value.trim();
      if (value && !rests(number.group)) w.push(...number.it.words, value);
      continue;
    }
    const tap = found.find(({ it }) =>
      it.kind === "tap" &&
      (it.part === "flag" ? it.value === name && form.flags.has(name) : it.part === name && form.values[name] === it.value),
    );
    if (!tap || rests(tap.group)) continue;
    if (tap.it.along && !form.values[tap.it.along]) continue; // "with" only with a count
    w.push(...tap.it.words);
  }
  return w.join(" ");
}

function showTaps() {
  for (const b of document.querySelectorAll("#players button[data-player]")) {
    b.setAttribute("aria-pressed", String(b.dataset.player === form.declarer));
  }
  for (const { it, row, group } of formItems()) {
    if (it.kind !== "tap") continue;
    const b = document.querySelector(`[data-${it.part}="${it.value}"]`);
    const on = it.part === "flag" ? form.flags.has(it.value) : form.values[it.part] === it.value;
    b.setAttribute("aria-pressed", String(on));
    if (it.needs) b.classList.toggle("waiting", !form.flags.has(it.needs));
  }
  for (const group of FORM.groups) {
    if (group.key) $(group.key).hidden = rests(group);
    for (const row of group.rows) {
      if (!row.folded) continue;
      const more = document.querySelector(`[data-unfold="${row.key}"]`);
      more.hidden = rests(row); // a Grand has at most 4 Spitzen (the Buben): "…" only for suits
      if (rests(row)) $(row.key).hidden = true;
    }
  }
  $("ramsch-panel").hidden = mode !== "ramsch";
  // changing a game: its words say everything, the taps (which would build new words) rest
  $("game-panel").hidden = mode === "ramsch" || Boolean(editing) || !FORM.groups.length;
  $("edit-hint").hidden = !editing || mode === "ramsch";
  $("btn-ramsch").setAttribute("aria-pressed", String(mode === "ramsch"));
  $("btn-enter").textContent = editing ? fmt(L.save_edit, { n: editing }) : L.enter;
  $("btn-clear").textContent = editing ? L.cancel : L.clear;
}

// Questions that do not matter are not asked (the family's form says when a tap or a number
// rests: a Null has no Augen, no Schneider and no Schwarz; typed Augen decide Schneider).
function relevant() {
  for (const { it } of formItems()) {
    if (!it.rests.length) continue;
    const hidden = rests(it);
    if (it.kind === "number") {
      $(it.key).closest("label").hidden = hidden;
      if (hidden) $(it.key).value = "";
    } else {
      document.querySelector(`[data-${it.part}="${it.value}"]`).hidden = hidden;
      if (hidden && it.part === "flag") form.flags.delete(it.value);
    }
  }
}

// A tap that cannot be taken says why right under the thumb (and in the message line).
function sayNear(control, text) {
  toast(text, true);
  saidNear = true;
  const note = $("tap-note");
  note.textContent = text;
  note.hidden = false;
  (control.closest("fieldset") || control.parentElement).append(note);
  // the sticky Enter bar must not cover it: move the page up just enough
  const bar = document.querySelector(".actions").getBoundingClientRect();
  const below = note.getBoundingClientRect().bottom - bar.top;
  if (below > 0 && bar.height) window.scrollBy(0, below + 6);
  clearTimeout(sayNear.timer);
  sayNear.timer = setTimeout(() => {
    note.hidden = true;
  }, 8000);
}

function tapped(control) {
  relevant();
  $("tap-note").hidden = true;
  if (saidNear) toast(""); // the refused tap is done with: its reason would now be stale
  saidNear = false;
  // taps write the words, but never over words typed by hand (nor a game being changed)
  if (!editing) {
    const words = tapWords();
    const current = $("words").value.trim();
    if (current && current !== lastTap && current !== words) {
      if (control) sayNear(control, L.typed_kept);
      else toast(L.typed_kept, true);
    } else {
      $("words").value = words;
      lastTap = words;
    }
  }
  showTaps();
  schedulePreview();
}

function ramschWords() {
  const parts = [];
  for (const input of document.querySelectorAll("[data-augen]")) {
    if (input.value.trim()) parts.push(input.dataset.augen + "=" + input.value.trim());
  }
  const extra = $("ramsch-extra").value.trim();
  if (extra) parts.push(extra);
  return parts.join(" ");
}

let previewTimer = null;
let previewSeq = 0;
function schedulePreview() {
  clearTimeout(previewTimer);
  previewTimer = setTimeout(preview, 120);
}

async function preview() {
  const box = $("preview");
  const words = mode === "ramsch" ? ramschWords() : $("words").value.trim();
  if (!words) {
    box.replaceChildren();
    return;
  }
  const seq = ++previewSeq;
  // a Ramsch is previewed like a game: its words as an edit of a Ramsch says them
  const body =
    mode === "ramsch"
      ? { words: "ramsch " + words, number: editing }
      : { declarer: form.declarer, words, number: editing };
  const r = await api("POST", "/api/preview", body);
  if (seq !== previewSeq) return; // a later preview is on its way
  showPreview(r);
}

function showPreview(r) {
  const box = $("preview");
  box.classList.toggle("bad", !r.ok && r.status !== 0);
  if (r.status === 0) {
    // no server: no preview, but Enter keeps the game on this phone until it answers
    box.replaceChildren(el("p", { textContent: L.offline_preview }));
    return;
  }
  if (!r.ok) {
    box.replaceChildren(el("p", { class: "error", textContent: r.data.error }));
    return;
  }
  const g = r.data;
  const head = (g.declarer ? g.declarer + " — " : "") + g.text + (g.value ? ": " + g.value : "");
  box.replaceChildren(
    el("p", { class: "head", textContent: head }),
    ...g.explanation.map((line) => el("p", { textContent: line })),
  );
}

function resetForm() {
  form.declarer = null;
  clearForm();
  $("words").value = "";
  $("ramsch-extra").value = "";
  for (const input of document.querySelectorAll("[data-augen]")) input.value = "";
  mode = "game";
  editing = null;
  editingMark = null;
  fixing = null;
  lastTap = "";
  $("preview").replaceChildren();
  $("tap-note").hidden = true;
  showTaps();
}

// What the form would write, as a request the outbox can keep and send again.
function formEntry() {
  if (mode === "ramsch") {
    const words = ramschWords();
    return { kind: "ramsch", method: "POST", path: "/api/ramsch", body: { words }, what: fmt(L.ramsch_said, { words }) };
  }
  const words = $("words").value.trim();
  const what = (form.declarer ? form.declarer + " — " : "") + words;
  return { kind: "game", method: "POST", path: "/api/games", body: { declarer: form.declarer, words }, what };
}

async function submit(event) {
  event.preventDefault();
  if (editing) {
    await submitEdit();
    return;
  }
  if (fixing !== null) {
    await refix(formEntry());
    return;
  }
  // the entry is kept (outbox) before it is sent: the form is free for the next game at once
  const entry = formEntry();
  forgetTaken();
  const missing = notYet(entry, Boolean(form.values[FORM.order[0]]));
  if (missing) {
    refuse(missing, whatToFix(missing)); // said now, not after it waited for the server
    return;
  }
  const was = formNow();
  resetForm();
  const r = await enqueue(entry);
  if (r === null) {
    await sayKept(); // kept on this phone: sent when the server answers
    return;
  }
  if (!r.ok) {
    // refused at once: the form is as it was, nothing is lost, the reason is shown
    formBack(was);
    showPreview(r);
    refuse(fmt(L.failed, { reason: r.data.error }), entry.kind === "ramsch" ? $("ramsch-extra") : $("words"));
    return;
  }
  await announceSaved(r.data, fmt(L.entered, { n: r.data.game ? r.data.game.number : r.data.number }));
}

// What the page can tell without the server: a game needs its words, and a game tapped needs
// who played (tapped, or the words' first word, a player's name or its beginning). Words
// typed alone may need no one (an end of a partie by hand): the server says.
function notYet(entry, tapped) {
  if (entry.kind !== "game") return "";
  const words = entry.body.words;
  if (!words) return L.no_words;
  if (entry.body.declarer || !tapped) return "";
  const first = words.split(/\s+/)[0].toLowerCase();
  const named = state && state.players.some((p) => p.toLowerCase().startsWith(first));
  return named ? "" : L.no_declarer;
}

const FIELDS = ["words", "ramsch-extra"];

// The form as it is (what was tapped and typed), to put back if the server refuses it.
function formNow() {
  return {
    form: { ...form, values: { ...form.values }, flags: new Set(form.flags) },
    mode,
    lastTap,
    fields: Object.fromEntries(
      [...FIELDS, ...[...document.querySelectorAll("[data-field]")].map((i) => i.id)].map((id) => [
        id,
        $(id).value,
      ]),
    ),
    augen: [...document.querySelectorAll("[data-augen]")].map((i) => [i.dataset.augen, i.value]),
  };
}

function formBack(was) {
  Object.assign(form, was.form);
  mode = was.mode;
  lastTap = was.lastTap;
  for (const [id, value] of Object.entries(was.fields)) $(id).value = value;
  for (const [player, value] of was.augen) {
    const input = document.querySelector(`[data-augen="${CSS.escape(player)}"]`);
    if (input) input.value = value;
  }
  relevant();
  showTaps();
}

// Changing a game needs the server (it checks the game is still the one the page showed).
async function submitEdit() {
  const words = mode === "ramsch" ? "ramsch " + ramschWords() : $("words").value.trim();
  const body = mode === "ramsch" ? { words } : { declarer: form.declarer, words };
  forgetTaken();
  const r = await api("PUT", "/api/games/" + editing, { ...body, expect: editingMark });
  if (!r.ok) {
    showPreview(r);
    refuse(fmt(L.failed, { reason: r.data.error }), mode === "ramsch" ? $("ramsch-extra") : $("words"));
    return;
  }
  const n = r.data.game ? r.data.game.number : r.data.number;
  toast(withFollowups(fmt(L.changed, { n }), r.data), false, "");
  say(
    [
      fmt(L.say_changed, { n }),
      ...(r.data.game ? [sayGame(r.data.game)] : []),
      ...(r.data.followups || []).map((line) => spokenText(line, L)),
      fmt(L.say_totals, { totals: spokenTotals(r.data.totals, L) }),
    ].join(" "),
  );
  resetForm();
  await refresh();
}

// What a change did to the rest of the list, said after it as the CLI says it (later values,
// American Grand's parties that now end elsewhere): the server's words, in the page's language.
function withFollowups(text, data) {
  return [text, ...(data.followups || [])].join(" · ");
}

// A new entry with no words (all passed, a Bock round): through the outbox like a game.
async function enter(kind, path, what, done) {
  forgetTaken();
  const r = await enqueue({ kind, method: "POST", path, body: {}, what });
  if (r === null) await sayKept();
  else if (!r.ok) toast(r.data.error, true);
  else if (r.data.game) await announceSaved(r.data, done(r.data));
  else toast(done(r.data));
}

// --- wiring ------------------------------------------------------------------------------

function wire() {
  $("entry").addEventListener("submit", submit);
  $("players").addEventListener("click", (e) => {
    const b = e.target.closest("button[data-player]");
    if (!b) return;
    form.declarer = form.declarer === b.dataset.player ? null : b.dataset.player;
    if (mode === "ramsch") mode = "game";
    showTaps(); // the declarer is not in the words: they stay as they are
    schedulePreview();
  });
  // the form's taps and numbers, whatever the family draws (one listener for them all)
  $("game-panel").addEventListener("click", (e) => {
    const more = e.target.closest("[data-unfold]");
    if (more) {
      $(more.dataset.unfold).hidden = !$(more.dataset.unfold).hidden;
      more.setAttribute("aria-expanded", String(!$(more.dataset.unfold).hidden));
      return;
    }
    const b = e.target.closest("#game-panel button");
    if (!b) return;
    const found = formItems().find(
      ({ it }) => it.kind === "tap" && b.getAttribute("data-" + it.part) === it.value,
    );
    if (!found) return;
    const { it } = found;
    if (it.part === "flag") {
      const f = it.value;
      if (it.needs && !form.flags.has(f) && !form.flags.has(it.needs)) {
        sayNear(b, it.needs_said); // not possible yet: say why, where the thumb is
        return;
      }
      if (form.flags.has(f)) {
        form.flags.delete(f);
        for (const { it: other } of formItems()) {
          if (other.needs === f) form.flags.delete(other.value); // no Re without Kontra, ...
        }
      } else form.flags.add(f);
    } else {
      const again = form.values[it.part] === it.value && !keeps(it.part);
      form.values[it.part] = again ? null : it.value;
      for (const { it: number } of formItems()) {
        if (number.kind === "number" && number.instead === it.part) $(number.key).value = "";
      }
    }
    tapped(b);
  });
  $("game-panel").addEventListener("input", (e) => {
    const key = e.target.dataset.field;
    if (!key) return;
    const number = formItems().find(({ it }) => it.kind === "number" && it.key === key).it;
    if (number.instead) form.values[number.instead] = null;
    tapped();
  });
  $("words").addEventListener("input", () => {
    $("words").removeAttribute("aria-invalid"); // the refused words are being fixed
    schedulePreview();
  });
  $("btn-clear").addEventListener("click", resetForm);
  $("btn-pass").addEventListener("click", () =>
    enter("pass", "/api/pass", L.passed, (d) => fmt(L.entered, { n: d.game.number })),
  );
  $("btn-bock").addEventListener("click", () => enter("bock", "/api/bock", L.bock, () => L.bock_called));
  $("btn-ramsch").addEventListener("click", () => {
    mode = mode === "ramsch" ? "game" : "ramsch";
    showTaps();
    schedulePreview();
  });
  $("ramsch-augen").addEventListener("input", schedulePreview);
  $("ramsch-extra").addEventListener("input", schedulePreview);
  $("info").addEventListener("click", () => {
    if (!state || !state.pending_all) return; // no rounds ahead: nothing more to show
    $("queue").hidden = !$("queue").hidden;
    $("info").setAttribute("aria-expanded", String(!$("queue").hidden));
  });
  $("outbox").addEventListener("click", outboxTap);
  // the live stream's dot says whether the server answers: when it is back, send
  let wasOn = null; // a change of the connection is said (not the first one of the page)
  new MutationObserver(() => {
    const on = !$("live").classList.contains("off");
    if (wasOn !== null && on !== wasOn) say(on ? L.say_online : L.say_offline);
    wasOn = on;
    showNet();
    if (!$("live").classList.contains("off") && waitingCount) flush();
    else if (waitingCount) showOutbox(); // offline: a waiting entry can be taken back
  }).observe($("live"), { attributes: true, attributeFilter: ["class"] });
  window.addEventListener("online", () => flush());
  setInterval(() => {
    if (waitingCount && !flushing) flush();
  }, 3000);
  $("btn-undo").addEventListener("click", async () => {
    // names the game its button shows: if another phone changed the list, nothing is undone
    const n = state.last ? state.last.number : null;
    const r = await api("POST", "/api/undo", { expect: state.last ? state.last.fingerprint : null });
    if (r.ok) {
      toast(fmt(L.taken_back, { what: r.data.removed }), false, "");
      say(
        spokenText(fmt(L.say_undone, { n: r.data.number, what: r.data.removed }), L) +
          " " +
          fmt(L.say_totals, { totals: spokenTotals(r.data.totals, L) }),
      );
    }
    await takenOut(r, n);
  });
  $("btn-restore").addEventListener("click", restoreTaken);
  $("btn-read").addEventListener("click", readBack);
  $("sheet").addEventListener("click", async (e) => {
    const open = e.target.closest("[data-open]");
    if (open) {
      const detail = open.parentElement.querySelector(".detail");
      detail.hidden = !detail.hidden;
      const n = Number(open.dataset.open);
      if (detail.hidden) opened.delete(n);
      else opened.add(n);
      return;
    }
    const edit = e.target.closest("[data-edit]");
    if (edit) {
      startEdit(Number(edit.dataset.edit));
      return;
    }
    const del = e.target.closest("[data-delete]");
    if (del) {
      const n = Number(del.dataset.delete);
      const g = state.games.find((x) => x.number === n);
      if (!confirm(fmt(L.delete_confirm, { n }))) return;
      const r = await api("DELETE", "/api/games/" + n + "?expect=" + encodeURIComponent(g.fingerprint));
      if (r.ok) {
        toast(withFollowups(fmt(L.deleted, { n }), r.data), false, "");
        say(
          [fmt(L.say_deleted, { n }), ...(r.data.followups || []), fmt(L.say_totals, { totals: spokenTotals(r.data.totals, L) })]
            .map((line) => spokenText(line, L))
            .join(" "),
        );
        opened.clear(); // the numbers after it moved up
      }
      await takenOut(r, n);
    }
  });
  for (const tab of document.querySelectorAll("[data-tab]")) {
    tab.addEventListener("click", () => {
      for (const t of document.querySelectorAll("[data-tab]")) {
        t.setAttribute("aria-selected", String(t === tab));
        $("view-" + t.dataset.tab).hidden = t !== tab;
      }
      fitNames();
      for (const table of document.querySelectorAll("table.summary")) stickNames(table);
    });
  }
  // the money follows the stake as it is typed: a phone's decimal keypad often has no Enter
  let stakeTimer = null;
  $("cent").addEventListener("input", () => {
    clearTimeout(stakeTimer);
    stakeTimer = setTimeout(refresh, 250);
  });
  $("cent").addEventListener("change", refresh);
  $("settle").addEventListener("change", refresh);
}

function startEdit(n) {
  const g = state.games.find((x) => x.number === n);
  resetForm();
  editing = n;
  editingMark = g.fingerprint;
  if (g.kind === "ramsch") {
    mode = "ramsch";
    $("ramsch-extra").value = g.words.replace(/^ramsch\s*/, "");
  } else {
    form.declarer = g.declarer;
    $("words").value = g.words;
  }
  showTaps();
  schedulePreview();
  $("entry").scrollIntoView({ behavior: "smooth" });
}

function listen() {
  const source = new EventSource(BASE + "/api/events");
  source.addEventListener("open", () => $("live").classList.remove("off"));
  source.addEventListener("error", () => $("live").classList.add("off"));
  source.addEventListener("change", () => {
    $("live").classList.remove("off");
    refresh();
  });
}

keyReady.then(({ key, error }) => {
  KEY = key;
  pairingError = error;
  wire();
  showTaps();
  refresh();
  listen();
  showOutbox();
  keepForOffline();
  if (error) toast(error, true);
});
if (navigator.storage && navigator.storage.persist) navigator.storage.persist(); // kept on a full phone too
