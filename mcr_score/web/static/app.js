// The table-side page. The engine holds every rule: the package's own Python, run in the page by
// Pyodide in the static build (scripts/build-page) or asked of `mcr-score serve`'s JSON API. Each tap
// is sent to it as an edit of the hand's notation (`edit`: mcr_score/web/picker.py), and it answers
// the new hand as the page shows it: the canonical notation, the melds and tiles, the count, which
// question the hand answers, and the picker tiles it refuses with the reason. The page counts
// nothing, writes no notation and scores nothing: it shows what the engine answers, and shows
// nothing as current that is not. The notation box and the picker follow each other; the URL (?q=)
// holds what is on screen.
//
// The page is usable at first paint: the engine's first answers (the empty hand and its picker, the
// rule profiles, the fan names) and the page's words are written into the page itself (#first: by
// scripts/build-page at build time, by `mcr-score serve` for its page), so the picker is drawn from
// the engine's own answer before the engine has started. Taps made meanwhile are queued and answered
// in order once it has; the verdict says it is starting.
"use strict";

const WINDS = ["E", "S", "W", "N"];
const TIMEOUT_MS = 15000;
const TYPING_MS = 120;
const OFFLINE_WAIT_MS = 3000; // the longest the engine waits for the service worker on a first visit
const HTTP_OK = 200;
const HTTP_SERVER_ERROR = 500;
// The situation button of each field of the notation's suffix (the engine gives each field's column).
const FIELD_BUTTON = { prevalent_wind: "prevalent", seat_wind: "seat", last_copy: "last-copy", wall_last: "wall-last", kong: "kong-win" };
// Each toggle button: the edit that sets it, and the field of the engine's situation that it shows.
const TOGGLES = { "last-copy": ["last-copy", "last_copy"], "wall-last": ["wall-last", "wall_last"], "kong-win": ["kong", "kong"] };

const $ = (id) => document.getElementById(id);
const FIRST = JSON.parse($("first")?.textContent || "null"); // the engine's first answers, if written in
let strings = {};
let fanNames = {};
let lang = "en";
let view = null; // the engine's latest answer to `edit`: the hand on screen
let invalid = false; // the notation box holds text the engine cannot read
const undoStack = [];
let evaluation = 0; // the latest question wins; older answers are dropped
let starting = true; // the engine has not answered yet: a pending verdict says it is starting
let invalidReason = ""; // the engine's words for the unreadable text in the box
// The picker on screen: the engine's worker starts after it (or after OFFLINE_WAIT_MS at most), so
// that Pyodide's start does not hold back the first paint on a slow CPU.
let paint;
const painted = new Promise((resolve) => { paint = resolve; setTimeout(resolve, OFFLINE_WAIT_MS); });

const ENGINE = document.documentElement.dataset.engine === "pyodide" ? workerEngine() : serviceEngine();

function t(id, args = {}) {
  const template = strings[id] ?? id;
  return template.replace(/\{(\w+)\}/g, (_, k) => (k in args ? String(args[k]) : `{${k}}`));
}

// A count with its noun: `id.one` or `id.other`, by the numbers the catalogue's `i18n.plural-one`
// lists (English 1, French 0 and 1, Chinese none), as `messages.plural_form` chooses.
function tn(id, n, args = {}) {
  const one = (strings["i18n.plural-one"] || "").split(" ").includes(String(n));
  return t(`${id}.${one ? "one" : "other"}`, { n, ...args });
}

// ---- the engine ----------------------------------------------------------------------------------

// `mcr-score serve`'s JSON API; a slow or failed request rejects, so nothing old stays up as current.
function serviceEngine() {
  return {
    started: Promise.resolve(),
    async ask(name, params) {
      const response = await fetch(`api/${name}?${new URLSearchParams(params)}`, { signal: AbortSignal.timeout(TIMEOUT_MS) });
      if (response.status >= HTTP_SERVER_ERROR) throw new Error(`HTTP ${response.status}`);
      const body = response.headers.get("content-type")?.includes("json") ? await response.json() : await response.text();
      return { ok: response.ok, body };
    },
  };
}

