// The table-side page. The page keeps the hand as melds and tiles and writes it in the notation; the
// engine reads it, scores it and finds its waits: the package's own Python, run in the page by
// Pyodide in the static build (scripts/build-page) or asked of `mcr-score serve`'s JSON API. The
// page never scores: it shows what the engine answers, and shows nothing as current that is not.
// The notation box and the picker follow each other; the URL (?q=) holds what is on screen.
"use strict";

const SUITS = ["m", "p", "s"];
const HONORS = ["E", "S", "W", "N", "C", "F", "P"];
const FLOWERS = ["a", "b", "c", "d", "e", "f", "g", "h"];
const WINDS = ["E", "S", "W", "N"];
const MELD_SIZE = { chow: 3, pung: 3, kong: 4, concealed: 4, promoted: 4 };
const TIMEOUT_MS = 15000;
// Where each situation button is written in the suffix `|PSxxxx` the page writes (1 is P).
const SUFFIX_BUTTON = { 1: "prevalent", 2: "seat", 3: "win-by", 4: "last-copy", 5: "wall-last", 6: "kong-win" };

const $ = (id) => document.getElementById(id);
let strings = {};
let fanNames = {};
let lang = "en";
let state = emptyState();
let invalid = false; // the notation box holds text the engine cannot read
const undoStack = [];
let evaluation = 0; // the latest question wins; older answers are dropped
const ENGINE = document.documentElement.dataset.engine === "pyodide" ? workerEngine() : serviceEngine();

function emptyState() {
  return { melds: [], tiles: [], flowers: "", sit: { prevalent: "E", seat: "E", self: false, last: false, wall: false, kong: false } };
}

function t(id, args = {}) {
  const template = strings[id] ?? id;
  return template.replace(/\{(\w+)\}/g, (_, k) => (k in args ? String(args[k]) : `{${k}}`));
}

// ---- the engine ----------------------------------------------------------------------------------

// `mcr-score serve`'s JSON API; a slow or failed request rejects, so nothing old stays up as current.
function serviceEngine() {
  return {
    async ask(name, params) {
      const response = await fetch(`api/${name}?${new URLSearchParams(params)}`, { signal: AbortSignal.timeout(TIMEOUT_MS) });
      if (response.status >= 500) throw new Error(`HTTP ${response.status}`);
      const body = response.headers.get("content-type")?.includes("json") ? await response.json() : await response.text();
      return { ok: response.ok, body };
    },
  };
}

// The package in a Web Worker under Pyodide (static/engine-worker.js): the same answers, in the page.
function workerEngine() {
  const worker = new Worker("static/engine-worker.js");
  const waiting = new Map();
  let next = 0;
  const failAll = (error) => { for (const w of waiting.values()) w.reject(error); waiting.clear(); };
  worker.onmessage = (e) => {
    const { id, status, body, error } = e.data;
    const w = waiting.get(id);
    waiting.delete(id);
    if (!w) return;
    if (error) w.reject(new Error(error));
    else w.resolve({ ok: status === 200, body });
  };
  worker.onerror = (e) => failAll(new Error(e.message || "engine error"));
  return {
    ask(name, params) {
      return new Promise((resolve, reject) => {
        const id = ++next;
        waiting.set(id, { resolve, reject });
        worker.postMessage({ id, name, params });
      });
    },
  };
}

// ---- the hand and its notation -------------------------------------------------------------------

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

// The hand as the engine reads it (`parse`): the page reads no notation itself.
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

// A picker convenience only (a tile a fifth time, a fifteenth tile): the engine judges the hand.
function canAdd(mode, code) {
  const need = wanted(mode, code);
  if (!need) return false;
  const used = copies(state);
  for (const c of need) used[c] = (used[c] || 0) + 1;
  if (need.some((c) => used[c] > 4)) return false;
  const room = mode === "single" ? 1 : 3;
  return tileCount(state) + room <= 14;
}

function mode() {
  return document.querySelector("input[name=mode]:checked").value;
}

// ---- drawing -------------------------------------------------------------------------------------

const SVG = "http://www.w3.org/2000/svg";

// A tile face from the shipped sprite (static/tiles.svg): no font needed.
function face(code, { tag = "button", extra = "", shown = code } = {}) {
  const el = document.createElement(tag);
  if (tag === "button") el.type = "button";
  el.className = `tile ${extra}`.trim();
  el.dataset.tile = code;
  el.setAttribute("aria-label", code);
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", "0 0 60 80");
  svg.setAttribute("aria-hidden", "true");
  const use = document.createElementNS(SVG, "use");
  use.setAttribute("href", `static/tiles.svg#t-${shown}`);
  svg.append(use);
  el.append(svg);
  return el;
}

