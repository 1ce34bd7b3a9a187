"""A guided first deal (að læra með því að spila): a stacked deal played on the ordinary
table, every move scripted, each step said in a sentence or two.

A `Guide` is data: the game, the pupil's seat, the stacked deal, the goal and an overview
before the first move, one `Step` per move (the pupil's: what to do and why, with the
sources' word for the rule when it is first used; a computer's: what it did), and one
strategy tip at the end.  `GuideModel` plays it on a `TableModel`: the computers play their
scripted moves; the pupil's suggested move is marked on the table (`suggested`), a click on
anything else is answered — why not that one now, or the engine's own reason when it is
against the rules — and nothing moves; "Nýr leikur" after the deal's end is a real deal.
The generic table knows no guide: it asks the model for `step_text` and `suggested`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from cardlearn.cards import Card
from cardlearn.core import IllegalMove
from cardlearn.games import GAMES
from cardlearn.grammar import capital, one_stop
from cardlearn.protocol import AnyState, Token
from cardlearn.table.fixed import table_bot
from cardlearn.table.model import TableModel
from cardlearn.table.snapshot import HUMAN, Key
from cardlearn.table.words import WORDS, check_lang

Words = Mapping[str, str]  # one text per language: {"is": ..., "en": ...}

GUIDE_WORDS: dict[str, dict[str, str]] = {
    "is": {
        "your_move": "Þinn leikur: {move}.",
        "not_now": "Ekki þetta núna: í þessari kennslu er næsti leikur þinn {move}. "
                   "Spilin sem á að velja eru lýst upp.",
        "not_now_card": "Ekki {card} núna: veldu það sem er lýst upp ({move}).",
        "not_now_button": "Ekki þetta núna: í þessari kennslu er næsti leikur þinn {move}. Hnappurinn "
                          "sem á að smella á er lýstur upp.",
        "your_move_why": "Þinn leikur: {move} — {why}.",
        "done": "Smelltu svo á „Spilaðu alvöru spil“: nýr leikur við tölvuna, upp á eigin spýtur.",
        "real": "Spilaðu alvöru spil",
    },
    "en": {
        "your_move": "Your move: {move}.",
        "not_now": "Not that now: in this lesson your next move is {move}. The cards to choose are lit.",
        "not_now_card": "Not {card} now: choose what is lit ({move}).",
        "not_now_button": "Not that now: in this lesson your next move is {move}. "
                          "The button to press is lit.",
        "your_move_why": "Your move: {move} — {why}.",
        "done": "Then press “Now play a real deal”: a new game against the computer, on your own.",
        "real": "Now play a real deal",
    },
}


@dataclass(frozen=True)
class Step:
    """One move of a guided deal: `move` in the game's notation, and what is said of it (the
    pupil's move: what to do and why; a computer's: what it did), per language.  `term` is
    the sources' word this step teaches, if any (svippur, tapstig, samningur, manilía)."""

    move: str
    say: Words
    term: str = ""


@dataclass(frozen=True)
class Guide:
    """A game's guided first deal: see the module docstring.  `events` name what must happen
    in it (a pair, a sum, a svippur ...), each a test of the deal's positions and moves."""

    game: str
    pupil: int
    deal: Callable[[], AnyState]
    intro: Words
    steps: tuple[Step, ...]
    tip: Words
    events: Mapping[str, Callable[[Sequence[AnyState], Sequence[str]], bool]] = field(default_factory=dict)


def stacked(game: str, seed: int, head: Sequence[str], deck: Sequence[Any]) -> AnyState:
    """`game`'s first deal stacked: the cards of `head` on top (top card first), then the rest
    of the game's `deck` in its own order; later deals shuffled from `seed`."""
    rest = [str(c) for c in deck if str(c) not in head]
    state: AnyState = GAMES[game].new_game(seed=seed, deck=" ".join([*head, *rest]))
    return state


def played_out(game: str, start: AnyState, taught: Sequence[Step], seed: int) -> tuple[Step, ...]:
    """The `taught` steps, then the rule-of-thumb computer's choice for every seat (seeded:
    the same every time) until the first deal ends, each a step with nothing said of it (the
    pupil's is suggested as "Your move: …", the computers' the log says)."""
    state, moves = start, [s.move for s in taught]
    for move in moves:
        state = state.apply(move)
    bots = {s: GAMES[game].BOTS["thumb"](seed=seed + s) for s in range(state.players)}
    while state.deals_done == 0:
        seat = state.to_move
        assert seat is not None
        move = str(bots[seat].choose(state, seat))
        moves.append(move)
        state = state.apply(move)
    return (*taught, *(Step(m, {}) for m in moves[len(taught):]))


class OffScript(ValueError):
    """A move the rules allow that the guided deal does not take now: said in the table's
    language (`say`), nothing moves."""

    rule = "guided"

    def __init__(self, key: str, **values: str):
        super().__init__(GUIDE_WORDS["en"][key].format(**values))
        self.key, self.values = key, values

    def say(self, lang: str) -> str:
        return GUIDE_WORDS[lang][self.key].format(**self.values)


class _Scripted:
    """A computer seat of a guided deal: plays the script's move for the position reached."""

    def __init__(self, model: GuideModel):
        self._model = model

    def choose(self, state: AnyState, seat: int) -> Any:
        step = self._model.step_at(len(self._model.moves))
        if step is None:
            raise RuntimeError("the guided deal has no scripted move here")
        return state.check(step.move)


