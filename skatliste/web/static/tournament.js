// The organiser's page of `skatliste serve --tournament`: ranking, teams and every table's
// state, live; with the organiser's key also each table's link and QR code, to print.
"use strict";

const L = JSON.parse(document.getElementById("labels").textContent);
const LANG = document.body.dataset.lang;
const $ = (id) => document.getElementById(id);
const KEY = new URLSearchParams(location.hash.slice(1)).get("key") || "";

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") node.className = v;
    else if (k.startsWith("data-")) node.setAttribute(k, v);
    else node[k] = v;
  }
  for (const c of children) node.append(c);
  return node;
}

function table(headers, rows) {
  const t = el("table", { class: "summary" });
  t.append(el("tr", {}, ...headers.map((h) => el("th", { textContent: h }))));
  for (const row of rows) t.append(el("tr", {}, ...row.map((c) => el("td", { textContent: c }))));
  return t;
}

async function refresh() {
  const headers = KEY ? { Authorization: "Bearer " + KEY } : {};
  const response = await fetch("/api/tournament?lang=" + LANG, { headers });
  const data = await response.json();
  if (!response.ok) {
    $("ranking").textContent = data.error;
    return;
  }
  $("name").textContent = data.name + " · " + data.date;
  $("ranking").replaceChildren(
    table(
      ["", L.player, L.club, "S-F", L.total, L.won_short, L.lost_short],
      data.ranking.map((s) => [
        s.place + "." + (s.in_progress ? "*" : ""), s.name, s.club, s.seeger_fabian, s.points,
        String(s.won), String(s.lost),
      ]),
    ),
  );
  $("teams").replaceChildren(
    table(
      ["", L.club, "S-F", ""],
      data.teams.map((t) => [t.place + ".", t.club, t.seeger_fabian, t.members.join(", ")]),
    ),
  );
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
          { class: "card seat" },
          el("h3", { textContent: L.series + " " + t.series + " · " + L.table + " " + t.table }),
          el("p", { textContent: t.players.join(", ") }),
        );
        const qr = el("div", { class: "qr" });
        qr.innerHTML = t.qr; // segno's SVG, made on the server from the link
        card.append(qr, el("p", { class: "link", textContent: t.link }));
        if (t.qr_b) {
          const second = el("div", { class: "qr" });
          second.innerHTML = t.qr_b; // the second list's own link (the double list)
          card.append(second, el("p", { class: "link", textContent: t.link_b }));
        }
        return card;
      }),
    );
  }
}

function listen() {
  const source = new EventSource("/api/events");
  source.addEventListener("open", () => $("live").classList.remove("off"));
  source.addEventListener("error", () => $("live").classList.add("off"));
  source.addEventListener("change", refresh);
}

$("btn-print").addEventListener("click", () => window.print());
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
refresh();
listen();
