// Small enhancements of the comment forms; every form works without this file.
(() => {
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