// The service worker (sw.js) in control before the engine's worker starts, so that the engine's files
// are fetched through it and kept as they come: downloaded once, there for the next visit, offline.
// On a return visit it is in control already; never more than OFFLINE_WAIT_MS of waiting.
function offline() {
  if (!("serviceWorker" in navigator)) return Promise.resolve();
  return new Promise((resolve) => {
    if (navigator.serviceWorker.controller) resolve();
    navigator.serviceWorker.addEventListener("controllerchange", () => resolve());
    navigator.serviceWorker.register("sw.js").catch(() => resolve()); // none here (a private window): no wait
    setTimeout(resolve, OFFLINE_WAIT_MS);
  });
}

// Every file of the build kept by the service worker (what it has not kept as it passed), so that
// the page works offline from here on.
function kept() {
  if (!navigator.serviceWorker) return Promise.resolve();
  return new Promise((resolve) => {
    navigator.serviceWorker.addEventListener("message", (e) => { if (e.data === "kept") resolve(); });
    navigator.serviceWorker.ready.then((r) => r.active.postMessage("complete"));
  });
}

// The package in a Web Worker under Pyodide (static/engine-worker.js): the same answers, in the page.
// Questions asked before the worker exists wait for it, in order.
function workerEngine() {
  const waiting = new Map();
  let next = 0;
  let up;
  const started = new Promise((resolve) => { up = resolve; });
  const failAll = (error) => { for (const w of waiting.values()) w.reject(error); waiting.clear(); };
  const made = Promise.all([offline(), painted]).then(() => {
    performance.mark("engine-start");
    const worker = new Worker("static/engine-worker.js");
    worker.onmessage = (e) => {
      if (e.data.timing) { performance.mark("engine-ready", { detail: e.data.timing }); up(); return; } // for the load figures
      const { id, status, body, error } = e.data;
      if (!performance.getEntriesByName("engine-answered").length) performance.mark("engine-answered"); // for the load figures
      const w = waiting.get(id);
      waiting.delete(id);
      if (!w) return;
      if (error) w.reject(new Error(error));
      else w.resolve({ ok: status === HTTP_OK, body });
    };
    worker.onerror = (e) => { up(); failAll(new Error(e.message || "engine error")); };
    return worker;
  });
  return {
    started,
    ask(name, params) {
      return new Promise((resolve, reject) => {
        const id = ++next;
        waiting.set(id, { resolve, reject });
        made.then((worker) => worker.postMessage({ id, name, params }));
      });
    },
    idle() { made.then((worker) => worker.postMessage({ idle: true })); }, // its warm-up and snapshot, after the first answers
  };
}

// ---- the hand ----------------------------------------------------------------------------------

// The notation of the hand on screen: the engine's canonical text; nothing while the box is unreadable.
function current() {
  return invalid || !view ? "" : view.notation;
}

function mode() {
  return document.querySelector("input[name=mode]:checked").value;
}

// ---- drawing -------------------------------------------------------------------------------------

const SVG = "http://www.w3.org/2000/svg";

// A tile face from the shipped sprite (static/tiles.svg, written into the page as #tiles): no font needed.
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
  use.setAttribute("href", `#t-${shown}`);
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

// The picker's rows of tiles, as the engine lists them (the suits, the honours, the flowers). The page
// comes with the picker of the engine's first answer written in (engine.picker_html, the same markup:
// tested), which is kept when it holds these rows; its taps are read by one listener (`wire`).
function buildPicker(rows) {
  const picker = $("picker");
  const codes = (tiles) => tiles.map((c) => `${c} `).join("");
  if (codes([...picker.querySelectorAll(".tile")].map((b) => b.dataset.tile)) === codes(rows.flatMap(([, c]) => c))) return;
  picker.textContent = "";
  for (const [key, codes] of rows) {
    const label = document.createElement("div");
    label.className = "suit-label";
    label.dataset.i18n = `page.suit.${key}`;
    label.textContent = t(label.dataset.i18n);
    picker.append(label);
    const row = document.createElement("div");
    row.className = "suit";
    row.dataset.suit = key;
    for (const code of codes) {
      const b = face(code);
      b.dataset.flower = String(key === "f");
      row.append(b);
    }
    picker.append(row);
  }
}

