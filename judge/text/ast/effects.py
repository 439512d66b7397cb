"""The AST's effect directives, first part: the Effect base and the directives both games print
(destroy / break, draw, discard, move, deal damage, gain, restrictions) with the structural ones
(if, then, you may). The rest, mostly one game's, are in `ast_effects_more`. Part of `judge.text.ast`, which re-exports every name."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from judge.text.ast.base import Duration, Player

if TYPE_CHECKING:  # annotations only: the node modules refer to each other's classes
    from judge.text.ast import Ability, Condition, Cost, Keyword, Selector, Span, Threshold


@dataclass(frozen=True)
class Effect:
    """Base of effect directives; subclasses are the node kinds."""


@dataclass(frozen=True, kw_only=True)
class Destroy(Effect):
    """Destroy (BS) / Break (FFTCG) the selected cards."""

    target: Selector
    span: Span | None = None


@dataclass(frozen=True, kw_only=True)
class Draw(Effect):
    """A player draws N cards."""

    count: int
    player: Player = Player.YOU
    per: Selector | None = None  # FFTCG "draw 1 card for each …"
    span: Span | None = None
    until: bool = False          # BS "draw cards until you have N cards in your hand": count = N
    additional: bool = False     # BS "draw one additional card" (in the draw step, beside the usual draw)
    amount_var: str | None = None  # FFTCG "draw X cards" (4.5): count is per unit of that variable (X × count)


@dataclass(frozen=True, kw_only=True)
class Discard(Effect):
    """A player discards N cards (from hand), possibly of a kind."""

    count: int                   # FFTCG "discard your hand": 0, with target = the whole hand
    player: Player = Player.YOU
    target: Selector | None = None
    span: Span | None = None
    per: Selector | None = None      # BS "discard … for each …"
    controller_of: Selector | None = None  # FFTCG "That Forward's controller discards …": whose controller
    equal_to: Threshold | None = None  # BS "a number of cards … equal to that spirit's cost": the count is
    #                                    ref's stat (op "==", value unused)


@dataclass(frozen=True, kw_only=True)
class SetState(Effect):
    """Exhaust / refresh (BS), dull / activate (FFTCG), freeze (FFTCG)."""

    state: str                   # exhausted | refreshed | dull | active | frozen
    target: Selector
    span: Span | None = None


@dataclass(frozen=True, kw_only=True)
class MoveCores(Effect):
    """Move N cores between named areas: reserve, trash, void, life, a spirit."""

    count: int | None            # None = all
    source: str                  # void | reserve | trash | life | spirit | this | opponent_life ...
    dest: str
    up_to: bool = False
    source_target: Selector | None = None
    dest_target: Selector | None = None
    player: Player = Player.YOU
    span: Span | None = None
    per: Selector | None = None      # BS "… for each spirit destroyed by this effect"
    until: int | None = None         # BS "… into your life until you have 5 life": the target total
    core_type: str | None = None     # BS "soul" (a soul core) | "core" ("a core that is not a soul core", 4-11-1)
    equal_to: Threshold | None = None  # BS "pay its cost": as many cores as ref's stat (op "==")


@dataclass(frozen=True, kw_only=True)
class ModifyStat(Effect):
    """+N/-N BP (BS) or power (FFTCG) with a duration."""

    stat: str                    # bp | power | cost | symbols | level
    amount: int
    target: Selector
    duration: Duration = Duration.TURN
    per: Selector | None = None  # FFTCG "for each …": amount is multiplied by their number
    span: Span | None = None
    same_as: Selector | None = None  # FFTCG "power becomes the same as that Forward's power": the value is that card's
    next_only: bool = False      # FFTCG "the next damage dealt to it …": a replacement used once (11.12.5)
    colors: tuple[str, ...] = ()  # BS stat "symbols": the colour of the symbols gained ("a green symbol")


@dataclass(frozen=True, kw_only=True)
class Deploy(Effect):
    """Summon / place / play onto the field / cast without paying, from a zone."""

    verb: str                    # summon | place | play | cast | use
    target: Selector
    free: bool = False           # "without paying the cost"
    span: Span | None = None
    duration: Duration = Duration.PERMANENT   # FFTCG "gain control of it until the end of the turn" (6.2.6)
    dull: bool = False           # FFTCG "play it onto the field dull" (6.3)
    onto: Player | None = None   # FFTCG whose field it enters ("onto your opponent's field": 6.2.4); None: "the field"
    player: Player | None = None  # FFTCG who does it ("your opponent gains control of X", 6.2.6); None: you


@dataclass(frozen=True, kw_only=True)
class Move(Effect):
    """Return to hand, put on top/bottom of deck, remove from the game, put into the Break Zone / trash."""

    target: Selector
    dest: str                    # hand | deck_top | deck_bottom | removed | trash | break | damage | life
    span: Span | None = None
    no_ex_burst: bool = False    # FFTCG "into the Damage Zone (its EX Burst effect will not trigger)" (11.10.2)
    after_use: bool = False      # FFTCG "remove that Summon from the game after use instead of putting it in the Break Zone"
    duration: Duration = Duration.PERMANENT  # FFTCG "remove it from the game for as long as X is on the field"
    any_order: bool = False      # FFTCG "… to the bottom of your deck in any order": the mover orders them (7.9)
    player: Player | None = None  # FFTCG "your opponent puts it …": who moves it (and picks top or bottom)
    under: int | None = None     # FFTCG dest deck_under_top: "under the top N cards of the deck" (7.9), N


@dataclass(frozen=True, kw_only=True)
class Reveal(Effect):
    """Reveal / look at / search the top N cards or a zone, then what happens to them."""

    count: int | None
    zone: str = "deck"
    then: tuple[Effect, ...] = ()
    span: Span | None = None
    amount_var: str | None = None  # FFTCG "the top X cards" (4.5): count is per unit of that variable
    target: Selector | None = None  # BS zone "selected": the cards revealed ("reveal it", "select a card from
    #                                 your opponent's hand at random and reveal it")


@dataclass(frozen=True, kw_only=True)
class Search(Effect):
    """Search your deck for a card matching a selector and put it somewhere."""

    target: Selector
    dest: str = "hand"
    span: Span | None = None
    under: int | None = None     # FFTCG dest deck_under_top: "put it under the top N cards of your deck" (7.9), N
    dull: bool = False           # FFTCG dest field: "play it onto the field dull" (6.3)
    player: Player | None = None # FFTCG "your opponent searches for …": who searches their deck (None: you)


@dataclass(frozen=True, kw_only=True)
class Damage(Effect):
    """Deal N damage to a Forward / player (FFTCG); send N life cores (BS 'reduce life')."""

    amount: int
    target: Selector | None = None   # None = a player (see player)
    player: Player | None = None
    per: Selector | None = None      # FFTCG "for each …": amount is multiplied by their number
    amount_from: str | None = None   # FFTCG "damage equal to its power": power_of_target | power_of_self | ...
    source: Selector | None = None   # FFTCG "X deals damage equal to its power to Y": the dealer (X)
    span: Span | None = None
    unit: int | None = None          # FFTCG "Divide N damage … (Units must be 1000.)": the unit of division
    amount_var: str | None = None    # FFTCG "X000 damage" (4.5): amount is per unit of that variable (1000 × X)


@dataclass(frozen=True, kw_only=True)
class Gain(Effect):
    """The target gains a keyword or ability for a duration."""

    target: Selector
    keyword: Keyword | None = None
    ability: Ability | None = None
    duration: Duration = Duration.TURN
    span: Span | None = None
    family: str | None = None        # BS "gains Otherlander spirit type" (a family, BSS 2-5)
    timing: str | None = None        # BS the gained keyword's active timing, from its printed reminder
    #                                  (": While This Spirit Attacks Confront", BSS 11-14-2): an Ability.timing id


@dataclass(frozen=True, kw_only=True)
class Restriction(Effect):
    """"cannot …" / "must …": a prohibition or obligation on a target or player."""

    mode: str                    # cannot | must
    action: str                  # attack | block | be_selected | be_destroyed | be_blocked | ...
    target: Selector | None = None
    player: Player | None = None
    duration: Duration = Duration.TURN
    by: Selector | None = None   # "cannot be blocked by a Forward of cost 3 or more": whose act is barred
    by_text: str | None = None   # the "by …" words as printed ("Summons or abilities your opponent controls")
    span: Span | None = None
    cost: Cost | None = None     # FFTCG "cannot attack unless you pay 《1》": the cost that lifts it (10.1.2.3)
    object: Selector | None = None   # BS "cannot block spirits with 5000 or more BP": what the act is aimed at


@dataclass(frozen=True, kw_only=True)
class Conditional(Effect):
    """"If …, …" (and "instead"): effects that happen only when a condition holds."""

    condition: Condition
    effects: tuple[Effect, ...]
    otherwise: tuple[Effect, ...] = ()
    instead: bool = False
    lasting: bool = False    # FFTCG "As long as X, …": the effects hold only while X holds (11.12.4.4), not one check
    span: Span | None = None
    # FFTCG: the selection its effects act on is made under the condition too ("If X, choose 1 Forward.
    # Break it."), not before it ("Choose 1 Forward. If X, break it."): nothing is selected when X fails.
    selects: bool = False


@dataclass(frozen=True, kw_only=True)
class Sequence(Effect):
    """"Then," / "After this effect resolves,": effects done in order, the later one dependent."""

    connector: str               # then | after_resolves | and
    effects: tuple[Effect, ...]
    span: Span | None = None
    then_at: int | None = None   # FFTCG: the index in effects of the first one after "then" (0: "Then, X")


@dataclass(frozen=True, kw_only=True)
class Optional(Effect):
    """"You may …" (a choice the player makes at resolution)."""

    effects: tuple[Effect, ...]
    span: Span | None = None
    cost: Cost | None = None         # BS "you may <cost> to <effects>" (BSS 8-4-1): paid first
    player: Player | None = None     # FFTCG "your opponent may …": who chooses (None = the effect's controller)


@dataclass(frozen=True, kw_only=True)
class Unread(Effect):
    """Words of an ability the card grammar could not read, kept where they stand in the structure
    it did read (a sentence among the ability's effects; the whole line when its header is not read).

    It never counts as parsed or typed (the sentence is also an `Unparsed` span of the result, and
    `judge.text.typed` reports it), and an engine that reaches it says "not read: <words> — resolve
    by hand" instead of guessing: `words` are exactly the printed words not read, `span` where."""

    words: str
    span: Span


#: What a rendering says where the grammar did not read the words (an `unread` node): the words
#: themselves are shown beside it (`judge card`, the Cards screen), never re-worded. Kept with the
#: node, so every game's renderer can say it without importing the others.
NOT_READ = "⟨not read⟩"


__all__ = ["NOT_READ", "Conditional", "Damage", "Deploy", "Destroy", "Discard", "Draw", "Effect", "Gain", "ModifyStat", "Move", "MoveCores", "Optional", "Restriction", "Reveal", "Search", "Sequence", "SetState", "Unread"]
