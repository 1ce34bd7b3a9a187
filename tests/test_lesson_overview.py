"""What the teacher sees of a lesson and its results (issue 34): the overview's data, the
command line (`python -m cardlearn.lesson new` / `results --csv`)."""

from __future__ import annotations

import csv
import io
import json
import os
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

from cardlearn import rooms
from cardlearn.lesson import classroom as lessons
from cardlearn.lesson.overview import IDLE_SECONDS, results_csv, teacher_view
from cardlearn.rooms.store import connect

ROOT = Path(__file__).resolve().parent.parent


PUPILS = ("Anna", "Bjarki", "Sigga")


def seated_lesson(store: Any, game: str = "kozel", names: tuple[str, ...] = PUPILS) -> Any:
    lesson, key = lessons.create(game, len(names) + 1, level="random", store=store, rng=random.Random(4))
    for name in names:
        lessons.join(lesson.code, name, store)
    return lessons.start(lesson.code, key, store), key


def play_some(store: Any, lesson: Any, moves: int) -> None:
    """Moves at the lesson's first table, each by whoever is to move (pupils by their links)."""
    room = rooms.open(lesson.tables[0], store)
    links = {p.link.seat: p.link.token for p in lesson.pupils if p.link and p.link.room == room.id}
    rng = random.Random(0)
    for _ in range(moves):
        state = room.state()
        seat = state.to_move
        action = rng.choice(state.legal_actions())
        if seat in links:
            room.play(seat, links[seat], action, after=len(room))
        else:
            room.play_computer(action, after=len(room))


def all_cards_hidden_from_someone(store: Any, lesson: Any) -> set[str]:
    room = rooms.open(lesson.tables[0], store)
    state = room.state()
    return {str(c) for s in range(room.players) for c in room.module.hidden_cards(state, s)}


def test_the_overview_shows_no_hidden_card_until_the_teacher_opens_the_hands(tmp_path: Path) -> None:
    store = connect(tmp_path / "r.sqlite")
    lesson, _ = seated_lesson(store, "kasina", ("Anna", "Bjarki"))
    play_some(store, lesson, 3)
    view = teacher_view(lesson, store=store)
    text = json.dumps(view, ensure_ascii=False).replace('\\"', '"')  # as the page receives it
    hidden = all_cards_hidden_from_someone(store, lesson)
    assert not [c for c in hidden if f'data-card="{c}"' in text]
    opened = json.dumps(teacher_view(lesson, store=store, hands=lesson.tables[0]),
                        ensure_ascii=False).replace('\\"', '"')
    assert [c for c in hidden if f'data-card="{c}"' in opened]  # the hands, once opened


def test_a_pupil_to_move_for_over_a_minute_is_marked(tmp_path: Path) -> None:
    store = connect(tmp_path / "r.sqlite")
    lesson, _ = seated_lesson(store, "kasina", ("Anna", "Bjarki"))
    seen: dict[str, tuple[int, float]] = {}
    first = teacher_view(lesson, store=store, seen=seen, now=1000.0)["tables"][0]
    assert first["turn_pupil"] and not first["idle"]
    later = teacher_view(lesson, store=store, seen=seen, now=1000.0 + IDLE_SECONDS + 1)["tables"][0]
    assert later["idle"] and later["waited"] == IDLE_SECONDS + 1
    assert "mín" in later["turn_text"]
    play_some(store, lesson, 1)  # a move: the wait starts again
    again = teacher_view(lesson, store=store, seen=seen, now=1000.0 + 2 * IDLE_SECONDS)["tables"][0]
    assert not again["idle"] and again["waited"] == 0


def test_the_class_list_shows_who_has_not_come(tmp_path: Path) -> None:
    store = connect(tmp_path / "r.sqlite")
    lesson, _ = lessons.create("kozel", names=["Anna", "Bjarki", "Sigga"], store=store)
    assert lesson.size == 3
    lessons.join(lesson.code, "anna", store)
    view = teacher_view(lessons.read(lesson.code, store), store=store)
    assert view["missing"] == ["Bjarki", "Sigga"]
    assert view["layout"] == [["anna", None, None, None]]


def test_results_have_a_row_per_seated_pupil_and_csv_a_header(tmp_path: Path) -> None:
    store = connect(tmp_path / "r.sqlite")
    lesson, _ = seated_lesson(store)
    play_some(store, lesson, 5)
    rows = teacher_view(lesson, store=store)["results"]
    assert [r["name"] for r in rows] == ["Anna", "Bjarki", "Sigga"]
    assert all(r["table"] == 1 for r in rows)
    table = list(csv.reader(io.StringIO(results_csv(rows, "en"))))
    assert table[0] == ["Name", "Table", "Deals played", "Deals won", "Points", "Hints", "Refused"]
    assert [r[0] for r in table[1:]] == ["Anna", "Bjarki", "Sigga"]


def cli(where: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "CARDLEARN_ROOMS": str(where)}
    return subprocess.run([sys.executable, "-m", "cardlearn.lesson", *args], capture_output=True, text=True,
                          env=env, timeout=60)


def test_the_command_line_makes_a_lesson_and_prints_its_results(tmp_path: Path) -> None:
    where = tmp_path / "r.sqlite"
    made = cli(where, "new", "kasina", "--pupils", "2", "--level", "random", "--url", "http://10.0.0.5:8866")
    assert made.returncode == 0, made.stderr
    lines = dict(line.split(": ", 1) for line in made.stdout.splitlines() if ": " in line)
    code, teacher = lines["code"], lines["teacher"]
    assert teacher.startswith(f"lesson/teacher/{code}?key=")
    assert "http://10.0.0.5:8866/" in made.stdout
    store = connect(where)
    key = teacher.split("key=")[1]
    lessons.join(code, "Þórdís", store)
    lessons.start(code, key, store)
    done = cli(where, "results", code.lower(), "--csv")
    assert done.returncode == 0, done.stderr
    rows = list(csv.reader(io.StringIO(done.stdout)))
    assert rows[0][0] == "Nafn" and rows[1][0] == "Þórdís" and len(rows) == 2  # UTF-8, one row per pupil
    wrong = cli(where, "results", "0OOOO")
    assert wrong.returncode == 2 and "python -m cardlearn.lesson:" in wrong.stderr
    assert len(wrong.stderr.strip().splitlines()) == 1
