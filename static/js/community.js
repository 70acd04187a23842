// Small enhancements of the comment forms; every form works without this file.
(() => {
  // The community block brings this file with it, so a page (or an answer swapped in) may load
  // it more than once: its listeners are added once, or a second one would stop every comment.
  if (window.kotcCommunity) return;
  window.kotcCommunity = true;
  // A comment sent twice by a double click would be posted twice: the button waits for the page.
  document.addEventListener("submit", (event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || !form.classList.contains("comment-form")) return;
    const button = form.querySelector("button[type=submit]");
    if (!button) return;
    if (button.dataset.sent) {
      event.preventDefault();
      return;
    }
    button.dataset.sent = "1";
    button.setAttribute("aria-disabled", "true");
  });
})();
