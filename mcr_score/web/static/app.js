// The table-side page of `mcr-score serve`. The page keeps the hand as melds and tiles, writes it in the
// notation, and asks the service for everything else: it never scores. The notation box and the picker
// follow each other; the URL (?q=) holds the hand so it can be shared.
"use strict";

const SUITS = ["m", "p", "s"];
const HONORS = ["E", "S", "W", "N", "C", "F", "P"];
const FLOWERS = ["a", "b", "c", "d", "e", "f", "g", "h"];
const WINDS = ["E", "S", "W", "N"];
const GLYPH = { m: "萬", p: "筒", s: "條", E: "東", S: "南", W: "西", N: "北", C: "中", F: "發", P: "白" };
const FLOWER_GLYPH = { a: "梅", b: "蘭", c: "竹", d: "菊", e: "春", f: "夏", g: "秋", h: "冬" };
const MELD_SIZE = { chow: 3, pung: 3, kong: 4, concealed: 4, promoted: 4 };

const $ = (id) => document.getElementById(id);
let strings = {};
let fanNames = {};
let lang = "en";
let state = emptyState();
const undoStack = [];
let evaluation = 0; // the latest request wins; older answers are dropped

function emptyState() {
  return { melds: [], tiles: [], flowers: "", sit: { prevalent: "E", seat: "E", self: false, last: false, wall: false, kong: false } };
}

function t(id, args = {}) {
  const template = strings[id] ?? id;
  return template.replace(/\{(\w+)\}/g, (_, k) => (k in args ? String(args[k]) : `{${k}}`));
}

// ---- the hand and its notation -----------------------------------------------------------------

function tileSort(a, b) {
  const order = (c) => (c.length === 2 ? SUITS.indexOf(c[1]) * 10 + Number(c[0]) : 30 + HONORS.indexOf(c));
  return order(a) - order(b);
}

function meldTiles(m) {
  if (m.kind === "chow") return [0, 1, 2].map((i) => `${Number(m.tile[0]) + i}${m.tile[1]}`);
  return Array(MELD_SIZE[m.kind]).fill(m.tile);
}

function writeTiles(codes) {
  let out = "";
  let run = "";
  let suit = "";
  for (const c of codes) {
    if (c.length === 2) {
      if (suit && suit !== c[1]) { out += run + suit; run = ""; }
      suit = c[1];
      run += c[0];
    } else {
      if (suit) { out += run + suit; run = ""; suit = ""; }
      out += c;
    }
  }
  return out + (suit ? run + suit : "");
}

function notation(s) {
  const claim = { chow: "", pung: "", kong: "1", concealed: "", promoted: "5" };
  let out = s.melds.map((m) => `[${writeTiles(meldTiles(m))}${claim[m.kind]}]`).join("");
  if (tileCount(s) === 14) {
    const standing = s.tiles.slice(0, -1).sort(tileSort);
    out += writeTiles(standing) + writeTiles(s.tiles.slice(-1)); // the last tile written is the winning tile
  } else {
    out += writeTiles([...s.tiles].sort(tileSort));
  }
  const x = s.sit;
  const flags = [x.self, x.last, x.wall, x.kong].map((f) => (f ? "1" : "0")).join("");
  if (flags !== "0000" || x.prevalent !== "E" || x.seat !== "E" || s.flowers) {
    out += `|${x.prevalent}${x.seat}${flags}`;
    if (s.flowers) out += `|${s.flowers}`;
  }
  return out;
}

