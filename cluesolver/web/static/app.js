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
