// The director's table cards: the Print button (no inline handlers under the CSP).
document.addEventListener("click", function (e) {
  if (e.target.closest && e.target.closest("[data-print]")) window.print();
});
