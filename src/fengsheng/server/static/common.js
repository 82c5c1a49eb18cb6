// Shared by the lobby and the table page: the words (zh by default, en), the player token, the JSON API.
"use strict";

const WORDS = {
  title: ["风声", "The Message"],
  your_name: ["你的名字", "Your name"], ok: ["确定", "OK"],
  create: ["开一桌", "New table"], players: ["人数", "Players"], edition: ["版本", "Edition"],
  standard: ["标准版", "Standard"], qianzhi: ["千智风声", "Qianzhi"], characters: ["角色牌", "Characters"],
  texts: ["角色文字", "Character texts"], timer: ["计时", "Timer"], clock: ["每步秒数", "Seconds per move"],
  pace: ["机器人速度（秒）", "Bot pace (s)"], allow_spectators: ["允许观战", "Spectators"], spectator_delay: ["观战延迟（步）", "Spectator delay (decisions)"],
  delayed: ["观战延迟：步数", "Delayed by decisions:"],
  min_window: ["响应最短秒数", "Min. response time (s)"],
  create_btn: ["开桌", "Create"], join: ["加入", "Join"], join_btn: ["进入", "Go"],
  open_tables: ["进行中的牌桌", "Open tables"], replays: ["回放", "Replays"], watch: ["观战", "Watch"],
  newer: ["‹ 较新", "‹ Newer"], older: ["较早 ›", "Older ›"], no_tables: ["暂无牌桌", "No open tables"],
  enter: ["进入", "Enter"], lobby: ["等人", "waiting"], playing: ["对局中", "playing"], over: ["已结束", "over"],
  help: ["帮助", "Help"], away_msg: ["超时：你的座位由机器人代打。", "Time ran out: a bot is playing your seat."],
  take_back: ["收回座位", "Take it back"], table: ["牌桌", "Table"],
  share: ["把牌桌代码或本页链接发给朋友。", "Send the table code or this page's link to your friends."],
  start: ["开始", "Start"], log: ["记录", "Log"], sit: ["坐这里", "Sit here"], add_bot: ["加机器人", "Add bot"],
  remove_bot: ["移除机器人", "Remove bot"], empty: ["空位", "empty"], bot: ["机器人", "bot"],
  leave: ["离座", "Leave"], host: ["房主", "host"], you: ["你", "you"], away: ["代打中", "away"],
  offline: ["离线", "offline"], hand: ["手牌", "Hand"], identity: ["身份", "Identity"], character: ["角色", "Character"],
  hidden_char: ["盖伏", "face down"], no_char: ["无角色", "no character"], unknown: ["未知", "unknown"],
  transit: ["传递中的情报", "Intelligence in transit"], none: ["无", "none"], stack: ["待结算（后发先至，最上为最后打出）", "Pending (last in, on top)"],
  deck: ["牌堆", "Deck"], discard: ["弃牌堆", "Discard"], turn: ["回合", "Turn"], waiting: ["等待他人……", "Waiting for others…"],
  your_turn: ["轮到你", "Your move"], back_step: ["返回", "Back"], seconds: ["秒", "s"], bank: ["备用时间", "bank"],
  winners: ["胜者", "Winners"], game_over: ["游戏结束", "Game over"], rematch: ["再来一局", "Rematch"],
  to_lobby: ["回大厅", "Lobby"], replay: ["回放", "Replay"], spectating: ["观战中", "Spectating"],
  dead: ["阵亡", "dead"], lost: ["出局", "lost"], locked: ["被锁定", "locked"], sender: ["发出者", "sender"],
  holder: ["在", "at"], cards_help: ["卡牌", "Cards"], chars_help: ["角色", "Characters"],
  reconnecting: ["重新连接中……", "Reconnecting…"], gone: ["对局已结束，桌子已关闭：请看回放", "The game is over and the table closed: see its replay"],
  revoked: ["此设备的登录已失效：请刷新页面", "This device's sign-in was revoked: reload the page"], seat: ["座位", "Seat"], seq: ["步", "step"],
  as_seat: ["视角", "As"], everything: ["全部公开", "Everything"], spectator: ["观战者", "Spectator"],
  prev: ["上一步", "Prev"], next: ["下一步", "Next"], verified: ["已校验", "verified"],
};

let LANG = localStorage.getItem("fs-lang") || "zh";

function t(key) {
  const w = WORDS[key];
  return w ? w[LANG === "zh" ? 0 : 1] : key;
}

function translatePage() {
  document.documentElement.lang = LANG;
  for (const el of document.querySelectorAll("[data-t]")) el.textContent = t(el.dataset.t);
  const b = document.getElementById("lang");
  if (b) b.textContent = LANG === "zh" ? "English" : "中文";
}

function setupLang(onChange) {
  const b = document.getElementById("lang");
  b.addEventListener("click", () => {
    LANG = LANG === "zh" ? "en" : "zh";
    localStorage.setItem("fs-lang", LANG);
    translatePage();
    onChange();
  });
  translatePage();
}

function token() { return localStorage.getItem("fs-token") || ""; }

async function api(method, path, body) {
  const headers = { "content-type": "application/json" };
  if (token()) headers.authorization = "Bearer " + token();
  const resp = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const data = await resp.json();
  if (!resp.ok) throw Object.assign(new Error(data.error || resp.statusText), { status: resp.status });
  return data;
}

async function ensurePlayer(name) {
  if (token()) {
    try { return await api("GET", "/api/me"); } catch (e) { localStorage.removeItem("fs-token"); }
  }
  if (!name) return null;
  const p = await api("POST", "/api/players", { name });
  localStorage.setItem("fs-token", p.token);
  return p;
}

function el(tag, attrs, ...kids) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === "class") e.className = v;
    else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else if (v !== undefined && v !== null && v !== false) e.setAttribute(k, v === true ? "" : v);
  }
  for (const k of kids) if (k !== null && k !== undefined) e.append(k);
  return e;
}
