// The lobby: a name, new tables, join by code, the open tables and the finished games.
"use strict";

let ME = null;

for (let n = 3; n <= 9; n++) {
  const o = el("option", { value: n }, String(n));
  if (n === 5) o.selected = true;
  document.getElementById("players").append(o);
}

function showWho() {
  document.getElementById("who").textContent = ME ? ME.name : "";
  document.getElementById("name-box").hidden = !!ME;
}

async function refresh() {
  try {
    const { tables } = await api("GET", "/api/tables");
    const body = document.getElementById("tables");
    body.replaceChildren();
    for (const tb of tables) {
      const humans = tb.seats.filter((s) => s.kind === "human").map((s) => s.name).join(", ");
      const free = tb.seats.filter((s) => s.kind === "empty").length;
      body.append(el("tr", {},
        el("td", {}, el("b", {}, tb.code)),
        el("td", {}, `${tb.settings.players}${LANG === "zh" ? "人" : "p"} · ${t(tb.settings.edition)}`),
        el("td", {}, t(tb.status) + (tb.status === "lobby" ? ` (${free})` : "")),
        el("td", {}, humans),
        el("td", {}, el("a", { href: "/t/" + tb.code }, tb.status === "lobby" ? t("enter") : t("watch")))));
    }
    const { games } = await api("GET", "/api/replays");
    const rb = document.getElementById("replays");
    rb.replaceChildren();
    for (const g of games.slice(-20).reverse()) {
      const names = ((g.settings.outcome || {}).names || []).join(", ");
      rb.append(el("tr", {}, el("td", {}, el("b", {}, g.code)), el("td", {}, names),
        el("td", {}, el("a", { href: "/t/" + g.code + "?replay=1" }, t("replay")))));
    }
  } catch (e) { /* the server may be restarting: try again next time */ }
}

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
