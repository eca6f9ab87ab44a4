// Keeps the time control's summary (EGF adjusted time and class) current
// while the organiser edits the time fields. The server computes it, so the
// rule lives in one place; without JavaScript the summary shows after saving.
(function () {
  var out = document.getElementById("time-summary");
  if (!out || !window.fetch) return;
  var names = ["basic_minutes", "overtime", "byo_yomi_seconds", "canadian_moves", "canadian_seconds", "fischer_seconds"];
  var timer = null;
  function update() {
    var params = new URLSearchParams();
    names.forEach(function (n) {
      var el = document.getElementById(n);
      if (el) params.set(n, el.value);
    });
    fetch("/time-summary?" + params.toString(), { credentials: "same-origin" })
      .then(function (r) { return r.ok ? r.text() : ""; })
      .then(function (text) { out.textContent = text; })
      .catch(function () {});
  }
  names.forEach(function (n) {
    var el = document.getElementById(n);
    if (el) el.addEventListener("input", function () { clearTimeout(timer); timer = setTimeout(update, 200); });
  });
})();
