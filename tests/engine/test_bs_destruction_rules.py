"""Battle Spirits Saga rules about who selects, what counts as destroyed and what a destruction
sets off, each on a board whose abilities are built as AST nodes (invented cards)."""

from __future__ import annotations

from dataclasses import replace

from bs_helpers import act, magic, make, play, spirit

from judge.text.ast import (
    Ability,
    AbilityKind,
    Condition,
    Conditional,
    Cost,
    Destroy,
    Discard,
    Draw,
    Duration,
    Gain,
    Keyword,
    Move,
    MoveCores,
    Optional,
    Player,
    Restriction,
    Selector,
    SetState,
    Span,
    Threshold,
)

OPP_SPIRIT = Selector(count=1, owner=Player.OPPONENT, card_types=("spirit",))


def _hex_board(effects: tuple) -> object:
    return make("bss", {"hex": magic("Hex"), "p": spirit("P")},
                {"A": {"reserve": 3, "hand": ["hex"]},
                 "B": {"field": [{"id": "b1", "card": "p", "cores": 1}, {"id": "b2", "card": "p", "cores": 2}]}},
                abilities={"hex": (Ability(kind=AbilityKind.MAGIC, timing="main", effects=effects),)})   # told apart


def test_bss_8_5_3_the_opponent_selects_when_the_effect_says_so() -> None:
    """"Your opponent selects one of their spirits": the pending decision is the opponent's."""
    state = _hex_board((Destroy(target=replace(OPP_SPIRIT, chooser=Player.OPPONENT)),))
    r = act(state, {"player": "A", "magic": "hex"})
    assert r.request is not None and r.request.player == "B" and set(r.request.options) == {"b1", "b2"}
    done = act(r.state, {"player": "B", "choose": ["b1"]})
    assert done.ok and done.state.zone_of("b1") == "trash" and done.state.zone_of("b2") == "field"


def test_bss_8_5_3_without_a_chooser_the_effects_controller_selects() -> None:
    r = act(_hex_board((Destroy(target=OPP_SPIRIT),)), {"player": "A", "magic": "hex"})
    assert r.request is not None and r.request.player == "A"


# -- "when one of your spirits is destroyed, return it from your trash to your hand" ----------------

MINE = Selector(count=1, owner=Player.YOU, card_types=("spirit",))
DESTROYED = Condition(kind="event", text="", event="destroyed", selector=MINE)


def _watcher(*, timing: str = "during_opponents_turn", qualifiers: tuple[str, ...] = ()) -> Ability:
    return Ability(kind=AbilityKind.TRIGGERED, timing=timing,
                   condition=replace(DESTROYED, qualifiers=qualifiers),
                   effects=(Move(target=replace(MINE, span=Span(1, 2)), dest="hand"),))


def _wipe_board(*, watcher: Ability, mine: int = 1) -> object:
    field = [{"id": "n1", "card": "ark", "cores": 0}]
    # different cards: which of them the controller picks changes the board
    field += [{"id": f"a{i}", "card": "pq"[(i - 1) % 2], "cores": 1} for i in range(1, mine + 1)]
    return make("bss", {"wipe": magic("Wipe"), "p": spirit("P"), "q": spirit("Q"), "ark": {**spirit("Ark"), "type": "nexus",
                                                                        "levels": {1: {"cores": 0, "bp": 0}}}},
                {"A": {"field": field, "deck": 5},
                 "B": {"reserve": 3, "hand": ["wipe"], "deck": 5}},
                player="B", abilities={"wipe": (Ability(kind=AbilityKind.MAGIC, timing="main", effects=(
                    Destroy(target=Selector(count=None, owner=Player.OPPONENT, card_types=("spirit",))),)),),
                    "ark": (watcher,)})


