// sade serve: reload the page after a rebuild, show the build error in its place after a failed one.
(function () {
  "use strict";
  var seen = null;
  function styleOverlay(div) {
    var s = div.style;
    s.position = "fixed";
    s.inset = "0";
    s.zIndex = "2147483647";
    s.overflow = "auto";
    s.margin = "0";
    s.padding = "2rem";
    s.background = "#1d1f21";
    s.color = "#f8f8f2";
    var pre = div.querySelector("pre");
    if (pre) {
      pre.style.whiteSpace = "pre-wrap";
      pre.style.font = "14px/1.45 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace";
    }
  }
  function showError(text) {
    var div = document.createElement("div");
    div.className = "error-overlay";
    div.setAttribute("role", "alert");
    var pre = document.createElement("pre");
    pre.textContent = text;
    div.appendChild(pre);
    styleOverlay(div);
    document.body.replaceChildren(div);
  }
  var existing = document.querySelector(".error-overlay");
  if (existing) styleOverlay(existing);
  // Beside this script, under the site's base path (`/__sade/events`, `/notes/__sade/events`).
  var here = document.currentScript && document.currentScript.src;
  var events = new EventSource(here ? new URL("events", here).href : "/__sade/events");
  events.addEventListener("hello", function (e) {
    // A new generation since this page connected last (the server restarted or rebuilt while
    // the stream was down): reload.
    if (seen !== null && seen !== e.data) location.reload();
    seen = e.data;
  });
  events.addEventListener("reload", function () {
    location.reload();
  });
  events.addEventListener("error", function (e) {
    // EventSource also fires a plain `error` event when the connection drops; only the server's
    // `event: error` carries data.
    if (typeof e.data === "string") showError(e.data);
  });
})();
