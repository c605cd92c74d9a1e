// What the phone page (app.js) and the organiser's page (tournament.js) share: building
// elements, filling in a label's {placeholders}, taking the key out of the address, and the
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