def test_bss_8_10_1_it_is_the_destroyed_card_found_in_the_trash_not_a_new_selection() -> None:
    r = act(_wipe_board(watcher=_watcher()), {"player": "B", "magic": "wipe"})
    assert r.ok and r.state.zone_of("a1") == "hand"
    assert "10-15-1" in r.cites        # a trigger on a destruction is a "When Destroyed" effect


def test_bss_8_5_3_two_destroyed_at_once_the_controller_picks_which_it_is() -> None:
    r = act(_wipe_board(watcher=_watcher(), mine=2), {"player": "B", "magic": "wipe"})
    assert r.request is not None and r.request.player == "A" and set(r.request.options) == {"a1", "a2"}
    done = act(r.state, {"player": "A", "choose": ["a2"]})
    assert done.ok and done.state.zone_of("a2") == "hand" and done.state.zone_of("a1") == "trash"


def test_bss_8_10_1_a_watcher_destroyed_by_the_same_event_still_sees_it() -> None:
    """The watching card is destroyed together with the others: its window is read as it last was."""
    w = _watcher(timing="during_opponents_turn")
    state = make("bss", {"wipe": magic("Wipe"), "p": spirit("P")},
                 {"A": {"field": [{"id": "a1", "card": "p", "cores": 1}], "deck": 5},
                  "B": {"reserve": 3, "hand": ["wipe"], "deck": 5}},
                 player="B", abilities={"wipe": (Ability(kind=AbilityKind.MAGIC, timing="main", effects=(
                     Destroy(target=Selector(count=None, owner=Player.OPPONENT, card_types=("spirit",))),)),),
                     "p": (w,)})
    r = act(state, {"player": "B", "magic": "wipe"})
    assert r.ok and r.state.zone_of("a1") == "hand"


def test_bss_the_first_time_each_turn_answers_to_one_destruction_only() -> None:
    zap = Ability(kind=AbilityKind.MAGIC, timing="main", effects=(Destroy(target=OPP_SPIRIT),))
    state = make("bss", {"zap": magic("Zap"), "p": spirit("P"), "q": spirit("Q")},
                 {"A": {"field": [{"id": "a1", "card": "p", "cores": 1}, {"id": "a2", "card": "q", "cores": 1}],
                        "deck": 5},
                  "B": {"reserve": 6, "hand": ["zap", "zap"], "deck": 5}},
                 player="B", abilities={"zap": (zap,), "q": (_watcher(qualifiers=("first_each_turn",)),)})
    first = act(state, {"player": "B", "magic": "zap", "targets": ["a1"]})
    assert first.ok and first.state.zone_of("a1") == "hand"
    second = act(first.state, {"player": "B", "magic": "zap", "targets": ["a2"]})
    assert second.ok and second.state.zone_of("a2") == "trash"


# -- "when a core is placed into your reserve" --------------------------------------------------------

CORE_PLACED = Condition(kind="event", text="", event="core_placed", player=Player.YOU, zone="reserve",
                        object=Selector(count=1, unit="core"))


def _core_watcher_board(*, timing: str, mine: int = 1) -> object:
    watcher = Ability(kind=AbilityKind.TRIGGERED, timing=timing, condition=CORE_PLACED,
                      effects=(Draw(count=1),))
    field = [{"id": f"a{i}", "card": "p", "cores": 1} for i in range(1, mine + 1)]
    return make("bss", {"wipe": magic("Wipe"), "p": spirit("P"), "w": spirit("W")},
                {"A": {"field": [{"id": "w1", "card": "w", "cores": 1}, *field], "deck": 5},
                 "B": {"reserve": 3, "hand": ["wipe"], "deck": 5}},
                player="B", abilities={"wipe": (Ability(kind=AbilityKind.MAGIC, timing="main", effects=(
                    Destroy(target=Selector(count=None, owner=Player.OPPONENT, card_types=("spirit",),
                                            other=False, name="P")),)),), "w": (watcher,)})


