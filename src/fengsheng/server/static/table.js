// The table page: the lobby of one table (seats, bots, start), the game over one websocket, the end, replays.
// Everything shown comes from the seat's own view and events as the server sent them; the question is the
// choice layer's tree (what → as which card → on whom), walked by clicks. The server sends the whole view once (the
// snapshot), then after every step only what changed: merge() rebuilds the view exactly as the reference merge in
// fengsheng/server/protocol.py (ClientState) does, which the wire leak test checks after every message.
"use strict";

const CODE = location.pathname.split("/").pop().toUpperCase();
const REPLAY = new URLSearchParams(location.search).has("replay");
let ME = null;
let TABLE = null;
let VIEW = null;      // the seat's whole view: the snapshot's, then patched by every update
let QUESTION = null;  // the pending question (the choice tree), or null
let DELAY = 0;        // spectators: the decisions this table holds them back
let HELP = null;
let PATH = [];
let LINES = [];
let WS = null;
let SENT = -1;
let TICK = null;
let QUESTION_AT = 0;

const COLOUR_CLASS = { red: "red", blue: "blue", black: "black" };

function mySeat() {
  if (!ME || !TABLE) return null;
  const s = TABLE.seats.find((x) => x.kind === "human" && x.player === ME.id);
  return s ? s.seat : null;
}

function nm(key) {
  if (key === "") return LANG === "zh" ? "无身份牌" : "no identity card"; // 臨危受命 took the seat's card
  return (HELP && HELP.names[LANG][key]) || key;
}
function seatName(i) { return LANG === "zh" ? `${i}号` : `P${i}`; }
function cardName(id) { return id === null || id === undefined ? (LANG === "zh" ? "？" : "?") : HELP.cards[id][LANG]; }
function charName(cid) { return (HELP.characters[cid] && HELP.characters[cid][LANG].name) || cid; }

function chip(id, extra) {
  if (id === null || id === undefined) return el("span", { class: "card back" }, "?");
  const c = HELP.cards[id];
  return el("span", { class: `card ${COLOUR_CLASS[c.colour] || ""} ${extra || ""}`, title: c[LANG] + " — " + HELP.types[c.type][LANG].text,
    "data-card": id }, nm(c.type));
}

async function loadHelp(edition, texts) {
  const q = new URLSearchParams({ edition, texts: texts || "" });
  HELP = await api("GET", "/api/help?" + q);
}

// ---------------------------------------------------------------------------------------------------------------
// The lobby of the table
function renderLobby() {
  document.getElementById("lobby-view").hidden = false;
  document.getElementById("game-view").hidden = true;
  document.getElementById("lobby-code").textContent = CODE;
  document.getElementById("info").textContent = `${TABLE.settings.players}${LANG === "zh" ? "人局" : " players"} · ${t(TABLE.settings.edition)}`;
  const box = document.getElementById("lobby-seats");
  box.replaceChildren();
  const mine = mySeat();
  const host = ME && TABLE.host === ME.id;
  for (const s of TABLE.seats) {
    const row = el("div", { class: "lobby-seat", "data-seat": s.seat }, el("b", {}, seatName(s.seat)), " ");
    if (s.kind === "human") row.append(el("bdi", {}, s.name), (TABLE.host === s.player ? ` (${t("host")})` : "") + (s.seat === mine ? ` · ${t("you")}` : ""));
    else if (s.kind === "bot") row.append(`${t("bot")} (${s.name})`);
    else row.append(el("i", {}, t("empty")));
    if (s.kind === "empty") row.append(" ", el("button", { class: "small sit", onclick: () => act("sit", { seat: s.seat }) }, t("sit")));
    if (host && s.kind === "empty") row.append(" ", el("button", { class: "small add-bot", onclick: () => act("bot", { seat: s.seat, on: true }) }, t("add_bot")));
    if (host && s.kind === "bot") row.append(" ", el("button", { class: "small", onclick: () => act("bot", { seat: s.seat, on: false }) }, t("remove_bot")));
    if (s.seat === mine && !host) row.append(" ", el("button", { class: "small", onclick: () => act("leave", {}) }, t("leave")));
    box.append(row);
  }
  const start = document.getElementById("start");
  start.hidden = !host;
  start.onclick = () => act("start", {});
}

async function act(what, body) {
  if (!ME) {
    const name = prompt(t("your_name"));
    ME = await ensurePlayer(name && name.trim());
    if (!ME) return;
  }
  try { TABLE = await api("POST", `/api/tables/${CODE}/${what}`, body); } catch (e) { alert(e.message); }
  route();
}

