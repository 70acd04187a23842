// Small progressive enhancements; every page works without this file.
document.addEventListener("htmx:responseError", (event) => {
  const target = event.detail.target;
  if (target) {
    const text = "The server could not answer (" + event.detail.xhr.status + "). Try again in a moment.";
    target.innerHTML = '<p class="errors"></p>';
    target.firstChild.textContent = text;
    announce(text);
  }
});

// An error box is an alert when a page is loaded with it; swapped in, its words go to the status
// region below instead (see announceSwapped), so that an answer is heard once and not twice.
document.addEventListener("htmx:beforeSwap", (event) => {
  const answer = event.detail.serverResponse;
  if (typeof answer === "string" && answer.includes('role="alert"')) {
    event.detail.serverResponse = answer.replace(/\srole="alert"/g, ' data-alert=""');
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
// (its value, or its own text when the value is empty). Each is spoken once. A part that answers
// as the person types (data-announce-changes, naming the part) speaks after a pause in typing
// only when its message differs from its last one; any other action (Enter, a choice confirmed)
// is answered each time.
const lastSaid = {};
function announceSwapped(typed) {
  let said = false;
  document.querySelectorAll("[data-announce]:not([data-announced])").forEach((element) => {
    element.setAttribute("data-announced", "");
    const text = element.getAttribute("data-announce") || element.textContent.trim();
    const part = element.getAttribute("data-announce-changes");
    said = true;
    if (part) {
      if (typed && lastSaid[part] === text) return;
      lastSaid[part] = text;
    }
    announce(text);
  });
  // Error boxes swapped in (data-alert, see htmx:beforeSwap) speak when the answer has no message
  // of its own: a message that has one already tells of them ("1 line kept in the box to fix").
  const errors = [];
  document.querySelectorAll("[data-alert]:not([data-announced])").forEach((element) => {
    element.setAttribute("data-announced", "");
    if (element.closest("[hidden]")) return;
    errors.push(element.textContent.replace(/\s+/g, " ").trim());
  });
  if (!said && errors.length) announce(errors.join(" "));
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

// A form answered with errors: the focus goes to the first field to fix, or, when the errors
// are the form's own (a file that could not be read), to the list of them, so that a keyboard or
// screen reader user starts where the work is and not at the top of the page. This is the rule
// for every form of the site. A form whose server already chose the field (autofocus: sign-up
// and log-in do, so that it holds without this file too) is left to the browser.
function focusFirstError(root) {
  const field = root.querySelector('form [aria-invalid="true"]');
  const summary = root.querySelector("form .errors");
  const target = field || summary;
  if (!target || target.contains(document.activeElement)) return false;
  if (target.closest("form").querySelector("[autofocus]")) return false;
  if (target === summary && !target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
  target.focus();
  return document.activeElement === target;
}

let afterErrors = false;
document.addEventListener("htmx:afterSettle", (event) => {
  // A form sent in place and answered with its errors: the same rule as for a page.
  // An outerHTML swap has put a new element in the old one's place: it is found by its id.
  const config = event.detail && event.detail.requestConfig;
  const sent = config && config.triggeringEvent && config.triggeringEvent.type === "submit";
  const aimed = event.detail && event.detail.target;
  if (sent && aimed && !afterErrors) {
    afterErrors = true;
    window.setTimeout(() => {
      afterErrors = false;
      const part = aimed.isConnected ? aimed : aimed.id && document.getElementById(aimed.id);
      if (part && focusFirstError(part)) focusBefore = null;
    }, 0);
  }
});

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
  const config = event.detail && event.detail.requestConfig;
  announceSwapped(Boolean(config && config.triggeringEvent && config.triggeringEvent.type === "input"));
  announceProgress();
});

document.addEventListener("DOMContentLoaded", () => {
  const main = document.getElementById("main");
  if (main) focusFirstError(main);
  // What the page was loaded with is read from the page itself, not spoken; but for the messages
  // left by the last action ("Deck saved."), which the status region says once.
  document.querySelectorAll("[data-announce]").forEach((element) => element.setAttribute("data-announced", ""));
  const flash = document.querySelector("ul.messages");
  if (flash) announce(Array.from(flash.children, (item) => item.textContent.trim()).join(" "));
  const progress = document.querySelector("[data-announce-progress]");
  if (progress) progressSpoken = Math.floor((parseInt(progress.getAttribute("data-announce-progress"), 10) || 0) / 10);
});

// A select that re-asks the server (data-confirm-choice) acts on a choice made, not on each
// option passed: arrow keys on a closed select change it one option at a time, and each change
// would be a request, a swap and an announcement. A choice by the keyboard is taken on Enter or
// when the focus leaves the select; one picked from the open list (a click, a tap) at once.
// Either way the select then fires "choice", which its hx-trigger listens for.
function chooseNow(select) {
  delete select.dataset.choicePending;
  select.dispatchEvent(new Event("choice", { bubbles: true }));
}
document.addEventListener("keydown", (event) => {
  const select = event.target;
  if (!(select instanceof HTMLSelectElement) || !select.hasAttribute("data-confirm-choice")) return;
  if (event.key === "Enter") {
    if (select.dataset.choicePending) {
      event.preventDefault();
      chooseNow(select);
    }
  } else if (event.key !== "Tab" && event.key !== "Shift") {
    select.dataset.keyed = "1";
  }
});
document.addEventListener("change", (event) => {
  const select = event.target;
  if (!(select instanceof HTMLSelectElement) || !select.hasAttribute("data-confirm-choice")) return;
  if (select.dataset.keyed) {
    delete select.dataset.keyed;
    select.dataset.choicePending = "1";
  } else {
    chooseNow(select);
  }
});
document.addEventListener("focusout", (event) => {
  const select = event.target;
  if (!(select instanceof HTMLSelectElement) || !select.hasAttribute("data-confirm-choice")) return;
  delete select.dataset.keyed;
  if (select.dataset.choicePending) chooseNow(select);
});
