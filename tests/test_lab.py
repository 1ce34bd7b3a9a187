"""The strategy and variant lab (`cardlearn.lab`): its questions, statistics, runner, cache
and command line."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from cardlearn import lab
from cardlearn.lab import cache, runner
from cardlearn.lab.__main__ import main
from cardlearn.lab.stats import Estimate, LabError, mean_interval, wilson

NAMES = list(lab.questions())
PNG = b"\x89PNG\r\n\x1a\n"


def test_at_least_three_questions_per_game_named_game_dot_question():
    assert len(NAMES) >= 12
    for game in lab.GAMES:
        assert sum(n.startswith(game + ".") for n in NAMES) >= 3, game
    assert all(re.fullmatch(r"[a-z]+\.[a-z_0-9]+", n) for n in NAMES)
    required = {"kasina.dealer", "kasina.target", "kasina.cards", "kasina.advice", "kozel.eggs", "kozel.six",
                "kozel.claim", "kinaskak.contracts", "kinaskak.buying", "lomber.contracts", "lomber.matadors"}
    assert required <= set(NAMES)


def test_list_prints_one_question_a_line(capsys):
    assert main(["list"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split()[0] for line in lines] == NAMES
    assert main(["list", "--lang", "is"]) == 0
    icelandic = capsys.readouterr().out.splitlines()
    assert [line.split()[0] for line in icelandic] == NAMES
    assert icelandic != lines
    assert all(lab.question(n).title["is"] in line for n, line in zip(NAMES, icelandic))


@pytest.mark.parametrize("name", NAMES)
def test_each_question_runs_on_a_few_deals(name):
    result = lab.run(name, deals=3, seed=11, cache_results=False)
    assert result.deals == 3 and result.estimates and not result.cached
    for e in result.estimates:
        assert e.low <= e.value <= e.high, e
        assert e.label["en"] and e.label["is"]
    for lang in ("en", "is"):
        answer = result.answer(lang)
        assert "95 %" in answer and "\n" not in answer
    assert result.png("is").startswith(PNG)
    q = lab.question(name)
    assert q.can["en"] and q.cannot["is"] and q.deals >= 1000


def test_wilson_and_mean_intervals_have_their_textbook_values():
    p, lo, hi = wilson(0, 10)
    assert (p, lo) == (0.0, 0.0) and hi == pytest.approx(0.27753, abs=1e-5)
    p, lo, hi = wilson(5, 10)
    assert p == 0.5 and lo == pytest.approx(0.23659, abs=1e-5) and hi == pytest.approx(0.76341, abs=1e-5)
    m, lo, hi = mean_interval([1.0, 2.0, 3.0, 4.0])
    assert m == 2.5 and hi - m == pytest.approx(1.95996 * (5 / 3) ** 0.5 / 2, abs=1e-4)
    assert wilson(0, 0) == (0.0, 0.0, 1.0)


def test_per_deal_seeds_depend_on_question_seed_and_index_only():
    a = lab.deal_seed("kozel.eggs", 3, 7)
    assert a == lab.deal_seed("kozel.eggs", 3, 7)
    assert len({a, lab.deal_seed("kozel.six", 3, 7), lab.deal_seed("kozel.eggs", 4, 7),
                lab.deal_seed("kozel.eggs", 3, 8)}) == 4
    assert 0 <= a < 2**63


def test_chunks_finishing_out_of_order_are_merged_in_deal_order():
    q = lab.question("lomber.nine")
    serial = runner.simulate(q, 25, 4)
    parts = runner.chunks(25, 3)
    assert len(parts) > 1 and parts[0][0] == 0 and parts[-1][1] == 25
    from cardlearn.lab.core import play_chunk
    done = [(a, play_chunk(q.name, 4, a, b)) for a, b in reversed(parts)]
    assert runner._merge(done, 25, None) == serial


@pytest.mark.slow
def test_one_process_a_pool_and_a_dask_cluster_give_identical_numbers(tmp_path):
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False,
                                  dashboard_address=":0") as cluster:
        for name, deals in (("kasina.dealer", 10), ("lomber.nine", 60)):
            one = lab.run(name, deals, seed=9, cache_results=False)
            two = lab.run(name, deals, seed=9, jobs=2, cache_results=False)
            dask = lab.run(name, deals, seed=9, dask=cluster.scheduler_address, cache_results=False)
            assert one.estimates == two.estimates == dask.estimates
            assert one.answer("is") == dask.answer("is")


# ---------------------------------------------------------------------------------------
# the cache

def _never_simulate(*args, **kwargs):
    raise AssertionError("simulated although the cache holds the answer")


def test_cache_miss_then_hit(tmp_path, monkeypatch):
    first = lab.run("lomber.nine", 20, seed=2, cache_root=tmp_path)
    assert not first.cached and len(list(tmp_path.glob("*.json"))) == 1
    monkeypatch.setattr(runner, "simulate", _never_simulate)
    again = lab.run("lomber.nine", 20, seed=2, cache_root=tmp_path)
    assert again.cached and again.estimates == first.estimates
    with pytest.raises(AssertionError):  # another seed, deal count or no cache: not a hit
        lab.run("lomber.nine", 20, seed=3, cache_root=tmp_path)
    with pytest.raises(AssertionError):
        lab.run("lomber.nine", 21, seed=2, cache_root=tmp_path)
    with pytest.raises(AssertionError):
        lab.run("lomber.nine", 20, seed=2, cache_root=tmp_path, cache_results=False)


@pytest.mark.parametrize("damage", ["truncated", "garbage", "wrong_key", "bad_interval", "empty"])
def test_a_damaged_cache_file_is_ignored_and_recomputed(tmp_path, damage):
    first = lab.run("lomber.nine", 15, seed=1, cache_root=tmp_path)
    (path,) = tmp_path.glob("*.json")
    text = path.read_text(encoding="utf-8")
    data = json.loads(text)
    if damage == "truncated":
        path.write_text(text[: len(text) // 2], encoding="utf-8")
    elif damage == "garbage":
        path.write_bytes(b"\xff\x00not json")
    elif damage == "wrong_key":  # another version's answer must not be taken for this one's
        data["key"]["version"] = "0.0.0-old"
        first_estimate = data["estimates"][0]
        assert first_estimate["low"] < first_estimate["value"]
        first_estimate["value"] = first_estimate["low"]  # well-formed, but another run's numbers
        path.write_text(json.dumps(data), encoding="utf-8")
    elif damage == "bad_interval":
        data["estimates"][0]["value"] = data["estimates"][0]["high"] + 1
        path.write_text(json.dumps(data), encoding="utf-8")
    else:
        path.write_text("", encoding="utf-8")
    again = lab.run("lomber.nine", 15, seed=1, cache_root=tmp_path)
    assert not again.cached and again.estimates == first.estimates
    assert cache.load(lab.question("lomber.nine"), 15, 1, tmp_path) == first.estimates  # rewritten whole


def test_cache_dir_follows_the_environment(tmp_path, monkeypatch):
    monkeypatch.delenv("CARDLEARN_LAB_CACHE", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert lab.cache_dir() == tmp_path / "xdg" / "cardlearn" / "lab"
    monkeypatch.setenv("CARDLEARN_LAB_CACHE", str(tmp_path / "mine"))
    assert lab.cache_dir() == tmp_path / "mine"


def test_the_cache_key_holds_rules_deals_seed_and_version():
    key = cache.run_key(lab.question("kasina.target"), 100, 7)
    assert key["deals"] == 100 and key["seed"] == 7 and key["question"] == "kasina.target"
    assert key["version"] == __import__("cardlearn").__version__
    assert key["rules"]["20"]["target"] == 20 and key["rules"]["21"]["target"] == 21


def test_estimates_read_back_must_be_well_formed():
    good = Estimate("k", {"en": "a", "is": "b"}, "share", 0.5, 0.2, 0.8, 10)
    assert Estimate.from_json(good.to_json()) == good
    raw = good.to_json()
    for bad in ({**raw, "low": 0.6}, {**raw, "n": True}, {**raw, "kind": "x"},
                {**raw, "value": float("nan")}, {"key": "k"}):
        with pytest.raises(ValueError):
            Estimate.from_json(bad)


# ---------------------------------------------------------------------------------------
# bad input: a clear error, nothing run or written

@pytest.mark.parametrize("kwargs, words", [
    ({"name": "kasina.nope"}, "no lab question 'kasina.nope'"),
    ({"deals": 0}, "deals must be a whole number"),
    ({"deals": True}, "deals must be a whole number"),
    ({"deals": 2.0}, "deals must be a whole number"),
    ({"seed": -1}, "seed must be a whole number"),
    ({"jobs": 0}, "jobs must be a whole number"),
    ({"jobs": 2, "dask": "local"}, "not both"),
    ({"dask": ""}, "dask is 'local' or a scheduler address"),
])
def test_bad_arguments_raise_a_lab_error_and_write_nothing(tmp_path, kwargs, words, monkeypatch):
    monkeypatch.setattr(runner, "simulate", _never_simulate)
    args = {"name": "lomber.nine", "deals": 5, "cache_root": tmp_path / "cache", **kwargs}
    with pytest.raises(LabError, match=re.escape(words)):
        lab.run(args.pop("name"), **args)
    assert not (tmp_path / "cache").exists()
    assert issubclass(LabError, ValueError) and issubclass(lab.UnknownQuestion, LabError)


@pytest.mark.parametrize("argv, words", [
    (["run", "nope"], "no lab question 'nope'"),
    (["run", "kozel.eggs", "--deals", "0"], "deals must be a whole number from 1"),
    (["run", "kozel.eggs", "--deals", "many"], "not a whole number: 'many'"),
    (["run", "kozel.eggs", "--deals", "2.5"], "not a whole number: '2.5'"),
    (["run", "kozel.eggs", "--deals", "4.00"], "not a whole number: '4.00'"),
    (["run", "kozel.eggs", "--jobs", "2", "--dask", "local"], "not allowed with argument"),
    (["run", "kozel.eggs", "--seed", "-3"], "seed must be a whole number"),
    (["fly"], "invalid choice: 'fly'"),
    ([], "required"),
])
def test_cli_errors_exit_2_with_a_message_and_write_nothing(argv, words, tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("CARDLEARN_LAB_CACHE", str(tmp_path / "cache"))
    monkeypatch.setattr(runner, "simulate", _never_simulate)
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and words in err
    assert not (tmp_path / "cache").exists()


def test_cli_run_prints_the_answer_last_and_a_bar_on_stderr(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("CARDLEARN_LAB_CACHE", str(tmp_path))
    assert main(["run", "lomber.nine", "--deals", "30", "--seed", "4"]) == 0
    out, err = capsys.readouterr()
    expected = lab.run("lomber.nine", 30, seed=4, cache_results=False).answer("en")
    assert out.splitlines()[-1] == expected and "95 %" in expected
    assert "30/30 deals" in err and "█" in err
    assert main(["run", "lomber.nine", "--deals", "30", "--seed", "4", "--lang", "is"]) == 0
    out, err = capsys.readouterr()
    assert out.splitlines()[-1] == lab.run("lomber.nine", 30, seed=4, cache_results=False).answer("is")
    assert "lesið úr skyndiminni" in err and f"30/30 {lab.question('lomber.nine').unit['is']}" in err


def test_counts_are_read_as_written_in_either_language():
    from cardlearn.lab.__main__ import _count
    assert [_count(t) for t in ("4000", "4_000", "4,000", "4.000", "12.500.000")] == [4000] * 4 + [12_500_000]


def test_the_notebook_figures_are_the_same_bytes_every_time():
    result = lab.run("kozel.claim", 4, seed=1, cache_results=False)
    assert result.png("en") == result.png("en")
    assert result.png("en") != result.png("is")


def test_no_result_file_is_left_half_written(tmp_path):
    lab.run("lomber.nine", 5, seed=1, cache_root=tmp_path)
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".tmp-")] == []
    files = list(Path(tmp_path).glob("*.json"))
    assert files and all(isinstance(json.loads(p.read_text(encoding="utf-8")), dict) for p in files)


@pytest.mark.slow
def test_an_unreachable_dask_scheduler_is_a_clear_error(tmp_path, monkeypatch, capsys):
    pytest.importorskip("distributed")
    monkeypatch.setenv("CARDLEARN_LAB_CACHE", str(tmp_path / "cache"))
    assert main(["run", "lomber.nine", "--deals", "5", "--dask", "tcp://127.0.0.1:1"]) == 2
    assert "cannot join the Dask scheduler at 'tcp://127.0.0.1:1'" in capsys.readouterr().err
    assert not (tmp_path / "cache").exists()
