// Reloads a public page when its tournament changes (a round published,
// a result entered). Without JavaScript a plain reload does the same.
(function () {
  var live = document.querySelector("[data-live]");
  if (!live || !window.EventSource) return;
  var source = new EventSource(live.getAttribute("data-live"));
  source.addEventListener("changed", function () {
    source.close();
    window.location.reload();
  });
})();
