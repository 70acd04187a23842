// The deck builder's small touches; every control also works without this file.
(function () {
  "use strict";

  // Search results say how many copies are in the deck; keep that true after each change.
  function syncInDeck() {
    document.querySelectorAll("#search-results .result[data-card]").forEach(function (row) {
      var entry = document.getElementById("entry-" + row.dataset.card);
      var count = entry ? parseInt(entry.dataset.count, 10) : 0;
      var badge = row.querySelector(".in-deck");
      var number = row.querySelector(".in-deck-count");
      if (!badge || !number) return;
      number.textContent = String(count);
      badge.hidden = count === 0;
    });
  }

  // Sample hand: the bury button says what it will do.
  function updateBuryButton(form) {
    var button = form.querySelector(".bury-button");
    if (!button) return;
    var chosen = form.querySelectorAll(".bury-toggle:checked").length;
    button.textContent = chosen
      ? "Bury " + chosen + " and draw " + chosen
      : "Bury selected and draw";
    button.disabled = chosen === 0;
  }

  function setUpHand(root) {
    (root || document).querySelectorAll(".hand-form").forEach(updateBuryButton);
  }

  document.addEventListener("change", function (event) {
    var toggle = event.target.closest ? event.target.closest(".bury-toggle") : null;
    if (toggle) updateBuryButton(toggle.form);
  });

  document.addEventListener("htmx:afterSettle", function (event) {
    syncInDeck();
    setUpHand(event.target);
    // The panel's edition picker swaps the panel it sits in: focus goes back to its select,
    // so a keyboard user can look under one edition after another.
    var config = event.detail && event.detail.requestConfig;
    var source = config && config.elt;
    if (source && source.classList && source.classList.contains("edition-picker")) {
      var select = document.getElementById("deck-edition");
      if (select) select.focus({ preventScroll: true });
    }
  });

  document.addEventListener("DOMContentLoaded", function () {
    setUpHand(document);
  });
})();