// A picker tile tapped, to be added as `how` (a flower as a flower): added, or, if the engine refuses
// it, its reason said on the page (a touch screen shows no tooltip).
function pick(button, how = mode()) {
  const code = button.dataset.tile;
  const reason = button.dataset.refused;
  $("refusal").textContent = reason ? t("page.refused.said", { tile: code, reason: t(reason) }) : "";
  if (!reason) apply(button.dataset.flower === "true" ? `flower ${code}` : `add ${how} ${code}`);
}

function windButtons(id) {
  const row = $(id);
  row.textContent = "";
  for (const w of WINDS) {
    const b = document.createElement("button");
    b.type = "button";
    b.dataset.wind = w;
    b.textContent = t(`page.wind.${w}`);
    b.addEventListener("click", () => apply(`${id} ${w}`));
    row.append(b);
  }
  drawSituation();
}

// Each picker tile as the engine answered: refused (aria-disabled, its reason said when tapped) or not.
function drawPicker() {
  if (!view) return;
  $("refusal").textContent = "";
  const refused = view.picker.refused[mode()];
  $("picker").dataset.invalid = String(invalid);
  for (const b of $("picker").querySelectorAll(".tile")) {
    const code = b.dataset.tile;
    if (b.dataset.flower === "true") {
      b.setAttribute("aria-pressed", String(!invalid && view.flowers.includes(code)));
      b.disabled = invalid;
      continue;
    }
    const reason = invalid ? "page.invalid" : refused[code];
    b.setAttribute("aria-disabled", String(Boolean(reason)));
    if (reason) b.dataset.refused = reason;
    else delete b.dataset.refused;
  }
}

function drawSituation() {
  if (!view) return;
  const x = view.situation;
  $("discard").setAttribute("aria-pressed", String(!x.self_drawn));
  $("self-drawn").setAttribute("aria-pressed", String(x.self_drawn));
  for (const [id, [, key]] of Object.entries(TOGGLES)) $(id).setAttribute("aria-pressed", String(x[key]));
  for (const id of ["prevalent", "seat"]) for (const b of $(id).children) b.setAttribute("aria-pressed", String(b.dataset.wind === x[id]));
  // The situation in one line, opened by a tap: how the hand won, the winds, the flags set.
  const flags = Object.entries(TOGGLES).filter(([, [, key]]) => x[key]).map(([id]) => t($(id).dataset.i18n));
  const parts = [t(x.self_drawn ? "page.self-drawn" : "page.discard"), t("page.winds", { prevalent: t(`page.wind.${x.prevalent}`), seat: t(`page.wind.${x.seat}`) }), ...flags];
  $("situation-line").textContent = parts.join(" · ");
}

function drawHand() {
  const hand = $("hand");
  hand.textContent = "";
  if (!view) return;
  const shown = invalid ? { melds: [], tiles: [], flowers: "", winning: null } : view;
  shown.melds.forEach((m, i) => {
    const group = document.createElement("div");
    group.className = `meld ${m.kind}`;
    group.dataset.meld = m.kind;
    const tiles = document.createElement("span");
    tiles.className = "tiles";
    m.tiles.forEach((c, k, all) => {
      const down = m.kind === "concealed" && (k === 0 || k === all.length - 1); // a concealed kong's ends lie face down
      tiles.append(face(c, { tag: "span", shown: down ? "back" : c, extra: down ? "down" : "" }));
    });
    group.append(tiles, removeButton(() => apply(`unmeld ${i}`)));
    hand.append(group);
  });
  shown.tiles.forEach((c, i, all) => {
    const winning = shown.winning !== null && i === all.length - 1; // the engine lists the winning tile last
    const item = document.createElement("div");
    item.className = "item";
    const b = face(c, { extra: winning ? "win" : "" });
    if (winning) b.setAttribute("aria-current", "true");
    b.addEventListener("click", () => { if (shown.winning !== null) apply(`win ${i}`); });
    item.append(b, removeButton(() => apply(`remove ${i}`)));
    hand.append(item);
  });
  for (const f of shown.flowers) {
    const item = document.createElement("div");
    item.className = "item";
    item.append(face(f, { tag: "span" }), removeButton(() => apply(`flower ${f}`)));
    hand.append(item);
  }
  $("count").textContent = invalid ? "" : t("page.count", { n: view.count.held, full: view.count.full });
  drawSituation();
  $("notation").setAttribute("aria-invalid", String(invalid));
  drawPicker();
}

