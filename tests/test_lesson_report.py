"""What the teacher's page and the results show of a table (`cardlearn.lesson.report`):
the report agrees with the room's state in every game, names seats as the table does, reads
a pupil's tally (a malformed one as nothing), and counts deals won as each game does."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import pytest
from lessontables import GAMES, new_room, play

from cardlearn.games import GAMES as MODULES
from cardlearn.lesson.report import deal_winners, pupil_results, read_tally, rule_words, table_report
from cardlearn.rooms import Room


def check_report(room: Room, lang: str) -> dict[str, Any]:
    """The report of `room` now, checked against its state and its JSON."""
    report = table_report(room, lang)
    state = room.state()
    assert json.loads(json.dumps(report)) == report
    assert (report["deal"], report["deals_done"], report["over"]) == (
        state.deal_number, state.deals_done, state.is_over)
    assert report["moves"] == len(room) and report["room"] == room.id
    assert report["turn_seat"] == state.to_move
    assert report["turn_pupil"] == (state.to_move in room.humans)
    assert [s["score"] for s in report["scores"]] == list(state.scores)
    assert [tuple(s["seats"]) for s in report["scores"]] == list(state.teams)
    assert report["score_unit"] == room.module.INFO.score_unit[lang]
    return report


@pytest.mark.parametrize("game", GAMES)
def test_the_report_follows_the_match(game: str, tmp_path: Path) -> None:
    room = new_room(game, tmp_path, names={0: "Anna"})
    first = check_report(room, "is")
    assert first["game"] == room.module.NAME["is"] and first["deals_done"] == 0
    seen_turns, deals = set(), 0
    for n, _ in enumerate(play(room, 400)):
        state = room.state()
        if n % 9 == 0 or state.deals_done > deals:  # every ninth move, and each deal's end
            deals = state.deals_done
            report = check_report(room, "is" if n % 2 else "en")
            seen_turns.add(report["turn"])
    assert deals >= 1, "the test should see a deal end"
    assert "Anna" in seen_turns and len(seen_turns) > 1  # the pupil by name, and a computer


def test_seats_are_named_as_the_table_names_them(tmp_path: Path) -> None:
    room = new_room("kozel", tmp_path, humans=(0, 1), names={0: "Anna"})
    names = {"is": ["Anna", "Spilari 1", "Tölva 2", "Tölva 3"],
             "en": ["Anna", "Player 1", "Computer 2", "Computer 3"]}
    for lang, want in names.items():
        turns = {}
        for _ in play(room, 4):
            report = table_report(room, lang)
            turns[report["turn_seat"]] = (report["turn"], report["turn_pupil"])
        assert {s: t for s, (t, _) in turns.items()} == {s: want[s] for s in turns}
        assert all(pupil == (s in (0, 1)) for s, (_, pupil) in turns.items())
    report = table_report(room, "is")
    assert [p["name"] for p in report["pupils"]] == ["Anna", "Spilari 1"]
    assert [s["name"] for s in report["scores"]] == ["Anna og Tölva 2", "Spilari 1 og Tölva 3"]


def test_a_finished_match_has_nobody_to_move(tmp_path: Path) -> None:
    room = new_room("kasina", tmp_path)
    for _ in play(room, 1000):
        pass
    report = check_report(room, "is")
    assert report["over"] and report["turn"] is None and report["turn_seat"] is None
    assert report["turn_pupil"] is False


def test_moves_count_the_log_entries_an_undo_too(tmp_path: Path) -> None:
    room = new_room("kasina", tmp_path)
    for _ in play(room, 6):
        pass
    room.undo(0, room.tokens[0], 2, after=len(room))
    report = check_report(room, "is")
    assert report["moves"] == 7 and len(room.state().history) == 2


# -- hints and refusals -------------------------------------------------------------------


def test_a_pupils_tally_is_read_with_rules_in_words(tmp_path: Path) -> None:
    room = new_room("kasina", tmp_path, humans=(0, 1), names={1: "Bjarki"})
    tally = {"hints": 3, "refused": {"must_take": 2, "not_in_hand": 1, "a_rule_of_tomorrow": 4}}
    room.set_pref(1, room.tokens[1], "tally", tally)
    pupils = table_report(room, "is")["pupils"]
    assert pupils[0] == {"seat": 0, "name": "Spilari 0", "hints": 0, "refused": {}}
    assert pupils[1] == {"seat": 1, "name": "Bjarki", "hints": 3,
                         "refused": {"skylt er að taka": 2, "þú ert ekki með … á hendi": 1,
                                     "a_rule_of_tomorrow": 4}}
    assert table_report(room, "en")["pupils"][1]["refused"]["taking is compulsory"] == 2
    results = pupil_results(room, 1, "is")
    assert (results["hints"], results["refusals"]) == (3, 7)


@pytest.mark.parametrize("tally", [
    "three", [1, 2], None, 7, {"hints": -1}, {"hints": True, "refused": {"must_take": True}},
    {"hints": 2.5, "refused": ["must_take"]}, {"refused": {"must_take": "2", "cannot_take": -3}},
])
def test_a_malformed_tally_counts_as_nothing(tally: object, tmp_path: Path) -> None:
    room = new_room("kasina", tmp_path)
    room.set_pref(0, room.tokens[0], "tally", tally)
    assert table_report(room, "is")["pupils"][0] == {"seat": 0, "name": "Spilari 0", "hints": 0,
                                                      "refused": {}}
    assert (pupil_results(room, 0, "is")["hints"], pupil_results(room, 0, "is")["refusals"]) == (0, 0)


def test_a_tally_that_is_no_json_counts_as_nothing(tmp_path: Path) -> None:
    room = new_room("kasina", tmp_path)
    room.store.set_pref(room.id, 0, "tally", "{hints: 3")  # written by other code, broken
    assert table_report(room, "is")["pupils"][0]["hints"] == 0
    assert pupil_results(room, 0, "is")["refusals"] == 0


def test_the_good_parts_of_a_tally_still_count() -> None:
    tally = read_tally({"hints": "many", "refused": {"must_take": 2, "x": "y", "": 0}})
    assert tally == (0, {"must_take": 2})
    assert read_tally({"hints": 4, "refused": "must_take"}) == (4, {})


def test_a_rule_without_words_keeps_its_name_and_a_rule_with_values_shows_dots() -> None:
    kasina = MODULES["kasina"]
    assert rule_words(kasina, "cannot_take", "en") == "… cannot take …"
    assert rule_words(kasina, "unreadable", "is") == "ekki tókst að lesa leikinn …"
    assert rule_words(kasina, "no_such_rule", "is") == "no_such_rule"
    placing = rule_words(MODULES["kinaskak"], "run_placing", "is")  # its head is only the cards
    assert placing == "jóker stendur fyrir spilið sem vantar á sínum stað"


# -- deals won ------------------------------------------------------------------------------


def test_deal_winners_by_the_games_own_rows() -> None:
    assert deal_winners((13, 7), 1) == {0}  # Kasína: the higher count
    assert deal_winners((4, 4), 1) == set()  # a tie
    assert deal_winners((0, 4), -1) == {0}  # Kozel: the team with no loss points
    assert deal_winners((0, 0), -1) == set()  # Kozel's "eggs": nobody
    assert deal_winners((80, 10, 0, 10), -1) == {2}  # Kínaskák: who went out
    assert deal_winners([2, -4, 2], 1) == {0, 2}  # Lomber's krúkk: both defenders paid
    assert deal_winners([0, 0, 0], 1) == set()  # Lomber: all passed


# Each game's own notion of a deal won by side `t` (a seat, or Kozel's team), read from its
# score sheet's row as its end-of-deal sentence (`deal_result`) reads it.
WON: Mapping[str, Callable[[Mapping[str, Any], int], bool]] = {
    "kasina": lambda row, t: row["total"][t] > row["total"][1 - t],
    "kozel": lambda row, t: row["total"][t] < row["total"][1 - t],  # the other team took loss points
    "kinaskak": lambda row, t: row["went_out"] == t or (row["went_out"] is not None and row["total"][t] == 0),
    "lomber": lambda row, t: row["total"][t] > 0,  # paid
}


@pytest.mark.parametrize("game", GAMES)
def test_each_pupils_results(game: str, tmp_path: Path) -> None:
    seats = range(room_size(game))
    room = new_room(game, tmp_path, humans=seats, names={0: "Anna"})
    for _ in play(room, 600):
        pass
    state, rows = room.state(), room.state().score_sheet
    unit = room.module.INFO.score_unit["is"]
    for seat in seats:
        results = pupil_results(room, seat, "is")
        assert json.loads(json.dumps(results)) == results
        side = next(i for i, team in enumerate(state.teams) if seat in team)
        assert results["deals_played"] == len(rows) >= 2
        assert results["deals_won"] == sum(WON[game](row, side) for row in rows)
        assert (results["points"], results["unit"]) == (state.scores[side], unit)
        assert results["points_text"].startswith(unit[:1].upper() + unit[1:] + ": ")
        assert results["game"] == room.module.NAME["is"]
    won = [pupil_results(room, s, "is")["deals_won"] for s in seats]
    assert any(0 < w < len(rows) for w in won), "the match should have deals won and lost"
    assert pupil_results(room, 0, "is")["name"] == "Anna"


def room_size(game: str) -> int:
    return int(MODULES[game].new_game(seed=1).players)


def test_results_are_for_pupils_only(tmp_path: Path) -> None:
    room = new_room("kozel", tmp_path)
    with pytest.raises(ValueError, match="not a pupil"):
        pupil_results(room, 1, "is")