async function pollLobby() {
  try { TABLE = await api("GET", `/api/tables/${CODE}`); } catch (e) { if (e.status === 404) tableGone(); return; }
  route();
}

// The table is not in the server's memory (its game ended a while ago, or never was): stop polling and
// reconnecting, and point to the replay, where a finished game is.
function tableGone() {
  if (POLL) { clearInterval(POLL); POLL = null; }
  document.getElementById("lobby-view").hidden = true;  // its seats and buttons are of a table that is gone
  const status = document.getElementById("status");
  status.textContent = t("gone");
  status.append(" ", el("a", { href: `/t/${CODE}?replay=1` }, t("replay")));
}

let POLL = null;
function route() {
  if (REPLAY) return;
  if (TABLE.status === "lobby") {
    renderLobby();
    if (!POLL) POLL = setInterval(pollLobby, 1000);
    return;
  }
  if (POLL) { clearInterval(POLL); POLL = null; }
  document.getElementById("lobby-view").hidden = true;
  document.getElementById("game-view").hidden = false;
  if (!WS) connect();
}

// ---------------------------------------------------------------------------------------------------------------
// The game
function connect() {
  const proto = location.protocol === "https:" ? "wss:" : "ws:";
  const q = new URLSearchParams({ lang: LANG });
  if (mySeat() !== null) q.set("token", token());
  const ws = new WebSocket(`${proto}//${location.host}/ws/${CODE}?${q}`);
  WS = ws;
  ws.onmessage = (ev) => {
    const msg = JSON.parse(ev.data);
    if (msg.type === "error") {
      if (msg.code === "auth" || msg.code === "shutdown") document.getElementById("status").textContent = msg.message;
      else console.warn("server:", msg.code, msg.message);
      if (msg.code === "illegal" || msg.code === "stale" || msg.code === "not_your_turn") SENT = -1;
      return;
    }
    if (msg.type === "table") {
      TABLE = msg.table; route();
      if (msg.delay) document.getElementById("status").textContent = `${t("delayed")} ${msg.delay}`;
      return;
    }
    if (msg.type !== "snapshot" && msg.type !== "update") return;
    merge(msg);
    document.getElementById("status").textContent = DELAY ? `${t("delayed")} ${DELAY}` : "";
    renderGame();
  };
  ws.onclose = (ev) => {
    if (WS !== ws) return;
    WS = null;
    const status = document.getElementById("status");
    // the server's close codes (docs/server.md): 4410 the table left memory (its game is in the replays), 4401 and
    // 4403 refused or revoked (retrying cannot help), 4409 the seat changed hands (reload the table, then rebind)
    if (ev.code === 4410) { tableGone(); return; }
    if (ev.code === 4401 || ev.code === 4403) { if (ev.code === 4403) status.textContent = t("revoked"); return; }
    status.textContent = t("reconnecting");
    if (ev.code === 4409) { pollLobby(); return; }  // route() reconnects once the table is read again
    setTimeout(() => { if (!WS) connect(); }, 1000);
  };
}

// One game message into the client's state (protocol.ClientState.apply, line by line): a snapshot replaces
// everything; an update replaces the view's top-level keys it carries, deletes those in "drop", and replaces the
// question or the table only when it carries them ("question": null withdraws it).
function merge(msg) {
  const before = QUESTION;
  if (msg.type === "snapshot") {
    VIEW = { ...msg.view };
    LINES = [];
  } else {
    if (!VIEW) VIEW = {};
    Object.assign(VIEW, msg.view || {});
    for (const k of msg.drop || []) delete VIEW[k];
  }
  if (msg.type === "snapshot" || "question" in msg) QUESTION = msg.question;
  if (msg.table) TABLE = msg.table;
  DELAY = msg.delay || 0;
  LINES.push(...(msg.lines || []));
  if (LINES.length > 400) LINES = LINES.slice(-400);
  if (QUESTION && QUESTION !== before) {  // a question arrived (its clock counts from now)
    QUESTION_AT = performance.now();
    if (!before || before.seq !== QUESTION.seq) PATH = [];
  }
}

function send(obj) { if (WS && WS.readyState === 1) WS.send(JSON.stringify(obj)); }

