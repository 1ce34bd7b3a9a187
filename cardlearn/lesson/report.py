"""What the teacher's page and a lesson's results show of a table (a room), as plain JSON.

- `table_report(room, lang)` — one table at a glance: the game, the deal, whose turn it
  is (by the name the table uses), the match score per seat or team in the game's unit,
  and per pupil the hints asked for and the moves refused, by rule.
- `pupil_results(room, seat, lang)` — one pupil's results at that table: deals played
  and won, the pupil's score, hints and refusals.

Nothing here shows a card: only names, numbers and the rules' words.  A pupil is named as
the table names a pupil to others (the teacher's name for them, else "Spilari 2"), never
"Þú": the teacher is no seat at the table (`NOBODY`).

The hints and refusals come from each pupil seat's preference "tally", JSON
`{"hints": n, "refused": {"<rule>": n}}` (written by the pupil's table); a missing or
malformed tally, or a malformed part of one, counts as nothing.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any, NamedTuple

from cardlearn.protocol import AnyGame, AnyState
from cardlearn.rooms import HUMAN, CorruptLog, Room
from cardlearn.table.words import better_words, capital, check_lang, number, seat_name, side_names

__all__ = ["NOBODY", "TALLY", "Tally", "deal_winners", "namer", "pupil_results", "read_tally", "rule_words",
           "score_unit", "sides", "table_report"]

NOBODY = -1  # the teacher's eyes: a viewer at no seat, so every pupil is named, none "Þú"
TALLY = "tally"  # a pupil seat's preference holding its hints and refusals

Score = dict[str, Any]  # a side's score, as `sides` gives it


# ---------------------------------------------------------------------------------------
# Names and scores


def namer(seats: Mapping[int, str], names: Mapping[int, str], lang: str) -> Callable[[int], str]:
    """Seats named as the table names them to an onlooker: a pupil by the name the
    teacher gave ("Anna", else "Spilari 2"), a computer "Tölvan" (the only one) or
    "Tölva 2" (one of several)."""
    roles, lang = dict(seats), check_lang(lang)
    return lambda seat: seat_name(seat, roles, lang, NOBODY, names)


def score_unit(game: AnyGame, lang: str) -> str:
    """What the game's score counts, in `lang` ("stig", "tapstig", "bitar")."""
    unit = game.INFO.score_unit
    return str(unit.get(lang, unit.get("en", "")))


def sides(state: AnyState, seats: Mapping[int, str], names: Mapping[int, str], lang: str) -> list[Score]:
    """The match score per side (a seat, or a team where the game has teams), each with
    its name as the table's scoreboard writes it and its seats."""
    labels = side_names(state.teams, state.players, dict(seats), lang, NOBODY, names)
    return [{"name": name, "seats": list(team), "score": score}
            for name, team, score in zip(labels, state.teams, state.scores, strict=True)]


def team_of(state: AnyState, seat: int) -> int:
    """The index of `seat`'s side in `state.teams` (and so in `state.scores`)."""
    return next(i for i, team in enumerate(state.teams) if seat in team)


def deal_winners(totals: Sequence[int], score_sign: int) -> frozenset[int]:
    """The sides that won a deal, from its row's totals (each side's part of the score):
    those with the best total, where `score_sign` says which way is better, unless every
    side has the same (a tie: nobody won).  One rule fits every game's own notion: Kasína's
    higher count, Kozel's team with no loss points, Kínaskák's player who went out (0
    penalty points; another who emptied the hand in the last lap too), Lomber's seats paid
    (both defenders when the declarer loses)."""
    if not totals or len(set(totals)) == 1:
        return frozenset()
    best = max(totals) if score_sign > 0 else min(totals)
    return frozenset(i for i, t in enumerate(totals) if t == best)


# ---------------------------------------------------------------------------------------
# Hints and refusals


class Tally(NamedTuple):
    """A pupil seat's hints asked for and its refused moves per rule."""

    hints: int
    refused: dict[str, int]


def _count(value: object) -> int:
    """A count as the tally keeps it: a whole number from 0 (a flag or anything else: 0)."""
    return value if type(value) is int and value >= 0 else 0


def read_tally(value: object) -> Tally:
    """The tally a preference holds, each malformed part read as nothing: a count that is
    not a whole number from 0, a rule that is not a text, a "refused" that is no mapping."""
    data = value if isinstance(value, Mapping) else {}
    refused = data.get("refused")
    counts = {rule: _count(n) for rule, n in refused.items()} if isinstance(refused, Mapping) else {}
    return Tally(_count(data.get("hints")), {r: n for r, n in counts.items() if isinstance(r, str) and n})


