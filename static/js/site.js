// Small progressive enhancements; every page works without this file.
document.addEventListener("htmx:responseError", (event) => {
  const target = event.detail.target;
  if (target) {
    target.innerHTML = '<p class="errors" role="alert">The server could not answer (' +
      event.detail.xhr.status + "). Try again in a moment.</p>";
  }
});

// The site menu (templates/base.html) is a <details>: it opens and closes without this file.
const siteMenu = document.getElementById("site-menu");
if (siteMenu) {
  // Escape closes the open menu and leaves the focus on its button.
  siteMenu.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && siteMenu.open) {
      siteMenu.open = false;
      siteMenu.querySelector("summary").focus();
    }
  });
  // A browser that cannot show a closed <details>' content from CSS (::details-content) would
  // fold the menu on wide screens too: open it there instead.
  if (window.CSS && !CSS.supports("selector(::details-content)")) {
    const wide = window.matchMedia("(min-width: 60.0625rem)");
    const follow = () => { siteMenu.open = wide.matches; };
    follow();
    wide.addEventListener("change", follow);
  }
}
