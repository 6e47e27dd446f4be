// cluesolver web companion: the tap pad (templates/clue_tap.html).
// Taps build the same statement one would type (the `clue add` grammar) and post it
// through the same route as the typed line (POST /clue/add), or, when a past line is being
// re-entered, through the line editor's form. A half-entered statement is kept in the
// browser's storage per session, so it survives a reload or the tab being dropped.
(function () {
  "use strict";
  var KEEP_MS = 12 * 3600 * 1000;
  var KINDS = ["suggest", "accuse", "shown", "has", "none", "looks", "round"];
  var pad, data, state, cardCategory = {}, cardLabel = {}, answersKey = "";
  // What the pad writes, in the page's language (the template's data-texts); English if missing.
  var TEXTS = {
    me: " (me)", passes: "passes", shows: "shows", showsCard: "shows {card}", whichToShow: "which to show?",
    nobodyShows: "passes (nobody shows)", notAsked: "not asked", implied: "passes (implied)",
    oneEach: "One card of each kind.", one: "One card.", many: "Every card it may be (tap again to take one off).",
    record: "Record", replace: "Replace line {line}", insert: "Insert before line {line}",
    reentering: "Re-entering line {line} by taps.", inserting: "Inserting before line {line} by taps."
  };
  function say(key, values) {
    var text = String(TEXTS[key]);
    Object.keys(values || {}).forEach(function (k) { text = text.split("{" + k + "}").join(String(values[k])); });
    return text;
  }
  function label(card) { return cardLabel[card] || card; }

  function blank() {
    return { kind: "", who: "", viewer: "", slot: "", cards: [], answers: [], nobody: false, result: "", target: null };
  }
  function $(id) { return document.getElementById(id); }
  function all(sel, root) { return Array.prototype.slice.call((root || pad).querySelectorAll(sel)); }
  function isPlayer(p) { return typeof p === "string" && data.players.indexOf(p) >= 0; }

  // ------------------------------------------------------------------ the draft

  function sanitize(s) {
    var out = blank();
    if (!s || typeof s !== "object") return out;
    if (KINDS.indexOf(s.kind) >= 0) out.kind = s.kind;
    if (isPlayer(s.who)) out.who = s.who;
    if (isPlayer(s.viewer)) out.viewer = s.viewer;
    if (typeof s.slot === "string" && pad.querySelector('[data-slot="' + CSS.escape(s.slot) + '"]')) out.slot = s.slot;
    if (Array.isArray(s.cards)) out.cards = s.cards.filter(function (c) { return typeof c === "string" && cardCategory[c]; });
    if (Array.isArray(s.answers)) {
      out.answers = s.answers.filter(function (a) {
        return Array.isArray(a) && isPlayer(a[0]) && (a[1] === "pass" || a[1] === "show") && typeof a[2] === "string";
      });
    }
    out.nobody = s.nobody === true;
    if (s.result === "wrong" || s.result === "correct") out.result = s.result;
    if (s.target && (s.target.op === "edit" || s.target.op === "insert") && s.target.line > 0) {
      out.target = { op: s.target.op, line: Math.floor(s.target.line) };
    }
    return out;
  }
  function storageKey() { return "cluesolver:tap:" + data.key; }
  function save() {
    try {
      if (!state.kind) localStorage.removeItem(storageKey());
      else localStorage.setItem(storageKey(), JSON.stringify({ t: Date.now(), s: state }));
    } catch (e) { /* storage off: the draft lives as long as the page */ }
  }
  function restore() {
    try {
      var raw = localStorage.getItem(storageKey());
      if (!raw) return blank();
      var kept = JSON.parse(raw);
      if (!kept || typeof kept.t !== "number" || Date.now() - kept.t > KEEP_MS) return blank();
      return sanitize(kept.s);
    } catch (e) { return blank(); }
  }

  // ------------------------------------------------------------------ rules of the pad

  function toMove() {
    var panel = $("panel");
    var p = panel ? panel.getAttribute("data-to-move") : "";
    return isPlayer(p) ? p : "";
  }
  function clockwise(who) {
    var i = data.players.indexOf(who), n = data.players.length, out = [];
    for (var k = 1; k < n; k++) out.push(data.players[(i + k) % n]);
    return out;
  }
  function named() { return !!data.me && (state.who === data.me || state.viewer === data.me); }
  function cardMode() {
    switch (state.kind) {
      case "suggest": case "accuse": return "category";
      case "has": return "one";
      case "none": return "many";
      case "shown": return named() ? "one" : "many";
      case "looks": return state.who && state.who === data.me ? "one" : "off";
      default: return "off";
    }
  }
  function categoryOrder(a, b) {
    return data.categories.indexOf(cardCategory[a]) - data.categories.indexOf(cardCategory[b]);
  }
  function fitCards() {
    var mode = cardMode();
    if (mode === "off") state.cards = [];
    else if (mode === "one") state.cards = state.cards.slice(0, 1);
    else if (mode === "category") {
      var seen = {};
      state.cards = state.cards.filter(function (c) {
        var cat = cardCategory[c];
        if (seen[cat]) return false;
        seen[cat] = true;
        return true;
      }).sort(categoryOrder);
    }
    if (state.kind === "suggest") fitAnswers();
  }
  function fitAnswers() {
    if (!state.who) { state.answers = []; return; }
    var order = clockwise(state.who);
    var mine = data.me === state.who;
    state.answers = state.answers.filter(function (a) { return order.indexOf(a[0]) >= 0; });
    state.answers.forEach(function (a) {
      var may = a[1] === "show" && (mine || a[0] === data.me) && state.cards.indexOf(a[2]) >= 0;
      if (!may) a[2] = "";
    });
    state.answers.sort(function (a, b) { return order.indexOf(a[0]) - order.indexOf(b[0]); });
    var show = state.answers.findIndex(function (a) { return a[1] === "show"; });
    if (show >= 0) state.answers = state.answers.slice(0, show + 1);
  }
  function complete() {
    var cats = data.categories.every(function (cat) {
      return state.cards.some(function (c) { return cardCategory[c] === cat; });
    });
    switch (state.kind) {
      case "round": return true;
      case "suggest": return !!state.who && cats;
      case "accuse": return !!state.who && cats && !!state.result;
      case "shown": return !!state.who && !!state.viewer && state.who !== state.viewer && state.cards.length > 0;
      case "has": case "none": return !!state.who && state.cards.length > 0;
      case "looks": return !!state.who && !!state.slot;
      default: return false;
    }
  }
  // The statement as `clue add` takes it; with `partial` what there is so far, ending in "…".
  function statement(partial) {
    var s = state, t;
    if (data.lang === "et") return estonian(partial);
    if (s.kind === "round") return "round";
    if (!s.kind || (!partial && !complete())) return "";
    var who = s.who || "…";
    var cards = s.cards.join(", ");
    switch (s.kind) {
      case "suggest":
        t = who + " " + data.suggest + " " + cards;
        if (s.nobody) return t + "; nobody shows";
        s.answers.forEach(function (a) {
          t += "; " + a[0] + (a[1] === "pass" ? " passes" : " shows" + (a[2] ? " " + a[2] : ""));
        });
        return complete() ? t : t + " …";
      case "accuse":
        t = who + " " + data.accuse + " " + cards;
        return complete() ? t + "; " + s.result : t + (s.result ? "; " + s.result : "") + " …";
      case "shown":
        t = who + " shows " + (s.viewer || "…") + " ";
        t += named() ? (s.cards[0] || "…") : "a card from " + (cards || "…");
        return t;
      case "has": return who + " has " + (s.cards[0] || "…");
      case "none": return who + " has none of " + (cards || "…");
      case "looks":
        t = who + " looks at " + (s.slot || "…") + " card";
        return s.cards.length ? t + ": " + s.cards[0] : t;
    }
    return "";
  }

  // The statement in Estonian, as `clue add` echoes it (docs/clue-log-format.md "In Estonian";
  // cluesolver/clue/record/writer.py say_event): the page speaks Estonian, the cards by their
  // Estonian names. It reads to the same event as the English statement.
  function estonian(partial) {
    var s = state, t;
    if (s.kind === "round") return "ring";
    if (!s.kind || (!partial && !complete())) return "";
    var who = s.who || "…";
    var cards = s.cards.map(label).join(", ");
    switch (s.kind) {
      case "suggest":
        t = who + (data.suggest === "bets" ? " panustab: " : " teeb ettepaneku: ") + cards;
        if (s.nobody) return t + "; keegi ei näita";
        s.answers.forEach(function (a) {
          t += "; " + a[0] + (a[1] === "pass" ? " ei näita" : " näitab" + (a[2] ? " kaarti " + label(a[2]) : ""));
        });
        return complete() ? t : t + " …";
      case "accuse":
        t = who + (data.accuse === "goes all in" ? " paneb kõik mängu: " : " süüdistab: ") + cards;
        var result = s.result === "correct" ? "õige" : s.result === "wrong" ? "vale" : "";
        return complete() ? t + "; " + result : t + (result ? "; " + result : "") + " …";
      case "shown":
        t = who + " näitab mängijale " + (s.viewer || "…") + " ";
        t += named() ? "kaarti " + (s.cards[0] ? label(s.cards[0]) : "…") : "üht kaarti neist: " + (cards || "…");
        return t;
      case "has": return who + " hoiab kaarti " + (s.cards[0] ? label(s.cards[0]) : "…");
      case "none": return who + " ei hoia ühtegi neist: " + (cards || "…");
      case "looks":
        t = who + " vaatab lauakaarti " + (s.slot || "…");
        return s.cards.length ? t + ": " + label(s.cards[0]) : t;
    }
    return "";
  }

  // ------------------------------------------------------------------ taps

  function pickKind(kind) {
    var fresh = state.kind !== kind;
    state.kind = kind;
    if (fresh) {
      state.answers = []; state.nobody = false; state.result = "";
      if (kind === "shown") {
        if (!state.viewer) state.viewer = data.me || "";
        if (state.who === state.viewer) state.who = "";
      } else if (!state.who && kind !== "has" && kind !== "none") {
        state.who = toMove();
      }
      fitCards();
      if (kind === "suggest" && state.who && state.who === toMove()) presetRoom();
    }
    render();
    var next = firstOpenStep();
    if (next && fresh) next.scrollIntoView({ block: "nearest" });
  }
  function presetRoom() {
    var room = $("room");
    if (!room || !room.value || !data.standing) return;
    var card = room.value;
    if (cardCategory[card] !== data.standing) return;
    if (state.cards.some(function (c) { return cardCategory[c] === data.standing; })) return;
    state.cards.push(card);
    state.cards.sort(categoryOrder);
  }
  function pickCard(card) {
    var mode = cardMode(), i = state.cards.indexOf(card);
    if (mode === "category") {
      if (i >= 0) state.cards.splice(i, 1);
      else {
        state.cards = state.cards.filter(function (c) { return cardCategory[c] !== cardCategory[card]; });
        state.cards.push(card);
        state.cards.sort(categoryOrder);
      }
    } else if (mode === "one") state.cards = i >= 0 ? [] : [card];
    else if (mode === "many") { if (i >= 0) state.cards.splice(i, 1); else state.cards.push(card); }
    if (state.kind === "suggest") fitAnswers();
  }
  function answer(player, what, card) {
    var order = clockwise(state.who), at = order.indexOf(player);
    if (at < 0) return;
    state.nobody = false;
    var old = state.answers.find(function (a) { return a[0] === player; });
    var same = old && old[1] === what && old[2] === (card || "");
    state.answers = state.answers.filter(function (a) { return a[0] !== player; });
    if (!same) {
      if (what === "show") {
        state.answers = state.answers.filter(function (a) { return order.indexOf(a[0]) < at; });
      }
      state.answers.push([player, what, card || ""]);
    }
    fitAnswers();
  }
  function firstOpenStep() {
    var steps = all(".tap-step").filter(function (f) { return !f.hidden; });
    for (var i = 0; i < steps.length; i++) {
      var f = steps[i], step = f.getAttribute("data-step");
      if (step === "who" && !state.who) return f;
      if (step === "viewer" && !state.viewer) return f;
      if (step === "slot" && !state.slot) return f;
      if (step === "cards" && cardMode() === "category" &&
          !state.cards.some(function (c) { return cardCategory[c] === f.getAttribute("data-category"); })) return f;
      if (step === "result" && !state.result) return f;
      if (step === "answers" && !state.nobody && !state.answers.some(function (a) { return a[1] === "show"; })) return f;
    }
    return $("tap-record");
  }
  function onTap(ev) {
    var b = ev.target.closest("button");
    if (!b || !pad.contains(b) || b.disabled) return;
    var before = firstOpenStep();
    if (b.hasAttribute("data-kind")) { pickKind(b.getAttribute("data-kind")); return; }
    if (b.hasAttribute("data-player")) {
      var p = b.getAttribute("data-player");
      state.who = state.who === p ? "" : p;
      if (state.kind === "shown" && state.viewer === state.who) state.viewer = "";
      fitCards();
    } else if (b.hasAttribute("data-viewer")) {
      var v = b.getAttribute("data-viewer");
      state.viewer = state.viewer === v ? "" : v;
      if (state.viewer === state.who) state.who = "";
      fitCards();
    } else if (b.hasAttribute("data-slot")) {
      var s = b.getAttribute("data-slot");
      state.slot = state.slot === s ? "" : s;
    } else if (b.hasAttribute("data-card") && !b.hasAttribute("data-answer")) {
      pickCard(b.getAttribute("data-card"));
    } else if (b.hasAttribute("data-show-advice")) {
      showAdvice();
      return;
    } else if (b.hasAttribute("data-answer")) {
      var row = b.closest("[data-answer-player]");
      answer(row.getAttribute("data-answer-player"), b.getAttribute("data-answer"), b.getAttribute("data-card"));
    } else if (b.id === "tap-nobody") {
      state.nobody = !state.nobody;
      state.answers = [];
    } else if (b.hasAttribute("data-result")) {
      var r = b.getAttribute("data-result");
      state.result = state.result === r ? "" : r;
    } else if (b.id === "tap-record") { record(); return; }
    else if (b.id === "tap-clear") { clear(); return; }
    else if (b.id === "tap-as-text") { asText(); return; }
    else if (b.id === "tap-target-cancel") { state.target = null; }
    else return;
    render();
    var next = firstOpenStep();
    if (next && next !== before) next.scrollIntoView({ block: "nearest" });
  }

  // ------------------------------------------------------------------ recording

  function targetForm() {
    if (!state.target) return null;
    var f = document.querySelector('#line-editor form[data-op="' + state.target.op + '"]');
    var line = f && f.querySelector('[name="line"]');
    return line && Number(line.value) === state.target.line ? f : null;
  }
  function submit(form) {
    if (form.requestSubmit) form.requestSubmit();
    else if (window.htmx) window.htmx.trigger(form, "submit");
    else form.submit();
  }
  function record() {
    var text = statement(false);
    if (!text) return;
    var form = targetForm();
    if (state.target && !form) { state.target = null; render(); }
    form = form || $("tap-form");
    form.querySelector('[name="statement"]').value = text;
    submit(form);
  }
  // `clue show?` for the suggestion that reached me: which of my cards tells the suggester least
  function showAdvice() {
    var text = state.who + " " + data.suggest + " " + state.cards.join(", ");
    if (window.htmx) window.htmx.ajax("GET", "/clue/show?statement=" + encodeURIComponent(text), { target: "#tap-show", swap: "innerHTML" });
  }
  function clear() {
    state = blank();
    render();
  }
  function asText() {
    var text = statement(false) || statement(true).replace(/ …$/, "");
    var form = targetForm();
    var box = form ? form.querySelector('[name="statement"]') : $("statement");
    if (!box) return;
    box.value = text;
    box.focus();
    box.scrollIntoView({ block: "nearest" });
  }
  // After a 200 to what the pad sent: the draft is done. (The line editor's form is gone by
  // then, swapped for the answer, so its request is known by its path.)
  function recorded(ev) {
    var d = ev.detail || {}, xhr = d.xhr;
    if (!xhr || xhr.status !== 200) return;
    var path = (d.pathInfo && d.pathInfo.requestPath) || (d.requestConfig && d.requestConfig.path) || "";
    var sent = d.requestConfig && d.requestConfig.parameters;
    var same = sent && typeof sent.get === "function" ? sent.get("statement") === statement(false) : false;
    if ((d.elt && d.elt.id === "tap-form") ||
        (state.target && path.indexOf("/clue/line/" + state.target.op) === 0 && same) ||
        (path.indexOf("/clue/add") === 0 && same)) clear();
  }
  // a line editor's "re-enter by taps" / "insert by taps" button
  function fromEditor(ev) {
    var b = ev.target.closest && ev.target.closest("[data-tap-op]");
    if (!b) return;
    var draft = {};
    try { draft = JSON.parse(b.getAttribute("data-draft") || "{}"); } catch (e) { draft = {}; }
    state = sanitize(draft);
    state.target = { op: b.getAttribute("data-tap-op"), line: Number(b.getAttribute("data-line")) };
    if (!state.kind) state.kind = "suggest";
    fitCards();
    render();
    pad.scrollIntoView({ block: "start" });
  }

  // ------------------------------------------------------------------ drawing

  function press(el, on) { el.setAttribute("aria-pressed", on ? "true" : "false"); }
  function chip(label, attrs) {
    var b = document.createElement("button");
    b.type = "button";
    b.className = "chip";
    b.textContent = label;
    Object.keys(attrs).forEach(function (k) { b.setAttribute(k, attrs[k]); });
    return b;
  }
  function drawAnswers() {
    var box = $("tap-answers");
    var order = state.who ? clockwise(state.who) : [];
    var key = JSON.stringify([state.who, state.cards, data.me]);
    if (key !== answersKey) {
      answersKey = key;
      box.replaceChildren();
      $("tap-show").replaceChildren();
      order.forEach(function (p) {
        var row = document.createElement("div");
        row.className = "answer";
        row.setAttribute("data-answer-player", p);
        var name = document.createElement("span");
        name.className = "answer-name";
        name.textContent = p + (p === data.me ? say("me") : "");
        var note = document.createElement("span");
        note.className = "answer-note";
        var chips = document.createElement("div");
        chips.className = "chips";
        chips.appendChild(chip(say("passes"), { "data-answer": "pass", "aria-pressed": "false" }));
        chips.appendChild(chip(say("shows"), { "data-answer": "show", "aria-pressed": "false" }));
        var cards = state.who === data.me ? state.cards
          : p === data.me ? state.cards.filter(function (c) { return data.myCards.indexOf(c) >= 0; }) : [];
        cards.forEach(function (c) {
          chips.appendChild(chip(say("showsCard", { card: label(c) }), { "data-answer": "show", "data-card": c, "aria-pressed": "false" }));
        });
        if (p === data.me && cards.length > 1 && complete()) {
          chips.appendChild(chip(say("whichToShow"), { "data-show-advice": p }));
        }
        row.appendChild(name);
        row.appendChild(note);
        row.appendChild(chips);
        box.appendChild(row);
      });
    }
    var last = -1, shower = -1;
    state.answers.forEach(function (a) {
      var i = order.indexOf(a[0]);
      last = Math.max(last, i);
      if (a[1] === "show") shower = i;
    });
    all("[data-answer-player]", box).forEach(function (row, i) {
      var p = row.getAttribute("data-answer-player");
      var a = state.answers.find(function (x) { return x[0] === p; });
      var after = shower >= 0 && i > shower;
      var note = state.nobody ? say("nobodyShows") : a ? "" : after ? say("notAsked") : i < last ? say("implied") : "";
      row.querySelector(".answer-note").textContent = note;
      row.classList.toggle("after", after);
      all("button", row).forEach(function (b) {
        var what = b.getAttribute("data-answer"), card = b.getAttribute("data-card") || "";
        press(b, !!a && a[1] === what && a[2] === card);
        b.disabled = after;
      });
    });
    press($("tap-nobody"), state.nobody);
  }
  function render() {
    var k = state.kind, mode = cardMode();
    all("[data-kind]").forEach(function (b) { press(b, b.getAttribute("data-kind") === k); });
    $("tap-body").hidden = !k;
    all(".tap-step").forEach(function (f) {
      var step = f.getAttribute("data-step");
      f.hidden = !k || (step === "who" && k === "round") || (step === "viewer" && k !== "shown") ||
        (step === "slot" && k !== "looks") || (step === "cards" && mode === "off") ||
        (step === "answers" && k !== "suggest") || (step === "result" && k !== "accuse");
    });
    all(".tap-legend").forEach(function (s) { s.hidden = s.getAttribute("data-for") !== k; });
    all("[data-player]").forEach(function (b) { press(b, b.getAttribute("data-player") === state.who); });
    all("[data-viewer]").forEach(function (b) { press(b, b.getAttribute("data-viewer") === state.viewer); });
    all("[data-slot]").forEach(function (b) { press(b, b.getAttribute("data-slot") === state.slot); });
    all("button.card[data-card]").forEach(function (b) { press(b, state.cards.indexOf(b.getAttribute("data-card")) >= 0); });
    all("[data-result]").forEach(function (b) { press(b, b.getAttribute("data-result") === state.result); });
    var hint = $("tap-cards-hint");
    hint.hidden = mode === "off";
    hint.textContent = { category: say("oneEach"), one: say("one"), many: say("many") }[mode] || "";
    if (k === "suggest") drawAnswers();
    var text = statement(false);
    $("tap-text").textContent = text || statement(true);
    var rec = $("tap-record");
    rec.disabled = !text;
    var t = state.target;
    rec.textContent = !t ? say("record") : say(t.op === "edit" ? "replace" : "insert", { line: t.line });
    $("tap-target").hidden = !t;
    $("tap-target-text").textContent = !t ? "" : say(t.op === "edit" ? "reentering" : "inserting", { line: t.line });
    save();
  }

  function setup() {
    pad = $("tap");
    if (!pad) return;
    try { data = JSON.parse(pad.getAttribute("data-pad") || "{}"); } catch (e) { return; }
    try {
      var texts = JSON.parse(pad.getAttribute("data-texts") || "{}");
      Object.keys(TEXTS).forEach(function (k) { if (typeof texts[k] === "string") TEXTS[k] = texts[k]; });
    } catch (e) { /* the English texts */ }
    all("button.card[data-card]").forEach(function (b) {
      var card = b.getAttribute("data-card");
      cardCategory[card] = b.getAttribute("data-category");
      cardLabel[card] = (b.lastChild && b.lastChild.textContent || card).trim();  // the chip's name, after a ★
    });
    state = restore();
    fitCards();
    pad.addEventListener("click", onTap);
    document.addEventListener("click", fromEditor);
    document.body.addEventListener("htmx:afterRequest", recorded);
    render();
  }
  document.addEventListener("DOMContentLoaded", setup);
})();
