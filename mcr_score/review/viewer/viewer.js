// The review viewer (mcr_score/review/html.py): draws the review's JSON, computes nothing of the game.
// Every word comes from #labels (the catalogues, in the page's language); every figure from #review-data.
// Text is set with textContent only: names and codes from a record never become markup.
"use strict";
(function () {
  const DATA = JSON.parse(document.getElementById("review-data").textContent);
  const WORDS = JSON.parse(document.getElementById("labels").textContent);
  const TILE = document.getElementById("tile");
  const ROOT = document.getElementById("viewer");
  // The value a candidate's bar shows: the first of these fields the ranking has (the valuation's
  // `expected`, then its `valid_chance`, else today's `useful_left`).
  const METRICS = ["expected", "valid_chance", "useful_left"];
  const number = new Intl.NumberFormat(DATA.lang, { maximumFractionDigits: 2 });
  const state = { game: 0, player: 0, hand: 0, decision: 0 };

  function L(id, args) {
    const template = WORDS[id];
    if (template === undefined) throw new Error("no label " + id);
    return template.replace(/\{(\w+)\}/g, (_, k) => String(args && k in args ? args[k] : ""));
  }
  function el(tag, cls, content) {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (content !== undefined) e.textContent = content;
    return e;
  }
  function tile(code, mark) {
    const t = TILE.content.firstElementChild.cloneNode(true);
    t.firstElementChild.setAttribute("href", "#t-" + code);
    t.setAttribute("aria-label", code);
    t.dataset.tile = code;
    if (mark) t.dataset.mark = mark;
    return t;
  }
  function tiles(codes, cls) {
    const row = el("span", cls || "tiles");
    for (const c of codes) row.append(tile(c));
    return row;
  }

  // -- where we are ---------------------------------------------------------------------------
  function game() { return DATA.games[state.game]; }
  function playerName() { return game().players[state.player].player; }
  function hands() { return game().hands.filter((h) => h.player === playerName()); }
  function decisionsOf(h) {
    return game().decisions.filter((d) => d.player === h.player && d.hand === h.hand);
  }
  function clamp(n, size) { return Math.max(0, Math.min(n, size - 1)); }

  function hash() {
    const h = hands()[state.hand];
    return "#game=" + (state.game + 1) + "&player=" + (state.player + 1) +
      "&hand=" + (h ? h.hand : 0) + "&decision=" + (state.decision + 1);
  }
  function fromHash() {
    const q = new URLSearchParams(location.hash.slice(1));
    const int = (k) => parseInt(q.get(k) || "", 10);
    state.game = clamp((int("game") || 1) - 1, DATA.games.length);
    if (!DATA.games.length) return;
    state.player = clamp((int("player") || 1) - 1, game().players.length);
    const at = hands().findIndex((h) => h.hand === int("hand"));
    state.hand = at < 0 ? 0 : at;
    const h = hands()[state.hand];
    state.decision = h ? clamp((int("decision") || 1) - 1, decisionsOf(h).length) : 0;
  }
  function toGame(g) {  // another game of the file: the same place at the table where it has one
    state.game = g;
    state.player = clamp(state.player, game().players.length);
  }
  // Hand `hand` (before the first: the previous game's last; past the last: the next game's first),
  // at its decision `decision` (-1: its last); at either end of the file, nothing moves.
  function go(hand, decision) {
    if (hand < 0) {
      if (state.game === 0) return;
      toGame(state.game - 1);
      hand = hands().length - 1;
    } else if (hand >= hands().length && hand > state.hand) {
      if (state.game + 1 >= DATA.games.length) return;
      toGame(state.game + 1);
      hand = 0;
    }
    const hs = hands();
    if (!hs.length) return;
    state.hand = clamp(hand, hs.length);
    const n = decisionsOf(hs[state.hand]).length;
    state.decision = decision < 0 ? Math.max(n - 1, 0) : clamp(decision, Math.max(n, 1));
    history.replaceState(null, "", hash());
    draw();
  }
  function atStart() { return state.game === 0 && state.hand === 0; }
  function atEnd() { return state.game === DATA.games.length - 1 && state.hand >= hands().length - 1; }
  function step(by) {  // a decision, on into the next hand at either end
    const n = decisionsOf(hands()[state.hand]).length;
    const d = state.decision + by;
    if (d >= 0 && d < n) go(state.hand, d);
    else if (by > 0) go(state.hand + 1, 0);
    else go(state.hand - 1, -1);
  }

  // -- drawing ----------------------------------------------------------------------------------
  function button(label, cls, onClick, disabled, arrow) {
    const b = el("button", cls);
    if (arrow) {  // a step: its arrow always, its words where there is room (and for a screen reader)
      b.append(el("span", "arrow", arrow), el("span", "label", label));
      b.setAttribute("aria-label", label);
      b.title = label;
    } else {
      b.textContent = label;
    }
    b.type = "button";
    b.disabled = !!disabled;
    b.addEventListener("click", onClick);
    return b;
  }
  function games() {  // a file of several games: a list to choose one
    const choose = el("select", "games");
    choose.setAttribute("aria-label", L("review.viewer.game"));
    DATA.games.forEach((g, i) => {
      const option = el("option", null, L("review.viewer.game-n", { n: i + 1, title: g.title || g.game }));
      option.value = String(i);
      option.selected = i === state.game;
      choose.append(option);
    });
    choose.addEventListener("change", () => {
      toGame(Number(choose.value));
      go(0, 0);
    });
    return choose;
  }
  function players() {
    const nav = el("nav", "players");
    nav.setAttribute("aria-label", L("review.viewer.player"));
    game().players.forEach((p, i) => {
      const b = button(p.player, "player", () => { state.player = i; go(0, 0); });
      b.setAttribute("aria-pressed", String(i === state.player));
      nav.append(b);
    });
    return nav;
  }
  function steps(hs, ds) {
    const nav = el("nav", "steps");
    const first = atStart() && state.decision === 0;
    const last = atEnd() && state.decision >= ds.length - 1;
    nav.append(
      button(L("review.viewer.prev-hand"), "prev-hand", () => go(state.hand - 1, 0), atStart(), "↑"),
      button(L("review.viewer.prev-turn"), "prev-turn", () => step(-1), first, "←"),
      button(L("review.viewer.next-turn"), "next-turn", () => step(1), last, "→"),
      button(L("review.viewer.next-hand"), "next-hand", () => go(state.hand + 1, 0), atEnd(), "↓"),
    );
    return nav;
  }
  function timeline(ds) {
    const ol = el("ol", "timeline");
    ds.forEach((d, i) => {
      const li = el("li");
      const b = button(String(d.turn), "stop verdict-" + d.verdict, () => go(state.hand, i));
      b.title = L("review.kind." + d.kind) + " · " + L("review.verdict." + d.verdict);
      if (i === state.decision) b.setAttribute("aria-current", "step");
      li.append(b);
      ol.append(li);
    });
    return ol;
  }
  function choiceLabel(draw) {
    const span = el("span", "choice");
    if (draw.word) span.append(el("span", "word", L("review.viewer.choice." + draw.word)));
    if (draw.tiles.length) span.append(tiles(draw.tiles));
    if (draw.then) {
      span.append(el("span", "word then", L("review.viewer.then")), tile(draw.then));
    }
    return span;
  }
  function position(d) {
    const p = d.draw.position;
    const box = el("section", "hand");
    box.append(el("h3", null, L("review.viewer.hand-tiles")));
    const row = el("div", "hand-row");
    for (const m of p.melds) {
      const meld = tiles(m.tiles, "meld" + (m.concealed ? " concealed" : ""));
      meld.dataset.kind = m.kind;
      row.append(meld);
    }
    const standing = el("span", "tiles standing");
    let played = d.kind === "discard" ? d.choice : null;
    let best = d.kind === "discard" && d.best !== d.choice ? d.best : null;
    const mark = (c) => {
      if (c === played) { played = null; return "played"; }
      if (c === best) { best = null; return "best"; }
      return undefined;
    };
    for (const c of p.standing) standing.append(tile(c, mark(c)));
    row.append(standing);
    if (p.apart) {
      const apart = el("span", "tiles apart");
      apart.append(tile(p.apart, mark(p.apart)));
      row.append(apart);
    }
    box.append(row);
    return box;
  }
  function seen(d) {
    const box = el("section", "seen");
    box.append(el("h3", null, L("review.viewer.seen")));
    if (!d.table || !d.table.length) {
      box.append(el("p", "none", L("review.viewer.seen-none")));
      return box;
    }
    const own = d.table.findIndex((s) => s.seat === d.seat);
    const order = d.table.map((_, i) => d.table[(own + i) % d.table.length]);  // the player's seat first
    for (const s of order) {
      const row = el("div", "seat-row");
      row.dataset.seat = s.seat;
      row.append(el("span", "seat-name", L("seat." + s.seat)));
      for (const m of s.melds) {
        const meld = tiles(m.tiles, "meld tiles small");
        meld.dataset.kind = m.kind;
        row.append(meld);
      }
      const river = el("span", "tiles small river");
      for (const t of s.discards) {
        const face = tile(t === null ? "back" : t);
        if (t === null) face.classList.add("claimed");
        river.append(face);
      }
      if (!s.discards.length) river.append(el("span", "none", L("review.viewer.seen-none")));
      row.append(river);
      box.append(row);
    }
    return box;
  }
  function verdict(d) {
    const box = el("section", "verdict verdict-" + d.verdict);
    box.dataset.verdict = d.verdict;
    const head = el("p", "head");
    head.append(el("strong", "badge", L("review.verdict." + d.verdict)), el("span", "kind", L("review.kind." + d.kind)));
    box.append(head);
    const line = el("p", "played");
    const hu = d.kind === "hu" || d.kind === "missed-hu" || d.kind === "false-hu";
    line.append(el("span", "word", L(hu ? "review.viewer.hu-on" : "review.viewer.played")));
    if (d.choice) line.append(choiceLabel(d.draw.choice));
    else line.append(el("span", null, L("review.viewer.no-tile")));
    if (d.best && d.best !== d.choice) {
      const best = d.ranking[0];
      line.append(el("span", "word", L("review.viewer.best")));
      if (best) line.append(best.draw ? choiceLabel(best.draw) : tiles([best.tile]));
    }
    box.append(line);
    if (hu) {
      box.append(el("p", "score", d.draw.score === null ? L("review.viewer.no-score") : d.draw.score));
    }
    if (typeof d.loss === "number") box.append(el("p", "loss", L("review.viewer.loss", { loss: number.format(d.loss) })));
    if (d.reason && d.reason.text) box.append(el("p", "reason", d.reason.text));
    if (d.dealt_in === true) box.append(el("p", "dealt-in", L("review.viewer.dealt-in")));
    return box;
  }
  function metricOf(ranking) {
    return METRICS.find((m) => ranking.some((e) => typeof e[m] === "number"));
  }
  function shown(metric, v) {
    return metric === "valid_chance" ? Math.round(v * 100) + "%" : number.format(v);
  }
  // A bar: `fraction` of its track from the left; `signed`, from the middle, rightwards for a gain and
  // leftwards for a loss (half the track for the largest).
  function bar(cls, fraction, value, label, signed) {
    const track = el("span", "track " + cls + (signed ? " signed" : ""));
    const fill = el("span", "fill" + (value < 0 ? " negative" : ""));
    const width = Math.min(Math.abs(fraction), 1) * (signed ? 50 : 100);
    fill.style.width = width.toFixed(2) + "%";
    if (signed) fill.style.marginLeft = (value < 0 ? 50 - width : 50).toFixed(2) + "%";
    track.append(fill);
    track.setAttribute("role", "img");
    track.setAttribute("aria-label", label);
    return [track, fill];
  }
  function ranking(d) {
    const box = el("section", "ranking");
    if (!d.ranking.length) return box;
    const metric = metricOf(d.ranking);
    box.append(el("h3", null, L("review.viewer.candidates") + (metric ? " · " + L("review.viewer.metric." + metric) : "")));
    const scale = metric === "valid_chance" ? 1
      : Math.max(...d.ranking.map((e) => (typeof e[metric] === "number" ? Math.abs(e[metric]) : 0))) || 1;
    const signed = d.ranking.some((e) => typeof e[metric] === "number" && e[metric] < 0);
    const ol = el("ol", "candidates");
    d.ranking.forEach((e, i) => {
      const li = el("li", "candidate");
      const label = e.tile || e.choice;
      if (label === d.choice || label === "discard " + d.choice) li.classList.add("played");
      if (i === 0) li.classList.add("first");
      // further from ready than the first: its copies of useful tiles are not the same race
      if (typeof e.shanten === "number" && e.shanten > d.ranking[0].shanten) li.classList.add("further");
      li.dataset.choice = label;
      li.append(e.draw ? choiceLabel(e.draw) : tiles([e.tile]));
      if (metric) {
        const v = e[metric];
        const has = typeof v === "number";
        const [track, fill] = bar("value", has ? v / scale : 0, has ? v : 0, L("review.viewer.metric." + metric), signed);
        fill.dataset.value = has ? String(v) : "";
        fill.dataset.scale = String(scale);
        fill.dataset.metric = metric;
        li.append(track, el("span", "figure", has ? shown(metric, v) : "–"));
      }
      const facts = el("p", "facts");
      const fact = (t) => facts.append(el("span", null, t));
      if (e.shanten === 0) fact(L("review.viewer.ready"));
      else if (typeof e.shanten === "number") fact(L("review.viewer.shanten", { n: e.shanten }));
      if (e.below_minimum === true || e.reaches_minimum === false) fact(L("review.viewer.short"));
      if (typeof e.good_draws === "number") fact(L("review.viewer.good-draws", { n: e.good_draws }));
      if (typeof e.dead_draws === "number") fact(L("review.viewer.dead-draws", { n: e.dead_draws }));
      if (typeof e.danger === "number") {
        const text = L("review.viewer.danger", { n: Math.round(e.danger * 100) + "%" });
        const [track, fill] = bar("danger", e.danger, e.danger, text);
        fill.dataset.value = String(e.danger);
        fact(text);
        facts.append(track);
      }
      li.append(facts);
      if (e.waits && e.waits.length) li.append(waits(e.waits));
      ol.append(li);
    });
    box.append(ol);
    return box;
  }
  function waits(ws) {
    const ul = el("ul", "waits");
    ul.setAttribute("aria-label", L("review.viewer.waits"));
    for (const w of ws) {  // each wait's words are the review's: copies left, points, fans
      const li = el("li", "wait");
      li.append(tile(w.tile), el("span", null, L("review.viewer.wait", { left: w.draw.left, points: w.draw.points })));
      if (w.draw.fans.length) li.append(el("span", "fans", w.draw.fans.join(" · ")));
      if (!w.draw.meets_minimum) li.classList.add("short");
      ul.append(li);
    }
    return ul;
  }

  function draw() {
    ROOT.replaceChildren();
    const title = el("h1", null, L("review.title"));
    ROOT.append(title);
    if (!DATA.games.length) return;
    const g = game();
    ROOT.append(DATA.games.length > 1 ? games() : el("p", "game", g.title), players());
    const hs = hands();
    const h = hs[state.hand];
    if (!h) return;
    const ds = decisionsOf(h);
    const where = el("p", "where");
    const d = ds[state.decision];
    where.append(
      el("strong", null, L("review.viewer.where", { hand: h.hand, turn: d ? d.turn : "–" })),
      el("span", "seat", L("seat." + h.seat)),
    );
    if (d) where.append(el("span", "step", L("review.viewer.step", { n: state.decision + 1, total: ds.length })));
    ROOT.append(where, steps(hs, ds), timeline(ds));
    if (!d) {
      ROOT.append(el("p", "none", h.problem
        ? L("review.viewer.skipped", { problem: h.problem }) : L("review.viewer.no-decision")));
    } else {
      ROOT.dataset.kind = d.kind;
      ROOT.dataset.verdict = d.verdict;
      const table = el("div", "table");
      table.append(position(d), verdict(d), ranking(d), seen(d));
      ROOT.append(table);
    }
    ROOT.append(el("p", "keys", L("review.viewer.keys")));
  }

  document.addEventListener("keydown", (e) => {
    if (e.altKey || e.ctrlKey || e.metaKey || !hands().length) return;
    const moves = {
      ArrowLeft: () => step(-1), ArrowRight: () => step(1),
      ArrowUp: () => go(state.hand - 1, 0), PageUp: () => go(state.hand - 1, 0),
      ArrowDown: () => go(state.hand + 1, 0), PageDown: () => go(state.hand + 1, 0),
    };
    const move = moves[e.key];
    if (!move) return;
    e.preventDefault();
    move();
  });
  window.addEventListener("hashchange", () => { fromHash(); draw(); });
  fromHash();
  if (DATA.games.length) history.replaceState(null, "", hash());
  draw();
  document.body.dataset.ready = "1";
})();
