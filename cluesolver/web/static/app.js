// cluesolver web companion: completion for the entry lines (no build step, no CDN).
// The input's data-phrases holds players, cards (every alias too) and keywords; as one
// types, the datalist offers the line completed with the phrases that fit the word(s)
// being typed, so arrow keys and Enter pick one (the browser's own list, keyboard-ready).
(function () {
  "use strict";
  function fragmentStart(text) {
    var cut = Math.max(text.lastIndexOf(";"), text.lastIndexOf(","));
    var start = cut + 1;
    while (start < text.length && text[start] === " ") start++;
    return start;
  }
  function completions(text, phrases, limit) {
    var start = fragmentStart(text);
    var fragment = text.slice(start);
    var words = fragment.split(" ");
    var out = [], seen = {};
    for (var k = words.length; k >= 1 && out.length < limit; k--) {
      var suffix = words.slice(words.length - k).join(" ");
      if (!suffix.trim()) continue;
      var key = suffix.toLocaleLowerCase();
      var head = text.slice(0, text.length - suffix.length);
      for (var i = 0; i < phrases.length && out.length < limit; i++) {
        var p = phrases[i], low = p.toLocaleLowerCase();
        if (low === key || low.indexOf(key) !== 0 || seen[p]) continue;
        seen[p] = true;
        out.push(head + p);
      }
    }
    return out;
  }
  function attach(input, phrases) {
    var list = document.getElementById(input.getAttribute("list"));
    if (!list || input.dataset.completion) return;
    input.dataset.completion = "1";
    input.addEventListener("input", function () {
      var items = completions(input.value, phrases, 12);
      list.replaceChildren.apply(list, items.map(function (v) { var o = document.createElement("option"); o.value = v; return o; }));
    });
  }
  function setup() {
    var entry = document.getElementById("statement");
    if (!entry) return;
    var phrases = JSON.parse(entry.dataset.phrases || "[]");
    attach(entry, phrases);
    var fact = document.getElementById("fact");
    if (fact) attach(fact, phrases.concat(["has", "does not have", "is in the envelope", "is not in the envelope"]));
  }
  document.addEventListener("DOMContentLoaded", setup);
  window.cluesolverCompletions = completions;
})();

// The page around htmx: the typed line kept while half-written and cleared once recorded,
// the tapped cell marked and its "why" brought into view, wide tables' "scroll →" cue,
// the line editor brought into view and closed. (No inline handlers: the page's
// Content-Security-Policy allows only these files.)
(function () {
  "use strict";
  function typedKey(box) { return "cluesolver:typed:" + (box.getAttribute("data-draft-key") || ""); }
  function keepTyped() {
    var box = document.getElementById("statement");
    if (!box) return;
    try {
      var kept = sessionStorage.getItem(typedKey(box));
      if (kept && !box.value) box.value = kept;
    } catch (e) { /* storage off */ }
    box.addEventListener("input", function () {
      try {
        if (box.value) sessionStorage.setItem(typedKey(box), box.value);
        else sessionStorage.removeItem(typedKey(box));
      } catch (e) { /* storage off */ }
    });
  }
  function afterRequest(ev) {
    var elt = ev.detail && ev.detail.elt, xhr = ev.detail && ev.detail.xhr;
    if (!elt || !xhr || xhr.status !== 200) return;
    var box = document.getElementById("statement");
    if (!box) return;
    var sent = elt.querySelector && elt.querySelector('[name="statement"]');
    if (elt.id === "add-form" || (elt.classList && elt.classList.contains("retry") && sent && sent.value === box.value)) {
      if (elt.id === "add-form") elt.reset();
      box.value = "";
      try { sessionStorage.removeItem(typedKey(box)); } catch (e) { /* storage off */ }
    }
  }
  function markCell(ev) {
    var cell = ev.target.closest && ev.target.closest("button.cell");
    if (!cell) return;
    document.querySelectorAll("button.cell.picked").forEach(function (c) { c.classList.remove("picked"); });
    cell.classList.add("picked");
  }
  function cues() {
    document.querySelectorAll(".scroll-box").forEach(function (box) {
      var more = box.scrollWidth - box.clientWidth - box.scrollLeft > 2;
      box.setAttribute("data-more", more ? "true" : "false");
    });
  }
  function afterSwap(ev) {
    var target = ev.detail && ev.detail.target;
    cues();
    if (!target) return;
    if (target.id === "cell-why" || target.id === "why") target.scrollIntoView({ block: "nearest" });
    if (target.id === "line-editor" || (ev.detail.elt && ev.detail.elt.id === "line-editor")) {
      var editor = document.getElementById("line-editor");
      if (editor && !editor.hidden) editor.scrollIntoView({ block: "nearest" });
    }
  }
  function closeEditor(ev) {
    var b = ev.target.closest && ev.target.closest("#line-editor-close");
    if (!b) return;
    var editor = document.getElementById("line-editor");
    editor.replaceChildren();
    editor.hidden = true;
  }
  function setup() {
    keepTyped();
    cues();
    document.body.addEventListener("htmx:afterRequest", afterRequest);
    document.body.addEventListener("htmx:afterSettle", afterSwap);
    document.addEventListener("click", markCell);
    document.addEventListener("click", closeEditor);
    document.addEventListener("scroll", function (ev) {
      if (ev.target.classList && ev.target.classList.contains("scroll-box")) cues();
    }, true);
    window.addEventListener("resize", cues);
  }
  document.addEventListener("DOMContentLoaded", setup);
})();
