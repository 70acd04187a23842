// A card link in player-written text (a.card-link, from cards/markup.py) shows the card, as
// printed, while it is hovered or focused; Escape hides it. The picture is the card's small
// render, read with the reader's own session, so the links to their own private cards show too.
(() => {
  const SELECTOR = "a.card-link[data-card-id]";
  let tooltip = null;
  let current = null;

  function tooltipElement() {
    if (tooltip) return tooltip;
    tooltip = document.createElement("div");
    tooltip.id = "card-tooltip";
    tooltip.className = "card-tooltip";
    tooltip.setAttribute("role", "tooltip");
    tooltip.hidden = true;
    const image = document.createElement("img");
    image.width = 240;
    image.height = 336;
    image.alt = "";
    tooltip.appendChild(image);
    // In the page's main landmark, as all its content is; placed by the page's coordinates all the same.
    (document.getElementById("main") || document.body).appendChild(tooltip);
    return tooltip;
  }

  function place(link) {
    const box = link.getBoundingClientRect();
    const width = tooltip.offsetWidth;
    const height = tooltip.offsetHeight;
    const left = Math.max(8, Math.min(box.left, document.documentElement.clientWidth - width - 8));
    const below = box.bottom + 8 + height <= window.innerHeight || box.top < height + 8;
    const top = below ? box.bottom + 8 : box.top - height - 8;
    tooltip.style.left = `${left + window.scrollX}px`;
    tooltip.style.top = `${top + window.scrollY}px`;
  }

  function show(link) {
    const id = link.getAttribute("data-card-id");
    if (!/^\d+$/.test(id)) return;
    const element = tooltipElement();
    const image = element.querySelector("img");
    const source = `/api/v1/cards/${id}/render.png?size=small`;
    if (image.getAttribute("src") !== source) image.setAttribute("src", source);
    image.alt = `${link.textContent.trim()}, as printed`;
    current = link;
    link.setAttribute("aria-describedby", element.id);
    element.hidden = false;
    place(link);
  }

  function hide() {
    if (!tooltip || tooltip.hidden) return;
    tooltip.hidden = true;
    if (current) current.removeAttribute("aria-describedby");
    current = null;
  }

  document.addEventListener("mouseover", (event) => {
    const link = event.target.closest && event.target.closest(SELECTOR);
    if (link) show(link);
  });
  document.addEventListener("mouseout", (event) => {
    const link = event.target.closest && event.target.closest(SELECTOR);
    if (link && !link.contains(event.relatedTarget)) hide();
  });
  document.addEventListener("focusin", (event) => {
    const link = event.target.closest && event.target.closest(SELECTOR);
    if (link) show(link); else hide();
  });
  document.addEventListener("focusout", (event) => {
    if (event.target.closest && event.target.closest(SELECTOR)) hide();
  });
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape") hide();
  });
  window.addEventListener("resize", hide);
})();
