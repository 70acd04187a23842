// Keeper of the Cards card tooltips, for any web page.
//
//   <script src="https://THIS-SITE/static/js/kotc-tooltips.js" defer></script>
//
// Links to card pages of the site (https://THIS-SITE/cards/123/), and any element with
// data-kotc-card="123", show the card as printed while hovered or focused (Escape hides it).
// Cards are read from the site's public card JSON (/embed/cards/<id>.json), which answers only
// for cards anyone may open with their link; other cards show nothing. No cookies are sent.
(() => {
  const script = document.currentScript;
  const origin = (script && (script.getAttribute("data-kotc-origin") || new URL(script.src, location.href).origin)) || location.origin;
  const CARD_PATH = /^\/cards\/(\d{1,12})\/?$/;
  const cards = new Map(); // id -> Promise of the card JSON (or null)
  let tooltip = null;
  let current = null;

  function cardId(element) {
    const data = element.getAttribute("data-kotc-card");
    if (data !== null) return /^\d{1,12}$/.test(data) ? data : null;
    if (element.tagName !== "A" || !element.href) return null;
    let url;
    try { url = new URL(element.href, location.href); } catch (error) { return null; }
    if (url.origin !== origin) return null;
    const match = CARD_PATH.exec(url.pathname);
    return match ? match[1] : null;
  }

  function target(node) {
    for (let element = node; element && element.nodeType === 1; element = element.parentElement) {
      if (element.hasAttribute("data-kotc-card") || element.tagName === "A") {
        return cardId(element) ? element : null;
      }
    }
    return null;
  }

  function load(id) {
    if (!cards.has(id)) {
      cards.set(id, fetch(`${origin}/embed/cards/${id}.json`, { credentials: "omit", mode: "cors" })
        .then((response) => (response.ok ? response.json() : null))
        .catch(() => null));
    }
    return cards.get(id);
  }

  function tooltipElement() {
    if (tooltip) return tooltip;
    tooltip = document.createElement("div");
    tooltip.id = "kotc-card-tooltip";
    tooltip.setAttribute("role", "tooltip");
    tooltip.hidden = true;
    Object.assign(tooltip.style, {
      position: "absolute", zIndex: "2147483000", padding: "4px", background: "#fff",
      border: "1px solid #ccc", borderRadius: "12px", boxShadow: "0 6px 20px rgba(0,0,0,.25)",
      pointerEvents: "none", margin: "0",
    });
    const image = document.createElement("img");
    Object.assign(image.style, { display: "block", width: "240px", height: "336px", borderRadius: "9px" });
    image.width = 240;
    image.height = 336;
    tooltip.appendChild(image);
    document.body.appendChild(tooltip);
    return tooltip;
  }

  function place(element) {
    const box = element.getBoundingClientRect();
    const height = 346;
    const width = 250;
    const left = Math.max(8, Math.min(box.left, document.documentElement.clientWidth - width - 8));
    const below = box.bottom + 8 + height <= window.innerHeight || box.top < height + 8;
    tooltip.style.left = `${left + window.scrollX}px`;
    tooltip.style.top = `${(below ? box.bottom + 8 : box.top - height - 8) + window.scrollY}px`;
  }

  function show(element) {
    const id = cardId(element);
    if (!id) return;
    current = element;
    load(id).then((card) => {
      if (current !== element || !card) return;
      const box = tooltipElement();
      const image = box.querySelector("img");
      if (image.getAttribute("src") !== card.image) image.setAttribute("src", card.image);
      image.alt = card.alt || card.name;
      element.setAttribute("aria-describedby", box.id);
      box.hidden = false;
      place(element);
    });
  }

  function hide() {
    if (current) current.removeAttribute("aria-describedby");
    current = null;
    if (tooltip) tooltip.hidden = true;
  }

  function focusable() {
    // A card named by data-kotc-card on a plain element can be reached with the keyboard too.
    document.querySelectorAll("[data-kotc-card]:not(a):not(button):not([tabindex])").forEach((element) => {
      element.setAttribute("tabindex", "0");
    });
  }

  document.addEventListener("mouseover", (event) => {
    const element = target(event.target);
    if (element && element !== current) show(element);
  });
  document.addEventListener("mouseout", (event) => {
    const element = target(event.target);
    if (element && !element.contains(event.relatedTarget)) hide();
  });
  document.addEventListener("focusin", (event) => {
    const element = target(event.target);
    if (element) show(element); else hide();
  });
  document.addEventListener("focusout", (event) => { if (target(event.target)) hide(); });
  document.addEventListener("keydown", (event) => { if (event.key === "Escape") hide(); });
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", focusable);
  else focusable();
})();
