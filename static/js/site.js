// Small progressive enhancements; every page works without this file.
document.addEventListener("htmx:responseError", (event) => {
  const target = event.detail.target;
  if (target) {
    target.innerHTML = '<p class="errors" role="alert">The server could not answer (' +
      event.detail.xhr.status + "). Try again in a moment.</p>";
  }
});
