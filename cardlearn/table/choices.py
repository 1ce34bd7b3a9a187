"""The moves of one position as the table offers them.

`Choices`: each legal move with the multiset of *tokens* a player clicks to make it
(`(zone, card)` pairs, `card` None for a target zone, from the game's `action_cards`),
which moves a selection of tokens can still become, and the engine's own reason against a
selection that none fits.  `Advice`: the strongest bot's choice and reasons (the hint).
Pure: no widgets, no clicks.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

from cardlearn.bots import SearchBot, Thought
from cardlearn.core import IllegalMove
from cardlearn.protocol import GameModule, State, Token
from cardlearn.table.fixed import table_bot
from cardlearn.table.snapshot import SYMBOL
from cardlearn.table.words import simulated_words


class Choices:
    """The legal moves of `state` with their tokens, in `legal_actions()` order."""

    def __init__(self, game: GameModule, state: State):
        self.state = state
        self.moves: list[tuple[Any, Counter[Token]]] = [
            (a, Counter(game.action_cards(state, a))) for a in state.legal_actions()
        ]

    def plain(self) -> list[Any]:
        """The moves made without a card: a button each (bids, "buy", "pass")."""
        return [a for a, t in self.moves if not t]

    def any_tokens(self) -> bool:
        """Is some move made by clicking cards or zones?"""
        return any(t for _, t in self.moves)

    def fitting(self, selection: Counter[Token]) -> list[tuple[Any, Counter[Token]]]:
        """The moves with tokens that `selection` is part of."""
        return [(a, t) for a, t in self.moves if t and selection <= t]

    def exact(self, selection: Counter[Token]) -> list[Any]:
        """The moves whose tokens are exactly `selection` (none for an empty one)."""
        return [a for a, t in self.fitting(selection) if t == selection] if selection else []

    def engine_reason(self, wanted: Counter[Token]) -> IllegalMove | None:
        """Ask the engine about the move the clicks describe: take a legal move of the same
        shape (tokens in the same zones), put the clicked cards in its text in place of
        its own, and `apply` it; its `IllegalMove` says which rule forbids it.  A lone hand
        card is also tried as its own text (a card played alone)."""
        zones = Counter(z for z, _ in wanted.elements())
        tries = []
        for action, tokens in self.moves:
            if Counter(z for z, _ in tokens.elements()) != zones:
                continue
            gone, new = list((tokens - wanted).elements()), list((wanted - tokens).elements())
            if any(c is None for _, c in gone + new):
                continue
            text = str(action)
            for (_, old), (_, card) in zip(sorted(gone, key=str), sorted(new, key=str)):
                text = re.sub(SYMBOL.format(re.escape(str(old))), str(card), text)
            tries.append((len(gone), text))
        if len(wanted) == 1:
            ((zone, card),) = wanted
            if zone == "hand" and card is not None:
                tries.append((1, str(card)))
        for _, text in sorted(tries):
            try:
                self.state.apply(text)
            except IllegalMove as err:
                # a click is never a typo: the parser's "cannot read the move" (rule
                # "unreadable", for a card that is no move alone, as in Kínaskák) says nothing
                if err.rule is not None and err.rule != "unreadable":
                    return err
            except ValueError:
                continue
        return None


    def selected_reason(self, game: GameModule, tokens: Counter[Token]) -> IllegalMove | None:
        """The engine's reason against the move that `tokens` name, as the game reads
        them (its view's `selected_move(state, tokens)`, where it has one): the rule that
        forbids it, or None (no such move, a legal one, or a reason that names no rule)."""
        named = getattr(game, "selected_move", None)
        action = named(self.state, tokens) if named is not None and tokens else None
        if action is None:
            return None
        try:
            self.state.check(action)
        except IllegalMove as err:
            if err.rule is not None and err.rule != "unreadable":
                return err
        return None

    def may_grow(self, game: GameModule, tokens: Counter[Token]) -> bool:
        """May `tokens` be selected together although no legal move is made of them: the
        game says they are a move's shape, or part of one (its view's `may_grow`, where it
        has one: Kínaskák's melds while a contract is not complete)."""
        grow = getattr(game, "may_grow", None)
        return bool(grow is not None and tokens and grow(self.state, tokens))


class Advice:
    """What the game's strongest bot (`INFO.strongest_bot`, seeded with `seed`) makes of
    `state`: its choice `best`, first in `order` among the legal moves, and for a search
    bot its `thought` (what each move scored in the imagined deals)."""

    def __init__(self, game: GameModule, state: State, seed: int):
        seat = state.to_move
        if seat is None:
            raise ValueError("no advice for a finished match")
        self.game, self.state = game, state
        strongest = table_bot(game, game.INFO.strongest_bot, seed)
        self.thought: Thought | None = None
        self.best: Any
        if isinstance(strongest, SearchBot):  # keep what each move scored
            self.thought = strongest.think(state, seat)
            self.best = self.thought.choice
        else:
            self.best = strongest.choose(state, seat)
        self.order = [self.best, *(a for a in state.legal_actions() if a != self.best)]

    def reason(self, action: Any, lang: str) -> str:
        """The game's one-line reason for a move, and how often it won in the search bot's
        simulations (when the strongest bot is a search bot)."""
        why = self.game.explain(self.state, action, lang)
        if self.thought is None or self.thought.worlds == 0:
            return why
        return f"{why} ({simulated_words(self.thought.result(action), lang)})"
