// Reloads a public page when its tournament changes (a round published,
// a result entered). Without JavaScript a plain reload does the same.
//
// An open stream holds one of the few connections a browser keeps to a
// server (six over HTTP/1.1), so it is closed while the page is hidden or
// left, and opened again when the page is shown: the stream's URL names
// the version the page shows, and the server answers at once when the
// tournament changed meanwhile. Once the person leaves the page (a form
// sent, a link followed), a reload would cancel where they are going: the
// organiser who pairs a round must land on the round, not on the list
// reloaded by the change their own click made.
(function () {
  var live = document.querySelector("[data-live]");
  if (!live || !window.EventSource) return;
  var url = live.getAttribute("data-live");
  var source = null;
  var leaving = false;
  function close() {
    if (source) {
      source.close();
      source = null;
    }
  }
  function open() {
    if (source || leaving || document.visibilityState === "hidden") return;
    source = new EventSource(url);
    // Every open page hears of a change at the same moment: each waits a
    // moment of its own before reloading, so a hall of phones arrives over
    // half a second rather than in one instant (the server renders the
    // new page once and serves it to all).
    source.addEventListener("changed", function () {
      close();
      setTimeout(function () {
        window.location.reload();
      }, Math.random() * 500);
    });
    // A refused stream (the server restarting behind a proxy) is not
    // retried by the browser: try again a little later.
    source.onerror = function () {
      if (source && source.readyState === EventSource.CLOSED) {
        source = null;
        setTimeout(open, 10000);
      }
    };
  }
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "hidden") close();
    else open();
  });
  window.addEventListener("beforeunload", function () {
    leaving = true;
    close();
    // Still here after a while: it was a download, or the way was cancelled.
    setTimeout(function () {
      leaving = false;
      open();
    }, 5000);
  });
  window.addEventListener("pagehide", close);
  window.addEventListener("pageshow", function () {
    leaving = false;
    open();
  });
  open();
})();
