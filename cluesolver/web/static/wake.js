// cluesolver web companion: keep the screen awake while a Clue game is on the page.
// The Screen Wake Lock API, where the browser offers it (a secure context: 127.0.0.1, or
// https); the browser drops the lock when the tab is hidden, so it is asked for again
// each time the page becomes visible. Once the game is over (a correct accusation), or on
// pages without a game, no lock is asked for. Browsers without the API keep their own
// screen timeout.
(function () {
  "use strict";
  var lock = null;
  function wanted() {
    var panel = document.getElementById("panel");
    return !!panel && panel.getAttribute("data-game-over") !== "true" && document.visibilityState === "visible";
  }
  function release() {
    if (lock) { lock.release().catch(function () { /* already gone */ }); lock = null; }
  }
  function acquire() {
    if (!("wakeLock" in navigator)) return;
    if (!wanted()) { release(); return; }
    if (lock && !lock.released) return;
    navigator.wakeLock.request("screen").then(function (l) {
      lock = l;
      document.documentElement.setAttribute("data-wake-lock", "on");
      l.addEventListener("release", function () { document.documentElement.setAttribute("data-wake-lock", "off"); });
    }).catch(function () { document.documentElement.setAttribute("data-wake-lock", "refused"); });
  }
  document.addEventListener("visibilitychange", acquire);
  document.addEventListener("DOMContentLoaded", function () {
    acquire();
    document.body.addEventListener("htmx:afterSettle", acquire);  // the game may have ended
  });
})();