function removeButton(onClick) {
  const b = document.createElement("button");
  b.type = "button";
  b.className = "remove";
  b.textContent = "×";
  b.setAttribute("aria-label", t("page.remove"));
  b.addEventListener("click", onClick);
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

function windButtons(id) {
  const row = $(id);
  row.textContent = "";
  for (const w of WINDS) {
    const b = document.createElement("button");
    b.type = "button";
    b.dataset.wind = w;
    b.textContent = t(`page.wind.${w}`);
    b.addEventListener("click", () => change(() => (state.sit[id] = w)));
    row.append(b);
  }
}

function drawPicker() {
  const m = mode();
  $("picker").dataset.invalid = String(invalid);
  for (const b of $("picker").querySelectorAll(".tile")) {
    const code = b.dataset.tile;
    if (FLOWERS.includes(code)) b.setAttribute("aria-pressed", String(state.flowers.includes(code)));
    else b.disabled = invalid || !canAdd(m, code);
  }
}

function drawHand() {
  const hand = $("hand");
  hand.textContent = "";
  const shown = invalid ? emptyState() : state;
  shown.melds.forEach((m, i) => {
    const group = document.createElement("div");
    group.className = `meld ${m.kind}`;
    group.dataset.meld = m.kind;
    const tiles = document.createElement("span");
    tiles.className = "tiles";
    meldTiles(m).forEach((c, k, all) => {
      const down = m.kind === "concealed" && (k === 0 || k === all.length - 1); // a concealed kong's ends lie face down
      tiles.append(face(c, { tag: "span", shown: down ? "back" : c, extra: down ? "down" : "" }));
    });
    group.append(tiles, removeButton(() => change(() => state.melds.splice(i, 1))));
    hand.append(group);
  });
  const full = tileCount(shown) === 14;
  shown.tiles.forEach((c, i) => {
    const winning = full && i === shown.tiles.length - 1;
    const item = document.createElement("div");
    item.className = "item";
    const b = face(c, { extra: winning ? "win" : "" });
    if (winning) b.setAttribute("aria-current", "true");
    b.addEventListener("click", () => change(() => state.tiles.push(...state.tiles.splice(i, 1)))); // now the winning tile
    item.append(b, removeButton(() => change(() => state.tiles.splice(i, 1))));
    hand.append(item);
  });
  for (const f of shown.flowers) {
    const item = document.createElement("div");
    item.className = "item";
    item.append(face(f, { tag: "span" }), removeButton(() => toggleFlower(f)));
    hand.append(item);
  }
  $("count").textContent = invalid ? "" : t("page.count", { n: tileCount(state) });
  const x = state.sit;
  $("discard").setAttribute("aria-pressed", String(!x.self));
  $("self-drawn").setAttribute("aria-pressed", String(x.self));
  for (const [id, key] of Object.entries({ "last-copy": "last", "wall-last": "wall", "kong-win": "kong" })) $(id).setAttribute("aria-pressed", String(x[key]));
  for (const id of ["prevalent", "seat"]) for (const b of $(id).children) b.setAttribute("aria-pressed", String(b.dataset.wind === x[id]));
  $("notation").setAttribute("aria-invalid", String(invalid));
  drawPicker();
}

function translate() {
  document.documentElement.lang = lang;
  for (const el of document.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
  windButtons("prevalent");
  windButtons("seat");
}

// ---- changes -------------------------------------------------------------------------------------

function change(edit) {
  undoStack.push(JSON.stringify(state));
  edit();
  invalid = false;
  refresh();
}

function pick(code) {
  const m = mode();
  if (!canAdd(m, code)) return;
  change(() => (m === "single" ? state.tiles.push(code) : state.melds.push({ kind: m, tile: code })));
}

function toggleFlower(code) {
  change(() => {
    state.flowers = state.flowers.includes(code) ? state.flowers.replace(code, "") : [...state.flowers + code].sort().join("");
  });
}

// The link follows what is on screen: the typed text while the box leads, else the picked hand.
function follow(text) {
  const url = new URL(location.href);
  if (text) url.searchParams.set("q", text);
  else url.searchParams.delete("q");
  url.searchParams.set("lang", lang);
  url.searchParams.set("rules", $("rules").value);
  history.replaceState?.(null, "", url);
}

function refresh() {
  const text = notation(state);
  $("notation").value = text;
  follow(text);
  drawHand();
  evaluate(text);
}

// The same hand asked again (another language or rules), whether the box or the picker leads.
function rescore() {
  const text = $("notation").value.trim();
  follow(text);
  drawHand();
  evaluate(invalid ? text : notation(state));
}

let typing = 0;

// Typed text is read by the engine after a pause in typing; until then the verdict says it is pending.
async function onText() {
  const text = $("notation").value.trim();
  const mine = ++evaluation;
  pending();
  follow(text);
  clearTimeout(typing);
  await new Promise((resolve) => { typing = setTimeout(resolve, 120); });
  if (mine !== evaluation) return;
  if (!text) { change(() => (state = emptyState())); return; }
  let answer;
  try { answer = await ENGINE.ask("parse", { hand: text }); } catch (e) { if (mine === evaluation) failed(e); return; }
  if (mine !== evaluation) return;
  if (answer.ok) {
    undoStack.push(JSON.stringify(state));
    state = fromParsed(answer.body);
    invalid = false;
    follow(text);
    drawHand();
    evaluate(text, mine);
    return;
  }
  invalid = true;
  drawHand();
  evaluate(text, mine);
}

// ---- the verdict and the results -----------------------------------------------------------------

function setVerdict(kind, headline, detail = "", score = null) {
  const v = $("verdict");
  v.dataset.state = kind;
  v.querySelector(".headline").textContent = headline;
  v.querySelector(".detail").textContent = detail;
  for (const key of ["total", "points", "valid"]) delete v.dataset[key];
  if (score) Object.assign(v.dataset, { total: score.total, points: score.points, valid: String(score.valid) });
}

// Asked and not yet answered: nothing on screen may look current.
function pending() {
  setVerdict("pending", t("page.pending"));
  $("result").setAttribute("aria-busy", "true");
}

function failed(error) {
  setVerdict("error", t("page.failed"), t("page.failed-detail", { problem: error.message || String(error) }));
  $("result").removeAttribute("aria-busy");
  $("result").textContent = "";
}

function show(html) {
  const box = $("result");
  box.removeAttribute("aria-busy");
  box.innerHTML = html;
  return box;
}

function escape(s) {
  return String(s).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
}

async function evaluate(text, mine = ++evaluation) {
  for (const b of document.querySelectorAll(".at-fault")) b.classList.remove("at-fault");
  const n = tileCount(state);
  if (!invalid && (!text || (n !== 13 && n !== 14))) {
    const words = n > 14 ? t("page.extra", { n: n - 14 }) : t("page.pick", { n: 14 - n });
    setVerdict("empty", words);
    show("");
    return;
  }
  pending();
  let answer;
  try {
    answer = invalid ? { ok: false } : await ENGINE.ask(n === 14 ? "explain" : "waits", { hand: text, rules: $("rules").value });
    if (mine !== evaluation) return;
    if (!answer.ok) {
      blame(text, answer.body);
      const words = await ENGINE.ask("text/explain", { hand: text, lang });
      if (mine !== evaluation) return;
      setVerdict("error", t(invalid ? "page.invalid" : "page.error"));
      show(`<pre class="error">${escape(words.body)}</pre>`);
      return;
    }
  } catch (e) {
    if (mine === evaluation) failed(e);
    return;
  }
  if (n === 14) drawExplanation(answer.body);
  else drawWaits(answer.body);
}

// The situation button whose flag the engine refused, from the column it points at in the suffix.
function blame(text, body) {
  const column = body?.error?.column;
  const bar = text.indexOf("|");
  const id = column && bar >= 0 ? SUFFIX_BUTTON[column - bar - 1] : null;
  if (id === "win-by") $(state.sit.self ? "self-drawn" : "discard").classList.add("at-fault");
  else if (id) $(id).classList.add("at-fault");
}

function fanName(fan) {
  const id = typeof fan === "number" ? fan : fan.id;
  const names = (typeof fan === "object" && fan.names) || fanNames[id];
  return `${id} ${names ? names[lang] : fan.name}`;
}

function setsText(sets) {
  return sets.map((s) => (Array.isArray(s) ? writeTiles(s) : s)).join(" ");
}

// The headline: a valid Hu shows its total; a false Hu shows its points against the minimum, never a total.
function verdictOf(v) {
  const score = { total: v.total, points: v.points, valid: v.valid_hu };
  if (!v.winning) return setVerdict("bad", t("page.not-winning"), v.reason || "", score);
  if (v.valid_hu) return setVerdict("ok", t("page.valid-hu", { total: v.total }), t("page.sum", { points: v.points, flowers: v.flower_points }), score);
  return setVerdict("bad", t("page.false-hu", { points: v.points, minimum: v.minimum }), t("page.false-detail", { short: v.short_by, flowers: v.flower_points }), score);
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
  verdictOf(v);
  show(v.winning ? fansHtml(data.fans) + notCountedHtml(data.not_counted) : "");
}

function drawWaits(data) {
  const waits = data.waits || [];
  setVerdict("waits", waits.length ? t("page.ready", { n: waits.length }) : t("page.no-waits"));
  const box = show(`<h2>${escape(t("page.waits"))}</h2>`);
  if (!waits.length) return;
  box.insertAdjacentHTML("beforeend", `<p class="note">${escape(t("page.tap-card"))}</p>`);
  const cards = document.createElement("div");
  cards.className = "cards";
  const detail = document.createElement("div");
  detail.className = "card-fans";
  for (const w of waits) {
    const s = state.sit.self ? w.self_drawn : w.discard; // the win the situation buttons describe
    const card = document.createElement("button");
    card.type = "button";
    card.className = "card";
    card.dataset.wait = w.tile;
    card.setAttribute("aria-expanded", "false");
    card.append(face(w.tile, { tag: "span", extra: "small" })); // a card is a button: its tile cannot be one too
    card.insertAdjacentHTML("beforeend", `<span class="pts">${escape(t("page.wait-points", { total: s.total }))}</span>
      <span class="left">${escape(t("page.left", { n: w.left }))}</span>
      <span class="badge ${s.meets_minimum ? "ok" : ""}">${escape(t(s.meets_minimum ? "page.badge" : "page.below", { minimum: s.minimum }))}</span>`);
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

async function ask(name, params) {
  const answer = await ENGINE.ask(name, params);
  if (!answer.ok) throw new Error(answer.body?.error?.message || String(answer.body));
  return answer.body;
}

async function loadLanguage(next) {
  lang = ["en", "fr", "zh"].includes(next) ? next : "en";
  $("lang").value = lang;
  const response = await fetch(`ui/strings/${lang}.json`); // a file of the static build, or the service's
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  strings = await response.json();
  translate();
}

async function loadRules(rules) {
  const data = await ask("rules", {});
  const sel = $("rules");
  for (const p of data.profiles) sel.append(new Option(p.name, p.name));
  sel.value = data.profiles.some((p) => p.name === rules) ? rules : data.default;
  await loadFanNames();
}

async function loadFanNames() {
  const rows = await ask("fans", { rules: $("rules").value });
  fanNames = Object.fromEntries(rows.map((r) => [r.id, r.names]));
}

function wire() {
  $("lang").addEventListener("change", async (e) => { await loadLanguage(e.target.value); rescore(); });
  $("rules").addEventListener("change", async () => { await loadFanNames(); rescore(); });
  $("notation").addEventListener("input", () => onText());
  $("undo").addEventListener("click", () => { if (undoStack.length) { state = JSON.parse(undoStack.pop()); invalid = false; refresh(); } });
  $("clear").addEventListener("click", () => change(() => (state = emptyState())));
  for (const r of document.querySelectorAll("input[name=mode]")) r.addEventListener("change", drawPicker);
  $("discard").addEventListener("click", () => change(() => (state.sit.self = false)));
  $("self-drawn").addEventListener("click", () => change(() => (state.sit.self = true)));
  for (const [id, key] of Object.entries({ "last-copy": "last", "wall-last": "wall", "kong-win": "kong" })) {
    $(id).addEventListener("click", () => change(() => (state.sit[key] = !state.sit[key])));
  }
  $("share").addEventListener("click", async () => {
    try { await navigator.clipboard.writeText(location.href); $("share-note").textContent = t("page.copied"); }
    catch { $("share-note").textContent = location.href; }
  });
}

async function start() {
  const params = new URLSearchParams(location.search);
  setVerdict("pending", "…");
  buildPicker();
  wire();
  try {
    await loadLanguage(params.get("lang") || (navigator.language || "en").slice(0, 2));
    setVerdict("pending", t("page.loading")); // the engine may take seconds to start in the page
    await loadRules(params.get("rules"));
  } catch (e) {
    failed(e);
    return;
  }
  const q = params.get("q");
  if (q) { $("notation").value = q; await onText(); }
  else refresh();
  if (document.documentElement.dataset.engine === "pyodide" && "serviceWorker" in navigator) navigator.serviceWorker.register("sw.js");
  document.body.dataset.ready = "1"; // every control answers from here on
}

start();