function renderSeats(view, extra) {
  const box = document.getElementById("seats");
  box.replaceChildren();
  const dec = view.decision || {};
  const tr = view.transit;
  const mine = extra ? null : view.seat;  // everything shown: nobody is "you"
  for (const s of view.seats) {
    const meta = TABLE.seats[s.seat] || {};
    const cls = ["seat"];
    if (s.seat === mine) cls.push("mine");
    if (s.seat === view.current) cls.push("current");
    if (dec.seat === s.seat) cls.push("deciding");
    if (!s.alive) cls.push("dead");
    const tags = [];
    if (meta.kind === "bot") tags.push(t("bot"));
    if (meta.away) tags.push(t("away"));
    if (meta.kind === "human" && !meta.online) tags.push(t("offline"));
    if (s.seat === mine) tags.push(t("you"));
    if (!s.alive) tags.push(s.lost ? t("lost") : t("dead"));
    const head = el("div", { class: "seat-head" }, el("b", {}, seatName(s.seat)), " ", el("bdi", {}, meta.name || ""), tags.length ? el("span", { class: "tags" }, " · " + tags.join(" · ")) : null);
    const marks = el("span", { class: "marks" });
    if (s.seat === view.current) marks.append(el("span", { title: t("turn") }, "▶"));
    if (tr && tr.holder === s.seat) marks.append(el("span", { class: "mark-transit", title: t("transit") }, "✉"));
    if ((view.locks || []).includes(s.seat)) marks.append(el("span", { title: t("locked") }, "🔒"));
    head.append(marks);
    let ch;
    const ownChar = extra && extra[s.seat] ? extra[s.seat].character : null;
    const cid = s.character || ownChar;
    if (cid) ch = el("a", { href: "#", class: "char", onclick: (e) => { e.preventDefault(); showHelp(cid); } }, charName(cid) + (s.face_up ? "" : ` (${t("hidden_char")})`));
    else if (s.has_character) ch = el("span", { class: "char hidden" }, `【${t("hidden_char")}】`);
    else ch = el("span", { class: "char none" }, "");
    // "": the seat holds no identity card (致命香水's 臨危受命 took it); null: not known to this seat
    const ident = s.identity === "" ? "" : s.identity || (extra && extra[s.seat] ? extra[s.seat].identity : null);
    const idEl = el("span", { class: "ident " + (ident || "unknown") }, ident !== null && ident !== undefined ? nm(ident) : t("unknown"));
    const intel = el("div", { class: "intel" }, ...s.intel.map((c) => chip(c)));
    const hand = el("span", { class: "handcount", title: t("hand") }, `🂠 ${s.hand_count}`);
    const node = el("div", { class: cls.join(" "), "data-seat": s.seat }, head, el("div", { class: "seat-line" }, ch, " ", idEl, " ", hand), intel);
    if (extra && extra[s.seat] && extra[s.seat].hand) node.append(el("div", { class: "intel" }, ...extra[s.seat].hand.map((c) => chip(c, "in-hand"))));
    box.append(node);
  }
}

function renderCentre(view) {
  const tr = view.transit;
  const tbox = document.getElementById("transit");
  tbox.replaceChildren(el("h3", {}, t("transit")));
  if (tr) {
    tbox.append(el("div", { class: "transit" }, chip(tr.card), " ",
      `${t("sender")} ${seatName(tr.sender)} → ${t("holder")} ${seatName(tr.holder)} · ${nm(tr.method)}` +
      (tr.target !== null && tr.target !== undefined && tr.target >= 0 ? ` → ${seatName(tr.target)}` : "") +
      ` · ${nm(tr.step) || ""}`));
  } else tbox.append(el("div", { class: "hint" }, t("none")));
  const sbox = document.getElementById("stack");
  sbox.replaceChildren(el("h3", {}, t("stack")));
  const list = el("ol", { class: "stack" });
  for (const u of [...view.stack].reverse()) {
    const target = u.target !== null && u.target !== undefined && u.target >= 0 ? ` → ${seatName(u.target)}` : "";
    list.append(el("li", {}, `${seatName(u.user)} ${nm(u.use)}${target} `, u.card !== null ? chip(u.card) : el("span", { class: "card back" }, "?")));
  }
  if (!view.stack.length) list.append(el("li", { class: "hint" }, t("none")));
  sbox.append(list);
  const pbox = document.getElementById("piles");
  const lastDiscards = view.discard.slice(-6).map((c) => chip(c));
  pbox.replaceChildren(el("div", {}, `${t("deck")} ${view.deck_count} · ${t("discard")} ${view.discard.length} `, ...lastDiscards));
}