def test_bss_10_1_3_4_cores_of_spirits_destroyed_together_arrive_as_one_event() -> None:
    r = act(_core_watcher_board(timing="during_opponents_turn", mine=2), {"player": "B", "magic": "wipe"})
    assert r.ok and r.state.players["A"].reserve == 2
    assert len(r.state.players["A"].hand) == 1        # the watcher activated once, not once per spirit


def test_bss_cores_placed_outside_the_watchers_window_set_nothing_off() -> None:
    r = act(_core_watcher_board(timing="during_your_turn"), {"player": "B", "magic": "wipe"})
    assert r.ok and r.state.players["A"].reserve == 1 and len(r.state.players["A"].hand) == 0


def test_bss_7_1_5_3_1_life_cores_reaching_the_reserve_are_placed_there() -> None:
    watcher = Ability(kind=AbilityKind.TRIGGERED, timing="during_opponents_turn", condition=CORE_PLACED,
                      effects=(Draw(count=1),))
    state = make("bss", {"x": spirit("X"), "w": spirit("W")},
                 {"A": {"field": [{"id": "w1", "card": "w", "cores": 1}], "deck": 5},
                  "B": {"field": [{"id": "b1", "card": "x", "cores": 1}], "deck": 5}},
                 player="B", step="attack", abilities={"w": (watcher,)})
    state, _ = play(state, {"player": "B", "attack": "b1"}, {"player": "A", "no_block": True})
    assert state.players["A"].life == 4 and len(state.players["A"].hand) == 1


# -- "'When Destroyed' effects … are not triggered" (1-3-3, 10-15-1) ----------------------------------

WHEN_DESTROYED = Selector(count=None, unit="effect", effect="when_destroyed")
DRAW_ON_DEATH = Ability(kind=AbilityKind.TRIGGERED, timing="when_destroyed", effects=(Draw(count=1),))


def _bar_board(*, keep: Ability | None = None, wipe_effects: tuple = ()) -> object:
    wipe = Ability(kind=AbilityKind.MAGIC, timing="main", effects=wipe_effects or (
        Destroy(target=Selector(count=None, owner=Player.OPPONENT, card_types=("spirit",))),))
    b_field = [{"id": "k1", "card": "keep", "cores": 1}] if keep else []
    return make("bss", {"wipe": magic("Wipe"), "p": spirit("P"), "keep": spirit("Keep")},
                {"A": {"field": [{"id": "a1", "card": "p", "cores": 1}], "deck": 5},
                 "B": {"reserve": 3, "hand": ["wipe"], "deck": 5, "field": b_field}},
                player="B", abilities={"wipe": (wipe,), "p": (DRAW_ON_DEATH,),
                                       **({"keep": (keep,)} if keep else {})})


def test_bss_10_15_1_a_destroyed_spirits_own_effect_activates_without_a_bar() -> None:
    r = act(_bar_board(), {"player": "B", "magic": "wipe"})
    assert r.ok and len(r.state.players["A"].hand) == 1


def test_bss_1_3_3_a_constant_bar_stops_when_destroyed_effects_on_the_opponents_spirits() -> None:
    bar = Restriction(mode="cannot", action="activate", duration=Duration.PERMANENT, object=WHEN_DESTROYED,
                      target=Selector(count=None, owner=Player.OPPONENT, card_types=("spirit",)))
    r = act(_bar_board(keep=Ability(kind=AbilityKind.CONSTANT, effects=(bar,))), {"player": "B", "magic": "wipe"})
    assert r.ok and r.state.zone_of("a1") == "trash" and len(r.state.players["A"].hand) == 0
    assert "1-3-3" in r.cites


def test_bss_1_3_3_not_triggered_by_this_effect_covers_the_destruction_it_performs() -> None:
    bar = Restriction(mode="cannot", action="activate", duration=Duration.PERMANENT, object=WHEN_DESTROYED,
                      player=Player.OPPONENT, by=Selector(count=None, unit="effect", effect="this"))
    wipe = (Destroy(target=Selector(count=None, owner=Player.OPPONENT, card_types=("spirit",))), bar)
    r = act(_bar_board(wipe_effects=wipe), {"player": "B", "magic": "wipe"})
    assert r.ok and r.state.zone_of("a1") == "trash" and len(r.state.players["A"].hand) == 0
    assert not any("not modelled" in s.text for s in r.steps)


