// A "Print" button: the page's own script, since the security policy
// (web::security) runs no inline code.
document.querySelectorAll("[data-print]").forEach((button) => {
  button.addEventListener("click", () => window.print());
});
