"""Reading a saved Kozel game back (`State.from_json`): a match with a recorded start is
replayed from it move by move; a position without one (a bot's determinized guess) is
checked card by card."""

from __future__ import annotations

from typing import Any

from cardlearn.cards import Card
from cardlearn.core import SaveReader

from .legality import Action
from .rules import DECK, HAND_SIZE, ROW_KEYS, Rules, check_seat
from .state import Four, Pair, Row, State, new_game

__all__ = [  # this module's part of the game API: the package re-exports these
    "load",
]


def load(reader: SaveReader) -> State:
    """The saved game `reader` holds, or a `ValueError` saying what is wrong with it."""
    raw = reader.get("rules", dict)
    if raw.get("allow_partial_beat", None) is False:
        # Saves made while `Rules` still had the option (it could only be False, and is
        # gone: row A4) load as they did; the replay compares the rules without it too.
        raw = {k: v for k, v in raw.items() if k != "allow_partial_beat"}
        reader.data["rules"] = raw
    if isinstance(raw.get("loss_table"), list):
        raw = {**raw, "loss_table": tuple(raw["loss_table"])}
    state: State = reader.load(reader.rules(Rules, raw), new_game, 4, _load_snapshot)
    return state


def _load_snapshot(r: SaveReader, rules: Rules) -> State:
    """A position with no recorded start (a bot's determinized guess), checked card by card."""
    def whole(key: str, low: int, high: int) -> int:
        value = r.integer(key, low, high)
        assert value is not None  # not optional: a missing field is a ValueError
        return value

    def seat(key: str) -> int:
        return whole(key, 0, 3)

    def two(key: str) -> tuple[int, int]:
        a, b = r.int_tuple(key, 2)
        return (a, b)

    def seat_cards(key: str) -> Four:
        value = r.get(key, list)
        if len(value) != 4:
            raise ValueError(f"saved game: {key!r} must have one entry per seat")
        a, b, c, d = (r.cards(key, v) for v in value)
        return (a, b, c, d)

    def per_team(key: str) -> list[Any]:
        value: list[Any] = r.get(key, list)  # JSON: each game's reader checks the entries
        if len(value) != 2:
            raise ValueError(f"saved game: {key!r} must have one entry per team")
        return value

    def piles(key: str) -> Pair:
        a, b = (r.cards(key, p) for p in per_team(key))
        return (a, b)

    try:
        plays = tuple((check_seat(w), k, r.cards("plays", c)) for w, k, c in r.get("plays", list))
        last_trick = tuple((check_seat(w), k, r.cards("last_trick", c), n)
                           for w, k, c, n in r.get("last_trick", list))
        if not all(type(n) is int and 0 < n <= 4 and len(c) in (0, n) for _, _, c, n in last_trick):
            raise ValueError("a play of the last trick has a wrong count")
        hidden_a, hidden_b = (tuple((check_seat(w), Card.parse(c)) for w, c in h) for h in per_team("hidden"))
        history = tuple(Action.parse(a) for a in r.get("history", list))
        trump_card = Card.parse(r.get("trump_card", str))
    except (TypeError, ValueError) as err:
        raise ValueError(f"saved game: a trick, hidden pile or move is malformed: {err}") from None
    if any(k not in ("lead", "beat", "discard") for _, k, _ in plays):
        raise ValueError("saved game: a play's kind must be lead, beat or discard")
    if not isinstance(r.get("interrupted", bool), bool):
        raise ValueError("saved game: 'interrupted' must be true or false")
    passed = r.get("passed", list)
    if not all(type(s) is int and 0 <= s < 4 for s in passed):
        raise ValueError("saved game: 'passed' must list seats 0-3")
    state = State(
        rules=rules, seed=whole("seed", 0, 2**63), deal_no=whole("deal_no", 0, 10**6),
        dealer=seat("dealer"), trump_card=trump_card,
        trump_pos=r.integer("trump_pos", 0, 19, optional=True), stock=r.cards("stock"),
        hands=seat_cards("hands"), leader=seat("leader"), original_leader=seat("original_leader"),
        plays=plays, interrupted=r.data["interrupted"], passed=tuple(passed), last_trick=last_trick,
        piles=piles("piles"), hidden=(hidden_a, hidden_b),
        tricks=two("tricks"), known=seat_cards("known"), totals=two("totals"),
        sheet=_load_sheet(r.get("sheet", list)), eggs_count=whole("eggs_count", 0, 10**6),
        egg_streak=whole("egg_streak", 0, 10**6), winner=r.integer("winner", 0, 1, optional=True),
        history=history)
    _check_snapshot(state)
    return state


