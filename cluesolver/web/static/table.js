// cluesolver table game: every page (a seat's or the board's) listens to /table/events and,
// when its own record changes, fetches its own fragments (the notebook panel, the cards to
// tell, the hand; or the board). The pages' slow polling stays on as a fallback. The hand
// form counts the cards tapped. No inline script: the page's CSP allows only these files.
// What it writes comes in the page's language from the body's data-texts (English if missing).
(function () {
  "use strict";
  var token = "", shown = "";
  var TEXTS = {
    connecting: "connecting…", live: "live", offline: "reconnecting…",
    polling: "updates every few seconds", picked: "{n} of {size} picked"
  };
  function loadTexts() {
    try {
      var texts = JSON.parse(document.body.getAttribute("data-texts") || "{}");
      Object.keys(TEXTS).forEach(function (k) { if (typeof texts[k] === "string") TEXTS[k] = texts[k]; });
    } catch (e) { /* the English texts */ }
  }
  function meta(name) {
    var m = document.querySelector('meta[name="' + name + '"]');
    return m ? m.getAttribute("content") || "" : "";
  }
  function headers() { return { "Authorization": "Bearer " + token, "X-CSRF-Token": meta("csrf-token") }; }
  function board() { return document.body.getAttribute("data-viewer") === "board"; }
  function live(state, text) {
    var el = document.getElementById("live");
    if (!el) return;
    el.setAttribute("data-state", state);
    el.textContent = text;
  }
  // the version of the record the page shows now (its main fragment's data-version)
  function onPage() {
    var main = document.getElementById(board() ? "board" : "panel");
    return main ? main.getAttribute("data-version") || "" : "";
  }
  function done(version) { document.documentElement.setAttribute("data-version", version); }
  function refresh(version) {
    if (!window.htmx) return;
    var jobs = board() ? [["/table/board", "#board"]] : [["/clue/panel", "#panel"], ["/table/asks", "#asks"]];
    if (!board() && document.getElementById("hand-form")) jobs.push(["/table/hand", "#hand"]);
    var left = jobs.length;
    jobs.forEach(function (job) {
      window.htmx.ajax("GET", job[0], { target: job[1], swap: "outerHTML", headers: headers() }).then(function () {
        left -= 1;
        if (left === 0) done(version);
      }, function () { live("offline", TEXTS.offline); });
    });
  }
  function connect() {
    if (!window.EventSource || !token) { live("polling", TEXTS.polling); return; }
    var source = new EventSource("/table/events?t=" + encodeURIComponent(token));
    source.addEventListener("open", function () { live("live", TEXTS.live); });
    source.addEventListener("error", function () { live("offline", TEXTS.offline); });
    source.addEventListener("change", function (ev) {
      var data;
      try { data = JSON.parse(ev.data); } catch (e) { return; }
      if (!data || typeof data.version !== "string") return;
      live("live", TEXTS.live);
      if (data.version === shown) return;
      shown = data.version;
      if (data.version === onPage()) done(data.version);
      else refresh(data.version);
    });
  }
  function countHand() {
    var form = document.getElementById("hand-form");
    if (!form) return;
    var picked = form.querySelectorAll('input[name="card"]:checked').length;
    var size = Number(form.getAttribute("data-size")) || 0;
    var out = document.getElementById("hand-count");
    if (out) out.textContent = TEXTS.picked.replace("{n}", String(picked)).replace("{size}", String(size));
    var save = document.getElementById("hand-save");
    if (save) save.disabled = picked !== size;
  }
  function setup() {
    token = meta("table-token");
    loadTexts();
    connect();
    countHand();
    document.addEventListener("change", function (ev) {
      if (ev.target && ev.target.closest && ev.target.closest("#hand-form")) countHand();
    });
    document.body.addEventListener("htmx:afterSettle", countHand);
  }
  document.addEventListener("DOMContentLoaded", setup);
})();
