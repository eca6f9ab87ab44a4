// Search-as-you-type in the rating list on the player form. Without
// JavaScript the lookup field is a plain search form with "Use" links.
(function () {
  var input = document.getElementById("lookup");
  var list = document.getElementById("suggestions");
  if (!input || !list || !window.fetch) return;
  var timer = null;
  var fields = ["name", "first_name", "rank", "rating", "club", "country", "egf_pin"];
  function fill(player) {
    fields.forEach(function (f) {
      var el = document.getElementById(f);
      if (el) el.value = player[f] == null ? "" : String(player[f]);
    });
    list.innerHTML = "";
    document.getElementById("name").focus();
  }
  function show(players) {
    list.innerHTML = "";
    if (!players.length) {
      // Nothing matched: said, rather than an empty list that looks like no answer.
      var none = document.createElement("li");
      none.textContent = list.getAttribute("data-none");
      list.appendChild(none);
    }
    players.forEach(function (p) {
      var li = document.createElement("li");
      var button = document.createElement("button");
      button.type = "button";
      button.className = "link";
      button.textContent = p.name + " " + p.first_name + " · " + p.rank + " · " + p.club + " " + p.country + (p.egf_pin ? " · " + p.egf_pin : "");
      button.addEventListener("click", function () { fill(p); });
      li.appendChild(button);
      list.appendChild(li);
    });
  }
  input.addEventListener("input", function () {
    clearTimeout(timer);
    var q = input.value.trim();
    if (q.length < 2) { list.innerHTML = ""; return; }
    timer = setTimeout(function () {
      fetch(input.getAttribute("data-search") + "?q=" + encodeURIComponent(q), { credentials: "same-origin" })
        .then(function (r) { return r.ok ? r.json() : []; })
        .then(show)
        .catch(function () {});
    }, 150);
  });
})();