function renderMe(view) {
  const box = document.getElementById("me");
  box.replaceChildren();
  if (view.seat === null || view.seat === undefined) {
    box.append(el("h3", {}, t("spectating")));
    return;
  }
  const me = view.me;
  const cid = me.character;
  box.append(el("div", { class: "me-line" },
    el("span", {}, `${t("identity")}: `), el("b", { class: "ident " + me.identity }, nm(me.identity)), "  ",
    el("span", {}, `${t("character")}: `),
    cid ? el("a", { href: "#", onclick: (e) => { e.preventDefault(); showHelp(cid); } }, charName(cid)) : el("span", {}, t("no_char"))));
  box.append(el("div", { class: "hand" }, el("span", {}, `${t("hand")} (${me.hand.length}): `), ...me.hand.map((c) => chip(c, "in-hand"))));
  for (const p of me.probes || []) {
    if (p.line) box.append(el("div", { class: "hint" }, "「" + p.line + "」"));
  }
}

function nodeAt(tree, path) {
  let node = tree;
  for (const k of path) {
    const next = (node.children || []).find((c) => c.key === k);
    if (!next) return tree;
    node = next;
  }
  return node;
}

function renderQuestion(view) {
  const box = document.getElementById("question");
  box.replaceChildren();
  const q = QUESTION;
  const mine = mySeat();
  if (mine !== null && TABLE.seats[mine] && TABLE.seats[mine].away) {
    box.append(el("button", { class: "take-back", onclick: () => send({ type: "back" }) }, t("take_back")));
    return;
  }
  if (!q) {
    const d = view.decision;
    const who = d && d.seat !== null && d.seat !== undefined ? ` (${seatName(d.seat)})` : "";
    box.append(el("div", { class: "hint waiting" }, view.result ? t("game_over") : t("waiting") + who));
    return;
  }
  const node = nodeAt(q.tree, PATH);
  box.append(el("h3", { class: "ask" }, t("your_turn") + ": " + q.tree.words[LANG]));
  if (q.seconds !== undefined) {
    const left = Math.max(0, q.seconds - (performance.now() - QUESTION_AT) / 1000);
    box.append(el("div", { class: "clock", id: "clock" }, `${Math.ceil(left)} ${t("seconds")}`));
  }
  const opts = el("div", { class: "options" });
  for (const c of node.children || []) {
    const label = c.words[LANG] + (c.option ? "" : " …");
    opts.append(el("button", {
      class: "opt" + (c.option === "pass" ? " pass" : ""), title: c.help[LANG], "data-key": c.key,
      "data-option": c.option || "", disabled: SENT === q.seq,
      onclick: () => {
        if (c.option) { SENT = q.seq; send({ type: "act", seq: q.seq, option: c.option }); renderQuestion(view); }
        else { PATH = [...PATH, c.key]; renderQuestion(view); }
      },
    }, label));
  }
  // once answered, the whole question waits for the server, the step back too
  if (PATH.length) opts.append(el("button", { class: "opt back", disabled: SENT === q.seq, onclick: () => { PATH = PATH.slice(0, -1); renderQuestion(view); } }, t("back_step")));
  box.append(opts);
}

function renderLog() {
  const ol = document.getElementById("log");
  ol.replaceChildren(...LINES.slice(-150).map((l) => el("li", {}, l)));
  ol.scrollTop = ol.scrollHeight;
}

function renderEnd(view) {
  const modal = document.getElementById("end");
  if (!view.result) { modal.hidden = true; return; }
  const box = document.getElementById("end-box");
  const r = view.result;
  const rows = view.seats.map((s) => el("tr", { class: r.winners.includes(s.seat) ? "won" : "" },
    el("td", {}, seatName(s.seat)), el("td", {}, el("bdi", {}, (TABLE.seats[s.seat] || {}).name || "")),
    el("td", {}, s.identity !== null && s.identity !== undefined ? nm(s.identity) : "?"), el("td", {}, s.character ? charName(s.character) : ""),
    el("td", {}, r.winners.includes(s.seat) ? "★" : "")));
  const buttons = el("div", { class: "end-buttons" });
  if (mySeat() !== null) buttons.append(el("button", { id: "rematch", onclick: async () => {
    if (TABLE.rematch) { location.href = "/t/" + TABLE.rematch; return; }
    try { const nt = await api("POST", `/api/tables/${CODE}/rematch`, {}); location.href = "/t/" + nt.code; } catch (e) { alert(e.message); }
  } }, t("rematch")));
  buttons.append(el("a", { href: `/t/${CODE}?replay=1`, class: "button" }, t("replay")), " ", el("a", { href: "/", class: "button" }, t("to_lobby")));
  box.replaceChildren(el("h2", {}, t("game_over")), el("p", {}, `${t("winners")}: ${r.winners.map(seatName).join(", ")} · ${(r.factions || []).map(nm).join(", ")}`),
    el("table", { class: "list result" }, el("tbody", {}, ...rows)), buttons);
  modal.hidden = false;
}

