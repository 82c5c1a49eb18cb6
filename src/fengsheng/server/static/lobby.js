// The lobby: a name, new tables, join by code, the open tables and the finished games.
// The lists come a page at a time (GET /api/tables?limit=&before=, newest first; docs/server.md, "Limits").
"use strict";

let ME = null;
const PAGE_SIZE = 20;  // open tables shown at once
let CURSOR = "";  // the page shown: "" the newest, else the cursor the page before it gave
let CURSORS = [];  // the cursors of the newer pages, for "newer"
let NEXT = null;  // the cursor of the next (older) page, if any

for (let n = 3; n <= 9; n++) {
  const o = el("option", { value: n }, String(n));
  if (n === 5) o.selected = true;
  document.getElementById("players").append(o);
}

function showWho() {
  document.getElementById("who").textContent = ME ? ME.name : "";
  document.getElementById("name-box").hidden = !!ME;
}

// Names as the players chose them, each in its own <bdi>: a right-to-left name does not reorder what follows it.
function names(list) {
  const out = [];
  list.forEach((n, i) => { if (i) out.push(", "); out.push(el("bdi", {}, n)); });
  return out;
}

async function refresh() {
  try {
    const q = new URLSearchParams({ limit: PAGE_SIZE });
    if (CURSOR) q.set("before", CURSOR);
    const { tables, next } = await api("GET", "/api/tables?" + q);
    if (!tables.length && CURSOR) { CURSOR = ""; CURSORS = []; return refresh(); }  // the page emptied
    NEXT = next;
    const body = document.getElementById("tables");
    body.replaceChildren();
    for (const tb of tables) {
      const humans = tb.seats.filter((s) => s.kind === "human").map((s) => s.name);
      const free = tb.seats.filter((s) => s.kind === "empty").length;
      const name = tb.settings.name ? [" · ", el("bdi", {}, tb.settings.name)] : [];
      body.append(el("tr", {},
        el("td", {}, el("b", {}, tb.code), ...name),
        el("td", {}, `${tb.settings.players}${LANG === "zh" ? "人" : "p"} · ${t(tb.settings.edition)}`),
        el("td", {}, t(tb.status) + (tb.status === "lobby" ? ` (${free})` : "")),
        el("td", {}, ...names(humans)),
        el("td", {}, el("a", { href: "/t/" + tb.code }, tb.status === "lobby" ? t("enter") : t("watch")))));
    }
    if (!tables.length) body.append(el("tr", {}, el("td", { class: "hint" }, t("no_tables"))));
    document.getElementById("newer").hidden = !CURSORS.length;
    document.getElementById("older").hidden = !NEXT;
    const { games } = await api("GET", "/api/replays?limit=20");
    const rb = document.getElementById("replays");
    rb.replaceChildren();
    for (const g of games) {
      rb.append(el("tr", {}, el("td", {}, el("b", {}, g.code)), el("td", {}, ...names((g.settings.outcome || {}).names || [])),
        el("td", {}, el("a", { href: "/t/" + g.code + "?replay=1" }, t("replay")))));
    }
  } catch (e) { /* the server may be restarting: try again next time */ }
}

document.getElementById("older").addEventListener("click", () => {
  if (!NEXT) return;
  CURSORS.push(CURSOR);
  CURSOR = NEXT;
  refresh();
});

document.getElementById("newer").addEventListener("click", () => {
  CURSOR = CURSORS.pop() || "";
  refresh();
});

document.getElementById("name-form").addEventListener("submit", async (ev) => {
  ev.preventDefault();
  ME = await ensurePlayer(document.getElementById("name").value.trim());
  showWho();
});

document.getElementById("create-form").addEventListener("submit", async (ev) => {
  ev.preventDefault();
  if (!ME) { document.getElementById("name").focus(); return; }
  const v = (id) => document.getElementById(id);
  const settings = {
    players: Number(v("players").value), edition: v("edition").value,
    characters: v("characters").checked && v("edition").value === "standard",
    texts: v("edition").value === "standard" ? v("texts").value : "",
    timer: v("timer").checked, clock: Number(v("clock").value), pace: Number(v("pace").value),
    min_window: Number(v("min_window").value),
    spectators: v("spectators").checked,
    spectator_delay: Math.max(0, Math.floor(Number(v("spectator_delay").value) || 0)),
  };
  try {
    const tb = await api("POST", "/api/tables", settings);
    location.href = "/t/" + tb.code;
  } catch (e) { alert(e.message); }
});

document.getElementById("join-form").addEventListener("submit", (ev) => {
  ev.preventDefault();
  const code = document.getElementById("code").value.trim().toUpperCase();
  if (code) location.href = "/t/" + code;
});

setupLang(refresh);
ensurePlayer(null).then((p) => { ME = ME || p; showWho(); });
refresh();
setInterval(refresh, 3000);
