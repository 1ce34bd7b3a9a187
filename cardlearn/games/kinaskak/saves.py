"""Loading saved Kínaskák games: a game with a recorded start is replayed move by move
(so a tampered save cannot reach a position the rules never allow); a position with no
recorded start (a bot's determinized guess) is checked field by field."""

from __future__ import annotations

import functools
from collections import Counter
from typing import Any

from cardlearn.cards import JOKER, Card
from cardlearn.core import SaveReader

from .rules import CONTRACTS, FINAL_ROUND, INFO, PLAYERS, Rules, deck_for, is_set, run_cards
from .state import Action, Meld, State, as_log, new_game


def load(r: SaveReader) -> State:
    """The saved game `r` holds (for as many players as it names), or a `ValueError`
    saying what is wrong with it."""
    rules = r.rules(Rules)
    players = _whole(r, "players", *PLAYERS)
    state: State = r.load(rules, new_game, players, functools.partial(_snapshot, n=players),
                          players=players)
    return state


def _whole(r: SaveReader, key: str, low: int, high: int) -> int:
    value = r.integer(key, low, high)
    assert value is not None  # a field that is not optional is a number or a ValueError
    return value


def _seat(r: SaveReader, key: str, n: int) -> int | None:
    return r.integer(key, 0, n - 1, optional=True)


def _seats(r: SaveReader, key: str, n: int) -> tuple[int, ...]:
    value = r.get(key, list)
    if not all(type(v) is int and 0 <= v < n for v in value):
        raise ValueError(f"saved game: field {key!r} must list seats from 0 to {n - 1}")
    return tuple(value)


def _per_seat(r: SaveReader, key: str, n: int, kind: type) -> list[Any]:
    value: list[Any] = r.get(key, list)  # JSON: its items are checked next
    if len(value) != n or not all(type(v) is kind for v in value):
        raise ValueError(f"saved game: field {key!r} must have one {kind.__name__} per seat")
    return value


def _meld(r: SaveReader, data: Any, n: int, rules: Rules) -> Meld:
    if not isinstance(data, dict) or data.get("kind") not in ("run", "set") \
            or type(data.get("owner")) is not int or not 0 <= data["owner"] < n \
            or type(data.get("low")) is not int or not isinstance(data.get("key"), str):
        raise ValueError("saved game: a meld is malformed")
    cards = r.cards("melds", " ".join(data.get("cards", [])) if isinstance(data.get("cards"), list) else None)
    meld = Meld(data["owner"], data["kind"], data["key"], data["low"], cards)
    if meld.kind == "set":
        ok = meld.low == 0 and is_set(cards, rules) and all(c is JOKER or c.rank == meld.key for c in cards)
    else:
        try:
            want = run_cards(meld.key, meld.low, len(cards), rules.run_wrap)
        except (IndexError, ValueError):
            want = ()
        ok = len(want) == len(cards) >= 4 and all(c is JOKER or c == w for c, w in zip(cards, want)) \
            and any(c is not JOKER for c in cards)
    if not ok:
        raise ValueError(f"saved game: {' '.join(map(str, cards))} is not a valid meld where it lies")
    return meld


