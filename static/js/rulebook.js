// Rulebook pages: the edition switcher keeps your place, the contents follow your reading,
// and the print button prints. Every page works without this file.
(function () {
  "use strict";

  function currentSection() {
    const hash = decodeURIComponent(window.location.hash.slice(1));
    if (hash && document.getElementById(hash)) return hash;
    return lastSeen;
  }

  let lastSeen = "";

  function updateSwitcher() {
    const anchor = currentSection();
    document.querySelectorAll("a[data-edition-switch]").forEach((link) => {
      const url = new URL(link.href, window.location.href);
      url.hash = "";
      if (anchor) url.searchParams.set("section", anchor);
      else url.searchParams.delete("section");
      link.href = url.pathname + url.search;
    });
    document.querySelectorAll(".rb-toc a").forEach((link) => {
      link.classList.toggle("active", link.getAttribute("href") === "#" + anchor);
    });
  }

  function followReading() {
    const sections = Array.from(document.querySelectorAll("section[data-anchor]"));
    if (!sections.length || !("IntersectionObserver" in window)) return;
    const visible = new Map();
    const observer = new IntersectionObserver((entries) => {
      entries.forEach((entry) => {
        if (entry.isIntersecting) visible.set(entry.target, entry.boundingClientRect.top);
        else visible.delete(entry.target);
      });
      let best = null;
      sections.forEach((section) => {
        if (visible.has(section) && best === null) best = section;
      });
      if (best) {
        lastSeen = best.dataset.anchor;
        if (!window.location.hash) updateSwitcher();
      }
    }, { rootMargin: "0px 0px -70% 0px" });
    sections.forEach((section) => observer.observe(section));
    // Scrolling away from a followed link makes the reading position the place to keep.
    window.addEventListener("scroll", () => {
      const hash = window.location.hash.slice(1);
      const target = hash && document.getElementById(hash);
      if (target && Math.abs(target.getBoundingClientRect().top) > window.innerHeight) {
        history.replaceState(null, "", window.location.pathname + window.location.search);
        updateSwitcher();
      }
    }, { passive: true });
  }

  document.addEventListener("DOMContentLoaded", () => {
    document.querySelectorAll("[data-print]").forEach((button) => {
      button.hidden = false;
      button.addEventListener("click", () => window.print());
    });
    if (document.querySelector("a[data-edition-switch]")) {
      updateSwitcher();
      window.addEventListener("hashchange", updateSwitcher);
      followReading();
    }
  });
})();
