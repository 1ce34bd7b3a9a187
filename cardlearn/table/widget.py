"""The playable table (`play`, `Table`): who moves, what a click means, undo, hints; and
the widgets that show it, arranged like a real table — opponents round the top (a
partner across), the open zones in the middle, your cards at the bottom, on felt.

State lives in plain attributes; `_render` copies it into widget traits, reusing widgets
(so a redraw is a few small messages, and nothing leaks in a long-running kernel).
"""

from __future__ import annotations

import os
import re
import threading
import time
from collections import Counter
from collections.abc import Callable
from types import ModuleType
from typing import Any

import ipywidgets as widgets

from cardlearn.cards import Card
from cardlearn.core import IllegalMove
from cardlearn.games import game_module
from cardlearn.table.view import _SYMBOL, HUMAN, LOG_SHOWN, TableDrawing, _entry, _quiet  # noqa: F401 (LOG_SHOWN re-exported)
from cardlearn.table.words import (
    WORDS,
    check_lang,
    seat_name,
    side_names,
    simulated_words,
)

OPTIONS_SHOWN = 4  # a "does not go with" message names at most this many moves

Token = tuple[str, Any]  # (zone, Card or None for the zone itself)
Note = Callable[[str], str]  # a message, made in the language asked for


# ---------------------------------------------------------------------------------------
# Facts read from the game (never guessed)


def _seed_from_environment() -> int | None:
    text = os.environ.get("CARDLEARN_SEED", "").strip()
    if not text:
        return None
    try:
        return int(text)
    except ValueError:
        raise ValueError(f"CARDLEARN_SEED must be a whole number, not {text!r}") from None


def _new_state(game: ModuleType, seed: int | None, rules: Any, players: int | None) -> Any:
    kwargs: dict[str, Any] = {"seed": seed}
    if rules is not None:
        kwargs["rules"] = rules
    if game.PLAYERS[0] != game.PLAYERS[1] and players is not None:  # fixed games take no choice
        kwargs["players"] = players
    return game.new_game(**kwargs)


def _roles(game: ModuleType, n: int, seats: dict[int, str] | None) -> dict[int, str]:
    """Seat → "human" or bot level; an unnamed seat 0 is human, other unnamed seats get
    the strongest bot (as with no `seats` at all)."""
    strongest = list(game.BOTS)[-1]
    seats = seats or {}
    for seat, role in seats.items():
        if seat not in range(n):
            raise ValueError(f"seat {seat!r} is not a seat of this game: seats are 0 to {n - 1}")
        if role != HUMAN and role not in game.BOTS:
            raise ValueError(
                f"seat {seat}: {role!r} is neither 'human' nor a bot level ({', '.join(game.BOTS)})"
            )
    return {s: seats.get(s, HUMAN if s == 0 else strongest) for s in range(n)}


# ---------------------------------------------------------------------------------------
# The table


def play(
    game: str | ModuleType | Any,
    *,
    seats: dict[int, str] | None = None,
    seed: int | None = None,
    rules: Any = None,
    lang: str = "is",
    delay: float = 0.5,
) -> Table:
    """A table to play `game` (a name in `GAMES`, or a `State` to continue).  Without a
    `seed`, the environment variable CARDLEARN_SEED, when set, fixes the deal (the browser
    tests and a teacher repeating a demonstration); otherwise each table deals afresh."""
    if seed is None:
        seed = _seed_from_environment()
    if isinstance(game, (str, ModuleType)):
        module = game_module(game)
        low, high = module.PLAYERS
        # Without seats, the game's own default number of players (Kínaskák: 4).
        n = max(low, max(seats) + 1) if seats else None
        if n is not None and n > high:
            raise ValueError(f"{module.NAME['en']} is for at most {high} players")
        state = _new_state(module, seed, rules, n)
    else:
        module, state = game.GAME, game
        if rules is not None and rules != getattr(state, "rules", None):
            raise ValueError("a game continued from a State keeps its own rules: leave out `rules`")
    return Table(module, state, seats=seats, seed=seed, lang=lang, delay=delay)


