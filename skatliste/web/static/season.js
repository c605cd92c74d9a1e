// The season pages of `skatliste serve --season`: drawn on the server, read-only; when a file
// of the season changes (an evening's list, the season file), the page is drawn again.
"use strict";

const live = document.getElementById("live");
const source = new EventSource(document.body.dataset.events);
let seen = null;
source.addEventListener("open", () => live.classList.remove("off"));
source.addEventListener("error", () => live.classList.add("off"));
source.addEventListener("change", (event) => {
  if (seen !== null && event.data !== seen) location.reload();
  seen = event.data;
});