# -- "select one of theirs. Then, select one of yours. Destroy both." (10-1-3) -------------------------

def _both_board(span_b: Span) -> object:
    mine = Selector(count=1, owner=Player.YOU, card_types=("spirit",))
    balance = Ability(kind=AbilityKind.MAGIC, timing="main", effects=(
        Destroy(target=replace(OPP_SPIRIT, chooser=Player.OPPONENT), span=Span(40, 60)),
        Destroy(target=mine, span=span_b)))
    return make("bss", {"bal": magic("Balance"), "p": spirit("P")},
                {"A": {"reserve": 3, "hand": ["bal"], "deck": 5, "field": [{"id": "a1", "card": "p", "cores": 1}]},
                 "B": {"deck": 5, "field": [{"id": "b1", "card": "p", "cores": 1}]}},
                abilities={"bal": (balance,), "p": (DRAW_ON_DEATH,)})


def test_bss_10_1_3_one_destroy_directive_over_two_selections_destroys_them_together() -> None:
    r = act(_both_board(Span(40, 60)), {"player": "A", "magic": "bal"})
    # their When Destroyed effects wait together, for the turn player's order (8-5-2-4); each draws for
    # its own controller, so every order ends alike and the order is taken unasked
    order = [s.decision for s in r.steps if s.decision is not None and s.decision.kind == "order"]
    assert r.ok and len(order) == 1 and set(order[0].options) == {"a1", "b1"} and "8-5-2-4" in order[0].cites


def test_bss_two_destroy_directives_destroy_one_after_the_other() -> None:
    r = act(_both_board(Span(70, 90)), {"player": "A", "magic": "bal"})
    assert r.ok and r.state.zone_of("a1") == "trash" and r.state.zone_of("b1") == "trash"


def test_bss_10_1_3_4_the_destroyed_spirits_cores_are_found_in_the_reserve() -> None:
    """"Place all of the destroyed spirit's cores onto one of your spirits": only that spirit's cores."""
    two = Selector(count=1, owner=Player.YOU, card_types=("spirit",), name="Big")
    move = MoveCores(count=None, source="spirit", dest="spirit", source_target=replace(two, span=Span(5, 9)),
                     dest_target=Selector(count=1, owner=Player.YOU, card_types=("spirit",), name="Keeper"))
    watcher = Ability(kind=AbilityKind.TRIGGERED, timing="during_opponents_turn",
                      condition=replace(DESTROYED, selector=two), effects=(move,))
    state = make("bss", {"wipe": magic("Wipe"), "big": spirit("Big", color="blue"), "small": spirit("Small", color="blue"),
                         "keeper": spirit("Keeper")},
                 {"A": {"deck": 5, "field": [{"id": "k1", "card": "keeper", "cores": 1},
                                             {"id": "a1", "card": "big", "cores": 3},
                                             {"id": "a2", "card": "small", "cores": 2}]},
                  "B": {"reserve": 3, "hand": ["wipe"], "deck": 5}},
                 player="B", abilities={"keeper": (watcher,), "wipe": (Ability(kind=AbilityKind.MAGIC, timing="main",
                     effects=(Destroy(target=Selector(count=2, owner=Player.OPPONENT, card_types=("spirit",),
                                                      colors=("blue",))),)),)})
    r = act(state, {"player": "B", "magic": "wipe", "targets": [["a1", "a2"]]})
    assert r.ok, r.request or r.refused
    fc = r.state.field_card("k1")
    assert fc is not None and fc.cores == 4 and r.state.players["A"].reserve == 2


# -- "place any number of cores onto them from your reserve" (8-5-3-2, 8-5-6) -------------------------