def _check_snapshot(s: State) -> None:
    """What must hold of every position the rules can reach."""
    on_table = [c for _, _, cards in s.plays for c in cards]
    everything = [*s.stock, *sum(s.hands, ()), *on_table, *sum(s.piles, ()),
                  *(c for h in s.hidden for _, c in h)]
    if sorted(everything) != sorted(DECK):
        raise ValueError("saved game: its cards are not the 36 cards of the Kozel deck, each once")
    if len(s.stock) % 4:
        raise ValueError("saved game: the stock must hold a multiple of 4 cards")
    if s.trump_pos is not None and (s.trump_pos >= len(s.stock) or s.stock[s.trump_pos] != s.trump_card):
        raise ValueError("saved game: the trump indicator is not where 'trump_pos' says")
    if s.trump_pos is None and s.trump_card in s.stock:
        raise ValueError("saved game: the trump indicator is in the stock but has no position")
    if s.totals != tuple(sum(row[4][t] for row in s.sheet) for t in (0, 1)):
        raise ValueError("saved game: the scores are not the sum of the score sheet")
    if s.eggs_count != sum(row[3] for row in s.sheet) or s.egg_streak > s.eggs_count:
        raise ValueError("saved game: the eggs count does not match the score sheet")
    reached = [t for t in (0, 1) if s.totals[t] >= s.rules.match_limit]
    if (s.winner is not None) != bool(reached) or (reached and s.winner != 1 - reached[0]):
        raise ValueError("saved game: the winner is not the team that stayed under the match limit")
    if s.winner is not None:
        return
    played = {w: len(c) for w, _, c in s.plays}
    if len(played) != len(s.plays) or any(w != (s.leader + i) % 4 for i, (w, _, _) in enumerate(s.plays)):
        raise ValueError("saved game: the trick's plays are not in turn from its leader")
    if s.plays and (s.plays[0][1] != "lead" or any(k == "lead" for _, k, _ in s.plays[1:])
                    or len({len(c) for _, _, c in s.plays}) != 1
                    or len({c.suit for c in s.plays[0][2]}) != 1):
        raise ValueError("saved game: the trick does not start with a lead of one suit, "
                         "answered card for card")
    sizes = {len(h) + played.get(w, 0) for w, h in enumerate(s.hands)}
    if len(sizes) != 1 or sizes.pop() > HAND_SIZE or (not s.plays and not any(s.hands)):
        raise ValueError("saved game: the hands are not sizes the play can leave")
    for w, k in enumerate(s.known):
        if not set(k) <= set(s.hands[w]):
            raise ValueError("saved game: a seat is said to hold a card it does not have")


def _load_sheet(rows: list[Any]) -> tuple[Row, ...]:
    out: list[Row] = []
    for row in rows:
        pairs_ok = isinstance(row, dict) and set(row) == set(ROW_KEYS) and all(
            isinstance(row[k], list) and len(row[k]) == 2 and all(type(x) is int for x in row[k])
            for k in ROW_KEYS if k != "eggs")
        if not pairs_ok or not isinstance(row["eggs"], bool) or sum(row["points"]) != 120:
            raise ValueError("saved game: a score sheet row is malformed")
        points, tricks, loss, total = (row[k] for k in ("points", "tricks", "loss_points", "total"))
        out.append(((points[0], points[1]), (tricks[0], tricks[1]), (loss[0], loss[1]), row["eggs"],
                    (total[0], total[1])))
    return tuple(out)
