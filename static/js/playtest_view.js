// Drawing the playtest board: the zones, the opening's prompt and the selected card's moves,
// from the game that static/js/playtest.js keeps (passed in as `game`, read afresh each time).
window.PlaytestView = function (game) {
  "use strict";

  const { data, root, rules, faces, ZONES, MOVES, TAPPABLE, describe, where } = game;
  const nameOf = game.nameOf;

  function cardButton(copy, zone) {
    const card = faces[game.state.copies[copy]];
    const item = document.createElement("li");
    // A focusable element with the role of a button, not a <button>: browsers start no drag
    // from a form control.
    const button = document.createElement("div");
    button.setAttribute("role", "button");
    button.tabIndex = 0;
    button.className = "pt-card" + (card.withheld ? " withheld" : "");
    button.dataset.copy = copy;
    button.draggable = true;
    const tapped = game.state.exhausted.includes(copy);
    if (tapped) button.classList.add("exhausted");
    const buryMark = game.state.phase === "bury" && zone === "hand";
    if (buryMark) {
      button.setAttribute("aria-pressed", game.marked.includes(copy) ? "true" : "false");
      if (game.marked.includes(copy)) button.classList.add("marked");
    } else {
      button.setAttribute("aria-pressed", game.selected === copy ? "true" : "false");
      if (game.selected === copy) button.classList.add("selected");
    }
    const image = document.createElement("img");
    image.src = card.image;
    image.alt = "";
    image.width = 150;
    image.height = 210;
    image.loading = "lazy";
    image.draggable = false;
    image.decoding = "async";
    const name = document.createElement("span");
    name.className = "pt-card-name";
    name.textContent = card.name;
    // The name is given whole: a hidden span beside the visible name is joined to it with a
    // space by the browser ("Audit Knight , minion").
    button.setAttribute("aria-label", describe(copy) + (tapped ? ". Exhausted." : ""));
    button.append(image, name);
    item.append(button);
    return item;
  }

  function render() {
    ZONES.forEach((zone) => {
      const list = document.getElementById("zone-" + zone + "-cards");
      const count = document.getElementById("zone-" + zone + "-count");
      count.textContent = "(" + game.state.zones[zone].length + ")";
      list.replaceChildren(...game.state.zones[zone].map((copy) => cardButton(copy, zone)));
    });
    const turn = document.getElementById("playtest-turn");
    turn.textContent = game.state.phase === "play" ? "Turn " + game.state.turn : game.state.phase === "bury" ? "Opening hand" : "Setting reserves aside";
    const left = Math.max(0, rules.starting_hp - game.state.damage);
    document.getElementById("playtest-hp").textContent = "Goldfish " + left + " of " + rules.starting_hp + " HP" + (game.state.swords ? " · " + game.state.swords + " Sword Counters on your minions" : "");
    document.getElementById("playtest-undo").disabled = !game.history.length;
    const resourceButton = document.getElementById("playtest-resource-draw");
    resourceButton.hidden = !rules.resource_draws || game.state.phase !== "play";
    resourceButton.disabled = game.state.resourceDrawn;
    renderPrompt();
    renderSelection();
    root.dataset.ready = "true";
    root.dataset.phase = game.state.phase;
  }

  function renderPrompt() {
    const prompt = document.getElementById("playtest-prompt");
    prompt.replaceChildren();
    let text = "";
    const buttons = [];
    if (game.state.phase === "reserves") {
      text = "Set " + rules.reserves + " cards aside as reserves: show the deck's cards, select one and press Reserves (r), or drag it there. " + game.state.zones.reserves.length + " of " + rules.reserves + " set aside.";
      buttons.push(["Shuffle and draw " + rules.opening_hand, "start-game", "primary"]);
    } else if (game.state.phase === "bury") {
      text = "Once, you may bury any cards of your opening hand (they go to the bottom of the deck, in the order you mark them) and draw as many. Press the cards to mark them.";
      buttons.push([game.marked.length ? "Bury " + game.marked.length + " and draw " + game.marked.length : "Bury the marked cards", "bury", "primary"]);
      buttons.push(["Keep this hand", "keep", ""]);
    } else if (data.state && game.history.length === 0) {
      text = data.state.note || "";
    }
    prompt.hidden = !text;
    if (!text) return;
    const paragraph = document.createElement("p");
    paragraph.textContent = text;
    prompt.append(paragraph);
    buttons.forEach(([label, action, kind]) => {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "button " + kind;
      button.dataset.action = action;
      button.id = "playtest-" + action;
      button.textContent = label;
      if (action === "bury") button.disabled = !game.marked.length;
      prompt.append(button);
    });
  }

  function renderSelection() {
    const panel = document.getElementById("playtest-selected");
    if (!game.selected || !where(game.selected)) { panel.hidden = true; return; }
    const zone = where(game.selected);
    panel.hidden = false;
    document.getElementById("playtest-selected-name").textContent = "Selected: " + nameOf(game.selected) + " (" + rules.zones[zone] + "). Move it to:";
    const moves = document.getElementById("playtest-moves");
    moves.replaceChildren();
    MOVES.forEach((option) => {
      if (option.zone === "reserves" && !rules.reserves) return;
      if (option.zone === zone && zone !== "library") return;
      const button = document.createElement("button");
      button.type = "button";
      button.className = "button small";
      button.dataset.moveTo = option.zone;
      if (option.place) button.dataset.place = option.place;
      button.setAttribute("aria-keyshortcuts", option.key);
      button.textContent = option.label.charAt(0).toUpperCase() + option.label.slice(1) + " ";
      const key = document.createElement("kbd");
      key.textContent = option.key;
      button.append(key);
      if (option.zone === "field" && faces[game.state.copies[game.selected]].withheld) button.disabled = true;
      moves.append(button);
    });
    if (TAPPABLE.has(zone)) {
      const tap = document.createElement("button");
      tap.type = "button";
      tap.className = "button small";
      tap.dataset.action = "exhaust";
      tap.setAttribute("aria-keyshortcuts", "e");
      tap.textContent = (game.state.exhausted.includes(game.selected) ? "Unexhaust " : "Exhaust ");
      const key = document.createElement("kbd");
      key.textContent = "e";
      tap.append(key);
      moves.append(tap);
    }
  }

  return { render };
};