def _snapshot(r: SaveReader, rules: Rules, n: int) -> State:
    hands = tuple(tuple(sorted(r.cards("hands", h))) for h in _per_seat(r, "hands", n, str))
    known = tuple(tuple(sorted(r.cards("known", k))) for k in _per_seat(r, "known", n, str))
    melds_data = _per_seat(r, "melds", n, list)
    melds = tuple(tuple(_meld(r, m, n, rules) for m in ms) for ms in melds_data)
    pending = tuple(_meld(r, m, n, rules) for m in r.get("pending", list))
    step = r.get("step", str)
    if step not in INFO.phases:
        raise ValueError(f"saved game: 'step' must be one of {INFO.phases}")
    taken = r.data.get("taken")
    sheet_rows = []
    for row in r.get("sheet", list):
        if not (isinstance(row, list) and len(row) == 5 and all(type(x) is int for x in row[:3])
                and (row[3] is None or type(row[3]) is int) and isinstance(row[4], list) and len(row[4]) == n
                and all(type(x) is int for x in row[4])):
            raise ValueError("saved game: a score sheet row is malformed")
        sheet_rows.append((row[0], row[1], row[2], row[3], tuple(row[4])))
    try:
        history = tuple(Action.parse(m) for m in r.get("history", list))
    except ValueError as err:
        raise ValueError(f"saved game: a move in its history cannot be read: {err}") from None
    state = State(
        rules=rules, seed=_whole(r, "seed", 0, 2**63), n=n, round_no=_whole(r, "round_no", 1, FINAL_ROUND),
        dealer=_whole(r, "dealer", 0, n - 1), stock=r.cards("stock"), discard=r.cards("discard"),
        live=r.get("live", bool), discarder=_seat(r, "discarder", n), hands=hands, known=known, melds=melds,
        pending=pending, laid_down=tuple(_per_seat(r, "laid_down", n, bool)),
        laid_turn=r.get("laid_turn", bool),
        buys_used=tuple(_per_seat(r, "buys_used", n, int)), fines=tuple(_per_seat(r, "fines", n, int)),
        step=step, player=_whole(r, "player", 0, n - 1), buy_queue=_seats(r, "buy_queue", n),
        buy_requests=_seats(r, "buy_requests", n),
        taken=_one_card(r, taken),
        went_out=_seat(r, "went_out", n), final_left=_seats(r, "final_left", n),
        reshuffles=_whole(r, "reshuffles", 0, 10**6), turns=_whole(r, "turns", 0, 10**6),
        totals=tuple(_per_seat(r, "totals", n, int)), cards_left=tuple(_per_seat(r, "cards_left", n, int)),
        sheet=tuple(sheet_rows), log=as_log(history), round_start=_whole(r, "round_start", 0, 10**7),
        origin=None)
    _check(state)
    return state


def _one_card(r: SaveReader, text: Any) -> Card | None:
    if text is None:
        return None
    cards = r.cards("taken", text) if isinstance(text, str) else ()
    if len(cards) != 1:
        raise ValueError("saved game: field 'taken' must be one card or null")
    return cards[0]


def _check(s: State) -> None:
    """What must hold of any position the rules can reach."""
    everything = [*s.stock, *s.discard, *(c for h in s.hands for c in h),
                  *(c for ms in s.melds for m in ms for c in m.cards),
                  *(c for m in s.pending for c in m.cards)]
    problems = []
    if Counter(everything) != Counter(deck_for(s.n, s.rules)):
        problems.append("its cards are not the Kínaskák deck for this many players, each card once")
    if any(Counter(k) - Counter(h) for k, h in zip(s.known, s.hands)):
        problems.append("a hand lacks a card everyone saw go into it")
    if any(bool(ms) != ld for ms, ld in zip(s.melds, s.laid_down)):
        problems.append("'laid_down' does not match the melds on the table")
    if any(m.owner != o for o, ms in enumerate(s.melds) for m in ms) \
            or any(m.owner != s.player for m in s.pending):
        problems.append("a meld lies in the wrong seat's row")
    if bool(s.pending) != (s.step == "meld"):
        problems.append("an unfinished lay-down and the step 'meld' go together")
    if (s.step == "buy") != bool(s.buy_queue):
        problems.append("the step 'buy' needs seats to ask")
    if s.totals != tuple(sum(row[4][i] for row in s.sheet) for i in range(s.n)):
        problems.append("the scores are not the sum of the score sheet")
    done = len(s.sheet)
    if (s.step == "over" and done != FINAL_ROUND) or (s.step != "over" and done != s.round_no - 1):
        problems.append("the round number does not match the score sheet")
    if any((row[1], row[2]) != tuple(CONTRACTS[row[0] - 1]) for row in s.sheet if 1 <= row[0] <= 8):
        problems.append("a score sheet row names the wrong contract")
    if s.round_start > len(s.history) or (not s.discard and s.step == "draw"):
        problems.append("the history or the discard pile does not fit the step")
    if problems:
        raise ValueError("saved game: " + "; ".join(problems))


__all__ = ["load"]