function translate() {
  document.documentElement.lang = lang;
  for (const el of document.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
  for (const o of $("rules").options) o.textContent = t(`page.profile.${o.value}`);
  windButtons("prevalent");
  windButtons("seat");
}

// ---- changes -------------------------------------------------------------------------------------

// A tap: the engine makes `edit` to the hand `from` (the hand on screen when its turn comes) and
// answers the new hand; until it has, the verdict is pending. Taps are made in turn, each on the
// hand the one before made, however fast they come. `remember`: Undo can have the hand before back.
let edits = Promise.resolve();

function apply(edit, from = null, remember = true) {
  const mine = ++evaluation;
  pending();
  edits = edits.then(() => applyNow(edit, from ?? current(), remember, mine));
  return edits;
}

async function applyNow(edit, from, remember, mine) {
  const before = current();
  let answer;
  try { answer = await ENGINE.ask("edit", { hand: from, edit }); } catch (e) { if (mine === evaluation) failed(e); return; }
  if (!answer.ok) { if (mine === evaluation) refused(answer.body); return; }
  if (remember) undoStack.push(before);
  showHand(answer.body, answer.body.notation, mine);
}

// The engine's hand on screen; `text` is what the box and the link hold (the typed text, or the
// engine's notation after a tap).
function showHand(answer, text, mine) {
  view = answer;
  invalid = false;
  $("notation").value = text;
  follow(text);
  drawHand();
  evaluate(mine);
}

// An edit the engine refused: said in the verdict; the hand on screen stays as it was.
function refused(body) {
  setVerdict("error", body?.error?.message || String(body));
  show("");
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

// The same hand asked again (another language or rules), whether the box or the picker leads.
function rescore() {
  if (!view) return;
  follow($("notation").value.trim());
  drawHand();
  evaluate();
}

let typing = 0;

// Typed text is read by the engine after a pause in typing; until then the verdict says it is pending.
async function onText(pause = TYPING_MS) {
  const text = $("notation").value.trim();
  const mine = ++evaluation;
  pending();
  follow(text);
  clearTimeout(typing);
  await new Promise((resolve) => { typing = setTimeout(resolve, pause); });
  if (mine !== evaluation) return;
  let answer;
  try { answer = await ENGINE.ask("edit", { hand: text, edit: "" }); } catch (e) { if (mine === evaluation) failed(e); return; }
  if (mine !== evaluation) return;
  if (answer.ok) {
    if (view && view.notation !== answer.body.notation) undoStack.push(current());
    showHand(answer.body, text, mine);
    return;
  }
  invalid = true;
  invalidReason = answer.body?.error?.message || "";
  drawHand();
  evaluate(mine);
}

// ---- the verdict and the results -----------------------------------------------------------------

// The verdict pinned on top: its headline, with a short detail beside it for a valid Hu or waits; a
// false Hu's or an error's longer words go in the line under it (#why), so the pinned banner stays
// small on a phone.
function setVerdict(kind, headline, detail = "", score = null) {
  const v = $("verdict");
  const beside = kind === "ok" || kind === "waits";
  v.dataset.state = kind;
  v.querySelector(".headline").textContent = headline;
  v.querySelector(".detail").textContent = beside ? detail : "";
  $("why").textContent = beside ? "" : detail;
  for (const key of ["total", "points", "valid"]) delete v.dataset[key];
  if (score) Object.assign(v.dataset, { total: score.total, points: score.points, valid: String(score.valid) });
}

// Asked and not yet answered: nothing on screen may look current.
function pending() {
  setVerdict("pending", t(starting ? "page.loading" : "page.pending"));
  $("result").setAttribute("aria-busy", "true");
}

function failed(error) {
  setVerdict("error", t("page.failed"), t("page.failed-detail", { problem: error.message || String(error) }));
  $("result").removeAttribute("aria-busy");
  $("result").textContent = "";
}

// The results under the verdict: a score's fans directly under it (and scrolled into view), the
// waits' cards after the picker, where they leave the picker in place for the 14th tile.
function show(html, question = "") {
  const box = $("result");
  box.removeAttribute("aria-busy");
  box.innerHTML = html;
  box.dataset.question = question;
  return box;
}

function showFirstFan() {
  const row = document.querySelector("#result [data-fan]");
  if (!row) return;
  const top = $("verdict").getBoundingClientRect().bottom;
  const box = row.getBoundingClientRect();
  if (box.top < top || box.bottom > window.innerHeight) window.scrollBy(0, box.top - top);
}

function escape(s) {
  return String(s).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
}

// The question the hand on screen answers, as the engine said (`view.question`): its score, its
// waits, or none yet (how many tiles to pick); an unreadable text, the engine's words about it.
async function evaluate(mine = ++evaluation) {
  if (mine !== evaluation) return; // a later tap or text has asked since
  for (const b of document.querySelectorAll(".at-fault")) b.classList.remove("at-fault");
  if (!invalid && view.question === "none") {
    setVerdict("empty", tn("page.pick", view.count.missing));
    show("");
    return;
  }
  const text = invalid ? $("notation").value.trim() : view.notation;
  pending();
  let answer;
  try {
    answer = invalid ? { ok: false } : await ENGINE.ask(view.question === "score" ? "explain" : "waits", { hand: text, rules: $("rules").value });
    if (mine !== evaluation) return;
    if (!answer.ok) {
      if (!invalid) blame(answer.body);
      const words = await ENGINE.ask("text/explain", { hand: text, lang });
      if (mine !== evaluation) return;
      setVerdict("error", invalid && invalidReason ? invalidReason : t(invalid ? "page.invalid" : "page.error"));
      show(`<pre class="error">${escape(words.body)}</pre>`);
      return;
    }
  } catch (e) {
    if (mine === evaluation) failed(e);
    return;
  }
  if (view.question === "score") drawExplanation(answer.body);
  else drawWaits(answer.body);
}

// The situation button whose field the engine refused: the field at the column the error points
// at, in the engine's notation (`view.columns`).
function blame(body) {
  const column = body?.error?.column;
  const field = Object.keys(view.columns).find((f) => view.columns[f] === column);
  if (field === "self_drawn") $(view.situation.self_drawn ? "self-drawn" : "discard").classList.add("at-fault");
  else if (field) $(FIELD_BUTTON[field]).classList.add("at-fault");
}

function fanName(fan) {
  const id = typeof fan === "number" ? fan : fan.id;
  const names = (typeof fan === "object" && fan.names) || fanNames[id];
  return `${id} ${names ? names[lang] : fan.name}`;
}

// A fan's sets as the engine lists them: a set's text, or its tiles' codes side by side.
function setsText(sets) {
  return sets.map((s) => (Array.isArray(s) ? s.join("") : s)).join(" ");
}

// The headline: a valid Hu shows its total; a false Hu shows its points against the minimum, never a total.
function verdictOf(v) {
  const score = { total: v.total, points: v.points, valid: v.valid_hu };
  if (!v.winning) return setVerdict("bad", t("page.not-winning"), v.reason || "", score);
  const points = tn("page.n.point", v.points);
  const flowers = tn("page.n.flower", v.flower_points);
  if (v.valid_hu) return setVerdict("ok", t("page.valid-hu", { total: v.total }), t("page.sum", { points, flowers }), score);
  const detail = t("page.false-detail", { short: v.short_by, flowers: tn("page.n.point", v.flower_points) });
  return setVerdict("bad", t("page.false-hu", { points, minimum: v.minimum }), detail, score);
}

function fansHtml(fans) {
  const rows = fans.map((f) => `<tr data-fan="${escape(f.id)}"><td>${escape(fanName(f))}<div class="sets">${escape(setsText(f.sets))}</div></td>
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
  show(v.winning ? fansHtml(data.fans) + notCountedHtml(data.not_counted) : "", "score");
  showFirstFan();
}

function drawWaits(data) {
  const waits = data.waits || [];
  setVerdict("waits", waits.length ? tn("page.ready", waits.length) : t("page.no-waits"));
  const box = show(`<h2>${escape(t("page.waits"))}</h2>`, "waits");
  if (!waits.length) return;
  box.insertAdjacentHTML("beforeend", `<p class="note">${escape(t("page.tap-card"))}</p>`);
  const cards = document.createElement("div");
  cards.className = "cards";
  const detail = document.createElement("div");
  detail.className = "card-fans";
  for (const w of waits) {
    const s = view.situation.self_drawn ? w.self_drawn : w.discard; // the win the situation buttons describe
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

// The page's words: written into the page (#first), or asked of the build's files or the service.
async function loadLanguage(next) {
  lang = ["en", "fr", "zh"].includes(next) ? next : "en";
  $("lang").value = lang;
  if (FIRST?.strings?.[lang]) strings = FIRST.strings[lang];
  else {
    const response = await fetch(`ui/strings/${lang}.json`); // a file of the static build, or the service's
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    strings = await response.json();
  }
  translate();
}

// An answer of the engine's first ones: from the page when written in (the same body), else asked.
function first(name, params) {
  return FIRST?.answers?.[name] ?? ask(name, params);
}

async function loadRules(rules) {
  const data = await first("rules", {});
  const sel = $("rules");
  for (const p of data.profiles) {
    const option = new Option(t(`page.profile.${p.name}`), p.name);
    sel.append(option);
  }
  sel.value = data.profiles.some((p) => p.name === rules) ? rules : data.default;
  return data.default;
}

async function loadFanNames(fallback = null) {
  const rows = $("rules").value === fallback ? await first("fans", {}) : await ask("fans", { rules: $("rules").value });
  fanNames = Object.fromEntries(rows.map((r) => [r.id, r.names]));
}

function wire() {
  $("picker").addEventListener("click", (e) => { const b = e.target.closest(".tile"); if (b) pick(b); });
  $("lang").addEventListener("change", async (e) => { await loadLanguage(e.target.value); rescore(); });
  $("rules").addEventListener("change", async () => { await loadFanNames(); rescore(); });
  $("notation").addEventListener("input", () => onText());
  $("undo").addEventListener("click", () => { if (undoStack.length) apply("", undoStack.pop(), false); });
  $("clear").addEventListener("click", () => apply("", ""));
  for (const r of document.querySelectorAll("input[name=mode]")) r.addEventListener("change", drawPicker);
  $("discard").addEventListener("click", () => apply("self-drawn 0"));
  $("self-drawn").addEventListener("click", () => apply("self-drawn 1"));
  for (const [id, [verb, key]] of Object.entries(TOGGLES)) {
    $(id).addEventListener("click", () => apply(`${verb} ${view.situation[key] ? 0 : 1}`));
  }
  $("share").addEventListener("click", async () => {
    try { await navigator.clipboard.writeText(location.href); $("share-note").textContent = t("page.copied"); }
    catch { $("share-note").textContent = location.href; }
  });
}

// The engine's start: the verdict says so until it has answered; then taps are answered at once.
async function engineStarted() {
  await ENGINE.started;
  starting = false;
  if ($("verdict").dataset.state === "pending") setVerdict("pending", t("page.pending"));
}

// The taps the page took before this script ran (index.html keeps them), answered in order now.
function answerEarlyTaps() {
  for (const { el, mode: how } of window.earlyTaps || []) {
    if (el.matches("#picker .tile")) pick(el, how);
    else el.click();
  }
  window.earlyTaps = [];
}

async function start() {
  const params = new URLSearchParams(location.search);
  document.removeEventListener("click", window.earlyTap); // this script's listeners take the taps from here on
  wire();
  const up = engineStarted();
  let fallback;
  try {
    await loadLanguage(params.get("lang") || (navigator.language || "en").split("-")[0]);
    setVerdict("pending", t("page.loading")); // the engine may take seconds to start in the page
    fallback = await loadRules(params.get("rules"));
    view = await first("edit", { hand: "", edit: "" }); // the empty hand, and the picker's tiles
  } catch (e) {
    failed(e);
    return;
  }
  buildPicker(view.picker.rows);
  const q = params.get("q");
  let typed = null;
  if (q) { $("notation").value = q; drawHand(); typed = onText(0); }
  else showHand(view, "", ++evaluation);
  answerEarlyTaps();
  document.body.dataset.usable = "1"; // the picker and the controls answer from here on (queued until the engine is up)
  requestAnimationFrame(() => setTimeout(paint)); // after the frame that shows it
  try { await loadFanNames(fallback); await up; await typed; await edits; } catch (e) { failed(e); return; }
  if (ENGINE.idle) {
    ENGINE.idle();
    await kept();
  }
  document.body.dataset.ready = "1"; // the engine has started and answered
}

start();
