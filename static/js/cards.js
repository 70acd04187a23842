// Card pages: show SP and HP only for minions, and switch the verdict edition without a button.
(function () {
  "use strict";

  // The kind is a select on /check/ and radio buttons in the designer.
  function chosenKind(form) {
    const chosen = form.querySelector('select[name="kind"], input[name="kind"]:checked');
    return chosen ? chosen.value : "";
  }

  // A spell has no SP or HP: its boxes are hidden and disabled, so they are not sent (a spell
  // sent with them is invalid), and come back as they were when the card is a minion again.
  function syncKind(form) {
    const spell = chosenKind(form) === "spell";
    form.querySelectorAll("[data-minion-only]").forEach(function (block) {
      block.hidden = spell;
      block.querySelectorAll("input").forEach(function (input) { input.disabled = spell; });
    });
    form.querySelectorAll("[data-spell-only]").forEach(function (block) { block.hidden = !spell; });
  }

  // The live preview sends a chosen picture once; the server keeps it under a token, and
  // later previews send the token instead of the file. Choosing another file drops the token.
  // (The token input is swapped in by each preview, so it is looked up every time.)
  function setUpPreviewImage(form) {
    function token() { return form.querySelector('input[name="preview_image"]'); }
    form.addEventListener("change", function (event) {
      if (event.target.matches("[data-preview-image]") && token()) { token().value = ""; }
    });
    form.addEventListener("htmx:configRequest", function (event) {
      if (event.detail.elt === form && token() && token().value) {
        delete event.detail.parameters.image;
      }
    });
  }

  // The guided designer. In builder mode the text is the builder's (read-only here) and the
  // level follows the guide's until the designer types one; the server decides both, and
  // this only copies them into the fields after each preview.
  function textMode(form) {
    const chosen = form.querySelector('input[name="text_mode"]:checked');
    return chosen ? chosen.value : "text";
  }

  function syncMode(form) {
    const building = textMode(form) === "builder";
    form.querySelectorAll("[data-builder-only]").forEach(function (block) { block.hidden = !building; });
    form.querySelectorAll("[data-text-only]").forEach(function (block) { block.hidden = building; });
    const text = form.querySelector('textarea[name="ability_text"]');
    if (text) { text.readOnly = building; }
  }

  function followGuide(form) {
    const panel = document.getElementById("guide-reading");
    if (!panel || textMode(form) !== "builder") { return; }
    const text = form.querySelector('textarea[name="ability_text"]');
    if (text && panel.hasAttribute("data-written-text")) {
      text.value = panel.getAttribute("data-written-text");
    }
    const auto = form.querySelector('input[name="level_auto"]');
    const level = form.querySelector('input[name="level"]');
    const computed = panel.getAttribute("data-computed-level");
    if (auto && auto.checked && level && computed) { level.value = computed; }
  }

  function fold(text) {
    return text.trim().toLowerCase().replace(/\s+/g, " ").replace(/\s*(->|[:\u2192;.])\s*$/, "");
  }

  // A component chosen in a slot shows the boxes for its letters and how it moves the level.
  function syncSlot(input) {
    const slot = input.closest("[data-slot]");
    if (!slot || !input.list) { return; }
    const typed = fold(input.value);
    const option = Array.from(input.list.options).find(function (o) { return fold(o.value) === typed; });
    const letters = option ? option.dataset.letters : "";
    slot.querySelectorAll("[data-letter]").forEach(function (box) {
      box.hidden = letters.indexOf(box.dataset.letter) < 0;
    });
    const hint = slot.querySelector("[data-slot-hint]");
    if (!hint) { return; }
    hint.textContent = "";
    if (option) {
      const link = document.createElement("a");
      link.href = option.dataset.href;
      link.target = "_blank";
      link.rel = "noopener";
      link.textContent = "in the guide";
      hint.append(option.label || "no level formula", " · ", link);
    }
  }

  function refreshBuilder(form) {
    const button = document.getElementById("builder-refresh");
    if (button && textMode(form) === "builder" && window.htmx) { window.htmx.trigger(button, "click"); }
  }

  // A builder the server redraws from what it was sent (the text, on switching to the builder;
  // its own boxes, when the kind or edition changes) is held inert and busy until the answer
  // replaces it: what was typed into it meanwhile would be lost in the swap. Not when the focus
  // is in it (its own button pressed), which inert would drop.
  function redrawsTheBuilder(elt) {
    return elt && (elt.name === "text_mode" || elt.id === "builder-refresh");
  }

  function holdBuilder(held) {
    const builder = document.getElementById("builder");
    if (!builder || (held && builder.contains(document.activeElement))) { return; }
    builder.inert = held;
    if (held) { builder.setAttribute("aria-busy", "true"); } else { builder.removeAttribute("aria-busy"); }
  }

  // What redraws the preview (the form's hx-trigger): "kotc-typed" when a box's text changed,
  // which waits for a pause, and "kotc-chosen" when a choice was made (a select, a box, a
  // file, but not the builder's own radio, which sends a request of its own). Said here, not as
  // hx-trigger filters: htmx runs those as code made from text, which the site's
  // Content-Security-Policy forbids.
  function setUpPreviewTriggers(form) {
    const seen = new WeakMap();
    form.addEventListener("input", function (event) {
      const field = event.target;
      if (field.type === "file") { return; }
      // An input event that leaves the value as it was (a key that changed nothing) sends nothing.
      if (seen.has(field) && seen.get(field) === field.value) { return; }
      seen.set(field, field.value);
      form.dispatchEvent(new CustomEvent("kotc-typed"));
    });
    form.addEventListener("change", function (event) {
      if (!event.target.hasAttribute("data-own-request")) {
        form.dispatchEvent(new CustomEvent("kotc-chosen"));
      }
    });
  }

  function setUpDesigner(form) {
    syncMode(form);
    setUpPreviewTriggers(form);
    form.addEventListener("htmx:beforeRequest", function (event) {
      if (redrawsTheBuilder(event.detail.elt)) { holdBuilder(true); }
    });
    // Released when the request ends with no new builder: refused, failed or timed out. On a
    // refusal the site writes its message into the builder, which drops the button that asked,
    // and later events of that button reach nothing: the refusal itself releases it.
    ["htmx:responseError", "htmx:afterRequest", "htmx:sendError", "htmx:timeout"].forEach(function (name) {
      form.addEventListener(name, function (event) {
        if (redrawsTheBuilder(event.detail.elt)) { holdBuilder(false); }
      });
    });
    form.addEventListener("input", function (event) {
      if (event.target.matches("[data-component-slot]")) { syncSlot(event.target); }
      if (event.target.name === "level") {
        const auto = form.querySelector('input[name="level_auto"]');
        if (auto) { auto.checked = false; }
      }
    });
    form.addEventListener("change", function (event) {
      if (event.target.name === "text_mode") { syncMode(form); }
      if (event.target.name === "kind" || event.target.name === "design_edition") { refreshBuilder(form); }
    });
    document.body.addEventListener("htmx:afterSettle", function () {
      syncMode(form);
      syncKind(form);
      followGuide(form);
    });
  }

  // The picture's framing: each slider shows its value beside it, and tells a screen reader
  // a zoom or a position rather than a bare fraction.
  function framingText(input) {
    const value = parseFloat(input.value);
    if (isNaN(value)) { return ""; }
    if (input.name === "art_zoom") { return value.toFixed(2) + "\u00d7"; }
    return Math.round(value * 100) + "% " + (input.name === "art_x" ? "across" : "down");
  }

  function syncFraming(input) {
    const text = framingText(input);
    input.setAttribute("aria-valuetext", text);
    const shown = document.getElementById(input.id + "_value");
    if (shown) { shown.textContent = text; }
  }

  function setUpFraming(form) {
    const controls = form.querySelectorAll("[data-art-control]");
    controls.forEach(syncFraming);
    form.addEventListener("input", function (event) {
      if (event.target.matches("[data-art-control]")) { syncFraming(event.target); }
    });
    const reset = form.querySelector("[data-art-reset]");
    if (!reset) { return; }
    reset.hidden = false;
    reset.addEventListener("click", function () {
      controls.forEach(function (input) {
        input.value = input.dataset.default;
        syncFraming(input);
      });
      // One input event redraws the preview with all three.
      if (controls.length) { controls[0].dispatchEvent(new Event("input", { bubbles: true })); }
    });
  }

  // The live preview stays silent (it would repeat the whole card after each pause); this
  // button says what matters in one sentence: the name, the level and the verdict.
  function squash(text) { return (text || "").replace(/\s+/g, " ").trim(); }

  function previewSummary(form, preview) {
    const name = form.querySelector('input[name="name"]');
    const level = form.querySelector('input[name="level"]');
    const parts = [squash(name && name.value) || "The card has no name yet"];
    // An empty Level box takes the level the guide computes, which the preview names.
    const computed = preview.querySelector("#computed-level");
    if (level && squash(level.value)) {
      parts.push("Level " + squash(level.value));
    } else {
      parts.push(computed ? squash(computed.firstChild.textContent) : "No level yet");
    }
    const verdict = preview.querySelector(".verdict-line");
    if (verdict) {
      parts.push(squash(verdict.textContent));
      const reasons = preview.querySelectorAll(".reasons .reason").length;
      if (reasons) { parts.push(reasons + " reason" + (reasons === 1 ? "" : "s") + " listed below"); }
    } else {
      parts.push("No verdict until the card has a level");
    }
    const problems = preview.querySelectorAll(".preview-problems li").length;
    if (problems) { parts.push(problems + " problem" + (problems === 1 ? "" : "s") + " keep text off the card"); }
    return parts.join(". ") + ".";
  }

  function setUpReadPreview(form) {
    const button = document.querySelector("[data-read-preview]");
    const preview = document.getElementById("card-preview");
    if (!button || !preview) { return; }
    button.addEventListener("click", function () {
      // Said through the page's one status region (site.js).
      const speak = window.kotcAnnounce || window.announce;
      if (typeof speak === "function") { speak(previewSummary(form, preview)); }
    });
  }

  // Every form that picks a kind. The listener is on the kind's own control, so it runs before
  // the form's: a form that checks as it changes then sends the card without SP and HP.
  function setUpKind(form) {
    syncKind(form);
    form.querySelectorAll('[name="kind"]').forEach(function (control) {
      control.addEventListener("change", function () { syncKind(form); });
    });
  }

  function setUp() {
    document.querySelectorAll("form").forEach(function (form) {
      if (form.querySelector('[name="kind"]') && form.querySelector("[data-minion-only]")) {
        setUpKind(form);
      }
    });
    const form = document.getElementById("card-form");
    if (form) {
      setUpPreviewImage(form);
      setUpDesigner(form);
      setUpFraming(form);
      setUpReadPreview(form);
    }
    document.querySelectorAll("input.share-url").forEach(function (input) {
      input.addEventListener("focus", function () { input.select(); });
    });
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", setUp);
  } else {
    setUp();
  }
})();