class Table(TableDrawing, widgets.VBox):
    """A playable table; see `play`.  A re-entrant lock guards every change, because with
    `delay > 0` bots move from a thread while clicks arrive from the kernel's thread."""

    def __init__(
        self,
        game: ModuleType,
        state: Any,
        *,
        seats: dict[int, str] | None = None,
        seed: int | None = None,
        lang: str = "is",
        delay: float = 0.5,
    ):
        super().__init__()
        if delay < 0:
            raise ValueError("delay is a number of seconds, at least 0")
        self.game, self._lang, self.delay = game, check_lang(lang), float(delay)
        self.seats = _roles(game, state.players, seats)
        self._seed = seed or 0
        self.bots = {s: game.BOTS[r](seed=self._seed + s) for s, r in self.seats.items() if r != HUMAN}
        self._humans = [s for s, r in self.seats.items() if r == HUMAN]
        self._lock, self._idle, self._gen = threading.RLock(), threading.Event(), 0
        self._stop = threading.Event()
        self._teacher, self._asking = False, False
        self._advice: tuple[Any, Any, Any] = (None, None, None)  # state, best move, the search's thought
        self._reset(state)
        self._build()
        with self._lock:
            self._advance()
            self._render()

    # -- public API ----------------------------------------------------------------------
    @property
    def state(self) -> Any:
        return self._states[-1]

    @property
    def lang(self) -> str:
        return self._lang

    @lang.setter
    def lang(self, lang: str) -> None:
        with self._lock:
            self._lang = check_lang(lang)
            self._render()

    @property
    def teacher(self) -> bool:
        """The teacher's view: every hand face up, clearly marked (off by default).  Only
        the picture changes: bots are given the state, never this view."""
        return self._teacher

    @teacher.setter
    def teacher(self, on: bool) -> None:
        with self._lock:
            self._teacher = bool(on)
            self._render()

    @property
    def message(self) -> str:
        """The message line's text (a reason, "wait", "nothing to undo"), in `lang`."""
        return self._note(self._lang) if self._note else ""

    def act(self, action: Any) -> None:
        """Make a move for the human seat to move (an `Action` or its text)."""
        with self._lock:
            if self._refuse():
                return
            self._play(action)

    def undo(self) -> None:
        """Back to the previous position where a human seat had a real choice (more than
        one legal move, and not a quiet one such as declining to buy)."""
        with self._lock:
            for i in range(len(self._states) - 2, -1, -1):
                if self._undo_stop(i):
                    self._cancel_bots()
                    del self._states[i + 1 :], self._moves[i:]
                    if self._summary_at is not None and self._summary_at >= i:
                        self._summary_at = None
                    self._changed()
                    return
            self._say("nothing_to_undo")

    def new_game(self, seed: int | None = None) -> None:
        """Start again with the same seats, rules and bots (the button asks first)."""
        with self._lock:
            self._cancel_bots()
            self._asking = False
            self._reset(_new_state(self.game, seed, getattr(self.state, "rules", None), len(self.seats)))
            self._changed()

    def hint(self) -> list[tuple[str, str]]:
        """The legal moves of the human seat to move, each `(action text, reason)`, the
        strongest bot's choice first; also shown in the widget."""
        with self._lock:
            state = self.state
            if self.seats.get(state.to_move) != HUMAN:
                self._say("no_hint")
                return []
            self._hint_state = state
            self._render()
            return [(str(a), self._reason(state, a)) for a in self._hint_order(state)]

    def wait(self, timeout: float | None = 10) -> bool:
        """Block until no bot is due to move (only useful with `delay > 0`)."""
        return self._idle.wait(timeout)

    def find(self, css_class: str) -> list[widgets.Widget]:
        """The widgets now shown that carry `css_class` (for tests and notebooks)."""
        found, todo = [], [self]
        while todo:
            widget = todo.pop(0)
            if css_class in getattr(widget, "_dom_classes", ()):
                found.append(widget)
            todo.extend(getattr(widget, "children", ()))
        return found

    def close(self) -> None:
        with self._lock:
            self._cancel_bots()
        super().close()

    def __repr__(self) -> str:
        to_move = self.state.to_move
        where = "match over" if to_move is None else f"seat {to_move} to move"
        return f"<cardlearn Table: {self.game.NAME[self._lang]}, {where}>"

    # -- moving --------------------------------------------------------------------------
    def _reset(self, state: Any) -> None:
        self._states, self._moves = [state], []  # _moves[i] = (seat, action) from _states[i]
        self._selected: set[tuple[str, int | None]] = set()
        self._viewer = self._humans[0] if len(self._humans) == 1 else None
        self._note: Note | None = None
        self._hint_state, self._view, self._tokens_of = None, {}, (None, [])
        self._summary_at: int | None = None  # the move that ended the deal now summed up

    def _undo_stop(self, i: int) -> bool:
        state = self._states[i]
        if self.seats.get(state.to_move) != HUMAN or len(state.legal_actions()) < 2:
            return False
        return i >= len(self._moves) or not _quiet(self.game, state, self._moves[i][1])

    def _refuse(self) -> bool:
        """Say why no human may move now, if so."""
        seat = self.state.to_move
        if seat is None:
            self._say("is_over")
        elif self.seats[seat] != HUMAN:
            self._say("wait", who=self._who(seat))
        else:
            return False
        return True

    def _play(self, action: Any) -> None:
        state = self.state
        try:
            after = state.apply(action)
        except ValueError as err:  # IllegalMove, or a malformed action
            self._note = self._illegal(err)
            self._render()
            return
        self._summary_at = None  # playing on dismisses the deal's summary
        self._push(state.to_move, after)
        self._changed()

    def _illegal(self, err: ValueError) -> Note:
        def say(lang: str) -> str:
            words = getattr(self.game, "RULE_WORDS", {}).get(lang, {})
            msg = err.say(words) if isinstance(err, IllegalMove) else str(err)
            return WORDS[lang]["illegal"].format(msg=msg)

        return say

    def _push(self, seat: int, after: Any) -> None:
        before = self.state
        self._moves.append((seat, after.history[-1]))  # the engine's own form of the move
        self._states.append(after)
        if len(after.score_sheet) > len(before.score_sheet) and not after.is_over:
            self._summary_at = len(self._moves) - 1

    def _changed(self) -> None:
        self._selected.clear()
        self._note = None
        self._advance()
        self._render()

    def _advance(self) -> None:
        """Let bots move until a human has a real choice: at once with `delay == 0`, else
        from a thread.  A human's only legal move is made at once (and logged)."""
        while True:
            state = self.state
            seat = state.to_move
            if seat is None:
                break
            if self.seats[seat] == HUMAN:
                legal = state.legal_actions()
                if len(legal) != 1:
                    break
                self._push(seat, state.apply(legal[0]))
                continue
            if self.delay > 0:
                self._idle.clear()
                thread = threading.Thread(
                    target=self._bot_turn, args=(self._gen, state, self._stop), daemon=True
                )
                thread.start()
                return
            try:
                self._push(seat, state.apply(self.bots[seat].choose(state, seat)))
            except Exception as err:  # show it in the widget too, then let it surface
                self._say("bot_error", msg=str(err))
                raise
        self._idle.set()

    def _bot_turn(self, gen: int, state: Any, stop: threading.Event) -> None:
        """A bot's move, chosen outside the lock (clicks meanwhile get an answer at once),
        shown `delay` seconds after it began to think, or at once if it is quiet."""
        seat, began = state.to_move, time.monotonic()
        try:
            action = self.bots[seat].choose(state, seat)
            after = state.apply(action)
        except Exception as err:  # a thread's exception would vanish: show it
            with self._lock:
                if gen == self._gen:
                    self._say("bot_error", msg=str(err))
                    self._idle.set()
            return
        if not _quiet(self.game, state, action):
            stop.wait(max(0.0, self.delay - (time.monotonic() - began)))
        with self._lock:
            if gen != self._gen or self.state is not state:  # undone or restarted meanwhile
                return
            self._push(seat, after)
            self._advance()
            self._render()

    def _cancel_bots(self) -> None:
        self._gen += 1  # a thread still thinking sees the new generation and gives up
        self._stop.set()
        self._stop = threading.Event()

    # -- selecting cards -----------------------------------------------------------------
    def _tokens(self) -> list[tuple[Any, Counter]]:
        """Each legal action with its multiset of tokens (cached per state)."""
        state = self.state
        if self._tokens_of[0] is not state:
            tokens = [(a, Counter(self.game.action_cards(state, a))) for a in state.legal_actions()]
            self._tokens_of = (state, tokens)
        return self._tokens_of[1]

    def _entries(self, zone: str) -> list[str | None]:
        if zone == "hand":
            return [_entry(e)[0] for e in self._view.get("hand", [])]
        return next(
            (
                [_entry(e)[0] for e in z.get("cards", [])]
                for z in self._view.get("zones", [])
                if z["name"] == zone
            ),
            [],
        )

    def _token(self, key: tuple[str, int | None]) -> Token:
        zone, index = key
        if index is None:
            return (zone, None)
        return (zone, Card.parse(self._entries(zone)[index]))

    def _selection(self, keys: set[tuple[str, int | None]] | None = None) -> Counter:
        return Counter(self._token(k) for k in (self._selected if keys is None else keys))

    def _growing(self, selection: Counter) -> list[tuple[Any, Counter]]:
        return [(a, t) for a, t in self._tokens() if t and selection <= t]

    def _exact(self) -> list[Any]:
        selection = self._selection()
        return [a for a, t in self._growing(selection) if t == selection] if selection else []

    def _click(self, zone: str, index: int | None) -> None:
        """A click on a card (`index` in its zone) or on a target zone (`index` None)."""
        with self._lock:
            if self._refuse():
                return
            if self._must_pass():
                self._say("press_ready")
                return
            if index is not None and (
                index >= len(self._entries(zone)) or self._entries(zone)[index] is None
            ):
                return  # a face-down card is never a token
            key = (zone, index)
            self._note = None
            if key in self._selected:
                self._selected.discard(key)
            else:
                chosen = self._choose(key)
                if chosen is None:
                    self._note = self._why_not(key)
                else:
                    self._selected = chosen
                    growing = self._growing(self._selection())
                    exact = self._exact()
                    if len(exact) == 1 and len(growing) == 1:  # nothing more to choose: play it
                        self._play(exact[0])
                        return
            self._render()

    def _choose(self, key: tuple[str, int | None]) -> set[tuple[str, int | None]] | None:
        """The selection after clicking `key`: added to the selection if some move still
        fits, else in place of a selected card of the same zone (choosing another hand
        card), else None."""
        added = self._selected | {key}
        if self._growing(self._selection(added)):
            return added
        for old in sorted(k for k in self._selected if k[0] == key[0]):
            swapped = (self._selected - {old}) | {key}
            if self._growing(self._selection(swapped)):
                return swapped
        return None

    def _why_not(self, key: tuple[str, int | None]) -> Note:
        """Why the clicked card cannot be used: the engine's own reason where a move of the
        same shape can be tried, else which moves the current choice allows."""
        state, token, selection = self.state, self._token(key), self._selection()
        legal_tokens = [t for _, t in self._tokens() if t]
        if not legal_tokens:
            return lambda lang: WORDS[lang]["not_now"]
        alone = Counter([token])
        if not self._growing(alone):  # no move uses this card at all: say why of it alone
            selection = Counter()
        err = self._engine_reason(selection + alone)
        options = [a for a, _ in self._growing(selection)][:OPTIONS_SHOWN] if selection else []
        card = self._name_token(token)

        def say(lang: str) -> str:
            w = WORDS[lang]
            moves = "; ".join(self.game.describe(state, a, lang, viewer=state.to_move) for a in options)
            if err is not None:
                text = self._illegal(err)(lang)
                return f"{text} {w['options'].format(moves=moves)}" if options else text
            if options:
                chosen = " + ".join(self._name_token(t) for t in selection.elements())
                return w["not_with"].format(card=card, chosen=chosen, moves=moves)
            return w["not_usable"].format(card=card)

        return say

    def _name_token(self, token: Token) -> str:
        zone, card = token
        if card is not None:
            return card.symbol
        return next((z.get("label", zone) for z in self._view.get("zones", []) if z["name"] == zone), zone)

    def _engine_reason(self, wanted: Counter) -> IllegalMove | None:
        """Ask the engine about the move the clicks describe: take a legal move of the same
        shape (tokens in the same zones), put the clicked cards in its text in place of
        its own, and `apply` it; its `IllegalMove` says which rule forbids it.  A lone hand
        card is also tried as its own text (a card played alone)."""
        zones = Counter(z for z, _ in wanted.elements())
        tries = []
        for action, tokens in self._tokens():
            if Counter(z for z, _ in tokens.elements()) != zones:
                continue
            gone, new = list((tokens - wanted).elements()), list((wanted - tokens).elements())
            if any(c is None for _, c in gone + new):
                continue
            text = str(action)
            for (_, old), (_, card) in zip(sorted(gone, key=str), sorted(new, key=str)):
                text = re.sub(_SYMBOL.format(re.escape(str(old))), str(card), text)
            tries.append((len(gone), text))
        if len(wanted) == 1:
            ((zone, card),) = wanted
            if zone == "hand" and card is not None:
                tries.append((1, str(card)))
        for _, text in sorted(tries):
            try:
                self.state.apply(text)
            except IllegalMove as err:
                if err.rule is not None:
                    return err
            except ValueError:
                continue
        return None

    def _confirm_click(self) -> None:
        with self._lock:
            exact = self._exact() if not self._refuse() else []
            if len(exact) == 1:
                self._play(exact[0])

    def _looks(
        self, zone: str, entries: list[Any], last: set[str], owner_seat: int | None = None
    ) -> list[tuple[str | None, str, str, tuple[str, ...]]]:
        """Per entry: card, caption, style (selected "success", usable "info") and classes
        (unusable, last move); `owner_seat` is the zone's owner, whose name the caption omits."""
        human = self.seats.get(self.state.to_move) == HUMAN
        selection = self._selection() if human else Counter()
        growing = [t for _, t in self._growing(selection)] if human else []
        cells = []
        for i, entry in enumerate(entries):
            text, seat, note = _entry(entry)
            # In a seat's own zone (a meld) its own cards need no name: the note ("= 10♥") shows.
            who = self._who(seat) if seat is not None and seat != owner_seat else ""
            caption = " · ".join(x for x in (who, note) if x)
            extra = ("cardlearn-last",) if text is not None and zone != "hand" and text in last else ()
            if text is None:
                cells.append((None, caption, "", extra))
            elif (zone, i) in self._selected:
                cells.append((text, caption, "success", extra))
            else:
                usable = any(selection + Counter([(zone, Card.parse(text))]) <= t for t in growing)
                cells.append(
                    (
                        text,
                        caption,
                        "info" if usable else "",
                        (*extra, *(() if usable else ("cardlearn-unusable",))),
                    )
                )
        return cells

    # -- who and what is shown -----------------------------------------------------------
    def _who(self, seat: int) -> str:
        return seat_name(seat, self.seats, self._lang)

    def _sides(self) -> list[str]:
        state = self.state
        return side_names(state.teams, state.players, self.seats, self._lang)

    def _shown_seat(self) -> int:
        return self._viewer if self._viewer is not None else (self._humans or [0])[0]

    def _log_viewer(self) -> int | None:
        """Whose eyes the log uses: the seat shown, or all-seeing in the teacher's view."""
        return None if self._teacher else self._shown_seat()

    def _must_pass(self) -> bool:
        """Hot-seat: hide the hands until the next human at the screen says "ready"."""
        if len(self._humans) < 2:
            return False
        return self._viewer is None or self._pass_to() != self._viewer

    def _pass_to(self) -> int:
        seat = self.state.to_move
        if self.seats.get(seat) == HUMAN:
            return seat
        return self._humans[0] if self._viewer is None else self._viewer

    def _ready(self) -> None:
        with self._lock:
            self._viewer, self._note = self._pass_to(), None
            self._render()

    def _say(self, key: str, **kw: Any) -> None:
        self._note = lambda lang: WORDS[lang][key].format(**kw)  # made again on a language switch
        self._render()

    def _hint_order(self, state: Any) -> list[Any]:
        """The legal moves, the strongest bot's choice for the seat to move first."""
        legal = state.legal_actions()
        if self._advice[0] is not state:
            strongest = self.game.BOTS[list(self.game.BOTS)[-1]](seed=self._seed)
            if hasattr(strongest, "think"):  # a search bot: keep what each move scored
                thought = strongest.think(state, state.to_move)
                self._advice = (state, thought.choice, thought)
            else:
                self._advice = (state, strongest.choose(state, state.to_move), None)
        best = self._advice[1]
        return [best, *(a for a in legal if a != best)]

    def _reason(self, state: Any, action: Any) -> str:
        """The game's one-line reason for a move, and how often it won in the search
        bot's simulations (when the hint asked a search bot)."""
        why = self.game.explain(state, action, self._lang)
        thought = self._advice[2] if self._advice[0] is state else None
        if thought is None or thought.worlds == 0:
            return why
        return f"{why} ({simulated_words(thought.result(action), self._lang)})"

    def _ask_new(self) -> None:
        """The "new game" button: asks first while a match is under way."""
        with self._lock:
            decided = any(self._undo_stop(i) for i in range(len(self._moves)))  # forced moves aside
            if decided and not self.state.is_over:
                self._asking = True
                self._render()
            else:
                self.new_game()

    def _answer_new(self, yes: bool) -> None:
        if yes:
            self.new_game()
        else:
            with self._lock:
                self._asking = False
                self._render()

    def _dismiss(self) -> None:
        with self._lock:
            self._summary_at = None
            self._render()
