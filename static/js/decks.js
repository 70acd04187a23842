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

  // Quick add: the name on the line being typed is completed from the cards the deck's owner
  // may use (the server's list of names); arrow keys choose, Enter or Tab takes, Esc closes.
  var QUICK_LINE = /^(\s*[+-]?\d+\s*[xX\u00d7]?\s+)?(.*)$/;
  var COUNT_ONLY = /^[+-]?\d+[xX\u00d7]?$/;
  var namesTimer = null;
  var namesAsked = 0;

  function isQuickAdd(element) {
    return element && element.id === "quick-add-lines";
  }

  function currentLine(area) {
    var text = area.value;
    var at = area.selectionStart;
    var start = text.lastIndexOf("\n", at - 1) + 1;
    var end = text.indexOf("\n", at);
    if (end === -1) end = text.length;
    return { start: start, end: end, text: text.slice(start, end) };
  }

  function namePart(line) {
    var match = QUICK_LINE.exec(line);
    return { prefix: match[1] || "", name: match[2].replace(/\s+#\d*$/, "").trim() };
  }

  function suggestionBox() {
    return document.getElementById("quick-add-suggestions");
  }

  function nameOptions() {
    var box = suggestionBox();
    return box ? Array.prototype.slice.call(box.querySelectorAll('[role="option"]')) : [];
  }

  // The combobox is the textarea's box (templates/decks/_quick_add.html): it says whether the
  // list is open; the listbox stays in the page, so what the combobox controls always exists.
  function setExpanded(area, expanded) {
    var combobox = area.closest('[role="combobox"]');
    if (combobox) combobox.setAttribute("aria-expanded", expanded ? "true" : "false");
  }

  function showNames(html) {
    var box = suggestionBox();
    var list = document.getElementById("quick-add-options");
    var none = document.getElementById("quick-add-none");
    var answer = document.createElement("template");
    answer.innerHTML = html;
    var options = answer.content.querySelectorAll('[role="option"]');
    var note = answer.content.querySelector(".name-none");
    list.replaceChildren.apply(list, Array.prototype.slice.call(options));
    list.hidden = options.length === 0;
    none.textContent = note ? note.textContent : "";
    none.hidden = !note;
    box.hidden = !options.length && !note;
  }

  function closeNames(area) {
    var box = suggestionBox();
    namesAsked += 1; // an answer still on its way is not shown
    if (box) showNames("");
    area.removeAttribute("aria-activedescendant");
    setExpanded(area, false);
  }

  function askNames(area) {
    var part = namePart(currentLine(area).text);
    if (part.name.length < 2 || COUNT_ONLY.test(part.name)) {
      closeNames(area);
      return;
    }
    namesAsked += 1;
    var asked = namesAsked;
    var url = area.form.dataset.namesUrl + "?q=" + encodeURIComponent(part.name);
    fetch(url, { headers: { "HX-Request": "true" }, credentials: "same-origin" })
      .then(function (response) { return response.ok ? response.text() : ""; })
      .then(function (html) {
        var box = suggestionBox();
        if (asked !== namesAsked || !box) return; // a later keystroke asked again
        showNames(html);
        setExpanded(area, nameOptions().length > 0);
        area.removeAttribute("aria-activedescendant");
      })
      .catch(function () {});
  }

  function activeName(area) {
    var id = area.getAttribute("aria-activedescendant");
    var found = -1;
    nameOptions().forEach(function (option, index) {
      if (option.id === id) found = index;
    });
    return found;
  }

  function chooseName(area, index) {
    var options = nameOptions();
    options.forEach(function (option, position) {
      option.setAttribute("aria-selected", position === index ? "true" : "false");
    });
    if (options[index]) {
      area.setAttribute("aria-activedescendant", options[index].id);
      options[index].scrollIntoView({ block: "nearest" });
    } else {
      area.removeAttribute("aria-activedescendant");
    }
  }

  // The line becomes "<count> <name>": the count typed, or 1.
  function takeName(area, name) {
    var line = currentLine(area);
    var written = (namePart(line.text).prefix || "1 ") + name;
    area.value = area.value.slice(0, line.start) + written + area.value.slice(line.end);
    var caret = line.start + written.length;
    area.setSelectionRange(caret, caret);
    closeNames(area);
    area.focus();
  }

  document.addEventListener("input", function (event) {
    var area = event.target;
    if (!isQuickAdd(area)) return;
    window.clearTimeout(namesTimer);
    namesTimer = window.setTimeout(function () { askNames(area); }, 180);
  });

  document.addEventListener("keydown", function (event) {
    var area = event.target;
    if (!isQuickAdd(area)) return;
    if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      closeNames(area);
      area.form.requestSubmit();
      return;
    }
    var options = nameOptions();
    var box = suggestionBox();
    if (!box || box.hidden) return;
    if (event.key === "Escape") {
      event.preventDefault();
      closeNames(area);
      return;
    }
    if (!options.length) return;
    var index = activeName(area);
    if (event.key === "ArrowDown") {
      event.preventDefault();
      chooseName(area, Math.min(index + 1, options.length - 1));
    } else if (event.key === "ArrowUp") {
      event.preventDefault();
      chooseName(area, index - 1);
    } else if ((event.key === "Enter" || event.key === "Tab") && index >= 0) {
      event.preventDefault();
      takeName(area, options[index].dataset.name);
    }
  });

  // A click (or tap) on a name takes it; the textarea keeps the focus meanwhile.
  document.addEventListener("mousedown", function (event) {
    if (event.target.closest && event.target.closest("#quick-add-suggestions .name-option")) {
      event.preventDefault();
    }
  });

  document.addEventListener("click", function (event) {
    var option = event.target.closest ? event.target.closest("#quick-add-suggestions .name-option") : null;
    var area = document.getElementById("quick-add-lines");
    if (option && area) takeName(area, option.dataset.name);
  });

  document.addEventListener("focusout", function (event) {
    var area = event.target;
    if (!isQuickAdd(area)) return;
    window.setTimeout(function () {
      if (document.activeElement !== area) closeNames(area);
    }, 150);
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
    // The quick add answers with its box anew: the typing goes on where it was.
    if (source && source.classList && source.classList.contains("quick-add-form")) {
      var lines = document.getElementById("quick-add-lines");
      if (lines) lines.focus({ preventScroll: true });
    }
  });

  document.addEventListener("DOMContentLoaded", function () {
    setUpHand(document);
  });
})();
