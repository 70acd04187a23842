// Card pages: show SP and HP only for minions, and switch the verdict edition without a button.
(function () {
  "use strict";

  function syncKind(form) {
    const chosen = form.querySelector('input[name="kind"]:checked');
    const spell = chosen !== null && chosen.value === "spell";
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

  function setUp() {
    const form = document.getElementById("card-form");
    if (form) {
      syncKind(form);
      setUpPreviewImage(form);
      form.addEventListener("change", function (event) {
        if (event.target.name === "kind") { syncKind(form); }
      });
    }
    document.querySelectorAll("select[data-autosubmit]").forEach(function (select) {
      select.addEventListener("change", function () { select.form.submit(); });
    });
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
