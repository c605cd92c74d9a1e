// The league's page: rendered by the server; on every change of the league's files the page
// fetches itself again and puts the new table and reports in place (nothing is written).
"use strict";

async function refresh() {
  const response = await fetch(window.location.href, { cache: "no-store" });
  if (!response.ok) return;
  const page = new DOMParser().parseFromString(await response.text(), "text/html");
  const fresh = page.getElementById("league");
  if (fresh) document.getElementById("league").replaceWith(fresh);
}

const source = new EventSource("/api/events");
let first = true;
source.addEventListener("open", () => document.getElementById("live").classList.remove("off"));
source.addEventListener("error", () => document.getElementById("live").classList.add("off"));
source.addEventListener("change", () => {
  if (first) {
    first = false; // the stream's first event says where it starts: the page is that already
    return;
  }
  refresh();
});
