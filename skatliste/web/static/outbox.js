// The outbox of the phone page: every entry is kept here (IndexedDB) before it is sent, so
// that an entry made while the server is out of reach (the hall's Wi-Fi down, the laptop
// asleep) survives a reload and a phone restart. Each entry keeps the Idempotency-Key it was
// made with: a repeat of a request whose answer was lost writes nothing on the server.
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