def _spread_board() -> object:
    spread = MoveCores(count=None, source="reserve", dest="spirit", up_to=True,
                       dest_target=Selector(count=2, up_to=True, owner=Player.YOU, card_types=("spirit",)))
    return make("bss", {"gift": magic("Gift"), "p": spirit("P")},
                {"A": {"reserve": 6, "hand": ["gift"], "field": [{"id": "a1", "card": "p", "cores": 1},
                                                                  {"id": "a2", "card": "p", "cores": 1}]}, "B": {}},
                abilities={"gift": (Ability(kind=AbilityKind.MAGIC, timing="main", effects=(spread,)),)})


def test_bss_8_5_6_the_mover_says_how_many_cores_go_on_each_spirit() -> None:
    r = act(_spread_board(), {"player": "A", "magic": "gift", "targets": [["a1", "a2"]]})
    assert r.request is not None and r.request.kind == "cores" and r.request.player == "A"
    done = act(r.state, {"player": "A", "choose": {"a1": 1, "a2": 2}})
    assert done.ok and done.state.field_card("a1").cores == 2 and done.state.field_card("a2").cores == 3
    assert done.state.players["A"].reserve == 1 and done.state.players["A"].soul_core == "reserve"


def test_bss_8_5_6_more_cores_than_the_reserve_holds_is_refused() -> None:
    r = act(_spread_board(), {"player": "A", "magic": "gift", "targets": [["a1", "a2"]]})
    bad = act(r.state, {"player": "A", "choose": {"a1": 3, "a2": 2}})
    assert bad.refused is not None


# -- "a spirit with 【Curse】 in your trash" (10-13-2) ------------------------------------------------

def test_bss_10_13_2_off_the_field_a_printed_keyword_counts_at_any_level_a_granted_one_does_not() -> None:
    take = Move(target=Selector(count=1, owner=Player.YOU, card_types=("spirit",), with_keyword="Curse",
                                zone="trash"), dest="hand")
    printed = Ability(kind=AbilityKind.KEYWORD, keyword=Keyword("Curse"), levels=(2,))
    granted = Ability(kind=AbilityKind.CONSTANT, effects=(
        Gain(target=Selector(count=1, self_ref=True), keyword=Keyword("Curse"), duration=Duration.PERMANENT),))
    state = make("bss", {"fetch": magic("Fetch"), "p": spirit("P"), "g": spirit("G")},
                 {"A": {"reserve": 3, "hand": ["fetch"], "trash": ["p", "g"]}, "B": {}},
                 abilities={"fetch": (Ability(kind=AbilityKind.MAGIC, timing="main", effects=(take,)),),
                            "p": (printed,), "g": (granted,)})
    r = act(state, {"player": "A", "magic": "fetch"})
    assert r.ok and r.state.zone_of("p") == "hand" and r.state.zone_of("g") == "trash"
    assert "10-13-2" in r.cites


# -- "once per turn, when one of your spirits would be destroyed, you may discard a card to return it
#    to your hand instead" (8-9, 10-1-3-2) -----------------------------------------------------------

def _swamp_board(hand: list[str]) -> object:
    would = Condition(kind="would", text="", event="destroyed", selector=MINE)
    instead = Conditional(condition=Condition(kind="substitution", text=""), instead=True, effects=(
        Optional(effects=(Move(target=replace(MINE, span=Span(3, 4)), dest="hand"),),
                 cost=Cost(effects=(Discard(count=1),))),))
    swamp = Ability(kind=AbilityKind.TRIGGERED, timing="event", condition=would, effects=(instead,),
                    restrictions=("once_per_turn",))
    zap = Ability(kind=AbilityKind.MAGIC, timing="main", effects=(Destroy(target=OPP_SPIRIT),))
    return make("bss", {"zap": magic("Zap"), "p": spirit("P"), "n": {**spirit("Swamp"), "type": "nexus",
                                                                      "levels": {1: {"cores": 0, "bp": 0}}}},
                {"A": {"hand": hand, "deck": 5, "field": [{"id": "n1", "card": "n", "cores": 0},
                                                           {"id": "a1", "card": "p", "cores": 1},
                                                           {"id": "a2", "card": "p", "cores": 1}]},
                 "B": {"reserve": 6, "hand": ["zap", "zap"], "deck": 5}},
                player="B", abilities={"zap": (zap,), "n": (swamp,)})


