"""The table's model: everything a card table knows and decides, with no widgets.

`TableModel` holds the game, who plays each seat, the positions and moves so far, the
selection of tokens, the message line, the hint, the language and the teacher's view.  It
asks the game for the layout of the seat shown and resolves every click from that layout
itself.  `snapshot()` gives a read-only `Snapshot` (see `cardlearn.table.snapshot`) of what
a picture of the table shows, every text already in the table's language;
`cardlearn.table.view` draws it with ipywidgets, but a test (or another front end) can read
it directly.

The flow (second edition): a move is made only by the pupil's Confirm (a click selects, it
never plays), or by a move's own button; a forced move (the only legal one) is selected
for the pupil and announced, and waits for that Confirm too.  A deal's end opens its
summary and pauses the table, bots and all, until `dismiss()` (the panel's Áfram).  With
`demo` on, the computer plays every seat, the humans' too, stopping at each deal's end.

Bots never move by themselves here: `pending_bot()` names the bot's turn now due (a
`BotTurn`), `think(turn)` asks the bot for its move, `complete(turn, action)` makes it
unless the table has moved on meanwhile (an undo, a new game); `bot_step()` does all three
at once and `run_bots()` until a human must act.  The widget runs them from the event loop, with
a pause; a test simply calls them.  The model is not thread-safe: its caller serialises
calls (the widget holds a lock), except `think`, which reads only the turn it is given.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from cardlearn.bots import Thought
from cardlearn.cards import Card
from cardlearn.core import IllegalMove
from cardlearn.protocol import Bot, GameModule, Layout, State, Token, Zone
from cardlearn.table import snapshot
from cardlearn.table.choices import Advice, Choices
from cardlearn.table.fixed import table_bot
from cardlearn.table.snapshot import HUMAN, Key, Snapshot, entry_parts
from cardlearn.table.words import WORDS, check_lang, seat_name, side_names

OPTIONS_SHOWN = 4  # a "does not go with" message names at most this many moves

Note = Callable[[str], str]  # a message, made in the language asked for
Move = tuple[int, Any]  # (seat, action) played from `states[i]`


# ---------------------------------------------------------------------------------------
# Setting up


def roles(game: GameModule, n: int, seats: Mapping[int, str] | None) -> dict[int, str]:
    """Seat → "human" or bot level; an unnamed seat 0 is human, other unnamed seats get
    the game's strongest bot (`INFO.strongest_bot`)."""
    strongest = game.INFO.strongest_bot
    seats = seats or {}
    for seat, role in seats.items():
        if seat not in range(n):
            raise ValueError(f"seat {seat!r} is not a seat of this game: seats are 0 to {n - 1}")
        if role != HUMAN and role not in game.BOTS:
            raise ValueError(
                f"seat {seat}: {role!r} is neither 'human' nor a bot level ({', '.join(game.BOTS)})"
            )
    return {s: seats.get(s, HUMAN if s == 0 else strongest) for s in range(n)}


def new_state(game: GameModule, seed: int | None, rules: Any, players: int | None) -> State:
    """A new match of `game` (a fixed-size game takes no number of players)."""
    kwargs: dict[str, Any] = {"seed": seed}
    if rules is not None:
        kwargs["rules"] = rules
    if game.PLAYERS[0] != game.PLAYERS[1] and players is not None:
        kwargs["players"] = players
    state: State = game.new_game(**kwargs)
    return state


# ---------------------------------------------------------------------------------------
# The model


@dataclass(frozen=True)
class BotTurn:
    """A bot's move now due: `seat` moves in `state`, after `ply` moves, in the model's
    `generation`.  Stale once the table moved on, was undone or restarted."""

    state: State = field(compare=False)
    seat: int
    ply: int
    generation: int


