"""Each modeled ability, played in a single game with a stacked deck and loaded dice.

With dice that always show 1, the damage of a turn is the fixed damage plus the number
of dice rolled, so every number below can be worked out by hand.
"""

from decks.goldfish import Options, simulate

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


def test_direct_damage_spell() -> None:
    bolt = spell("Bolt", 0, "Inflict 3 damage to an enemy player.")
    game = stacked(
        deck((2, bolt), (38, ROCK)), ["Bolt", "Rock", "Rock", "Rock", "Rock", "Bolt"], options(3)
    )
    assert game.damage == [3, 6, 6]


def test_damage_to_an_enemy_and_each_enemy_read_alike() -> None:
    texts = ["Inflict 4 damage to an enemy.", "inflict four damage to each enemy player."]
    for text in texts:
        game = stacked(deck((1, spell("Zap", 0, text)), (39, ROCK)), ["Zap"], options(1))
        assert game.damage == [4], text


def test_dice_damage_spell_rolls_its_dice() -> None:
    text = "Roll 3 six-sided dice and inflict damage equal to the total to an enemy player."
    game = stacked(deck((1, spell("Hail", 0, text)), (39, ROCK)), ["Hail"], options(1), face=6)
    assert game.damage == [18]


def test_sp_boost_needs_a_ready_attacker() -> None:
    rally = spell("Rally", 0, "Increase the SP of target minion by 2.")
    the_deck = deck((1, minion("Pup", sp=1)), (2, rally), (37, ROCK))
    # Turn 1: Pup is summoned (exhausted), so the Rallies are kept. Turn 2: Pup attacks
    # with 1 + 2 + 2 SP.
    game = stacked(the_deck, ["Pup", "Rally", "Rally"], options(2))
    assert game.damage == [0, 5]


def test_sword_counters_wait_for_an_attack() -> None:
    whet = spell("Whetstone", 0, "Place 2 Sword Counters on target minion.")
    the_deck = deck((1, minion("Pup", sp=1)), (1, whet), (38, ROCK))
    # Turn 1: the counters go on the exhausted Pup; turn 2 it attacks with 1 + 2 SP;
    # turn 3 the counters are spent.
    game = stacked(the_deck, ["Pup", "Whetstone"], options(3))
    assert game.damage == [0, 3, 4]


def test_sword_counters_without_a_minion_are_not_worth_casting() -> None:
    whet = spell("Whetstone", 0, "Place 1 Sword Counter on target minion.")
    the_deck = deck((1, minion("Pup", sp=1)), (1, whet), (38, ROCK))
    # Whetstone in the opening hand, Pup drawn on turn 2: the counter is placed then.
    top = ["Whetstone", "Rock", "Rock", "Rock", "Rock", "Pup"]
    game = stacked(the_deck, top, options(4))
    assert game.damage == [0, 0, 2, 3]


def test_on_summon_draw_and_damage() -> None:
    drake = minion(
        "Drake", sp=1, text="When this card is summoned: Inflict 2 damage to an enemy player."
    )
    owl = minion("Owl", sp=0, text="When this card is summoned: Draw 1 card.")
    the_deck = deck((2, drake), (1, owl), (37, ROCK))
    # Turn 1: Owl draws the second Drake (6th card), both Drakes enter: 4 damage.
    game = stacked(the_deck, ["Owl", "Drake", "Rock", "Rock", "Rock", "Drake"], options(2))
    assert game.damage == [4, 6]
    assert game.seen["Drake"] == 0


def test_a_minion_uses_its_ability_instead_of_attacking_when_that_is_better() -> None:
    sage = minion("Sage", sp=0, text="SCRIBE: Draw 2 cards.")
    bolt = spell("Bolt", 0, "Inflict 5 damage to an enemy player.")
    the_deck = deck((1, sage), (2, bolt), (37, ROCK))
    top = ["Sage", "Rock", "Rock", "Rock", "Rock", "Rock", "Bolt", "Bolt"]
    game = stacked(the_deck, top, options(3))
    # Turn 2: Sage (ready now) exhausts to draw both Bolts, which are cast at once.
    assert game.damage == [0, 10, 10]


def test_a_minion_attacks_when_its_ability_is_worth_less() -> None:
    smith = minion("Smith", sp=2, text="TEMPER: Place 1 Sword Counter on this card.")
    game = stacked(deck((1, smith), (39, ROCK)), ["Smith"], options(3))
    assert game.damage == [0, 2, 4]