def test_bss_10_1_3_2_the_substitution_returns_the_card_that_would_be_destroyed_once_per_turn() -> None:
    r = act(_swamp_board(["p"]), {"player": "B", "magic": "zap", "targets": ["a2"]})
    assert r.request is not None and r.request.player == "A"        # "you may": A decides
    used = act(r.state, {"player": "A", "choose": "yes"})
    assert used.ok and used.state.zone_of("a2") == "hand" and used.state.zone_of("a1") == "field"
    assert "10-1-3-2" in used.cites
    again = act(used.state, {"player": "B", "magic": "zap", "targets": ["a1"]})
    assert again.ok and again.state.zone_of("a1") == "trash"        # [Once per turn]: not again


def test_bss_8_4_2_3_a_substitution_whose_cost_cannot_be_paid_is_not_offered() -> None:
    r = act(_swamp_board([]), {"player": "B", "magic": "zap", "targets": ["a2"]})
    assert r.ok and r.state.zone_of("a2") == "trash"


# -- soul cores: "one of your opponent's spirits with a Soul Core on it" ------------------------------

def test_bss_a_spirit_with_a_soul_core_is_told_apart_from_one_without() -> None:
    soul = Selector(count=1, owner=Player.OPPONENT, card_types=("spirit",),
                    thresholds=(Threshold(stat="soul_cores", op=">=", value=1),))
    state = make("bss", {"zap": magic("Zap"), "p": spirit("P")},
                 {"A": {"reserve": 3, "hand": ["zap"]},
                  "B": {"soul_core": "b2", "field": [{"id": "b1", "card": "p", "cores": 1},
                                                     {"id": "b2", "card": "p", "cores": 1}]}},
                 abilities={"zap": (Ability(kind=AbilityKind.MAGIC, timing="main", effects=(Destroy(target=soul),)),)})
    r = act(state, {"player": "A", "magic": "zap"})
    assert r.ok and r.state.zone_of("b2") == "trash" and r.state.zone_of("b1") == "field"


def test_bss_8_10_1_it_on_the_field_is_the_spirit_the_watched_event_happened_to() -> None:
    """"When one of your spirits attacks, it is refreshed": the attacker, not a spirit to select."""
    attacks = Condition(kind="event", text="", event="attacks", selector=MINE)
    watcher = Ability(kind=AbilityKind.TRIGGERED, timing="during_your_attack_step", condition=attacks,
                      effects=(SetState(target=replace(MINE, span=Span(8, 9)), state="refreshed"),))
    state = make("bss", {"p": spirit("P"), "n": {**spirit("Post"), "type": "nexus",
                                                  "levels": {1: {"cores": 0, "bp": 0}}}},
                 {"A": {"field": [{"id": "n1", "card": "n", "cores": 0}, {"id": "a1", "card": "p", "cores": 1},
                                  {"id": "a2", "card": "p", "cores": 1, "state": "exhausted"}]}, "B": {}},
                 step="attack", abilities={"n": (watcher,)})
    r = act(state, {"player": "A", "attack": "a1"})
    assert r.ok and r.request is None
    assert r.state.field_card("a1").orientation.value == "refreshed"
    assert r.state.field_card("a2").orientation.value == "exhausted"


