"""Abilities made of the 14th guide's components, played in single games with a stacked deck
and loaded dice.

With dice that always show 1, the damage of a turn is the number of dice rolled, so every
number below can be worked out by hand.
"""

from decks.goldfish import Options, simulate
from decks.goldfish.engine.action_phase import action_phase

from .helpers import deck, minion, prepared, spell, stacked

ROCK = minion("Rock", level=0, sp=0)  # never worth playing, never worth sowing for


def options(turns: int = 6, hp: int = 35, going: str = "first") -> Options:
    return Options(games=1, seed=0, max_turns=turns, bury="none", opponent_hp=hp, going=going)


def test_minions_attack_from_the_turn_after_they_are_summoned() -> None:
    the_deck = deck((3, minion("Pup", sp=2)), (37, ROCK))
    game = stacked(the_deck, ["Pup", "Pup", "Rock", "Rock", "Rock", "Pup"], options(4))
    # Turn 1: two Pups summoned. Turn 2: they attack (4 dice), the third is drawn and
    # summoned. Turns 3 and 4: 6 dice each.
    assert game.damage == [0, 4, 10, 16]


def test_on_summon_text_is_no_component_and_deals_nothing() -> None:
    zapper = minion(
        "Zapper", sp=0, text="When this card is summoned: Inflict 2 damage to an enemy player."
    )
    result = simulate(deck((40, zapper)), Options(games=200, seed=1, max_turns=3, bury="none"))
    assert result.unmodeled_cards == ("Zapper",)
    assert result.mean_damage_by_turn == {"1": 0.0, "2": 0.0, "3": 0.0}


def test_a_minion_ability_waits_until_the_minion_is_ready_and_exhausts_it() -> None:
    sage = minion("Sage", sp=1, text="SCRIBE: Draw 2 cards.")
    giant = minion("Giant", level=0, sp=3)
    the_deck = deck((1, sage), (2, giant), (37, ROCK))
    top = ["Sage", "Rock", "Rock", "Rock", "Rock", "Rock", "Giant", "Giant"]
    game = stacked(the_deck, top, options(3))
    # Turn 1: the Sage is summoned exhausted: no draw. Turn 2: it exhausts to draw both
    # Giants (summoned), so it does not attack. Turn 3, the last: a card drawn is worth
    # nothing, so the Sage attacks with the Giants.
    assert game.seen["Giant"] == 2
    assert game.damage == [0, 0, 7]


def test_a_minion_attacks_when_its_ability_is_worth_less() -> None:
    smith = minion("Smith", sp=2, text="TEMPER: Target this card; place 1 Sword Counter on it.")
    game = stacked(deck((1, smith), (39, ROCK)), ["Smith"], options(3))
    assert game.damage == [0, 2, 4]


def test_own_sword_counters_wait_for_the_minions_next_attack() -> None:
    smith = minion("Smith", sp=0, text="TEMPER: Target this card; place 2 Sword Counters on it.")
    the_deck = deck((1, smith), (1, minion("Pup", sp=1)), (38, ROCK))
    # The Smith places 2 counters each turn from turn 2; the next attack uses them.
    game = stacked(the_deck, ["Smith", "Pup"], options(4))
    assert game.damage == [0, 1, 4, 7]


def test_an_attack_trigger_adds_its_counters_to_that_attack() -> None:
    fury = (
        "FURY: When this card attacks, after Attack Formation (ghost-play): Target this card;"
        " place 2 Sword Counters on it."
    )
    game = stacked(deck((1, minion("Brute", sp=1, text=fury)), (39, ROCK)), ["Brute"], options(3))
    assert game.damage == [0, 3, 6]


def test_sword_counter_spells_need_a_minion_and_go_on_attackers_first() -> None:
    whet = spell("Whetstone", 0, "Target 1 in-play card; place 2 Sword Counters on it.")
    the_deck = deck((1, minion("Pup", sp=1)), (1, whet), (38, ROCK))
    # Whetstone in the opening hand, Pup drawn on turn 2: the counters go on it then (it
    # is exhausted, so they wait for turn 3).
    top = ["Whetstone", "Rock", "Rock", "Rock", "Rock", "Pup"]
    game = stacked(the_deck, top, options(4))
    assert game.damage == [0, 0, 3, 4]


def test_counters_on_each_target_count_each_minion_once() -> None:
    volley = spell(
        "Volley", 0, "Target up to 3 in-play cards; place 1 Sword Counter on each target."
    )
    the_deck = deck((2, minion("Pup", sp=1)), (1, volley), (37, ROCK))
    top = ["Pup", "Pup", "Rock", "Rock", "Rock", "Volley"]
    game = stacked(the_deck, top, options(3))
    # Turn 2: two Pups attack and the Volley places one counter on each: 4 dice.
    assert game.damage == [0, 4, 6]


def test_a_resource_cost_is_paid_only_when_payable() -> None:
    sage = minion("Sage", sp=0, text="SCRIBE: Self-exhaust 2 resources\u2192 Draw 2 cards.")
    the_deck = deck((1, sage), (39, minion("Knight", level=5, sp=1)))
    batch = prepared(the_deck, ["Sage"], options(6))
    batch.action_minions[0] = 1
    batch.granary[:] = 1
    action_phase(batch, 2)
    assert batch.next_card.tolist() == [5]  # one resource: the ability cannot be paid
    batch = prepared(the_deck, ["Sage"], options(6))
    batch.action_minions[0] = 1
    batch.granary[:] = 2
    action_phase(batch, 2)
    assert batch.next_card.tolist() == [7] and batch.unexhausted.tolist() == [0]


