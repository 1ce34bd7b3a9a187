"""What a click means at a table: the layout of the seat shown, the tokens its clicks name,
the selection of tokens so far, the moves it still fits, why a card cannot be used, a
forced move selected for the pupil, and Confirm.  Part of `TableModel` (see
`cardlearn.table.model`), which delegates its click and selection methods here.

A click only selects; Confirm plays (one rule for every game).  Whether a human may act
at all, and the move itself, are the table's (`_refuse`, `_play`): a room's model answers
them by its room."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from cardlearn.cards import Card
from cardlearn.core import IllegalMove
from cardlearn.grammar import one_stop
from cardlearn.protocol import AnyGame, AnyState, Layout, Token, Zone
from cardlearn.table.choices import Choices
from cardlearn.table.messages import Note, illegal, rule_of, said
from cardlearn.table.snapshot import Key, entry_parts
from cardlearn.table.words import WORDS

if TYPE_CHECKING:
    from cardlearn.table.model import TableModel

OPTIONS_SHOWN = 4  # a "does not go with" message names at most this many moves


def not_yet(game: AnyGame, err: IllegalMove) -> Note:
    """What a selection still lacks, as the engine says it, for a selection the game lets
    grow towards a move (not yet a refusal: no "Ólöglegt")."""
    return lambda lang: WORDS[lang]["not_yet"].format(msg=err.say(dict(game.RULE_WORDS.get(lang, {}))))


class Selection:
    """The selected clicks (`keys`) of one table's match, and the layout and legal moves
    they are resolved against (each asked once per position, seat and language), for the
    seat shown: the one human of `humans`, or at a hot seat the `viewer`, the human who
    last said "ready" (None before the first)."""

    def __init__(self, table: TableModel, humans: tuple[int, ...]):
        self._table, self._humans = table, humans
        self.keys: set[Key] = set()
        self.viewer = humans[0] if len(humans) == 1 else None
        self._layout: tuple[AnyState, int, str, Layout] | None = None
        self._choices: Choices | None = None

    # -- the seat shown -------------------------------------------------------------------
    def shown_seat(self) -> int:
        return self.viewer if self.viewer is not None else (self._humans or (0,))[0]

    def must_pass(self) -> bool:
        """Hot seat: hide the hands until the next human at the screen says "ready"."""
        if len(self._humans) < 2:
            return False
        return self.viewer is None or self._table.pass_to() != self.viewer

    def pass_to(self) -> int:
        """The human who should have the screen: the one to move, else the one who has it."""
        seat = self._table.state.to_move
        if self._table._human(seat):
            assert seat is not None
            return seat
        return self._humans[0] if self.viewer is None else self.viewer

    # -- the layout and its tokens -----------------------------------------------------------
    def layout(self) -> Layout:
        table = self._table
        state, seat, lang = table.state, table.shown_seat(), table.lang
        cached = self._layout
        if cached is None or cached[0] is not state or cached[1:3] != (seat, lang):
            cached = self._layout = (state, seat, lang, table.game.layout(state, seat, lang, who=table.who))
        return cached[3]

    def _zone(self, name: str) -> Zone | None:
        return next((z for z in self.layout()["zones"] if z["name"] == name), None)

    def entries(self, zone: str) -> list[str | None]:
        if zone == "hand":
            return [entry_parts(e)[0] for e in self.layout()["hand"]]
        found = self._zone(zone)
        return [entry_parts(e)[0] for e in found.get("cards", [])] if found is not None else []

    def token_of(self, key: Key) -> Token:
        zone, index = key
        if index is None:
            return (zone, None)
        card = self.entries(zone)[index]
        if card is None:
            raise ValueError(f"entry {index} of {zone!r} is face down: it is no token")
        return (zone, Card.parse(card))

    def choices(self) -> Choices:
        state = self._table.state
        if self._choices is None or self._choices.state is not state:
            self._choices = Choices(self._table.game, state)
        return self._choices

    def selection(self, keys: set[Key] | frozenset[Key] | None = None) -> Counter[Token]:
        return Counter(self.token_of(k) for k in (self.keys if keys is None else keys))

    def fitting(self, selection: Counter[Token] | None = None) -> list[tuple[Any, Counter[Token]]]:
        return self.choices().fitting(self.selection() if selection is None else selection)

    def exact(self) -> list[Any]:
        return self.choices().exact(self.selection())

    # -- clicks ----------------------------------------------------------------------------
    def click(self, zone: str, index: int | None) -> None:
        table = self._table
        if table._refuse():
            return
        if table.must_pass():
            table._say("press_ready")
            return
        entries = self.entries(zone)
        if index is not None and (index >= len(entries) or entries[index] is None):
            return  # a face-down card is never a token
        key = (zone, index)
        table._note = None
        if key in self.keys:
            self.keys.discard(key)
            return
        chosen = self._choose(key)
        if chosen is None:  # a card no move can use now: a move refused, as Confirm's would be
            table._note, rule = self._why_not(key)
            table._refused(rule)
            return
        added = self.keys | {key}
        if chosen != added:  # a faded card: say why it does not go with the rest, and what changed
            table._note = self._swapped(key, added, self.keys - chosen)
        elif not self.fitting(self.selection(added)):  # a meld still growing: what it lacks
            err = self.choices().selected_reason(table.game, self.selection(added))
            table._note = not_yet(table.game, err) if err is not None else None
        self.keys = chosen  # a click only selects: Confirm plays (one rule for every game)

    def _choose(self, key: Key) -> set[Key] | None:
        """The selection after clicking `key`: added to the selection if some move still
        fits (or the game lets it grow towards one, `Choices.may_grow`), else in place of
        a selected card of the same zone (choosing another hand card), else None."""
        added = self.keys | {key}
        wanted = self.selection(added)
        if self.fitting(wanted) or self.choices().may_grow(self._table.game, wanted):
            return added
        same_zone = (k for k in self.keys if k[0] == key[0])
        for old in sorted(same_zone, key=lambda k: (k[1] is None, k[1] or 0)):
            swapped = (self.keys - {old}) | {key}
            if self.fitting(self.selection(swapped)):
                return swapped
        if self.keys and not self.fitting() and self.fitting(self.selection({key})):
            return {key}  # a selection that grew towards no move: start afresh from this card
        return None

    def _swapped(self, key: Key, added: set[Key], gone: set[Key]) -> Note:
        """A faded card clicked took the place of `gone`: the engine's reason against the
        selection with it added, and which card it replaced."""
        table = self._table
        # a whole selection given up (a meld that led nowhere) needs no reason: only what changed
        afresh = len(gone) > 1 and gone == self.keys
        err = None if afresh else self.choices().selected_reason(table.game, self.selection(added))
        refused = illegal(table.game, err) if err is not None else None
        card = self.token_of(key)[1]
        cards = sorted((c for _, c in map(self.token_of, gone) if c is not None), key=lambda c: c.key)
        old = " ".join(c.symbol for c in cards)
        shown = card.symbol if card is not None else ""

        def say(lang: str) -> str:
            if refused is None:
                return WORDS[lang]["swapped_plain"].format(card=shown, old=old)
            return WORDS[lang]["swapped"].format(why=refused(lang).rstrip("."), card=shown, old=old)

        return say

    def _why_not(self, key: Key) -> tuple[Note, str]:
        """Why the clicked card cannot be used, and the rule's name: the engine's reason
        against the move the game says the selection with it names
        (`Choices.selected_reason`), else against a move of the same shape, else which moves
        the current choice allows ("not_with"), else that none can use it ("not_usable")."""
        table = self._table
        game, state, seat = table.game, table.state, table.shown_seat()
        token, selection = self.token_of(key), self.selection()
        if not self.choices().any_tokens():
            return (lambda lang: WORDS[lang]["not_now"]), "not_now"
        alone = Counter([token])
        named = self.choices().selected_reason(game, selection + alone)
        if named is None and selection:
            named = self.choices().selected_reason(game, alone)
        if named is not None:
            return illegal(game, named), rule_of(named)
        if not self.fitting(alone):  # no move uses this card at all: say why of it alone
            selection = Counter()
        err = self.choices().engine_reason(selection + alone)
        options = [a for a, _ in self.fitting(selection)][:OPTIONS_SHOWN] if selection else []
        refused = illegal(game, err) if err is not None else None

        def name(t: Token, lang: str) -> str:  # a card by its symbol, a zone by its label in `lang`
            zone, card = t
            if card is not None:
                return card.symbol
            zones = game.layout(state, seat, lang, who=table.namer(lang))["zones"]
            labels = {z["name"]: z["label"] for z in zones}
            return labels.get(zone, zone)

        def say(lang: str) -> str:
            w = WORDS[lang]
            moves = "; ".join(game.command(state, a, lang, who=table.namer(lang)) for a in options)
            if refused is not None:
                text = refused(lang)
                return f"{text} {w['options'].format(moves=moves)}" if options else text
            if options:
                chosen = " + ".join(name(t, lang) for t in selection.elements())
                return w["not_with"].format(card=name(token, lang), chosen=chosen, moves=moves)
            return w["not_usable"].format(card=name(token, lang))

        rule = rule_of(err) if err is not None else "not_with" if options else "not_usable"
        return say, rule

    def confirm(self) -> bool:
        """Play the selection if it is exactly one legal move; a Confirm pressed while it
        is not (drawn grey, but never disabled) says why."""
        table = self._table
        if table._refuse():
            return False
        exact = self.exact()
        if len(exact) == 1:
            return table._play(exact[0])
        if not exact:
            table._note, rule = self._why_not_confirm()
            table._refused(rule)
        return False

    def _why_not_confirm(self) -> tuple[Note, str]:
        """Why Confirm plays nothing, and the rule's name: nothing chosen ("confirm_empty");
        the engine's reason against the move the selection names; else which moves it could
        still become ("confirm_more")."""
        table = self._table
        game, state, selection = table.game, table.state, self.selection()
        if not selection:
            return said("confirm_empty"), "confirm_empty"
        err = self.choices().selected_reason(game, selection) or self.choices().engine_reason(selection)
        if err is not None:
            return illegal(game, err), rule_of(err)
        options = [a for a, _ in self.fitting(selection)][:OPTIONS_SHOWN]
        chosen = " + ".join(c.symbol for _, c in sorted(selection.elements(), key=str) if c is not None)

        def say(lang: str) -> str:
            moves = "; ".join(game.command(state, a, lang, who=table.namer(lang)) for a in options)
            return WORDS[lang]["confirm_more"].format(chosen=chosen, moves=moves)

        return say, "confirm_more"

    # -- a forced move -----------------------------------------------------------------------
    def forced(self) -> Any | None:
        table = self._table
        if table.paused or table.demo or not table.human_to_move() or table.must_pass():
            return None
        legal = table.state.legal_actions()
        return legal[0] if len(legal) == 1 else None

    def settle(self) -> None:
        """A human's forced move (the only legal one) is the human's all the same: select
        its tokens and say so; the human's Confirm (or the move's own button) makes it.
        Nothing while the table is paused at a deal's end or in demo mode."""
        table = self._table
        move = table.forced()
        if move is None:
            return
        keys = self._keys_of(move)
        if keys is not None:
            self.keys = keys
        state, lang_key = table.state, "forced" if keys else "forced_button"

        def say(lang: str) -> str:
            text = table.game.command(state, move, lang, who=table.namer(lang))
            return one_stop(WORDS[lang][lang_key].format(move=text))

        table._note = say

    def _keys_of(self, action: Any) -> set[Key] | None:
        """The clicks that select exactly `action`'s tokens where the layout shows them
        (empty for a move made by its button; None if some token is not shown)."""
        keys: set[Key] = set()
        for zone, card in self._table.game.action_cards(self._table.state, action):
            if card is None:
                keys.add((zone, None))
                continue
            entries = self.entries(zone)
            free = [i for i, e in enumerate(entries)
                    if e is not None and Card.parse(e) == card and (zone, i) not in keys]
            if not free:
                return None
            keys.add((zone, free[0]))
        return keys