def test_bss_10_13_1_a_keyword_printed_from_lv2_does_not_count_at_lv1() -> None:
    unblockable = Restriction(mode="cannot", action="be_blocked", duration=Duration.PERMANENT,
                              target=Selector(count=None, owner=Player.YOU, card_types=("spirit",),
                                              with_keyword="Curse"))
    curse_at_2 = Ability(kind=AbilityKind.KEYWORD, keyword=Keyword("Curse"), levels=(2,))
    levels = {1: {"cores": 1, "bp": 1000}, 2: {"cores": 3, "bp": 4000}}
    state = make("bss", {"s": spirit("S", levels=levels), "g": spirit("G"),
                         "n": {**spirit("Valley"), "type": "nexus", "levels": {1: {"cores": 0, "bp": 0}}}},
                 {"A": {"field": [{"id": "n1", "card": "n", "cores": 0}, {"id": "a1", "card": "s", "cores": 1}]},
                  "B": {"field": [{"id": "b1", "card": "g", "cores": 1}]}},
                 step="attack", abilities={"n": (Ability(kind=AbilityKind.CONSTANT, effects=(unblockable,)),),
                                           "s": (curse_at_2,)})
    state, rulings = play(state, {"player": "A", "attack": "a1"}, {"player": "B", "block": "b1"})
    assert rulings[1].refused is None and any("10-13-1" in r.cites for r in rulings)


def test_bss_a_core_placed_onto_this_spirit_while_it_attacks_is_watched() -> None:
    onto_me = Condition(kind="event", text="", event="core_placed", selector=Selector(count=1, self_ref=True),
                        object=Selector(count=1, unit="core"))
    watcher = Ability(kind=AbilityKind.TRIGGERED, timing="while_attacks", condition=onto_me,
                      effects=(Draw(count=1),))
    feed = Ability(kind=AbilityKind.TRIGGERED, timing="when_attacks", effects=(
        MoveCores(count=1, source="void", dest="spirit", dest_target=Selector(count=1, self_ref=True)),))
    state = make("bss", {"s": spirit("S")}, {"A": {"deck": 5, "field": [{"id": "a1", "card": "s", "cores": 1}]},
                                             "B": {}}, step="attack", abilities={"s": (feed, watcher)})
    r = act(state, {"player": "A", "attack": "a1"})
    assert r.ok and r.state.field_card("a1").cores == 2 and len(r.state.players["A"].hand) == 1


def _life_watch_board(*, soul: bool) -> object:
    has_soul = Condition(kind="is", text="", selector=Selector(count=1, self_ref=True),
                         object=Selector(count=None, thresholds=(Threshold(stat="soul_cores", op=">=", value=1),)))
    to_their_life = Condition(kind="event", text="", event="core_placed", player=Player.OPPONENT, zone="life",
                              object=Selector(count=1, unit="core"))
    watcher = Ability(kind=AbilityKind.CONSTANT, effects=(Conditional(condition=has_soul, effects=(
        Conditional(condition=to_their_life, effects=(
            SetState(target=Selector(count=1, self_ref=True), state="refreshed"),)),)),))
    gift = Ability(kind=AbilityKind.MAGIC, timing="main", effects=(
        MoveCores(count=1, source="void", dest="opponent_life"),))
    field = [{"id": "a1", "card": "s", "cores": 1, "state": "exhausted", **({"soul_core": True} if soul else {})}]
    return make("bss", {"s": spirit("S"), "gift": magic("Gift")},
                {"A": {"reserve": 3, "hand": ["gift"], "field": field}, "B": {"life": 3}},
                abilities={"s": (watcher,), "gift": (gift,)})


def test_bss_a_trigger_inside_a_condition_is_watched_while_the_condition_holds() -> None:
    r = act(_life_watch_board(soul=True), {"player": "A", "magic": "gift"})
    assert r.ok and r.state.players["B"].life == 4
    assert r.state.field_card("a1").orientation.value == "refreshed"
    r = act(_life_watch_board(soul=False), {"player": "A", "magic": "gift"})
    assert r.ok and r.state.field_card("a1").orientation.value == "exhausted"