def test_a_hand_cost_takes_a_card_from_the_hand() -> None:
    dig = spell("Dig", 0, "Self-destroy 1 random card in your hand\u2192 Draw 3 cards.")
    the_deck = deck((1, dig), (4, ROCK), (35, minion("Pup", level=0, sp=1)))
    batch = prepared(the_deck, ["Dig", "Rock", "Rock", "Rock", "Rock"], options(6))
    action_phase(batch, 2)
    # Dig and a random Rock leave the hand; three Pups are drawn and summoned.
    assert batch.next_card.tolist() == [8]
    assert batch.summoned.tolist() == [3]
    assert int(batch.hand.sum()) == 3


def test_sheathed_cards_come_back_with_the_next_draw() -> None:
    pact = spell("Pact", 0, "Self-sheathe 1 random card in your hand\u2192 Draw 2 cards.")
    the_deck = deck((1, pact), (1, minion("Giant", level=9, sp=9)), (38, ROCK))
    batch = prepared(the_deck, ["Pact", "Giant"], options(6))
    action_phase(batch, 1)
    # A card goes back on top of the deck, so the first of the two draws takes it back:
    # only one card comes from the deck itself.
    assert int(batch.next_card[0]) == 6 and int(batch.sheathed_count[0]) == 0
    assert int(batch.hand.sum()) == 5 - 1 - 1 + 2


def test_dice_heal_does_nothing_and_is_listed() -> None:
    salve = spell("Salve", 3, "3-dice-heal yourself.")
    result = simulate(deck((40, salve)), Options(games=100, seed=1, max_turns=3))
    assert result.unmodeled_cards == ()
    assert result.ignored_effects["Salve"][0].component == "effect.x-dice-heal-yourself"
    assert result.mean_damage_by_turn["3"] == 0


def test_silo_puts_the_top_cards_into_the_granary_unseen() -> None:
    harvest = spell("Harvest", 0, "Target up to 2 cards on the top of any deck; silo the targets.")
    big = minion("Giant", level=3, sp=3)
    the_deck = deck((1, harvest), (1, big), (1, spell("Hidden", 1)), (37, ROCK))
    top = ["Harvest", "Giant", "Rock", "Rock", "Rock", "Hidden", "Rock"]
    game = stacked(the_deck, top, options(3))
    # Turn 1: sow a Rock (the Giant wants 3 resources), cast Harvest: Hidden and a
    # Rock go to the granary (3 resources). Turn 2: the Giant is summoned.
    assert game.resources[0] == 3
    assert game.seen["Hidden"] is None
    assert game.damage == [0, 0, 3]


def test_down_level_plays_a_card_a_turn_early() -> None:
    shortcut = spell("Shortcut", 1, "Target 1 card in your hand; down-level it by 3.")
    the_deck = deck((1, shortcut), (1, minion("Giant", level=4, sp=4)), (38, ROCK))
    game = stacked(the_deck, ["Shortcut", "Giant", "Rock", "Rock", "Rock"], options(4))
    # Granary: 1, 2, 3 ... On turn 2 (2 resources) Shortcut (1) + Giant (4 - 3 = 1).
    assert game.damage == [0, 0, 4, 8]


def test_card_draw_ends_the_game_only_when_forced() -> None:
    # Twelve differently named free "Draw 1 card." spells: the player draws all but one
    # card on turn 1 (keeping one for the next Draw Phase), draws the last on turn 2 and
    # must draw from an empty deck on turn 3.
    the_deck = deck(*((1, spell(f"Page {i:02}", 0, "Draw 1 card.")) for i in range(12)))
    game = stacked(the_deck, [], options(5))
    assert sorted(t for t in game.seen.values() if t is not None) == [0] * 5 + [1] * 6 + [2]
    assert game.decked and game.kill_turn is None


def test_a_one_turn_game_still_reports_every_number() -> None:
    result = simulate(deck((40, minion("Pup", sp=1))), Options(games=10, seed=1, max_turns=1))
    assert result.p_kill_by_turn == {"1": 0.0}
    assert result.p_seen_by_turn["Pup"] == {"1": 1.0}


def test_biggest_first_wins_when_value_per_resource_wastes_resources() -> None:
    mid = minion("Mid", level=3, sp=4)
    big = minion("Big", level=5, sp=6)
    batch = prepared(deck((1, mid), (1, big), (38, ROCK)), ["Mid", "Big"], options(6))
    batch.granary[:] = 5
    action_phase(batch, 1)
    assert batch.summoned_sp.tolist() == [6] and batch.unexhausted.tolist() == [0]
    # With 8 resources both fit, whichever plan is made.
    batch = prepared(deck((1, mid), (1, big), (38, ROCK)), ["Mid", "Big"], options(6))
    batch.granary[:] = 8
    action_phase(batch, 1)
    assert batch.summoned_sp.tolist() == [10]
