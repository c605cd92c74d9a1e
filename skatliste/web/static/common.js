// What the phone page (app.js) and the organiser's page (tournament.js) share: building
// elements, filling in a label's {placeholders}, taking the key (or the pairing code) out of the
// address, and the
// tables that scroll inside their cards.
"use strict";

function takeKey(name) {
  const fragment = new URLSearchParams(location.hash.slice(1));
  const given = fragment.get("key");
  if (given === null) {
    try {
      return sessionStorage.getItem(name) || "";
    } catch (err) {
      return ""; // no session storage (a locked-down browser): the page only watches
    }
  }
  try {
    sessionStorage.setItem(name, given);
  } catch (err) {
    // kept in this page only: a reload needs the link again
  }
  fragment.delete("key");
  const rest = fragment.toString();
  history.replaceState(history.state, "", location.pathname + location.search + (rest ? "#" + rest : ""));
  return given;
}

// A link's one-time pairing code (#pair=CODE), traded for the key at BASE/api/pair: the code
// leaves the address at once and is spent by the trade, so the history keeps a spent code
// only; the key is kept for this tab's session, as a #key= link's is. Without a code: the
// key of a #key= link or of this session. Resolves to { key, error } (error: why no key).
async function pairKey(name, base, lang, noAnswer) {
  const fragment = new URLSearchParams(location.hash.slice(1));
  const code = fragment.get("pair");
  if (code === null) return { key: takeKey(name), error: "" };
  fragment.delete("pair");
  const rest = fragment.toString();
  history.replaceState(history.state, "", location.pathname + location.search + (rest ? "#" + rest : ""));
  let response;
  let data = {};
  try {
    response = await fetch(base + "/api/pair?lang=" + lang, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ code }),
    });
    data = await response.json();
  } catch (err) {
    return { key: takeKey(name), error: noAnswer };
  }
  if (!response.ok || typeof data.key !== "string") return { key: takeKey(name), error: data.error || noAnswer };
  try {
    sessionStorage.setItem(name, data.key);
  } catch (err) {
    // kept in this page only: a reload needs a fresh code
  }
  return { key: data.key, error: "" };
}

function fmt(text, values) {
  return text.replace(/\{(\w+)\}/g, (_, k) => values[k]);
}

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

// Names are never cut: a long one ("Bartholomäus" four across) is set smaller; when one
// still does not fit at three quarters of the size, the players' buttons go two to a row;
// and a name too long even then breaks inside the word.
function fitNames() {
  const players = document.getElementById("players");
  players.classList.remove("roomy");
  if (!fitText("#players .pname")) {
    players.classList.add("roomy");
    fitText("#players .pname");
  }
  fitText("#totals .name");
  fitText("#players .special"); // Eingepasst beside the players: set smaller before it breaks
}

// Sets each node smaller until it fits (down to 3/4), else lets it break; whether all fit.
function fitText(selector) {
  let fits = true;
  for (const node of document.querySelectorAll(selector)) {
    node.style.fontSize = "";
    node.classList.remove("breaks");
    if (!node.clientWidth) continue; // not on screen (the other tab): fitted when shown
    let size = parseFloat(getComputedStyle(node).fontSize);
    const least = size * 0.75;
    while (node.scrollWidth > node.clientWidth && size > least) {
      size -= 0.5;
      node.style.fontSize = size + "px";
    }
    const breaks = node.scrollWidth > node.clientWidth;
    node.classList.toggle("breaks", breaks);
    fits = fits && !breaks;
  }
  return fits;
}

// A table wider than its card scrolls inside it, its first two columns (place and name)
// staying where they are: the second one sticks just right of the first.
function stickNames(table) {
  // a list (a team's members) breaks after its commas; numbers and names never break
  const lists = new Set();
  for (const cell of table.querySelectorAll("td:nth-child(n + 3)")) {
    if (/\p{L}.*, /u.test(cell.textContent)) lists.add(cell.cellIndex);
  }
  for (const row of table.rows) {
    for (const cell of row.cells) cell.classList.toggle("list", lists.has(cell.cellIndex));
  }
  const first = table.querySelector("th, td");
  if (first) table.style.setProperty("--first-column", first.getBoundingClientRect().width + "px");
  const box = table.closest(".scrolls");
  if (!box) return;
  showMore(box);
  if (!box.dataset.cue) {
    box.dataset.cue = "1";
    box.addEventListener("scroll", () => showMore(box), { passive: true });
    addEventListener("resize", () => showMore(box));
  }
}

// A box that scrolls sideways shows it: a shadow on the side with more to see.
function showMore(box) {
  const more = box.scrollWidth - box.clientWidth;
  box.classList.toggle("more-right", more > 1 && box.scrollLeft < more - 1);
  box.classList.toggle("more-left", more > 1 && box.scrollLeft > 1);
}

// What a screen reader says: a saved game, the totals, a refusal. The two live regions are in
// the page from the start (a region added with its text is not read); a refusal goes to the
// alert (said at once), the rest to the status (said when the reader is free). The same words
// twice (two passes in a row) are said twice: the region is emptied first, then filled.
function say(text, urgent = false) {
  const region = document.getElementById(urgent ? "say-now" : "say");
  if (!region) return; // a page without them (the organiser's) says nothing
  // what is said within the same moment is said together: a game landing and "Wieder
  // verbunden" both, never the one cancelled by the other
  region.pending = region.pending ? `${region.pending} ${text}` : text;
  region.textContent = "";
  clearTimeout(region.sayTimer);
  region.sayTimer = setTimeout(() => {
    region.textContent = region.pending;
    region.pending = "";
  }, 50);
}

// A number as it is said: "minus 88", "plus 46" (a reader says "dash 88" for "-88", or
// nothing for the sign), in the page's language (labels "minus"/"plus"); 0 is just 0.
function spoken(n, labels) {
  if (n < 0) return fmt(labels.minus, { n: -n });
  if (n > 0) return fmt(labels.plus, { n });
  return "0";
}

// The totals as they are said: "Anna 144, Ben 94, Carl minus 88" (each player, or each pair).
function spokenTotals(totals, labels) {
  return Object.entries(totals)
    .map(([name, n]) => name + " " + (n < 0 ? spoken(n, labels) : String(n)))
    .join(", ");
}

// The server's words with their signed numbers said in words ("Ramsch: Ben −30" → "Ramsch:
// Ben minus 30"): "−" (or "-") and "+" right before a number, after a space or at the start.
function spokenText(text, labels) {
  return text.replace(/(^|[\s(:])([−+-])(\d[\d.,]*)/g, (_, before, sign, n) =>
    before + fmt(sign === "+" ? labels.plus : labels.minus, { n }),
  );
}
