// The list the table agrees on, on the phone page (after common.js and app.js): the table's second list (its own link and
// QR code), where the two lists differ (asked again every few seconds, so both keepers see it
// live), a signature per player, and protests marked on their games. The server decides
// everything (GET /api/agree, POST /api/sign, POST /api/protest); this only shows it.
"use strict";

(() => {
  const L = JSON.parse(document.getElementById("labels").textContent);
  const LANG = document.body.dataset.lang;
  const BASE = document.body.dataset.base || "";
  // the key is app.js's KEY (common.js: taken out of the address, kept for the session),
  // there once the page's pairing is done (keyReady)
  const POLL_MS = 1500;
  const $ = (id) => document.getElementById(id);
  let seen = null; // the last answer: the sheet's marks are put back after it is redrawn

  // A folded card with a link and its QR code (segno's SVG, made on the server from the link).
  function qrLink(id, summary, hint, svg, href, linkId) {
    const qr = el("div", { class: "qr" });
    qr.innerHTML = svg;
    return el(
      "details",
      { id },
      el("summary", { textContent: summary }),
      el("p", { class: "note", textContent: hint }),
      qr,
      el("a", { id: linkId, href, textContent: href }),
    );
  }

  async function call(method, path, body) {
    const headers = {};
    if (KEY) headers.Authorization = "Bearer " + KEY;
    if (body !== undefined) headers["Content-Type"] = "application/json";
    try {
      const r = await fetch(BASE + path + "?lang=" + LANG, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { ok: r.ok, data: await r.json() };
    } catch (err) {
      return { ok: false, data: { error: L.no_answer } };
    }
  }

  const panel = el("section", { id: "agree", class: "card agree" });
  const sheetTitle = $("sheet") && $("sheet").previousElementSibling;
  if (sheetTitle) sheetTitle.before(panel);
  const said = el("p", { id: "agree-error", class: "toast bad" });

  function markSheet() {
    if (!seen) return;
    const protests = new Map(seen.protests.map((p) => [String(p.game), p.text]));
    const differ = new Set(seen.differ_here.map(String));
    for (const li of document.querySelectorAll("#sheet li.game")) {
      const n = li.getAttribute("data-number");
      const text = protests.get(n);
      li.classList.toggle("protested", text !== undefined);
      li.classList.toggle("differs", differ.has(n));
      if (text !== undefined) li.title = fmt(L.protest_mark, { text });
    }
  }

  function render(s) {
    // a write's answer leaves out the second list's link (it carries the key): keep the one read
    if (s.link === undefined && seen) {
      s = { ...s, link: seen.link, qr: seen.qr, another: seen.another, another_qr: seen.another_qr };
    }
    seen = s;
    shown = JSON.stringify(s);
    document.body.classList.toggle("agree-closed", s.closed); // a closed list takes no game
    const parts = [el("h2", { textContent: L.agree_title })];
    if (s.second) parts.push(el("p", { class: "note", textContent: L.first_list }));
    if (s.pair.exists) {
      const lines = el("ul", { id: "agree-pair", class: s.pair.agree ? "agree-ok" : "agree-bad" });
      for (const line of s.pair.lines) lines.append(el("li", { textContent: line }));
      parts.push(lines);
    }
    if (s.link) {
      parts.push(qrLink("second-list", L.second_list, L.second_list_hint, s.qr, s.link, "second-link"));
    }
    if (s.another) {
      // another phone on this very list: this page's link with its one-time pairing code
      parts.push(
        qrLink("another-phone", L.another_phone, L.another_phone_hint, s.another_qr, s.another, "another-link"),
      );
    }
    const signers = el("div", { id: "signers", class: "grid" });
    for (const name of s.players) {
      const time = s.signed[name];
      const under = time ? "✓ " + fmt(L.signed, { time }) : L.sign;
      const button = el(
        "button",
        { type: "button", "data-sign": name },
        name,
        el("small", { textContent: under }),
      );
      button.disabled = Boolean(time) || !KEY || s.closed;
      signers.append(button);
    }
    parts.push(signers);
    if (s.signed_line) parts.push(el("p", { id: "signed-line", textContent: s.signed_line }));
    if (s.closed) parts.push(el("p", { class: "note", textContent: L.closed }));
    if (s.closed && KEY) {
      parts.push(
        el(
          "form",
          { id: "reopen-form", class: "protest-form", autocomplete: "off" },
          el("input", { id: "reopen-why", type: "text", placeholder: L.reopen_why }),
          el("button", { type: "submit", textContent: L.reopen }),
        ),
      );
    }
    for (const p of s.protests) {
      const where = fmt(L.protest_where, { n: p.game });
      parts.push(el("p", { class: "protest", textContent: "⚑ " + where + ": " + p.text }));
    }
    if (KEY && !s.closed) {
      parts.push(
        el(
          "form",
          { id: "protest-form", class: "protest-form", autocomplete: "off" },
          el("input", { id: "protest-game", type: "number", min: "1", placeholder: L.protest_game }),
          el("input", { id: "protest-text", type: "text", placeholder: L.protest_text }),
          el("button", { type: "submit", textContent: L.protest }),
        ),
      );
    }
    parts.push(said);
    panel.replaceChildren(...parts);
    markSheet();
  }

  let shown = ""; // the answer drawn last: the same answer draws nothing again (a tap stays)
  async function refresh() {
    const r = await call("GET", "/api/agree");
    if (!r.ok) return;
    const text = JSON.stringify(r.data);
    if (text !== shown) render(r.data);
  }

  async function write(path, body, done) {
    const r = await call("POST", path, body);
    said.textContent = r.ok ? "" : r.data.error || "";
    // a screen reader hears it: the refusal at once, what was done (and a closed list) in turn
    if (!r.ok) say(said.textContent, true);
    else say([done, ...(r.data.closed ? [L.closed] : [])].join(" "));
    if (r.ok) render(r.data);
    else refresh();
  }

  panel.addEventListener("click", (e) => {
    const button = e.target.closest("[data-sign]");
    if (!button) return;
    const player = button.getAttribute("data-sign");
    write("/api/sign", { player }, fmt(L.say_signed, { name: player }));
  });
  panel.addEventListener("submit", (e) => {
    e.preventDefault();
    if (e.target.id === "reopen-form") {
      write("/api/reopen", { why: $("reopen-why").value }, L.say_reopened);
      return;
    }
    const game = Number($("protest-game").value);
    write("/api/protest", { game, text: $("protest-text").value }, fmt(L.say_protest, { n: game }));
  });
  if ($("sheet")) new MutationObserver(markSheet).observe($("sheet"), { childList: true });
  keyReady.then(refresh);
  setInterval(() => {
    if (!document.hidden && !panel.contains(document.activeElement)) refresh();
  }, POLL_MS);
})();