// Reads the spellings the page writes (and the usual ones); anything else is left to the service.
function readNotation(text) {
  const s = emptyState();
  const [main, suffix, flowers, ...rest] = text.replace(/\s+/g, "").split("|");
  if (rest.length) return null;
  const meldRe = /\[([^\]]*)\]/g;
  for (const [, inner] of main.matchAll(meldRe)) {
    const m = /^(?:(\d{3,4})([mps])|([ESWNCFP])\3{2,3})([1-7]?)$/.exec(inner);
    if (!m) return null;
    const digit = m[4] ? Number(m[4]) : 0;
    let tile;
    let size;
    if (m[1]) {
      const ranks = [...m[1]].map(Number);
      size = ranks.length;
      tile = `${ranks[0]}${m[2]}`;
      const chow = size === 3 && ranks[1] === ranks[0] + 1 && ranks[2] === ranks[0] + 2;
      if (!chow && !ranks.every((r) => r === ranks[0])) return null;
      if (chow) { s.melds.push({ kind: "chow", tile }); continue; }
    } else {
      tile = m[3];
      size = inner.replace(/\d$/, "").length;
    }
    if (size === 3) s.melds.push({ kind: "pung", tile });
    else s.melds.push({ kind: digit === 0 ? "concealed" : digit >= 5 ? "promoted" : "kong", tile });
  }
  const loose = main.replace(meldRe, "");
  const tokenRe = /(\d+)([mps])|([ESWNCFP])|([a-h])/gy;
  let consumed = 0;
  let token;
  while ((token = tokenRe.exec(loose)) !== null) {
    consumed = tokenRe.lastIndex;
    if (token[1]) for (const r of token[1]) { if (r === "0") return null; s.tiles.push(r + token[2]); }
    else if (token[3]) s.tiles.push(token[3]);
    else s.flowers += token[4];
  }
  if (consumed !== loose.length) return null;
  if (suffix !== undefined) {
    const m = /^([ESWN])([ESWN])([01])([01])([01])([01])$/.exec(suffix);
    if (!m) return null;
    Object.assign(s.sit, { prevalent: m[1], seat: m[2], self: m[3] === "1", last: m[4] === "1", wall: m[5] === "1", kong: m[6] === "1" });
  }
  if (flowers !== undefined) {
    if (!/^[a-h]*$/.test(flowers)) return null;
    s.flowers += flowers;
  }
  return s;
}

// The hand as the service reads it (`/api/parse`), for spellings the page does not read itself.
function fromParsed(data) {
  const s = emptyState();
  for (const m of data.melds) {
    const kind = m.type === "kong" ? (m.concealed ? "concealed" : m.promoted ? "promoted" : "kong") : m.type;
    s.melds.push({ kind, tile: m.tile });
  }
  s.tiles = [...data.standing, ...(data.winning ? [data.winning] : [])];
  const x = data.situation;
  Object.assign(s.sit, { prevalent: x.prevalent_wind, seat: x.seat_wind, self: x.self_drawn, last: x.last_copy, wall: x.wall_last, kong: x.kong });
  s.flowers = x.flower_letters || "";
  return s;
}

function tileCount(s) {
  return s.melds.length * 3 + s.tiles.length;
}

function copies(s) {
  const n = {};
  for (const m of s.melds) for (const c of meldTiles(m)) n[c] = (n[c] || 0) + 1;
  for (const c of s.tiles) n[c] = (n[c] || 0) + 1;
  return n;
}

// The tiles a pick in `mode` would add at `code`, or null when it cannot be added.
function wanted(mode, code) {
  if (mode === "single") return [code];
  if (mode === "chow") {
    if (code.length !== 2 || Number(code[0]) > 7) return null;
    return meldTiles({ kind: "chow", tile: code });
  }
  return Array(MELD_SIZE[mode]).fill(code);
}

function canAdd(mode, code) {
  const need = wanted(mode, code);
  if (!need) return false;
  const used = copies(state);
  for (const c of need) used[c] = (used[c] || 0) + 1;
  if (need.some((c) => used[c] > 4)) return false;
  const room = mode === "single" ? 1 : 3;
  return tileCount(state) + room <= 14;
}

// ---- drawing -------------------------------------------------------------------------------------

function face(code, extra = "", tag = "button") {
  const b = document.createElement(tag);
  if (tag === "button") b.type = "button";
  b.dataset.tile = code;
  if (code.length === 2) {
    b.className = `tile ${code[1]} ${extra}`;
    b.innerHTML = `<span class="r">${code[0]}</span><span class="g">${GLYPH[code[1]]}</span>`;
  } else if (FLOWERS.includes(code)) {
    b.className = `tile flower ${extra}`;
    b.innerHTML = `<span class="r">${FLOWERS.indexOf(code) % 4 + 1}</span><span class="g">${FLOWER_GLYPH[code]}</span>`;
  } else {
    b.className = `tile honor ${code} ${extra}`;
    b.innerHTML = `<span class="g">${GLYPH[code]}</span>`;
  }
  b.setAttribute("aria-label", code);
  return b;
}

