// cluesolver web companion: when the server refuses a request (403).
// A refused answer never replaces page content: base.html's htmx-config does not swap a 403,
// and this handler makes sure of it whatever the config.  The page shows a banner instead,
// with the server's one-line reason (plain text, shown as text, in the page's language) and how to
// get back in (base.html's <meta name="link-changed">, in the page's language).
(function () {
  "use strict";
  var HOW = "This page's link has changed (the server was restarted or another server took over): " +
    "open the link the server printed (it is in the terminal where 'cluesolver serve' runs: " +
    "'Open: http://127.0.0.1:PORT/?t=...')";
  function banner(xhr) {
    var said = (xhr && typeof xhr.responseText === "string" ? xhr.responseText : "").trim().slice(0, 400);
    var box = document.getElementById("link-changed");
    if (!box) {
      box = document.createElement("div");
      box.id = "link-changed";
      box.className = "errors";
      box.setAttribute("role", "alert");
      box.appendChild(document.createElement("p")).className = "error";
      document.body.insertBefore(box, document.body.firstChild);
    }
    var meta = document.querySelector('meta[name="link-changed"]');
    box.firstChild.textContent = said || (meta && meta.getAttribute("content")) || HOW;
  }
  function refused(ev) {
    var xhr = ev.detail && ev.detail.xhr;
    return Boolean(xhr && xhr.status === 403);
  }
  document.addEventListener("htmx:beforeSwap", function (ev) {
    if (!refused(ev)) return;
    ev.detail.shouldSwap = false;
    banner(ev.detail.xhr);
  });
  document.addEventListener("htmx:responseError", function (ev) {
    if (refused(ev)) banner(ev.detail.xhr);
  });
})();