def seat_tally(room: Room, seat: int) -> Tally:
    """Pupil seat `seat`'s tally; one the store holds as no JSON at all counts as nothing too
    (a teacher's page must not fail on one pupil's broken preference)."""
    try:
        return read_tally(room.pref(seat, TALLY, {}))
    except CorruptLog:
        return Tally(0, {})


_FIELD = re.compile(r"'?\{[^{}]*\}'?")  # a value the engine fills into a rule's message


def rule_words(game: AnyGame, rule: str, lang: str) -> str:
    """A rule named in the game's words: the head of its refusal message (`RULE_WORDS`, up
    to the colon that starts the explanation), the engine's values left as "…" ("skylt er
    að taka", "þú ert ekki með … á hendi"); where the head is only values, the explanation's
    first clause; the rule's own name where the game has no words."""
    text = game.RULE_WORDS.get(lang, {}).get(rule)
    if not text:
        return rule
    head, _, rest = str(text).partition(": ")
    if not any(c.isalpha() for c in _FIELD.sub("", head)) and rest:  # "{cards}: jóker stendur…"
        head = rest.split(";")[0]
    return _FIELD.sub("…", head).strip()


def refused_words(game: AnyGame, refused: Mapping[str, int], lang: str) -> dict[str, int]:
    """Refusals per rule, each rule in words (two rules with the same words counted together)."""
    said: dict[str, int] = {}
    for rule, n in sorted(refused.items()):
        words = rule_words(game, rule, lang)
        said[words] = said.get(words, 0) + n
    return said


# ---------------------------------------------------------------------------------------
# The reports


def _pupil(room: Room, seat: int, who: Callable[[int], str], lang: str) -> dict[str, Any]:
    tally = seat_tally(room, seat)
    return {"seat": seat, "name": who(seat), "hints": tally.hints,
            "refused": refused_words(room.module, tally.refused, lang)}


def table_report(room: Room, lang: str) -> dict[str, Any]:
    """One table for the teacher's page (JSON-ready): the room's id, the game's name, the
    deal now (`deal`, from 1) and the deals finished, whether the match is over, whose turn
    it is (`turn` by name, `turn_seat`, `turn_pupil`: a pupil's turn, not a computer's;
    None, None, False when nobody is to move), the log's length (`moves`), the match score
    per side in the game's unit (`scores`: name, seats, score; `score_unit`,
    `score_better`), and per pupil seat its name, hints and refusals by rule in words."""
    state, module = room.state(), room.module
    who = namer(room.seats, room.names, lang)
    seat = state.to_move
    unit = score_unit(module, lang)
    return {
        "room": room.id,
        "game": module.NAME[lang],
        "deal": state.deal_number,
        "deals_done": state.deals_done,
        "over": state.is_over,
        "turn": None if seat is None else who(seat),
        "turn_seat": seat,
        "turn_pupil": seat is not None and room.seats[seat] == HUMAN,
        "moves": len(room),
        "scores": sides(state, room.seats, room.names, lang),
        "score_unit": unit,
        "score_better": better_words(unit, module.INFO.score_sign, lang),
        "pupils": [_pupil(room, s, who, lang) for s in room.humans],
    }


def pupil_results(room: Room, seat: int, lang: str) -> dict[str, Any]:
    """Pupil seat `seat`'s results at this table (JSON-ready): its name, the game, the deals
    finished (`deals_played`) and those its side won (`deal_winners`), its side's match
    score (`points`, in the game's unit: `unit`, `points_text` "Tapstig: 4"), the hints it
    asked for and its refused moves in all.  `ValueError` for a seat no pupil plays."""
    if seat not in room.humans:
        raise ValueError(f"room {room.id}: seat {seat!r} is not a pupil's seat (pupils: {list(room.humans)})")
    state, module = room.state(), room.module
    side = team_of(state, seat)
    sign = module.INFO.score_sign
    won = sum(side in deal_winners(tuple(row["total"]), sign) for row in state.score_sheet)
    unit, tally = score_unit(module, lang), seat_tally(room, seat)
    points = state.scores[side]
    return {
        "name": namer(room.seats, room.names, lang)(seat),
        "game": module.NAME[lang],
        "deals_played": len(state.score_sheet),
        "deals_won": won,
        "points": points,
        "unit": unit,
        "points_text": f"{capital(unit)}: {number(points, lang)}",
        "hints": tally.hints,
        "refusals": sum(tally.refused.values()),
    }
