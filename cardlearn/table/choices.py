"""The moves of one position as the table offers them.

`Choices`: each legal move with the multiset of *tokens* a player clicks to make it
(`(zone, card)` pairs, `card` None for a target zone, from the game's `action_cards`),
which moves a selection of tokens can still become, and the engine's own reason against a
selection that none fits.  `Advice`: the strongest bot's choice and reasons (the hint): its
choice first and at most two more moves, each with the game's reason in words; the search's
figures only for the teacher, and never from fewer than `FEWEST` imagined deals.
Pure: no widgets, no clicks.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

from cardlearn.bots import SearchBot, Thought, paired
from cardlearn.core import IllegalMove
from cardlearn.protocol import AnyGame, AnyState, Token
from cardlearn.table.fixed import table_bot
from cardlearn.table.snapshot import SYMBOL
from cardlearn.table.words import WORDS, simulated_words

HINT_MOVES = 3  # a hint lists the computer's choice and at most two other moves
FEWEST = 5  # a figure from fewer imagined deals than this is never shown (it says nothing)


class Choices:
    """The legal moves of `state` with their tokens, in `legal_actions()` order."""

    def __init__(self, game: AnyGame, state: AnyState):
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


    def selected_reason(self, game: AnyGame, tokens: Counter[Token]) -> IllegalMove | None:
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

    def may_grow(self, game: AnyGame, tokens: Counter[Token]) -> bool:
        """May `tokens` be selected together although no legal move is made of them: the
        game says they are a move's shape, or part of one (its view's `may_grow`, where it
        has one: Kínaskák's melds while a contract is not complete)."""
        grow = getattr(game, "may_grow", None)
        return bool(grow is not None and tokens and grow(self.state, tokens))


class Advice:
    """What the game's strongest bot (`INFO.strongest_bot`, seeded with `seed`) makes of
    `state`: its choice `best`, first in `order` among the legal moves, and for a search
    bot its `thought` (what each move scored in the imagined deals).  A hint lists `listed`:
    `best` and at most two more moves, those the search rated highest (tried in at least
    `FEWEST` deals first), each said as the game's reason in words (`reason`)."""

    def __init__(self, game: AnyGame, state: AnyState, seed: int):
        seat = state.to_move
        if seat is None:
            raise ValueError("no advice for a finished match")
        self.game, self.state = game, state
        strongest = table_bot(game, game.INFO.strongest_bot, seed)
        self.thought: Thought | None = None
        self.best: Any
        self.caution = 1.0
        if isinstance(strongest, SearchBot):  # keep what each move scored
            self.thought = strongest.think(state, seat)
            self.caution = strongest.caution
            self.best = self.thought.choice
        else:
            self.best = strongest.choose(state, seat)
        self.order = [self.best, *(a for a in state.legal_actions() if a != self.best)]
        others = self.order[1:]
        thought = self.thought
        if thought is not None and thought.worlds:  # the search's ranking (a stable sort)
            def rank(a: Any) -> tuple[bool, float]:
                row = thought.result(a)
                return row.simulations < FEWEST, -row.mean_margin

            others.sort(key=rank)
        self.listed = [self.best, *others[:HINT_MOVES - 1]]

    def reason(self, action: Any, lang: str, teacher: bool = False) -> str:
        """The game's one-line reason for a move; in the teacher's view also how it did in
        the search bot's simulations (when the strongest bot is a search bot)."""
        why = self.game.explain(self.state, action, lang)
        figures = self.figures(action, lang) if teacher else None
        return f"{why} ({figures})" if figures else why

    def figures(self, action: Any, lang: str) -> str | None:
        """How `action` did in the search, for the teacher: how many imagined deals, how
        often it won, its mean margin; "too few to tell" below `FEWEST` deals; and for a
        move that scored higher than the computer's choice, that it is not clearly better
        (the search keeps the rule of thumb's move unless another one did better deal by
        deal by more than luck would explain: `SearchBot`), or, seldom, that it was: the
        search weighs the rule of thumb's move against its best-scoring move alone, so a
        steadier runner-up, or a move dropped early, can pass that test unchosen."""
        thought = self.thought
        if thought is None or thought.worlds == 0:
            return None
        move, best = thought.result(action), thought.result(self.best)
        if move.simulations < FEWEST:
            return WORDS[lang]["simulated_few"]
        said = simulated_words(move, lang)
        if action != self.best and (move.win_rate > best.win_rate or move.mean_margin > best.mean_margin):
            clearly = paired(move.margins, best.margins).clearly_better(self.caution)
            said += "; " + WORDS[lang]["clearly_untaken" if clearly else "not_clearly"]
        return said