function buildPicker() {
  const picker = $("picker");
  picker.textContent = "";
  const rows = [...SUITS.map((suit) => [suit, [1, 2, 3, 4, 5, 6, 7, 8, 9].map((r) => r + suit)]), ["z", HONORS], ["f", FLOWERS]];
  for (const [key, codes] of rows) {
    const label = document.createElement("div");
    label.className = "suit-label";
    label.dataset.i18n = `page.suit.${key}`;
    picker.append(label);
    const row = document.createElement("div");
    row.className = "suit";
    row.dataset.suit = key;
    for (const code of codes) {
      const b = face(code);
      b.addEventListener("click", () => (key === "f" ? toggleFlower(code) : pick(code)));
      row.append(b);
    }
    picker.append(row);
  }
}

function drawPicker() {
  const mode = document.querySelector("input[name=mode]:checked").value;
  for (const b of $("picker").querySelectorAll(".tile")) {
    const code = b.dataset.tile;
    if (FLOWERS.includes(code)) b.setAttribute("aria-pressed", String(state.flowers.includes(code)));
    else b.disabled = !canAdd(mode, code);
  }
}

function drawHand() {
  const hand = $("hand");
  hand.textContent = "";
  state.melds.forEach((m, i) => {
    const group = document.createElement("span");
    group.className = `meld ${m.kind}`;
    group.dataset.meld = m.kind;
    for (const c of meldTiles(m)) {
      const b = face(c);
      b.addEventListener("click", () => change(() => state.melds.splice(i, 1)));
      group.append(b);
    }
    hand.append(group);
  });
  state.tiles.forEach((c, i) => {
    const b = face(c, i === state.tiles.length - 1 && tileCount(state) === 14 ? "win" : "");
    b.addEventListener("click", () => change(() => state.tiles.splice(i, 1)));
    hand.append(b);
  });
  for (const f of state.flowers) {
    const b = face(f);
    b.addEventListener("click", () => toggleFlower(f));
    hand.append(b);
  }
  $("count").textContent = t("page.count", { n: tileCount(state) });
  const x = state.sit;
  $("self-drawn").checked = x.self;
  $("last-copy").checked = x.last;
  $("wall-last").checked = x.wall;
  $("kong-win").checked = x.kong;
  $("prevalent").value = x.prevalent;
  $("seat").value = x.seat;
  drawPicker();
}