def test_self_sword_counters_are_used_on_a_later_attack() -> None:
    smith = minion("Smith", sp=0, text="TEMPER: Place 2 Sword Counters on this card.")
    the_deck = deck((1, smith), (1, minion("Pup", sp=1)), (38, ROCK))
    # Smith never attacks (SP 0) and places 2 counters each turn from turn 2; they are
    # used by the next attack (Pup's), one turn later.
    game = stacked(the_deck, ["Smith", "Pup"], options(4))
    assert game.damage == [0, 1, 4, 7]


def test_dice_heal_is_a_known_no_op() -> None:
    salve = spell("Salve", 0, "3-dice-heal yourself.")
    result = simulate(deck((40, salve)), Options(games=100, seed=1, max_turns=3))
    assert result["unmodeled_cards"] == []
    assert result["mean_damage_by_turn"]["3"] == 0
    assert result["mean_resources_by_turn"]["3"] == 0  # nothing worth playing, nothing to sow for


def test_silo_puts_the_top_cards_into_the_granary_unseen() -> None:
    harvest = spell("Harvest", 0, "Silo the top 2 cards of your deck.")
    big = minion("Giant", level=3, sp=3)
    the_deck = deck((1, harvest), (1, big), (1, spell("Hidden", 1)), (37, ROCK))
    top = ["Harvest", "Giant", "Rock", "Rock", "Rock", "Hidden", "Rock"]
    game = stacked(the_deck, top, options(3))
    # Turn 1: sow a Rock (the Giant wants 3 resources), cast Harvest: Hidden and a
    # Rock go to the granary (3 resources). Turn 2: the Giant is summoned.
    assert game.resources[0] == 3
    assert game.seen["Hidden"] is None
    assert game.damage == [0, 0, 3]


def test_extra_sow_makes_a_resource_usable_at_once() -> None:
    plant = spell("Planting", 0, "Sow an extra resource this turn.")
    the_deck = deck((1, plant), (1, minion("Knight", level=2, sp=2)), (38, ROCK))
    game = stacked(the_deck, ["Planting", "Knight", "Rock", "Rock", "Rock"], options(2))
    # Turn 1: sow a Rock, cast Planting, sow another Rock: 2 resources for the Knight.
    assert game.resources == [2, 2]
    assert game.damage == [0, 2]


def test_down_level_plays_a_card_a_turn_early() -> None:
    shortcut = spell("Shortcut", 1, "Down-level target card in your hand by 3.")
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


def test_a_minion_boosts_another_attacker_but_not_an_empty_team() -> None:
    drummer = minion("Drummer", sp=0, text="RALLY: Increase the SP of target minion by 3.")
    alone = stacked(deck((1, drummer), (39, ROCK)), ["Drummer"], options(3))
    assert alone.damage == [0, 0, 0]
    the_deck = deck((1, drummer), (1, minion("Pup", sp=1)), (38, ROCK))
    together = stacked(the_deck, ["Drummer", "Pup"], options(3))
    # From turn 2 the Drummer exhausts to give the attacking Pup 3 more SP.
    assert together.damage == [0, 4, 8]


def test_a_one_turn_game_still_reports_every_number() -> None:
    result = simulate(deck((40, minion("Pup", sp=1))), Options(games=10, seed=1, max_turns=1))
    assert result["p_kill_by_turn"] == {"1": 0.0}
    assert result["p_seen_by_turn"]["Pup"] == {"1": 1.0}


def test_biggest_first_wins_when_value_per_resource_wastes_resources() -> None:
    mid = minion("Mid", level=3, sp=4)
    big = minion("Big", level=5, sp=6)
    batch = prepared(deck((1, mid), (1, big), (38, ROCK)), ["Mid", "Big"], options(6))
    batch.granary[:] = 5
    batch.action_phase(1)
    assert batch.new_sp.tolist() == [6] and batch.res.tolist() == [0]
    # With 8 resources both fit, whichever plan is made.
    batch = prepared(deck((1, mid), (1, big), (38, ROCK)), ["Mid", "Big"], options(6))
    batch.granary[:] = 8
    batch.action_phase(1)
    assert batch.new_sp.tolist() == [10]


def test_lethal_burn_is_cast_instead_of_a_bigger_minion() -> None:
    meteor = spell("Meteor", 3, "Inflict 8 damage to an enemy player.")
    giant = minion("Giant", level=3, sp=5)
    batch = prepared(deck((1, meteor), (1, giant), (38, ROCK)), ["Meteor", "Giant"], options(6))
    batch.granary[:] = 3
    batch.action_phase(1)
    assert batch.new_sp.tolist() == [5] and batch.fixed.tolist() == [0]
    batch = prepared(deck((1, meteor), (1, giant), (38, ROCK)), ["Meteor", "Giant"], options(6))
    batch.granary[:] = 3
    batch.damage[:] = 27
    batch.action_phase(1)
    assert batch.new_sp.tolist() == [0] and batch.fixed.tolist() == [8]
