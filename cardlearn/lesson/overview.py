"""What the teacher sees of a lesson (`teacher_view`) and its results (`results`, `results_csv`):
plain data, every text in the lesson's language; no hidden card unless the teacher opened
a table's hands.  The teacher's page draws it; `python -m cardlearn.lesson results` prints it."""

from __future__ import annotations

import csv
import io
import re
import time
from collections.abc import Mapping, MutableMapping, Sequence
from typing import Any

from cardlearn import rooms
from cardlearn.games import GAMES
from cardlearn.grammar import capital
from cardlearn.lesson.board import board_html
from cardlearn.lesson.classroom import layout, table_rooms
from cardlearn.lesson.log import Lesson
from cardlearn.lesson.report import pupil_results, table_report
from cardlearn.lesson.words import lesson_words
from cardlearn.rooms import Store

IDLE_SECONDS = 60  # a pupil to move for longer than this is marked on the teacher's page

# room id -> (log length, when that length was first seen): how long a table has waited.
Seen = MutableMapping[str, tuple[int, float]]


def waited(seen: Seen, room: str, length: int, now: float) -> float:
    """Seconds since the room's log last grew, as far as this server has watched it."""
    old = seen.get(room)
    if old is None or old[0] != length:
        seen[room] = (length, now)
        return 0.0
    return now - old[1]


def _table(lesson: Lesson, n: int, room: rooms.Room, lang: str, seen: Seen, now: float,
           hands: bool) -> dict[str, Any]:
    w = lesson_words(lang)
    report = table_report(room, lang)
    idle = waited(seen, room.id, int(report["moves"]), now)
    turn = report.get("turn")
    view: dict[str, Any] = {**report, "n": n, "title": w["table"].format(n=n + 1), "waited": round(idle),
                            "idle": bool(report.get("turn_pupil")) and idle > IDLE_SECONDS}
    # whole minutes only: the teacher's page redraws a table when its text changes, and a
    # seconds counter redrew it (and the button focused in it) at every poll
    if turn:
        view["turn_text"] = (w["idle"].format(who=turn, m=int(idle // 60)) if view["idle"]
                             else w["turn"].format(who=turn))
    else:
        view["turn_text"] = w["over"] if report.get("over") else w["nobody_to_move"]
    view["deal_text"] = capital(GAMES[lesson.game].INFO.deal_word[lang].format(n=report["deal"]))
    if hands:
        view["hands_html"] = deeper(board_html(room, lang, open_hands=True), 2)
    return view


def deeper(fragment: str, levels: int) -> str:
    """`fragment` with its headings `levels` lower (h2 -> h4), to sit under a table's h3."""
    return re.sub(r"<(/?)h([1-6])\b", lambda m: f"<{m[1]}h{min(int(m[2]) + levels, 6)}", fragment)


def teacher_view(lesson: Lesson, lang: str | None = None, *, store: Store | None = None,
                 seen: Seen | None = None, hands: str | None = None, now: float | None = None,
                 pupils_url: str = "") -> dict[str, Any]:
    """Everything the teacher's page shows: who joined, the tables (laid out, or as they
    will be), each table's deal, score, turn and wait, each pupil's hints and refusals,
    and the results.  `hands`: the room whose hands the teacher opened."""
    lang = lang or lesson.lang
    w = lesson_words(lang)
    now = time.time() if now is None else now
    seen = {} if seen is None else seen
    game = GAMES[lesson.game].NAME[lang]
    view: dict[str, Any] = {
        "code": lesson.code, "game": game, "lang": lang, "size": lesson.size, "players": lesson.players,
        "title": w["teacher_title"].format(code=lesson.code, game=game), "pupils_url": pupils_url,
        "started": lesson.started, "paused": lesson.paused, "ended": lesson.ended,
        "pupils": [{"n": n, "name": p.name, "seated": p.link is not None}
                   for n, p in enumerate(lesson.pupils)],
        "missing": missing(lesson),
        "board": {"table": lesson.board.table, "open": lesson.board.open, "pace": lesson.board.pace},
    }
    if not lesson.started:
        view["layout"] = layout(lesson)
        return view
    view["tables"] = [_table(lesson, n, room, lang, seen, now, hands == room.id)
                      for n, room in enumerate(table_rooms(lesson, store))]
    view["results"] = results(lesson, lang, store=store)
    return view


def missing(lesson: Lesson) -> list[str]:
    """The names of the class list no pupil has joined under (in any case)."""
    joined = {p.name.casefold() for p in lesson.pupils}
    return [n for n in lesson.expected if n.casefold() not in joined]


def results(lesson: Lesson, lang: str | None = None, *, store: Store | None = None) -> list[dict[str, Any]]:
    """A row per pupil: table, deals played and won, points in the game's unit, hints and
    refusals (pupils not yet seated have no row)."""
    lang = lang or lesson.lang
    tables = {room: n for n, room in enumerate(lesson.tables)}
    opened: dict[str, rooms.Room] = {}
    rows = []
    for p in lesson.pupils:
        if p.link is None:
            continue
        room = opened.get(p.link.room) or rooms.open(p.link.room, store)
        opened[room.id] = room
        row = pupil_results(room, p.link.seat, lang)
        rows.append({"name": p.name, "table": tables.get(room.id, 0) + 1, **{k: v for k, v in row.items()
                                                                              if k != "name"}})
    return rows


CSV_COLUMNS = ("name", "table", "deals_played", "deals_won", "points", "hints", "refusals")


def results_csv(rows: Sequence[Mapping[str, Any]], lang: str) -> str:
    """The results as CSV text (a header row in `lang`, one row per pupil), for a spreadsheet."""
    w = lesson_words(lang)
    heads = [w["col_name"], w["col_table"], w["col_played"], w["col_won"], w["col_points"], w["col_hints"],
             w["col_refused"]]
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(heads)
    for row in rows:
        writer.writerow([row.get(c, "") for c in CSV_COLUMNS])
    return out.getvalue()