class TableModel:
    """One table: see the module docstring.  `seats` maps a seat to "human" or a bot level
    (default: seat 0 human, the others the game's strongest bot); `seed` seeds the bots."""

    def __init__(
        self,
        game: GameModule,
        state: State,
        *,
        seats: Mapping[int, str] | None = None,
        seed: int | None = None,
        lang: str = "is",
    ):
        self.game = game
        self._lang = check_lang(lang)
        self._roles = roles(game, state.players, seats)
        self.seed = seed or 0
        self._bots: dict[int, Bot] = {
            s: table_bot(game, r, self.seed + s) for s, r in self._roles.items() if r != HUMAN
        }
        self._humans = tuple(s for s, r in self._roles.items() if r == HUMAN)
        self._generation = 0
        self._teacher = False
        self._demo = False
        self._demo_bots: dict[int, Bot] = {}  # the humans' seats, played in demo mode
        self._note: Note | None = None
        self._asking = False
        self._advice: Advice | None = None
        self._reset(state)
        self._settle()

    # -- what it holds -------------------------------------------------------------------
    @property
    def state(self) -> State:
        return self._states[-1]

    @property
    def states(self) -> tuple[State, ...]:
        """Every position of this table's match so far, the first one first."""
        return tuple(self._states)

    @property
    def moves(self) -> tuple[Move, ...]:
        """`(seat, action)` per move made, `moves[i]` from `states[i]` to `states[i + 1]`."""
        return tuple(self._moves)

    @property
    def seats(self) -> dict[int, str]:
        return dict(self._roles)

    @property
    def humans(self) -> tuple[int, ...]:
        return self._humans

    @property
    def lang(self) -> str:
        return self._lang

    @lang.setter
    def lang(self, lang: str) -> None:
        self._lang = check_lang(lang)

    @property
    def teacher(self) -> bool:
        """The teacher's view: every hand face up (the picture only; bots get the state)."""
        return self._teacher

    @teacher.setter
    def teacher(self, on: bool) -> None:
        self._teacher = bool(on)

    @property
    def demo(self) -> bool:
        """Demo mode: the computer plays every seat at the table's pace (the humans' with
        the game's strongest bot), stopping at each deal's summary until it is dismissed.
        Switching it off gives the humans their seats back (a bot turn handed out for one
        of them becomes stale)."""
        return self._demo

    @demo.setter
    def demo(self, on: bool) -> None:
        on = bool(on)
        if on == self._demo:
            return
        self._demo = on
        self.cancel_bots()
        self._selected.clear()
        self._note = None
        if on:
            strongest = self.game.INFO.strongest_bot
            for s in self._humans:
                self._demo_bots.setdefault(s, table_bot(self.game, strongest, self.seed + s))
        else:
            self._settle()

    @property
    def paused(self) -> bool:
        """Is the table waiting at a deal's summary (no move, no bot, until `dismiss`)?"""
        return self._summary_at is not None

    @property
    def message(self) -> str:
        """The message line (a reason, "wait", "nothing to undo"), in `lang`."""
        return self._note(self._lang) if self._note else ""

    @property
    def selected(self) -> frozenset[Key]:
        return frozenset(self._selected)

    @property
    def asking(self) -> bool:
        """Is "throw this game away and start a new one?" being asked?"""
        return self._asking

    @property
    def summary_at(self) -> int | None:
        """The move that ended the deal now summed up (until played on or dismissed)."""
        return self._summary_at

    @property
    def generation(self) -> int:
        """Grows whenever bot turns handed out become stale (undo, new game, cancel)."""
        return self._generation

    @property
    def thought(self) -> Thought | None:
        """The search bot's reasoning behind the hint for this position, if it was asked
        and the game's strongest bot is a search bot."""
        advice = self._advice
        return advice.thought if advice is not None and advice.state is self.state else None

    def who(self, seat: int) -> str:
        return seat_name(seat, self._roles, self._lang, self.own_seat, self.names)

    def namer(self, lang: str) -> Callable[[int], str]:
        """Seats by the table's names in `lang` (a message is said again in the other
        language when the pupil switches)."""
        return lambda seat: seat_name(seat, self._roles, lang, self.own_seat, self.names)

    @property
    def names(self) -> Mapping[int, str]:
        """Other pupils' own names by seat (a shared room's, given by the teacher); none
        here: a pupil is "Þú" and other humans "Spilari 2"."""
        return {}

    @property
    def own_seat(self) -> int | None:
        """The seat named "Þú" although other pupils play too (a shared table's page);
        None at a table of one's own or a hot seat."""
        return None

    def sides(self) -> list[str]:
        state = self.state
        return side_names(state.teams, state.players, self._roles, self._lang, self.own_seat, self.names)

    def quiet(self, state: State, action: Any) -> bool:
        """A decision that needs no pause and no undo stop (the game's `quiet`)."""
        return self.game.quiet(state, action)

    # -- moves ---------------------------------------------------------------------------
    def _reset(self, state: State) -> None:
        self._states: list[State] = [state]
        self._moves: list[Move] = []
        self._selected: set[Key] = set()
        self._viewer = self._humans[0] if len(self._humans) == 1 else None
        self._note = None
        self._hint_state: State | None = None
        self._layout: tuple[State, int, str, Layout] | None = None
        self._choices: Choices | None = None
        self._summary_at: int | None = None
        self._shown_error: Exception | None = None  # a bot's error, as `fail` said it

    def is_undo_stop(self, i: int) -> bool:
        """Does undo stop at `states[i]`: a human seat to move with a real choice (more
        than one legal move) that it did not make quietly?"""
        state = self._states[i]
        if not self._human(state.to_move) or len(state.legal_actions()) < 2:
            return False
        return i >= len(self._moves) or not self.quiet(state, self._moves[i][1])

    def undo_stops(self) -> list[int]:
        """The positions, by index into `states`, that undo may go back to."""
        return [i for i in range(len(self._moves)) if self.is_undo_stop(i)]

    def _refuse(self) -> bool:
        """Say why no human may move now, if so."""
        seat = self.state.to_move
        if seat is None:
            self._say("is_over")
        elif self.paused:
            self._say("press_continue")
        elif self._demo:
            self._say("demo_on")
        elif self._roles[seat] != HUMAN:
            self._say("wait", who=self.who(seat))
        else:
            return False
        return True

    def act(self, action: Any) -> bool:
        """Make `action` (an action or its text) for the human seat to move; an illegal
        one only sets the message.  True if the move was made."""
        return not self._refuse() and self._play(action)

    def _play(self, action: Any) -> bool:
        state = self.state
        seat = state.to_move
        assert seat is not None
        try:
            after = state.apply(action)
        except ValueError as err:  # IllegalMove, or a malformed action
            self._note = self._illegal(err)
            return False
        self._summary_at = None  # playing on dismisses the deal's summary
        self._push(seat, after)
        self._changed()
        return True

    def _illegal(self, err: ValueError) -> Note:
        def say(lang: str) -> str:
            words = self.game.RULE_WORDS.get(lang, {})
            msg = err.say(dict(words)) if isinstance(err, IllegalMove) else str(err)
            return WORDS[lang]["illegal"].format(msg=msg)

        return say

    @property
    def bot_streak(self) -> int:
        """How many computer moves in a row were made since a human's last move (the
        status shows it as progress through a long stretch of computer moves)."""
        n = 0
        for seat, _ in reversed(self._moves):
            if seat in self._bots or self._demo:
                n += 1
            else:
                break
        return n

    def _push(self, seat: int, after: State) -> None:
        before = self.state
        self._moves.append((seat, after.history[-1]))  # the engine's own form of the move
        self._states.append(after)
        if after.deals_done > before.deals_done and not after.is_over:
            self._summary_at = len(self._moves) - 1

    def _changed(self) -> None:
        self._selected.clear()
        self._note = None
        self._settle()

    def _settle(self) -> None:
        """A human's forced move (the only legal one) is the human's all the same: select
        its tokens and say so; the human's Confirm (or the move's own button) makes it.
        Nothing while the table is paused at a deal's end or in demo mode."""
        move = self.forced()
        if move is None:
            return
        keys = self._keys_of(move)
        if keys is not None:
            self._selected = keys
        state, lang_key = self.state, "forced" if keys else "forced_button"

        def say(lang: str) -> str:
            text = self.game.command(state, move, lang, who=self.namer(lang))
            # "… — svippur!" ends its own sentence: no full stop after it
            return WORDS[lang][lang_key].format(move=text).replace("!.", "!")

        self._note = say

    def forced(self) -> Any | None:
        """The human's only legal move now, if the human is to move and has just one."""
        if self.paused or self._demo or not self.human_to_move() or self.must_pass():
            return None
        legal = self.state.legal_actions()
        return legal[0] if len(legal) == 1 else None

    def _keys_of(self, action: Any) -> set[Key] | None:
        """The clicks that select exactly `action`'s tokens where the layout shows them
        (empty for a move made by its button; None if some token is not shown)."""
        keys: set[Key] = set()
        for zone, card in self.game.action_cards(self.state, action):
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

    def undo_target(self) -> int | None:
        """The undo stop that `undo` would go back to (an index into `states`), if any."""
        return next((i for i in range(len(self._states) - 2, -1, -1) if self.is_undo_stop(i)), None)

    def undo_says(self) -> str:
        """What undo would take back, in words: the move made at its stop ("Tekur aftur:
        Þú leggur 4♣"), and every move after it."""
        i = self.undo_target()
        w = WORDS[self._lang]
        if i is None:
            return w["undo_nothing"]
        text = self.describe_move(i)
        after = len(self._moves) - i - 1
        more_moves = "" if not after else w["undo_more_one"] if after == 1 else w["undo_more"].format(n=after)
        return w["undo_what"].format(move=text) + more_moves

    def describe_move(self, i: int) -> str:
        """Move `i` in words with its subject ("Þú tekur…"), as the log's viewer heard it."""
        return self.game.describe(self._states[i], self._moves[i][1], self._lang,
                                  viewer=self.log_viewer(), who=self.who)

    def undo(self) -> bool:
        """Back to the latest earlier undo stop (see `is_undo_stop`); True if it went back,
        else the message says there is nothing to undo."""
        for i in range(len(self._states) - 2, -1, -1):
            if self.is_undo_stop(i):
                self.cancel_bots()
                del self._states[i + 1 :], self._moves[i:]
                if self._summary_at is not None and self._summary_at >= i:
                    self._summary_at = None
                self._changed()
                return True
        self._say("nothing_to_undo")
        return False

    def new_game(self, seed: int | None = None) -> None:
        """Start again with the same seats, rules and bots."""
        self.cancel_bots()
        self._asking = False
        self._reset(new_state(self.game, seed, self.state.rules, len(self._roles)))
        self._changed()

    def ask_new(self) -> None:
        """The "new game" button: asks first while a match with real choices is under way."""
        decided = bool(self.undo_stops())  # forced moves aside
        if decided and not self.state.is_over:
            self._asking = True
        else:
            self.new_game()

    def answer_new(self, yes: bool) -> None:
        if yes:
            self.new_game()
        else:
            self._asking = False

    def dismiss(self) -> None:
        """Close the end-of-deal summary: the next deal goes on (bots, forced moves)."""
        self._summary_at = None
        self._note = None
        self._settle()

    # -- bots ----------------------------------------------------------------------------
    def pending_bot(self) -> BotTurn | None:
        """The bot's turn now due, or None (a human to move, or the match over)."""
        state = self.state
        seat = state.to_move
        if seat is None or self.paused or (self._roles[seat] == HUMAN and not self._demo):
            return None
        return BotTurn(state, seat, len(self._moves), self._generation)

    def is_current(self, turn: BotTurn) -> bool:
        return (
            turn.generation == self._generation
            and turn.ply == len(self._moves)
            and turn.state is self.state
        )

    def think(self, turn: BotTurn) -> Any:
        """The bot's choice for `turn` (reads only the turn: may run outside the caller's lock)."""
        bot = self._bots.get(turn.seat) or self._demo_bots[turn.seat]
        return bot.choose(turn.state, turn.seat)

    def complete(self, turn: BotTurn, action: Any) -> bool:
        """Make the bot's `action` if `turn` is still current (then also any forced human
        move after it); False, changing nothing, for a stale turn."""
        if not self.is_current(turn):
            return False
        self._push(turn.seat, turn.state.apply(action))
        self._selected.clear()
        self._note = None  # "wait", said while the bot moved, is stale now
        self._settle()
        return True

    def fail(self, turn: BotTurn, err: Exception) -> bool:
        """Show a bot's error on the message line, if its turn is still current."""
        if not self.is_current(turn):
            return False
        self._say("bot_error", msg=str(err))
        self._shown_error = err
        return True

    def show_error(self, err: Exception) -> None:
        """Say on the message line that the program failed with `err` (in a click's callback,
        say, whose error would otherwise reach only a log); a bot's error already shown by
        `fail` keeps its own words."""
        if err is not self._shown_error:
            self._say("program_error", msg=f"{type(err).__name__}: {err}")

    def bot_step(self) -> bool:
        """One bot move now, if one is due (its error is shown, then raised)."""
        turn = self.pending_bot()
        if turn is None:
            return False
        try:
            self.complete(turn, self.think(turn))
        except Exception as err:
            self.fail(turn, err)
            raise
        return True

    def run_bots(self) -> int:
        """Bots move until a human must act or the match is over; how many moves they made."""
        n = 0
        while self.bot_step():
            n += 1
        return n

    def cancel_bots(self) -> None:
        """Make every bot turn handed out stale (a thread still thinking gives up)."""
        self._generation += 1

    # -- the layout and what a click means -----------------------------------------------
    def shown_seat(self) -> int:
        """The seat drawn at the bottom: the one human, or the hot seat's current player."""
        return self._viewer if self._viewer is not None else (self._humans or (0,))[0]

    def log_viewer(self) -> int | None:
        """Whose eyes the words use: the seat shown, or all-seeing in the teacher's view."""
        return None if self._teacher else self.shown_seat()

    def layout(self) -> Layout:
        """The game's layout of the position now, for the seat shown, in `lang` (asked
        once per position, seat and language)."""
        state, seat, lang = self.state, self.shown_seat(), self._lang
        cached = self._layout
        if cached is None or cached[0] is not state or cached[1:3] != (seat, lang):
            cached = self._layout = (state, seat, lang, self.game.layout(state, seat, lang, who=self.who))
        return cached[3]

    def _zone(self, name: str) -> Zone | None:
        return next((z for z in self.layout()["zones"] if z["name"] == name), None)

    def entries(self, zone: str) -> list[str | None]:
        """The card texts of a zone (or "hand") as shown now; None for a face-down card."""
        if zone == "hand":
            return [entry_parts(e)[0] for e in self.layout()["hand"]]
        found = self._zone(zone)
        return [entry_parts(e)[0] for e in found.get("cards", [])] if found is not None else []

    def token_of(self, key: Key) -> Token:
        """The token a click names: the card at `index` of the zone, or the zone itself."""
        zone, index = key
        if index is None:
            return (zone, None)
        card = self.entries(zone)[index]
        if card is None:
            raise ValueError(f"entry {index} of {zone!r} is face down: it is no token")
        return (zone, Card.parse(card))

    def choices(self) -> Choices:
        """The legal moves of the position now with their tokens (made once per position)."""
        if self._choices is None or self._choices.state is not self.state:
            self._choices = Choices(self.game, self.state)
        return self._choices

    def selection(self, keys: set[Key] | frozenset[Key] | None = None) -> Counter[Token]:
        return Counter(self.token_of(k) for k in (self._selected if keys is None else keys))

    def fitting(self, selection: Counter[Token] | None = None) -> list[tuple[Any, Counter[Token]]]:
        """The legal moves, with their tokens, that the selection (default: the current
        one) is part of."""
        return self.choices().fitting(self.selection() if selection is None else selection)

    def exact(self) -> list[Any]:
        """The legal moves whose tokens are exactly the current selection."""
        return self.choices().exact(self.selection())

    def _human(self, seat: int | None) -> bool:
        return seat is not None and self._roles[seat] == HUMAN

    def click(self, zone: str, index: int | None) -> None:
        """A click on entry `index` of `zone` (or "hand"), or on a target zone (`index`
        None): select or deselect it, play the move once nothing more is to choose, or say
        why the card cannot be used."""
        if self._refuse():
            return
        if self.must_pass():
            self._say("press_ready")
            return
        entries = self.entries(zone)
        if index is not None and (index >= len(entries) or entries[index] is None):
            return  # a face-down card is never a token
        key = (zone, index)
        self._note = None
        if key in self._selected:
            self._selected.discard(key)
            return
        chosen = self._choose(key)
        if chosen is None:
            self._note = self._why_not(key)
            return
        self._selected = chosen  # a click only selects: Confirm plays (one rule for every game)

    def _choose(self, key: Key) -> set[Key] | None:
        """The selection after clicking `key`: added to the selection if some move still
        fits, else in place of a selected card of the same zone (choosing another hand
        card), else None."""
        added = self._selected | {key}
        if self.fitting(self.selection(added)):
            return added
        same_zone = (k for k in self._selected if k[0] == key[0])
        for old in sorted(same_zone, key=lambda k: (k[1] is None, k[1] or 0)):
            swapped = (self._selected - {old}) | {key}
            if self.fitting(self.selection(swapped)):
                return swapped
        return None

    def _why_not(self, key: Key) -> Note:
        """Why the clicked card cannot be used: the engine's own reason where a move of the
        same shape can be tried, else which moves the current choice allows."""
        state, seat, token, selection = self.state, self.shown_seat(), self.token_of(key), self.selection()
        if not self.choices().any_tokens():
            return lambda lang: WORDS[lang]["not_now"]
        alone = Counter([token])
        if not self.fitting(alone):  # no move uses this card at all: say why of it alone
            selection = Counter()
        err = self.choices().engine_reason(selection + alone)
        options = [a for a, _ in self.fitting(selection)][:OPTIONS_SHOWN] if selection else []
        illegal = self._illegal(err) if err is not None else None

        def name(t: Token, lang: str) -> str:  # a card by its symbol, a zone by its label in `lang`
            zone, card = t
            if card is not None:
                return card.symbol
            labels = {z["name"]: z["label"]
                      for z in self.game.layout(state, seat, lang, who=self.namer(lang))["zones"]}
            return labels.get(zone, zone)

        def say(lang: str) -> str:
            w = WORDS[lang]
            moves = "; ".join(self.game.command(state, a, lang, who=self.namer(lang)) for a in options)
            if illegal is not None:
                text = illegal(lang)
                return f"{text} {w['options'].format(moves=moves)}" if options else text
            if options:
                chosen = " + ".join(name(t, lang) for t in selection.elements())
                return w["not_with"].format(card=name(token, lang), chosen=chosen, moves=moves)
            return w["not_usable"].format(card=name(token, lang))

        return say

    def confirm(self) -> bool:
        """Play the selection, if it is exactly one legal move."""
        exact = self.exact() if not self._refuse() else []
        return len(exact) == 1 and self._play(exact[0])

    # -- the hot seat ----------------------------------------------------------------------
    def must_pass(self) -> bool:
        """Hot seat: hide the hands until the next human at the screen says "ready"."""
        if len(self._humans) < 2:
            return False
        return self._viewer is None or self.pass_to() != self._viewer

    def pass_to(self) -> int:
        seat = self.state.to_move
        if self._human(seat):
            assert seat is not None
            return seat
        return self._humans[0] if self._viewer is None else self._viewer

    def ready(self) -> None:
        """The next human has the screen: show that seat's hand."""
        self._viewer, self._note = self.pass_to(), None

    # -- messages and hints --------------------------------------------------------------
    def _say(self, key: str, **kw: Any) -> None:
        self._note = lambda lang: WORDS[lang][key].format(**kw)  # made again on a language switch

    def hint(self) -> list[tuple[str, str]]:
        """The legal moves of the human seat to move, each `(action text, reason)`, the
        strongest bot's choice first; from now on the snapshot shows them (this position)."""
        state = self.state
        self._note = None  # a reason given for an earlier click is stale once help is asked
        if not self.human_to_move() or self.paused or self._demo:
            self._say("no_hint")
            return []
        self._hint_state = state
        return [(str(a), self.reason(state, a)) for a in self.hint_order(state)]

    def advice(self, state: State) -> Advice:
        """The strongest bot's view of `state` (asked once per position, kept for the last)."""
        if self._advice is None or self._advice.state is not state:
            self._advice = Advice(self.game, state, self.seed)
        return self._advice

    def hint_order(self, state: State) -> list[Any]:
        """The legal moves, the strongest bot's choice for the seat to move first."""
        return self.advice(state).order

    def reason(self, state: State, action: Any) -> str:
        """The game's one-line reason for a move, and how often it won in the search
        bot's simulations (see `Advice.reason`)."""
        return self.advice(state).reason(action, self._lang)

    # -- the picture ---------------------------------------------------------------------
    def human_to_move(self) -> bool:
        """May a human move now: a human seat to move, the table not paused at a deal's
        end, and not in demo mode?"""
        return self._human(self.state.to_move) and not self.paused and not self._demo

    @property
    def hint_shown(self) -> bool:
        """Was the hint asked for in this position (so the picture lists it)?"""
        return self._hint_state is self.state

    def snapshot(self) -> Snapshot:
        """What a picture of the table shows now (see `cardlearn.table.snapshot`)."""
        return snapshot.take(self)