function translate() {
  document.documentElement.lang = lang;
  for (const el of document.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
  for (const id of ["prevalent", "seat"]) {
    const sel = $(id);
    const value = sel.value || "E";
    sel.textContent = "";
    for (const w of WINDS) sel.append(new Option(t(`page.wind.${w}`), w));
    sel.value = value;
  }
}

// ---- changes -------------------------------------------------------------------------------------

function change(edit, fromText = false) {
  undoStack.push(JSON.stringify(state));
  edit();
  refresh(fromText);
}

function pick(code) {
  const mode = document.querySelector("input[name=mode]:checked").value;
  if (!canAdd(mode, code)) return;
  change(() => (mode === "single" ? state.tiles.push(code) : state.melds.push({ kind: mode, tile: code })));
}

function toggleFlower(code) {
  change(() => {
    state.flowers = state.flowers.includes(code) ? state.flowers.replace(code, "") : [...state.flowers + code].sort().join("");
  });
}

function refresh(fromText = false) {
  const text = notation(state);
  if (!fromText) $("notation").value = text;
  const url = new URL(location.href);
  if (text) url.searchParams.set("q", fromText ? $("notation").value : text);
  else url.searchParams.delete("q");
  url.searchParams.set("lang", lang);
  url.searchParams.set("rules", $("rules").value);
  history.replaceState?.(null, "", url);
  drawHand();
  evaluate(fromText ? $("notation").value.trim() : text);
}

let typing = 0;

// The page reads its own spellings at once; others wait for a pause in typing, then ask the service.
async function onText() {
  const text = $("notation").value.trim();
  const read = readNotation(text);
  clearTimeout(typing);
  if (read) { change(() => (state = read), true); return; }
  await new Promise((resolve) => { typing = setTimeout(resolve, 250); });
  if ($("notation").value.trim() !== text) return;
  const answer = await api("parse", { hand: text });
  if (answer.ok) change(() => (state = fromParsed(answer.body)), true);
  else showError(text);
}

// ---- the service ---------------------------------------------------------------------------------

async function api(name, params) {
  const query = new URLSearchParams(name === "parse" ? params : { rules: $("rules").value, ...params }); // parse takes no rules
  const response = await fetch(`/api/${name}?${query}`);
  const body = response.headers.get("content-type")?.includes("json") ? await response.json() : await response.text();
  return { ok: response.ok, status: response.status, body };
}

async function showError(text) {
  const mine = ++evaluation;
  const answer = await api("text/explain", { hand: text, lang });
  if (mine !== evaluation) return;
  const box = $("result");
  box.innerHTML = `<h2 class="error">${escape(t("page.error"))}</h2>`;
  const pre = document.createElement("pre");
  pre.className = "error";
  pre.textContent = typeof answer.body === "string" ? answer.body : answer.body.error.message;
  box.append(pre);
}

async function evaluate(text) {
  const mine = ++evaluation;
  const n = tileCount(state);
  const box = $("result");
  if (!text || (n < 13 && !state.tiles.length && !state.melds.length)) { box.innerHTML = `<p class="note">${escape(t("page.pick", { n: 14 }))}</p>`; return; }
  if (n !== 13 && n !== 14) {
    box.innerHTML = `<p class="note">${escape(n < 14 ? t("page.pick", { n: 14 - n }) : t("page.extra", { n: n - 14 }))}</p>`;
    return;
  }
  const answer = await api(n === 14 ? "explain" : "waits", { hand: text });
  if (mine !== evaluation) return;
  if (!answer.ok) { showError(text); return; }
  if (n === 14) drawExplanation(answer.body);
  else drawWaits(answer.body);
}

// ---- results -------------------------------------------------------------------------------------

function escape(s) {
  return String(s).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
}

function fanName(fan) {
  const id = typeof fan === "number" ? fan : fan.id;
  const names = (typeof fan === "object" && fan.names) || fanNames[id];
  return `${id} ${names ? names[lang] : fan.name}`;
}

function setsText(sets) {
  return sets.map((s) => (Array.isArray(s) ? writeTiles(s) : s)).join(" ");
}

function verdictHtml(v) {
  if (!v.winning) return `<p class="verdict bad">${escape(t("page.not-winning"))}</p>`;
  const ok = v.meets_minimum;
  return `<div class="total" data-total="${v.total}">${escape(t("page.total", { total: v.total }))}</div>
    <div class="note">${escape(t("page.sum", { points: v.points, flowers: v.flower_points }))}</div>
    <p class="verdict ${ok ? "ok" : "bad"}">${escape(ok ? t("page.valid") : t("page.short", { short: v.short_by }))}</p>`;
}

function fansHtml(fans) {
  const rows = fans.map((f) => `<tr><td>${escape(fanName(f))}<div class="sets">${escape(setsText(f.sets))}</div></td>
      <td class="pts">${f.points}${f.count > 1 ? ` × ${f.count}` : ""}</td></tr>`);
  return `<h2>${escape(t("page.fans"))}</h2><table class="fans">${rows.join("")}</table>`;
}

function notCountedHtml(items) {
  if (!items.length) return "";
  const rows = items.map((n) => {
    const reason = n.by ? t(`rule.${n.rule}`, { by: fanName(n.by) }) : t(n.rule === "account-once" ? "rule.account-once-none" : `rule.${n.rule}`, { by: "" });
    return `<tr><td>${escape(fanName(n))}<div class="sets">${escape(setsText(n.sets))}</div></td><td class="note">${escape(reason)}</td></tr>`;
  });
  return `<h2>${escape(t("page.not-counted"))}</h2><table class="not-counted">${rows.join("")}</table>`;
}

function drawExplanation(data) {
  const v = data.verdict;
  let html = verdictHtml(v);
  if (v.winning) html += fansHtml(data.fans) + notCountedHtml(data.not_counted);
  $("result").innerHTML = html;
}

function drawWaits(data) {
  const box = $("result");
  const waits = data.waits || [];
  box.innerHTML = `<h2>${escape(t("page.waits"))}</h2>`;
  if (!waits.length) { box.innerHTML += `<p class="note">${escape(t("page.no-waits"))}</p>`; return; }
  box.innerHTML += `<p class="note">${escape(t("page.tap-card"))}</p>`;
  const cards = document.createElement("div");
  cards.className = "cards";
  const detail = document.createElement("div");
  detail.className = "card-fans";
  for (const w of waits) {
    const s = state.sit.self ? w.self_drawn : w.discard; // the win the situation toggles describe
    const card = document.createElement("button");
    card.type = "button";
    card.className = "card";
    card.dataset.wait = w.tile;
    card.setAttribute("aria-expanded", "false");
    card.append(face(w.tile, "", "span")); // a card is a button: its tile cannot be one too
    card.insertAdjacentHTML("beforeend", `<span class="pts">${escape(t("page.wait-points", { total: s.total }))}</span>
      <span class="badge ${s.meets_minimum ? "ok" : ""}">${escape(s.meets_minimum ? t("page.badge") : t("page.below"))}</span>`);
    card.addEventListener("click", () => {
      const open = card.getAttribute("aria-expanded") === "true";
      for (const c of cards.querySelectorAll(".card")) c.setAttribute("aria-expanded", "false");
      card.setAttribute("aria-expanded", String(!open));
      detail.innerHTML = open ? "" : fansHtml(s.fans) + notCountedHtml(s.not_counted);
    });
    cards.append(card);
  }
  box.append(cards, detail);
}

// ---- start ---------------------------------------------------------------------------------------

async function loadLanguage(next) {
  lang = ["en", "fr", "zh"].includes(next) ? next : "en";
  $("lang").value = lang;
  strings = await (await fetch(`/ui/strings/${lang}.json`)).json();
  translate();
  refresh(true);
}

async function loadRules(rules) {
  const data = await (await fetch("/api/rules")).json();
  const sel = $("rules");
  for (const p of data.profiles) sel.append(new Option(p.name, p.name));
  sel.value = data.profiles.some((p) => p.name === rules) ? rules : data.default;
  await loadFanNames();
}

async function loadFanNames() {
  const rows = await (await fetch(`/api/fans?rules=${encodeURIComponent($("rules").value)}`)).json();
  fanNames = Object.fromEntries(rows.map((r) => [r.id, r.names]));
}

async function start() {
  const params = new URLSearchParams(location.search);
  buildPicker();
  await loadRules(params.get("rules"));
  const q = params.get("q");
  if (q) $("notation").value = q;
  const browser = (navigator.language || "en").slice(0, 2);
  await loadLanguage(params.get("lang") || browser);
  if (q) await onText();
  $("lang").addEventListener("change", (e) => loadLanguage(e.target.value));
  $("rules").addEventListener("change", async () => { await loadFanNames(); refresh(); });
  $("notation").addEventListener("input", () => onText());
  $("undo").addEventListener("click", () => { if (undoStack.length) { state = JSON.parse(undoStack.pop()); refresh(); } });
  $("clear").addEventListener("click", () => change(() => (state = emptyState())));
  for (const r of document.querySelectorAll("input[name=mode]")) r.addEventListener("change", drawPicker);
  const flags = { "self-drawn": "self", "last-copy": "last", "wall-last": "wall", "kong-win": "kong" };
  for (const [id, key] of Object.entries(flags)) $(id).addEventListener("change", (e) => change(() => (state.sit[key] = e.target.checked)));
  for (const id of ["prevalent", "seat"]) $(id).addEventListener("change", (e) => change(() => (state.sit[id] = e.target.value)));
  $("share").addEventListener("click", async () => {
    try { await navigator.clipboard.writeText(location.href); $("share-note").textContent = t("page.copied"); }
    catch { $("share-note").textContent = location.href; }
  });
  document.body.dataset.ready = "1"; // every control answers from here on
}

start();
