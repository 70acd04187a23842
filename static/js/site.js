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

// One status region per page (templates/base.html) speaks what an update did. It is on the page
// before any update, as screen readers only follow live regions they already know; the parts that
// htmx swaps in are never live regions themselves.
let announcing = null;
function announce(text) {
  const region = document.getElementById("site-status");
  if (!region || !text) return;
  // Emptied first, so the same words said twice are spoken twice; a message still waiting
  // is dropped, so an older one never lands after a newer one.
  window.clearTimeout(announcing);
  region.textContent = "";
  announcing = window.setTimeout(() => { region.textContent = text; }, 50);
}
window.announce = announce;

// What a server answer has to say rides on the swapped content: an element with data-announce
// (its value, or its own text when the value is empty). Each is spoken once.
function announceSwapped() {
  document.querySelectorAll("[data-announce]:not([data-announced])").forEach((element) => {
    element.setAttribute("data-announced", "");
    announce(element.getAttribute("data-announce") || element.textContent.trim());
  });
}

// A run's progress re-renders every half second: say it at each tenth, not at each poll.
let progressSpoken = null;
function announceProgress() {
  const progress = document.querySelector("[data-announce-progress]");
  if (!progress) { progressSpoken = null; return; }
  const percent = parseInt(progress.getAttribute("data-announce-progress"), 10) || 0;
  const tenth = Math.floor(percent / 10);
  if (progressSpoken === null || tenth > progressSpoken) {
    if (progressSpoken !== null || percent > 0) announce(percent + "% played");
    progressSpoken = tenth;
  }
}

// Focus after a swap: the control that sent the request is often replaced by its new self.
// Its focus goes back to the same control (same id), or else to the control the new content
// marks with data-focus-next, or else to the row it sat in, or else to the swapped part itself,
// so a keyboard user never lands on the top of the page.
let focusBefore = null;
document.addEventListener("htmx:beforeRequest", () => {
  const active = document.activeElement;
  if (!active || active === document.body) { focusBefore = null; return; }
  const row = active.parentElement && active.parentElement.closest("[id]");
  focusBefore = { id: active.id || "", rowId: row ? row.id : "" };
});

function focusable(element) {
  if (!element.matches("a[href], button, input, select, textarea, summary, [tabindex]")) {
    element.setAttribute("tabindex", "-1");
  }
  element.focus({ preventScroll: false });
  return document.activeElement === element;
}

function restoreFocus(target) {
  const active = document.activeElement;
  if (active && active !== document.body && active.isConnected) return;
  const remembered = focusBefore;
  const candidates = [];
  if (remembered && remembered.id) candidates.push(document.getElementById(remembered.id));
  if (target && target.isConnected) candidates.push(target.querySelector("[data-focus-next]"));
  if (remembered && remembered.rowId) candidates.push(document.getElementById(remembered.rowId));
  if (target && target.isConnected) candidates.push(target);
  for (const candidate of candidates) {
    if (candidate && !candidate.disabled && candidate.getClientRects().length && focusable(candidate)) return;
  }
}

document.addEventListener("htmx:afterSettle", (event) => {
  // One answer settles its main part and its out-of-band parts one by one: focus is put back
  // once they are all in, in the part the request was aimed at (found anew: an outerHTML swap
  // has put a new element in the old one's place).
  const aimed = event.detail && event.detail.target;
  if (focusBefore && aimed) {
    window.setTimeout(() => {
      restoreFocus(aimed.isConnected ? aimed : (aimed.id && document.getElementById(aimed.id)) || null);
    }, 0);
  }
  announceSwapped();
  announceProgress();
});

document.addEventListener("DOMContentLoaded", () => {
  // What the page was loaded with is read from the page itself, not spoken.
  document.querySelectorAll("[data-announce]").forEach((element) => element.setAttribute("data-announced", ""));
  const progress = document.querySelector("[data-announce-progress]");
  if (progress) progressSpoken = Math.floor((parseInt(progress.getAttribute("data-announce-progress"), 10) || 0) / 10);
});
