// The playtest board: a game played by hand in the page. Its state lives here; every change
// goes through act(), which keeps the state before it on a history stack, so undo walks back
// step by step. The cards, the edition's rules and (for a replayed game) the starting state
// come from the page (#playtest-data, written by the server through the visibility gate).
(function () {
  "use strict";

  const data = JSON.parse(document.getElementById("playtest-data").textContent);
  const root = document.getElementById("playtest");
  if (!root) return;
  const rules = data.edition;
  const faces = {};
  data.cards.forEach((card) => { faces[card.key] = card; });
  const ZONES = ["library", "hand", "field", "granary", "grave", "reserves"];
  const MOVES = [
    { zone: "hand", key: "h", label: "Hand" },
    { zone: "field", key: "f", label: rules.zones.field },
    { zone: "granary", key: "g", label: rules.zones.granary },
    { zone: "grave", key: "x", label: rules.zones.grave },
    { zone: "library", key: "t", label: "Top of the deck", place: "top" },
    { zone: "library", key: "b", label: "Bottom of the deck", place: "bottom" },
    { zone: "reserves", key: "r", label: "Reserves" },
  ];
  const TAPPABLE = new Set(["field", "granary"]);
  const HISTORY_LIMIT = 300;

  let state = null;
  let history = [];
  let selected = null; // a copy's id; not part of the state, so undo does not move it
  let marked = []; // cards of the opening hand marked for the bury, in the order marked

  function say(text) { if (window.announce) window.announce(text); }

  function nameOf(copy) { return faces[state.copies[copy]].name; }

  function describe(copy) {
    const card = faces[state.copies[copy]];
    if (card.withheld) return card.name + " (face down: you may not see it)";
    const parts = [card.name, card.kind ? (rules.terms[card.kind] || card.kind) : ""];
    if (card.level !== null && card.level !== undefined) parts.push(rules.terms.level + " " + card.level);
    if (card.kind === "minion") parts.push(rules.terms.sp + " " + (card.sp || 0) + ", " + rules.terms.hp + " " + (card.hp || 0));
    let text = parts.filter(Boolean).join(", ");
    if (card.text) text += ". " + card.text;
    return text;
  }

  function randomIndex(below) {
    const values = new Uint32Array(1);
    window.crypto.getRandomValues(values);
    return values[0] % below;
  }

  function shuffled(list) {
    const copy = list.slice();
    for (let i = copy.length - 1; i > 0; i -= 1) {
      const j = randomIndex(i + 1);
      [copy[i], copy[j]] = [copy[j], copy[i]];
    }
    return copy;
  }

  function emptyZones() {
    const zones = {};
    ZONES.forEach((zone) => { zones[zone] = []; });
    return zones;
  }

  // -- how a game starts ----------------------------------------------------------------------

  function newGame() {
    const copies = {};
    const zones = emptyZones();
    if (data.state) {
      let next = 0;
      ZONES.forEach((zone) => {
        (data.state.zones[zone] || []).forEach((key) => { copies["k" + next] = key; zones[zone].push("k" + next); next += 1; });
      });
      return {
        copies, zones, exhausted: [], turn: data.state.turn, phase: "play", sowed: 0, resourceDrawn: false,
        damage: data.state.damage || 0, swords: data.state.sword_counters || 0,
      };
    }
    data.library.forEach((key, index) => { copies["k" + index] = key; zones.library.push("k" + index); });
    const fresh = { copies, zones, exhausted: [], turn: 0, phase: "reserves", sowed: 0, resourceDrawn: false, damage: 0, swords: 0 };
    if (!rules.reserves) deal(fresh);
    return fresh;
  }

  function deal(game) {
    game.zones.library = shuffled(game.zones.library);
    game.zones.hand = game.zones.library.splice(0, rules.opening_hand);
    game.phase = rules.opening_bury ? "bury" : "play";
    if (game.phase === "play") startTurn(game, 1);
  }

  function drawPhaseCards(game, turn) {
    if (turn === 1 && data.going === "first" && !rules.first_player_draws_on_turn_1) return 0;
    return rules.draw_phase;
  }

  function startTurn(game, turn) {
    game.turn = turn;
    game.exhausted = [];
    game.sowed = 0;
    game.resourceDrawn = false;
    const draws = drawPhaseCards(game, turn);
    const drawn = [];
    for (let i = 0; i < draws && game.zones.library.length; i += 1) {
      const copy = game.zones.library.shift();
      game.zones.hand.push(copy);
      drawn.push(copy);
    }
    return drawn;
  }

  // -- changes --------------------------------------------------------------------------------

  function act(change) {
    const before = JSON.stringify(state);
    const message = change();
    if (message === null) return;
    history.push(before);
    if (history.length > HISTORY_LIMIT) history.shift();
    render();
    if (message) say(message);
  }

  function where(copy) {
    return ZONES.find((zone) => state.zones[zone].includes(copy));
  }

  function move(copy, zone, place) {
    const from = where(copy);
    if (!from) return;
    const card = faces[state.copies[copy]];
    if (card.withheld && zone === "field") { say("A withheld card cannot be played."); return; }
    if (from === zone && zone !== "library") return;
    act(() => {
      state.zones[from].splice(state.zones[from].indexOf(copy), 1);
      if (zone === "library" && place === "bottom") state.zones.library.push(copy);
      else if (zone === "library") state.zones.library.unshift(copy);
      else state.zones[zone].push(copy);
      if (!TAPPABLE.has(zone)) state.exhausted = state.exhausted.filter((c) => c !== copy);
      if (from === "hand" && zone === "granary" && state.phase === "play") state.sowed += 1;
      marked = marked.filter((c) => c !== copy);
      const target = zone === "library" ? (place === "bottom" ? "the bottom of the deck" : "the top of the deck") : "the " + rules.zones[zone];
      return "Moved " + nameOf(copy) + " to " + target + "." + sowNote(from, zone);
    });
    keepFocus(copy);
  }

  function sowNote(from, zone) {
    if (from !== "hand" || zone !== "granary" || state.phase !== "play") return "";
    return " Sowed " + state.sowed + " of " + rules.sows_per_turn + " this turn.";
  }

  function draw(count, why) {
    if (state.phase !== "play") { say("Finish the opening first."); return; }
    if (!state.zones.library.length) { say("The deck is empty: drawing from it ends the game."); return; }
    act(() => {
      const drawn = state.zones.library.splice(0, count);
      state.zones.hand.push(...drawn);
      return (why || "Drew ") + drawn.map(nameOf).join(", ") + ". " + state.zones.library.length + " left in the deck.";
    });
  }

  function resourceDraw() {
    if (state.phase !== "play" || state.resourceDrawn) return;
    const base = state.turn === 1 && data.going === "first" ? rules.first_turn_resource_draws : rules.resource_draws;
    const count = Math.max(0, base - state.sowed);
    act(() => {
      state.resourceDrawn = true;
      const drawn = state.zones.library.splice(0, count);
      state.zones.hand.push(...drawn);
      return drawn.length ? "Resource Phase: drew " + drawn.map(nameOf).join(", ") + "." : "Resource Phase: no card to draw.";
    });
  }

  function nextTurn() {
    if (state.phase !== "play") { say("Finish the opening first."); return; }
    act(() => {
      const drawn = startTurn(state, state.turn + 1);
      let text = "Turn " + state.turn + ".";
      if (drawn.length) text += " Drew " + drawn.map(nameOf).join(", ") + ".";
      else if (drawPhaseCards(state, state.turn) && !state.zones.library.length) text += " The deck is empty: the Draw Phase ends the game.";
      return text;
    });
  }

  function shuffle() {
    act(() => { state.zones.library = shuffled(state.zones.library); return "Shuffled the deck."; });
  }

  function toggleExhausted(copy) {
    if (!TAPPABLE.has(where(copy))) { say("Only cards on the " + rules.zones.field + " or in the " + rules.zones.granary + " are exhausted."); return; }
    act(() => {
      const tapped = state.exhausted.includes(copy);
      state.exhausted = tapped ? state.exhausted.filter((c) => c !== copy) : state.exhausted.concat([copy]);
      return (tapped ? "Unexhausted " : "Exhausted ") + nameOf(copy) + ".";
    });
    keepFocus(copy);
  }

  function bury() {
    act(() => {
      const count = marked.length;
      state.zones.hand = state.zones.hand.filter((c) => !marked.includes(c));
      state.zones.library.push(...marked);
      state.zones.hand.push(...state.zones.library.splice(0, count));
      marked = [];
      state.phase = "play";
      const drawn = startTurn(state, 1);
      return "Buried " + count + " and drew " + count + ". Turn 1." + (drawn.length ? " Drew " + drawn.map(nameOf).join(", ") + "." : "");
    });
  }

  function keep() {
    act(() => {
      marked = [];
      state.phase = "play";
      const drawn = startTurn(state, 1);
      return "Kept the opening hand. Turn 1." + (drawn.length ? " Drew " + drawn.map(nameOf).join(", ") + "." : "");
    });
  }

  function startFromReserves() {
    if (state.zones.reserves.length !== rules.reserves) {
      say("Set exactly " + rules.reserves + " cards aside first; " + state.zones.reserves.length + " are.");
      return;
    }
    act(() => { deal(state); return "Shuffled and drew " + state.zones.hand.length + "."; });
  }

  function undo() {
    if (!history.length) { say("Nothing to undo."); return; }
    state = JSON.parse(history.pop());
    marked = [];
    if (selected && !where(selected)) selected = null;
    render();
    say("Undone. " + history.length + " step" + (history.length === 1 ? "" : "s") + " left to undo.");
  }

  function reset() {
    act(() => { state = newGame(); marked = []; selected = null; return data.state ? "Back to the replayed game's start." : "New game: shuffled and dealt again."; });
  }

  // -- drawing the board (static/js/playtest_view.js) ------------------------------------------

  const view = window.PlaytestView({
    data, root, rules, faces, ZONES, MOVES, TAPPABLE, describe, nameOf, where,
    get state() { return state; },
    get selected() { return selected; },
    get marked() { return marked; },
    get history() { return history; },
  });

  // Drawing the board anew replaces its cards and buttons: the focus would fall to the page's
  // body. It stays on the same card (found by its copy), or the same control while it may still
  // be used; else it goes to `prefer` (a card), the hand's first card when the opening's prompt
  // is done, or the toolbar's current button, never to the top of the page.
  function render(prefer) {
    const had = document.activeElement;
    const inside = had && had !== document.body && root.contains(had);
    const copy = inside && had.closest(".pt-card") ? had.closest(".pt-card").dataset.copy : null;
    const fromPrompt = inside && Boolean(had.closest("#playtest-prompt"));
    const id = inside ? had.id : "";
    view.render();
    toolbarStops();
    if (!inside || (had.isConnected && usable(had) && document.activeElement === had)) return;
    if (copy && keepFocus(copy)) return;
    const same = id && document.getElementById(id);
    if (same && usable(same)) { same.focus(); return; }
    if (prefer && keepFocus(prefer)) return;
    const hand = root.querySelector("#zone-hand-cards .pt-card");
    if (fromPrompt && hand) { hand.focus(); return; }
    const stop = bar.querySelector('button[tabindex="0"]');
    if (stop) stop.focus();
  }

  function usable(element) {
    return !element.disabled && !element.closest("[hidden]") && element.getClientRects().length > 0;
  }

  function keepFocus(copy) {
    const button = root.querySelector('.pt-card[data-copy="' + copy + '"]');
    if (!button || !button.getClientRects().length) return false;
    button.focus();
    return true;
  }

  // The game's toolbar is one stop of the Tab key: the arrow keys move along its buttons
  // (a roving tabindex), Home and End go to its ends; the stop is the button last used.
  const bar = root.querySelector(".playtest-bar");
  function toolbarButtons() {
    return Array.from(bar.querySelectorAll("button")).filter(usable);
  }
  function toolbarStops(current) {
    const buttons = toolbarButtons();
    const stop = current || buttons.find((b) => b.tabIndex === 0 && b.hasAttribute("tabindex")) || buttons[0];
    bar.querySelectorAll("button").forEach((b) => { b.tabIndex = b === stop ? 0 : -1; });
  }
  bar.addEventListener("focusin", (event) => {
    const button = event.target.closest("button");
    if (button) toolbarStops(button);
  });
  bar.addEventListener("keydown", (event) => {
    const buttons = toolbarButtons();
    const at = buttons.indexOf(event.target);
    if (at < 0) return;
    const to = {
      ArrowRight: at + 1, ArrowDown: at + 1, ArrowLeft: at - 1, ArrowUp: at - 1,
      Home: 0, End: buttons.length - 1,
    }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    const next = buttons[(to + buttons.length) % buttons.length];
    toolbarStops(next);
    next.focus();
  });

  // -- input ----------------------------------------------------------------------------------

  function choose(copy) {
    if (state.phase === "bury" && where(copy) === "hand") {
      marked = marked.includes(copy) ? marked.filter((c) => c !== copy) : marked.concat([copy]);
      render();
      say((marked.includes(copy) ? "Marked " : "Unmarked ") + nameOf(copy) + " for the bury. " + marked.length + " marked.");
      keepFocus(copy);
      return;
    }
    selected = selected === copy ? null : copy;
    render();
    if (selected) say("Selected " + nameOf(copy) + ". Its moves are above the zones.");
    keepFocus(copy);
  }

  root.addEventListener("click", (event) => {
    const card = event.target.closest(".pt-card");
    if (card) { choose(card.dataset.copy); return; }
    const moveButton = event.target.closest("[data-move-to]");
    if (moveButton && selected) { move(selected, moveButton.dataset.moveTo, moveButton.dataset.place); return; }
    const button = event.target.closest("[data-action]");
    if (!button) return;
    const action = button.dataset.action;
    if (action === "draw") draw(1);
    else if (action === "resource-draw") resourceDraw();
    else if (action === "next-turn") nextTurn();
    else if (action === "shuffle") shuffle();
    else if (action === "undo") undo();
    else if (action === "reset") reset();
    else if (action === "help") showKeys();
    else if (action === "bury") bury();
    else if (action === "keep") keep();
    else if (action === "start-game") startFromReserves();
    else if (action === "exhaust" && selected) toggleExhausted(selected);
    else if (action === "damage") {
      const amount = parseInt(button.dataset.amount, 10);
      act(() => {
        state.damage = Math.min(rules.starting_hp, Math.max(0, state.damage + amount));
        return "Goldfish " + (rules.starting_hp - state.damage) + " HP.";
      });
    }
  });

  const libraryToggle = document.getElementById("playtest-show-library");
  libraryToggle.addEventListener("click", () => {
    const list = document.getElementById("zone-library-cards");
    list.hidden = !list.hidden;
    libraryToggle.setAttribute("aria-expanded", String(!list.hidden));
    libraryToggle.textContent = list.hidden ? "Show the deck's cards" : "Hide the deck's cards";
  });

  root.addEventListener("dragstart", (event) => {
    const card = event.target.closest(".pt-card");
    if (!card) return;
    event.dataTransfer.setData("text/plain", card.dataset.copy);
    event.dataTransfer.effectAllowed = "move";
  });
  root.querySelectorAll(".playtest-zone").forEach((zone) => {
    zone.addEventListener("dragover", (event) => { event.preventDefault(); zone.classList.add("drop-target"); });
    zone.addEventListener("dragleave", () => zone.classList.remove("drop-target"));
    zone.addEventListener("drop", (event) => {
      event.preventDefault();
      zone.classList.remove("drop-target");
      const copy = event.dataTransfer.getData("text/plain");
      if (copy && state.copies[copy]) move(copy, zone.dataset.zone, "top");
    });
  });

  const keys = document.getElementById("playtest-keys");
  function showKeys() {
    if (typeof keys.showModal === "function") keys.showModal();
    else keys.setAttribute("open", "");
  }

  document.addEventListener("keydown", (event) => {
    const target = event.target;
    if (target.closest && target.closest("input, select, textarea, [contenteditable]")) return;
    if (target.isContentEditable || keys.open) return;
    if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === "z") {
      event.preventDefault();
      undo();
      return;
    }
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const key = event.key;
    const focusedCard = target.closest && target.closest(".pt-card");
    if (focusedCard && (key === "Enter" || key === " ")) {
      event.preventDefault();
      choose(focusedCard.dataset.copy);
      return;
    }
    // The card with the focus, else the one selected (its moves' buttons may have the focus).
    const card = focusedCard ? focusedCard.dataset.copy : selected;
    const option = MOVES.find((m) => m.key === key && (m.zone !== "reserves" || rules.reserves));
    let handled = true;
    if (key === "d") draw(1);
    else if (key === "n") nextTurn();
    else if (key === "s") shuffle();
    else if (key === "u") undo();
    else if (key === "?") showKeys();
    else if (key === "Escape" && selected) {
      // Its moves' buttons go: the focus goes back to the card itself.
      const was = selected;
      selected = null;
      render(was);
      say("Selection dropped.");
    }
    else if (option && card) move(card, option.zone, option.place);
    else if (key === "e" && card) toggleExhausted(card);
    else handled = false;
    if (handled) event.preventDefault();
  });

  state = newGame();
  render();
})();