class GuideModel(TableModel):
    """A table playing `guide` (see the module docstring); after the deal's end, "Nýr leikur"
    starts a real deal against the game's strongest computers."""

    def __init__(self, guide: Guide, lang: str = "is"):
        self.guide: Guide | None = guide
        game = GAMES[guide.game]
        start = guide.deal()
        seats = {s: HUMAN if s == guide.pupil else game.INFO.strongest_bot for s in range(start.players)}
        super().__init__(game, start, seats=seats, seed=0, lang=check_lang(lang))
        self._scripted = _Scripted(self)
        for seat in list(self._turns.bots):
            self._turns.bots[seat] = self._scripted  # type: ignore[assignment]

    # -- where the script is -----------------------------------------------------------------
    def step_at(self, i: int) -> Step | None:
        guide = self.guide
        return guide.steps[i] if guide is not None and 0 <= i < len(guide.steps) else None

    @property
    def guiding(self) -> bool:
        return self.step_at(len(self.moves)) is not None

    def _wanted(self) -> Any | None:
        """The pupil's scripted move now (the engine's own action), or None."""
        step = self.step_at(len(self.moves))
        if step is None or not self.human_to_move():
            return None
        return self.state.check(step.move)

    def step_text(self) -> str:
        """The goal before the first move; then what the computers did since the pupil's last
        move (their steps' words) and what the pupil does next and why; at the end, the tip
        and the way on."""
        guide, lang = self.guide, self.lang
        if guide is None:
            return ""
        w = GUIDE_WORDS[lang]
        i = len(self.moves)
        # the goal until the pupil's first move (in Kínaskák the computer moves first)
        first = all(self.seats[seat] != HUMAN for seat, _ in self.moves)
        parts = [guide.intro[lang]] if first else []
        # what the computers did since the pupil's last move, in order (three in a row in Geit)
        k = i
        while k > 0 and self.seats[self.moves[k - 1][0]] != HUMAN:
            k -= 1
        for j in range(k, i):
            done = self.step_at(j)
            if done is not None:
                parts.append(done.say.get(lang, ""))  # played out by the computer: the log says it
        step = self.step_at(i)
        if step is not None and self.state.to_move == guide.pupil:
            wanted = self._wanted()
            parts.append(step.say.get(lang) or self._played_out(wanted))
        if self.guide_over:
            parts += [guide.tip[lang], w["done"]]
        return " ".join(p for p in parts if p)

    def _played_out(self, wanted: Any | None) -> str:
        """A step the script has no words for (the deal played out after the taught moves):
        the move and the game's one-line reason for it."""
        if wanted is None:
            return ""
        w, move = GUIDE_WORDS[self.lang], self._move_words(wanted)
        why = self.game.explain(self.state, wanted, self.lang).strip().rstrip(".")
        plain = one_stop(w["your_move"].format(move=move))
        if move.endswith("!"):  # "… — svippur!" ends its own sentence: the reason is the next one
            return f"{plain} {capital(why)}." if why else plain
        return w["your_move_why"].format(move=move, why=why) if why else plain

    @property
    def guide_over(self) -> bool:
        """The guided deal has been played to its end (its end panel, or past it)."""
        return self.guide is not None and len(self.moves) >= len(self.guide.steps)

    def dismiss_words(self) -> str:
        """The deal-end panel's button once the guided deal is over: a real deal next."""
        return GUIDE_WORDS[self.lang]["real"] if self.guide_over else super().dismiss_words()

    def dismiss(self) -> None:
        """The guided deal's end panel's button: a real game of its own (the guided deal's
        score and moves do not count in it), the computers choosing for themselves."""
        if self.guide_over:
            self.new_game()
            return
        super().dismiss()

    def _go_real(self) -> None:
        self.guide = None
        for seat in list(self._turns.bots):
            self._turns.bots[seat] = table_bot(self.game, self.game.INFO.strongest_bot, self.seed + seat)

    def suggested(self) -> Counter[Token]:
        wanted = self._wanted()
        return Counter() if wanted is None else Counter(self.game.action_cards(self.state, wanted))

    def suggested_move(self) -> Any | None:
        return self._wanted()

    # -- the pupil's clicks and moves ----------------------------------------------------------
    def _move_words(self, wanted: Any) -> str:
        return self.game.command(self.state, wanted, self.lang, who=self.who)

    def click(self, zone: str, index: int | None) -> None:
        """A click on a card the scripted move does not use is answered, and selects nothing."""
        wanted = self._wanted()
        key: Key = (zone, index)
        if wanted is not None and key not in self.selected:
            entries = self.entries(zone) if index is not None else []
            card = entries[index] if index is not None and index < len(entries) else None
            if index is None or card is not None:
                token = self.token_of(key)
                if self.suggested()[token] == 0:
                    # the card as the table's words write it (6♦), never the notation (6D)
                    err = OffScript("not_now_card" if card else "not_now",
                                    card=Card.parse(card).symbol if card else "",
                                    move=self._move_words(wanted))
                    self.refuse(err)
                    return
        super().click(zone, index)

    def _way_on(self, lang: str) -> str:
        """After two refused tries in a row in the guided deal: the lit move."""
        wanted = self._wanted()
        if wanted is None:
            return super()._way_on(lang)
        return WORDS[lang]["may_guided"].format(
            move=self.game.command(self.state, wanted, lang, who=self.who))

    def _play(self, action: Any) -> bool:
        wanted = self._wanted()
        if wanted is not None:
            try:
                got = self.state.check(action)
            except IllegalMove:
                return super()._play(action)  # the engine says which rule forbids it
            if got != wanted:  # the lit thing is a button (a bid) when the move takes no card
                key = "not_now" if self.suggested() else "not_now_button"
                self.refuse(OffScript(key, move=self._move_words(wanted)))
                return False
        return super()._play(action)

    def new_game(self, seed: int | None = None) -> None:
        """After the guided deal: a real deal, the computers the game's strongest."""
        if self.guide is not None:
            self._go_real()
        super().new_game(seed)
