// The organiser's page of `skatliste serve --tournament`: ranking, teams and every table's
// state, live; with the organiser's key also each table's link and QR code, to print.
"use strict";

const L = JSON.parse(document.getElementById("labels").textContent);
const LANG = document.body.dataset.lang;
const $ = (id) => document.getElementById(id);
// The organiser's pairing code (or key) leaves the address bar at once (history, synced tabs,
// screenshots); the key is kept for this tab's session, as on a table's page.
let KEY = "";

function table(headers, rows) {
  const t = el("table", { class: "summary" });
  t.append(el("tr", {}, ...headers.map((h) => el("th", { textContent: h }))));
  for (const row of rows) t.append(el("tr", {}, ...row.map((c) => el("td", { textContent: c }))));
  return t;
}

// The QR codes as last sent, by their link, and their version: a reading leaves them out
// while the page has them (they change only with a key or a new series).
let codes = new Map();
let codesVersion = "";

async function refresh() {
  const headers = KEY ? { Authorization: "Bearer " + KEY } : {};
  const known = codesVersion ? "&codes=" + encodeURIComponent(codesVersion) : "";
  const response = await fetch("/api/tournament?lang=" + LANG + known, { headers });
  const data = await response.json();
  if (!response.ok) {
    $("ranking").textContent = data.error;
    return;
  }
  if (data.codes !== codesVersion) {
    const sent = new Map();
    for (const t of data.tables) {
      if (t.qr) sent.set(t.link, t.qr);
      if (t.qr_b) sent.set(t.link_b, t.qr_b);
    }
    codes = sent;
    codesVersion = data.codes || "";
  }
  $("name").textContent = data.name + " · " + data.date;
  // Table points (a final ranked by them) come first; a player who left has no place; a
  // place the lot decided is marked ‡ and the lot's seed said below.
  const tp = data.ranking.some((s) => s.table_points !== undefined);
  const place = (s) =>
    (s.place === null ? "\u2013" : s.place + ".") + (s.in_progress ? "*" : "") + (s.by_lot ? "\u2021" : "");
  const notes = data.ranking.some((s) => s.by_lot)
    ? [el("p", { class: "note", textContent: fmt(L.by_lot_note, { seed: data.lot_seed }) })]
    : [];
  $("ranking").replaceChildren(
    table(
      ["", L.player, L.club, ...(tp ? [L.table_points_short] : []), "S\u2011F", L.total,
        L.won_short, L.lost_short],
      data.ranking.map((s) => [
        place(s), s.name, s.club, ...(tp ? [String(s.table_points)] : []), s.seeger_fabian,
        s.points, String(s.won), String(s.lost),
      ]),
    ),
    ...notes,
  );
  $("teams").replaceChildren(
    table(
      ["", L.club, "S\u2011F", ""],
      data.teams.map((t) => [t.place + ".", t.club, t.seeger_fabian, t.members.join(", ")]),
    ),
  );
  for (const t of document.querySelectorAll("table.summary")) stickNames(t);
  $("tables").replaceChildren(
    ...data.tables.map((t) =>
      el(
        "li",
        { class: "game", "data-table": t.series + "-" + t.table },
        el(
          "a",
          { class: "line", href: t.link || t.url },
          el("span", { class: "no", textContent: t.series + "/" + t.table }),
          el("span", { class: "what", textContent: t.players.join(", ") }),
          el("span", { class: "val", textContent: t.games + "/" + t.length }),
        ),
        el("div", { class: "tot", textContent: L["state_" + t.state] || t.state }),
        ...(t.problems || []).map((p) => el("p", { class: "note", textContent: p })),
      ),
    ),
  );
  $("organiser-only").hidden = data.organiser;
  $("seating").hidden = !data.organiser;
  $("paper").hidden = !data.organiser;
  if (data.organiser) {
    $("plan").replaceChildren(
      ...data.tables.map((t) => {
        const card = el(
          "div",
          { class: "card seat", "data-series": t.series },
          el("h3", { textContent: fmt(L.series_table, { series: t.series, table: t.table }) }),
          el("p", { textContent: t.players.join(", ") }),
        );
        const qr = el("div", { class: "qr" });
        qr.innerHTML = codes.get(t.link) || ""; // segno's SVG, made on the server from the link
        card.append(qr, el("p", { class: "link", textContent: t.link }));
        if (t.link_b) {
          const second = el("div", { class: "qr" });
          second.innerHTML = codes.get(t.link_b) || ""; // the second list's own link (the double list)
          card.append(second, el("p", { class: "link", textContent: t.link_b }));
        }
        return card;
      }),
    );
    choosePrinted([...new Set(data.tables.map((t) => t.series))]);
  }
}

// The print view holds one series' seating plan: the latest drawn, or the one chosen.
function choosePrinted(series) {
  const select = $("print-series");
  const chosen = select.value;
  select.replaceChildren(...series.map((n) => el("option", { value: String(n), textContent: fmt(L.series_n, { series: n }) })));
  select.value = series.map(String).includes(chosen) ? chosen : String(series[series.length - 1]);
  markPrinted();
}

function markPrinted() {
  for (const card of document.querySelectorAll("#plan .seat")) {
    card.classList.toggle("printed", card.dataset.series === $("print-series").value);
  }
}

function listen() {
  const source = new EventSource("/api/events");
  source.addEventListener("open", () => $("live").classList.remove("off"));
  source.addEventListener("error", () => $("live").classList.add("off"));
  source.addEventListener("change", refresh);
}

$("btn-print").addEventListener("click", () => window.print());
$("print-series").addEventListener("change", markPrinted);
$("paper").addEventListener("submit", async (event) => {
  event.preventDefault();
  const body = {
    series: Number($("paper-series").value),
    table: Number($("paper-table").value),
    results: $("paper-results").value,
    force: $("paper-force").checked,
  };
  const response = await fetch("/api/tournament/paper?lang=" + LANG, {
    method: "POST",
    headers: { Authorization: "Bearer " + KEY, "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  const data = await response.json();
  const message = $("paper-message");
  message.classList.toggle("bad", !response.ok);
  if (!response.ok) {
    message.textContent = data.error; // the form keeps what was typed
    return;
  }
  message.textContent = L.paper_entered.replace("{series}", data.series).replace("{table}", data.table);
  $("paper-results").value = "";
  $("paper-force").checked = false;
  refresh();
});
pairKey("skatliste-key:" + location.pathname, "", LANG, L.no_answer).then(({ key, error }) => {
  KEY = key;
  refresh().then(() => {
    if (error) $("ranking").prepend(el("p", { class: "bad", textContent: error }));
  });
  listen();
});
