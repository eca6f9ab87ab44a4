// Enables a referee's buttons when the moment they wait for comes (the
// forfeit time of an absent player): the page says how many seconds away
// it was when the server rendered it, so a phone's own clock does not
// matter. Without JavaScript a reload does the same.
(function () {
  document.querySelectorAll("[data-opens-in]").forEach(function (section) {
    var seconds = Number(section.getAttribute("data-opens-in"));
    if (!(seconds > 0)) return;
    setTimeout(function () {
      section.querySelectorAll("button[disabled]").forEach(function (button) {
        button.disabled = false;
      });
      section.querySelectorAll("[data-until-open]").forEach(function (note) {
        note.hidden = true;
      });
    }, seconds * 1000);
  });
})();