function renderGame() {
  if (!VIEW || !HELP) return;
  const view = VIEW;
  document.getElementById("info").textContent = `${CODE} · ${t("turn")} ${view.turn} · ${nm(view.phase) || ""}`;
  const mine = mySeat();
  document.getElementById("away").hidden = !(mine !== null && TABLE.seats[mine] && TABLE.seats[mine].away);
  renderSeats(view);
  renderCentre(view);
  renderMe(view);
  renderQuestion(view);
  renderLog();
  renderEnd(view);
}

// ---------------------------------------------------------------------------------------------------------------
// Help
function showHelp(cid) {
  const body = document.getElementById("help-body");
  body.replaceChildren();
  if (cid) {
    body.append(el("pre", { class: "help-text" }, HELP.characters[cid][LANG].text));
  } else {
    body.append(el("h3", {}, t("cards_help")));
    for (const [, v] of Object.entries(HELP.types)) body.append(el("p", {}, el("b", {}, v[LANG].name), " — ", v[LANG].text));
    body.append(el("h3", {}, t("chars_help")));
    for (const [, v] of Object.entries(HELP.characters)) body.append(el("pre", { class: "help-text" }, v[LANG].text));
  }
  document.getElementById("help").hidden = false;
}
document.getElementById("help-btn").addEventListener("click", () => showHelp(null));
document.getElementById("help-close").addEventListener("click", () => { document.getElementById("help").hidden = true; });
document.getElementById("back").addEventListener("click", () => send({ type: "back" }));

// ---------------------------------------------------------------------------------------------------------------
// Replays: a finished game step by step, as a seat, a spectator or with everything shown
let RSTEP = null;
let RAS = "spectator";
async function renderReplay() {
  document.getElementById("game-view").hidden = false;
  const q = new URLSearchParams({ as: RAS, lang: LANG });
  if (RSTEP !== null) q.set("step", RSTEP);
  const r = await api("GET", `/api/replays/${CODE}?${q}`);
  RSTEP = r.step;
  let view = r.view || r.views[0];
  const extra = r.views ? r.views.map((v) => v.me) : null;
  if (r.views) {  // everything shown: the card in transit as its sender saw it
    const tv = r.views.find((v) => v.transit && v.transit.card !== null);
    if (tv) view = { ...view, transit: tv.transit };
  }
  document.getElementById("info").textContent = `${CODE} · ${t("replay")} ${r.step}/${r.steps} · ${t("verified")} ✓`;
  renderSeats(view, extra);
  renderCentre(view);
  if (r.view) renderMe(view); else document.getElementById("me").replaceChildren();
  const qbox = document.getElementById("question");
  const sel = el("select", { onchange: (e) => { RAS = e.target.value; renderReplay(); } },
    el("option", { value: "spectator" }, t("spectator")), ...view.seats.map((s) => el("option", { value: String(s.seat) }, seatName(s.seat))),
    el("option", { value: "all" }, t("everything")));
  sel.value = RAS;
  const go = (d) => { RSTEP = Math.max(0, Math.min(r.steps, RSTEP + d)); renderReplay(); };
  qbox.replaceChildren(el("div", { class: "options" }, el("span", {}, t("as_seat") + " "), sel,
    el("button", { class: "opt", onclick: () => go(-10) }, "« 10"), el("button", { class: "opt", onclick: () => go(-1) }, t("prev")),
    el("button", { class: "opt", onclick: () => go(1) }, t("next")), el("button", { class: "opt", onclick: () => go(10) }, "10 »")));
  LINES = r.lines;
  renderLog();
}

// ---------------------------------------------------------------------------------------------------------------
async function main() {
  setupLang(() => {
    if (REPLAY) { renderReplay(); return; }
    if (TABLE && TABLE.status === "lobby") renderLobby();
    if (WS) { const ws = WS; WS = null; ws.close(); connect(); }
  });
  ME = await ensurePlayer(null);
  try { TABLE = await api("GET", `/api/tables/${CODE}`); } catch (e) {
    if (!REPLAY) { document.getElementById("status").textContent = e.message; return; }
  }
  const settings = TABLE ? TABLE.settings : { edition: "standard", texts: "" };
  await loadHelp(settings.edition, settings.texts);
  if (REPLAY) { renderReplay(); return; }
  route();
  TICK = setInterval(() => {
    const c = document.getElementById("clock");
    if (c && QUESTION && QUESTION.seconds !== undefined) {
      const left = Math.max(0, QUESTION.seconds - (performance.now() - QUESTION_AT) / 1000);
      c.textContent = `${Math.ceil(left)} ${t("seconds")}`;
    }
  }, 250);
}
main();
