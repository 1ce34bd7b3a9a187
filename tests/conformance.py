"""The game API of `docs/API.md` (and `docs/view.md`), checked on random matches of any game module.

In the spirit of OpenSpiel's random-simulation test and RLCard's determinism test.
Each `check_*` function raises `AssertionError` when a game breaks one point of the
contract; `tests/test_conformance.py` runs them on every game in `GAMES` and on a toy
game, and `tests/test_conformance_catches.py` shows that they fail on broken toys.
"""

from __future__ import annotations

import inspect
import itertools
import json
import random
import re
from collections import Counter
from collections.abc import Iterator
from types import ModuleType
from typing import Any

import pytest

from cardlearn import IllegalMove
from cardlearn.bots import SearchBot
from cardlearn.protocol import FinishedDeal

MAX_STEPS = 5000  # for games whose rules set no bound (`max_game_length` is None)
UNREADABLE = "xyz q"  # no game's notation reads it: every game refuses it as `unreadable`
MALFORMED = ["", "   ", "??", "ZZ", "5X", "11S", "AS:", ":AS", "AS:AS:AS", "AS::", "BID 99",
             "\u0000", "ÁS", 42, None, 3.5, ("AS",), object()]


def random_match(game: ModuleType, seed: int, *, chaos: bool = False, **new_game: Any) -> Iterator[Any]:
    """Yield every state of a match played by random bots; `chaos` calls the global RNG
    between steps, which must not change anything.  `new_game` passes rules, players..."""
    state = game.new_game(seed=seed, **new_game)
    bot = game.BOTS["random"](seed=seed)
    limit = state.max_game_length or MAX_STEPS
    yield state
    for _ in range(limit):
        if state.is_over:
            return
        if chaos:
            random.random()
        state = state.apply(bot.choose(state, state.to_move))
        yield state
    assert state.is_over, f"match with seed {seed} did not end in {limit} moves"


def seats(state: Any) -> range:
    return range(state.players)


# -- one state at a time ------------------------------------------------------------

def check_legal_actions(state: Any) -> None:
    actions = state.legal_actions()
    if state.is_over:
        assert actions == [], "a finished match offers no moves"
        assert state.to_move is None
        return
    assert actions, "a running match must offer at least one move"
    assert len(set(actions)) == len(actions), "legal_actions lists a move twice"
    assert actions == state.legal_actions(), "legal_actions is not stable between calls"
    texts = [str(a) for a in actions]
    assert len(set(texts)) == len(texts), "two legal moves share one text form"


def check_apply_pure(state: Any) -> None:
    """apply never changes its state; apply(str(a)) == apply(a)."""
    if state.is_over:
        return
    before = state.to_json()
    for action in state.legal_actions():
        after = state.apply(action)
        assert state.to_json() == before, "apply changed the state it was called on"
        assert after == state.apply(str(action)), f"apply({str(action)!r}) differs from apply(action)"


def check_json_round_trip(game: ModuleType, state: Any) -> None:
    text = state.to_json()
    json.loads(text)
    again = type(state).from_json(text)
    assert again == state, "State.from_json(state.to_json()) is not equal to the state"
    assert again.to_json() == text, "JSON round trip is not stable"
    assert again.legal_actions() == state.legal_actions()


def check_observation(game: ModuleType, state: Any, rng: random.Random) -> None:
    """Observations are JSON and reveal no hidden card: re-dealing everything a seat
    cannot see (determinize) leaves that seat's observation unchanged."""
    for seat in seats(state):
        obs = state.observation(seat)
        assert json.loads(json.dumps(obs)) == obs, "observation is not plain JSON"
        for key in ("seat", "to_move", "hand"):
            assert key in obs, f"observation lacks the fixed key {key!r}"
        assert obs["seat"] == seat and obs["to_move"] == state.to_move
        other = game.determinize(state, seat, random.Random(rng.random()))
        assert other.observation(seat) == obs, (
            f"observation({seat}) changes when only cards hidden from seat {seat} change: it leaks them")


def check_determinize(game: ModuleType, state: Any, rng: random.Random) -> None:
    """determinize depends only on what the seat sees and on the generator's state."""
    for seat in seats(state):
        seed = rng.random()
        look_alike = game.determinize(state, seat, random.Random(seed + 1))
        a = game.determinize(state, seat, random.Random(seed))
        b = game.determinize(look_alike, seat, random.Random(seed))
        assert a == b, "determinize gave different results for states that look the same"
        assert a.legal_actions() == state.legal_actions() or state.to_move != seat


def check_bots_do_not_peek(game: ModuleType, state: Any, rng: random.Random) -> None:
    if state.is_over:
        return
    seat = state.to_move
    look_alike = game.determinize(state, seat, random.Random(rng.random()))
    for level, cls in game.BOTS.items():
        if issubclass(cls, SearchBot):
            continue  # checked on a few positions with an iteration bound: check_search_does_not_peek
        choice = cls(seed=7).choose(state, seat)
        assert choice in state.legal_actions(), f"bot {level} chose an illegal move"
        assert cls(seed=7).choose(look_alike, seat) == choice, (
            f"bot {level} chose differently in a position that looks the same from its seat")


def check_search_does_not_peek(game: ModuleType, states: list[Any], rng: random.Random, *, samples: int = 3,
                               iterations: int = 12, bots: list[type] | None = None) -> None:
    """A search bot bounded by iterations alone (no clock) reasons identically — same
    simulated margins, same move — in two positions that look the same from its seat but
    have the hidden cards dealt otherwise."""
    bots = bots or [cls for cls in game.BOTS.values() if issubclass(cls, SearchBot)]
    choices = [s for s in states if not s.is_over and len(s.legal_actions()) > 1]
    for state in rng.sample(choices, min(samples, len(choices))):
        seat = state.to_move
        look_alike = game.determinize(state, seat, random.Random(rng.random()))
        for cls in bots:
            mine = cls(seed=7, iterations=iterations, seconds=None).think(state, seat)
            theirs = cls(seed=7, iterations=iterations, seconds=None).think(look_alike, seat)
            assert mine.choice == theirs.choice and [m.margins for m in mine.moves] == [
                m.margins for m in theirs.moves], (
                f"{cls.__name__} reasoned differently in a position that looks the same from its seat")


def check_malformed_actions(state: Any, foreign: list[str]) -> None:
    """Malformed and illegal moves raise IllegalMove and leave the state unchanged."""
    if state.is_over:
        return
    before = state.to_json()
    legal = {str(a) for a in state.legal_actions()}
    for bad in [*MALFORMED, *(f for f in foreign if f not in legal)]:
        try:
            state.apply(bad)
        except IllegalMove as err:
            assert str(err), "IllegalMove needs a message naming the rule"
        except Exception as err:
            raise AssertionError(f"apply({bad!r}) raised {type(err).__name__}, not IllegalMove") from err
        else:
            raise AssertionError(f"apply({bad!r}) was accepted")
        assert state.to_json() == before, f"apply({bad!r}) failed but changed the state"


def check_scores(state: Any) -> None:
    sheet = state.score_sheet
    totals = [row["total"] for row in sheet]
    width = len(state.scores)
    summed = tuple(sum(t[i] for t in totals) for i in range(width))
    assert tuple(state.scores) == summed, "scores is not the sum of the score sheet totals"
    if state.is_over:
        assert state.to_move is None
    else:
        assert state.winner is None, "a running match has no winner"


def check_facts(game: ModuleType, state: Any) -> None:
    """The game facts every state states (see `cardlearn.games`)."""
    assert type(state).GAME is game or getattr(game, "State", None) is type(state).GAME.State, (
        "State.GAME is not the game module")
    low, high = game.PLAYERS
    assert low <= state.players <= high
    members = sorted(s for team in state.teams for s in team)
    assert members == list(range(state.players)), "teams must hold every seat exactly once"
    assert len(state.scores) == len(state.teams), "scores are per team"
    assert state.phase in game.INFO.phases, f"phase {state.phase!r} is not one of INFO.phases"
    assert state.deals_done == len(state.score_sheet), "deals_done counts the score sheet's rows"
    assert game.INFO.score_sign == state.SCORE_SIGN, "State.SCORE_SIGN is not INFO.score_sign"
    assert game.INFO.partnerships == any(len(team) > 1 for team in state.teams), (
        "INFO.partnerships must say whether some team has more than one seat")
    if state.is_over and state.winner is not None:
        signed = [state.SCORE_SIGN * x for x in state.scores]
        assert signed[state.winner] == max(signed), "the winner's score is not the best one by SCORE_SIGN"
    assert (state.phase == "over") == state.is_over, "phase is 'over' exactly when the match is"
    assert state.winner is None or 0 <= state.winner < len(state.teams)
    bound = state.max_game_length
    assert bound is None or len(state.history) <= bound, "more moves than max_game_length"


def check_history(game: ModuleType, final: Any, states: list[Any]) -> None:
    """History holds the applied actions, each the engine's own legal object, and replays
    from `start()` through every state (OpenSpiel's history test)."""
    assert len(final.history) == len(states) - 1
    replayed = final.start()
    assert replayed == states[0], "start() is not the position the match started from"
    for i, action in enumerate(final.history):
        legal = replayed.legal_actions()
        assert action in legal, f"history[{i}] = {action} was not legal there"
        assert type(action) is type(legal[legal.index(action)]), "history stores a foreign action type"
        replayed = replayed.apply(action)
        assert replayed == states[i + 1], f"replaying history[{i}] does not give the next state"
        assert replayed.history == final.history[:i + 1]


def check_redeal(game: ModuleType, states: list[Any], rng: random.Random, samples: int = 6) -> None:
    """`determinize` really re-deals: the hidden cards are exactly the cards the seat
    cannot see (the same multiset), and they land in different places for different
    generators wherever that is possible.  A determinize that re-deals nothing fails."""
    eligible = varied = 0
    for state in states[::max(5, len(states) // 60)]:
        for seat in seats(state):
            hidden = Counter(game.hidden_cards(state, seat))
            others = [s for s in seats(state) if s != seat]
            held = sum(len(state.observation(s)["hand"]) for s in others)
            looks = set()
            for _ in range(samples):
                world = game.determinize(state, seat, random.Random(rng.random()))
                assert Counter(game.hidden_cards(world, seat)) == hidden, (
                    "determinize must deal exactly the cards the seat cannot see")
                looks.add(tuple(tuple(sorted(world.observation(s)["hand"])) for s in others))
            if 0 < held < sum(hidden.values()) or (held > 1 and len(others) > 1):
                eligible += 1
                varied += len(looks) > 1
    # A check that saw no position where a re-deal could show would prove nothing.
    assert eligible, "no position of the match had hidden cards that a re-deal could move"
    assert varied >= 0.8 * eligible, (
        f"determinize left the hidden cards where they were in {eligible - varied} of {eligible} positions")


_CARD_WORD = re.compile(r"(10|[2-9JQKA])([♠♥♦♣])")
_SUIT_OF = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}


def _faces(layout: dict) -> set[str]:
    """The face-up cards of a layout, as canonical strings."""
    entries = list(layout["hand"])
    for zone in layout["zones"]:
        entries += zone.get("cards", [])
    cards = {e if isinstance(e, str) else e.get("card") for e in entries}
    return {c for c in cards if c}


def check_view(game: ModuleType, state: Any, rng: random.Random) -> None:
    """The view description: layouts are plain data that determinize leaves unchanged,
    every legal move's tokens can be clicked in the mover's layout and no two moves share
    them, and the words exist in both languages and name no card hidden from the viewer."""
    for seat in seats(state):
        view = game.layout(state, seat, "en")
        assert json.loads(json.dumps(view)) == view, "layout is not plain data"
        for key in ("title", "hand", "info", "scores", "opponents", "zones"):
            assert key in view, f"layout lacks {key!r}"
        world = game.determinize(state, seat, random.Random(rng.random()))
        assert game.layout(world, seat, "en") == view, f"layout({seat}) shows cards hidden from seat {seat}"
    if state.is_over:
        return
    mover = state.to_move
    view = game.layout(state, mover, "en")
    zones = {z["name"]: z for z in view["zones"]}
    seen_tokens = set()
    for action in state.legal_actions():
        tokens = tuple(game.action_cards(state, action))
        key = tuple(sorted(Counter(tokens).items(), key=repr))
        assert key not in seen_tokens or not tokens, f"two legal moves share the tokens of {action}"
        seen_tokens.add(key)
        need = Counter(tokens)
        for (zone, card), count in need.items():
            if card is None:
                assert zones.get(zone, {}).get("target"), f"{action}: zone {zone!r} is not a target"
                continue
            pool = view["hand"] if zone == "hand" else zones.get(zone, {}).get("cards", [])
            have = sum(1 for e in pool if (e if isinstance(e, str) else e.get("card")) == str(card))
            assert have >= count, f"{action}: {card} is not clickable in {zone!r}"
        for lang in ("is", "en"):
            assert game.describe(state, action, lang, viewer=mover).strip()
            assert game.explain(state, action, lang).strip()
    # Words for onlookers name only cards they may see (before or after the move).  A move
    # that ends a deal is left out: the next deal is already dealt in `after`, and at a
    # deal's end the cards are shown for the count anyway.
    action = rng.choice(state.legal_actions())
    after = state.apply(action)
    if len(after.score_sheet) != len(state.score_sheet):
        return
    for viewer in seats(state):
        if viewer == mover:
            continue
        text = game.describe(state, action, "en", viewer=viewer)
        shown = (_faces(game.layout(state, viewer, "en")) | _faces(game.layout(after, viewer, "en"))
                 | set(json.dumps(after.observation(viewer)).replace('"', " ").replace("+", " ")
                       .replace(":", " ").split()))
        for rank, suit in _CARD_WORD.findall(text):
            assert rank + _SUIT_OF[suit] in shown, (
                f"describe({action}) tells seat {viewer} about {rank}{suit}, which it cannot see")


def check_determinized_save(game: ModuleType, state: Any, rng: random.Random) -> None:
    """A bot's imagined position (`determinize`) saves and reads back equal, like a real
    one: its save has no origin to replay, so the game must check it card by card."""
    for seat in seats(state):
        world = game.determinize(state, seat, random.Random(rng.random()))
        text = world.to_json()
        again = type(world).from_json(text)
        assert again == world, f"the save of a position determinized for seat {seat} reads back different"
        assert again.to_json() == text, "a determinized position's save is not stable"


def check_unreadable(game: ModuleType, state: Any) -> None:
    """Text that is no move of the game is refused as the rule `unreadable`, in the
    pupil's language from the game's `RULE_WORDS` (never the English parser's words), and
    the typos the game declares (`EXAMPLES.typos`) likewise."""
    if state.is_over:
        return
    before = state.to_json()
    for text in (UNREADABLE, *game.EXAMPLES.typos):
        with pytest.raises(IllegalMove) as err:
            state.apply(text)
        assert err.value.rule == "unreadable", f"{text!r} is refused as {err.value.rule!r}, not 'unreadable'"
        said = {lang: err.value.say(game.RULE_WORDS[lang]) for lang in ("is", "en")}
        assert said["is"].startswith(f"ekki tókst að lesa leikinn '{text}'"), said["is"]
        assert said["en"].startswith(f"cannot read the move '{text}'"), said["en"]
        assert state.to_json() == before


def check_rule_teach(game: ModuleType) -> None:
    """Every rule a move can be refused by (`RULE_WORDS`, but `unreadable`: a typo teaches no
    rule) has its rule taught in a sentence in both languages (`RULE_TEACH`), which the table
    offers after two refused tries in a row; no sentence for a rule the game does not name."""
    refusable = set(game.RULE_WORDS["en"]) - {"unreadable"}
    for lang in ("is", "en"):
        taught = game.RULE_TEACH[lang]
        assert set(taught) == refusable, (
            f"RULE_TEACH[{lang!r}] lacks {sorted(refusable - set(taught))}, "
            f"has extra {sorted(set(taught) - refusable)}")
        for rule, text in taught.items():
            assert text.lstrip("„'\"")[:1].isupper() and text.endswith(".") and "{" not in text, (
                f"RULE_TEACH[{lang!r}][{rule!r}] is not a whole sentence: {text!r}")


def check_finished_deal(game: ModuleType, before: Any, after: Any) -> None:
    """`last_deal` once a deal's last move is made (`before` → `after`): a `FinishedDeal`
    whose numbers and row agree with the score sheet, whose seats and teams are the
    game's, and which holds every card of the deal's deck exactly once (the game's own
    `new_game(deck=...)` accepts its cards as a deck: no branch per game here)."""
    end = after.last_deal
    assert isinstance(end, FinishedDeal), "a finished deal leaves a FinishedDeal in last_deal"
    assert (end.number, end.index) == (before.deal_number, before.deals_done), (
        "last_deal's number and index are not the deal just finished")
    assert end.number == end.index + 1 and after.deals_done == end.index + 1
    assert end.row == after.score_sheet[end.index], "last_deal.row is not the score sheet's row"
    assert len(end.hands) == after.players and len(end.taken) == len(after.teams)
    assert end.tricks is None or len(end.tricks) == len(after.teams)
    assert end.table_to is None or end.table_to in seats(after)
    if end.table_to is not None:  # the table went to a seat: its team's pile holds it
        team = next(t for t, members in enumerate(after.teams) if end.table_to in members)
        assert not Counter(end.table) - Counter(end.taken[team]), "the table's cards are not in its taker's"
    assert end.dealer in seats(after)
    try:
        game.new_game(players=after.players, rules=after.rules, deck=end.cards)
    except ValueError as err:
        raise AssertionError(f"last_deal does not hold the deck once (hands, taken, table, unplayed): "
                             f"{err}") from None
    assert json.loads(json.dumps(end.as_json()))["number"] == end.number and str(end)
    assert after.last_deal_position is not None and after.last_deal_position.deals_done == end.index


def check_deals(game: ModuleType, states: list[Any]) -> None:
    """No finished deal before the first; each deal's end checked as it comes; the record
    stays the same while the next deal is played."""
    assert states[0].last_deal is None and states[0].deal_number == 1
    ends = 0
    for before, after in itertools.pairwise(states):
        if after.deals_done > before.deals_done:
            check_finished_deal(game, before, after)
            ends += 1
        else:
            assert after.last_deal == before.last_deal, "last_deal changed within a deal"
    assert ends == states[-1].deals_done


_EXPLAINED = re.compile(r"((?:`\w+`(?:, )?)+) —")


def explained_keys(doc: str) -> set[str]:
    """The keys a docstring explains: those written as `key` (or `a`, `b`) followed by a
    dash and the words for it ("- `seat`, `to_move` — ...; `dealer` — who dealt")."""
    return {name for head in _EXPLAINED.findall(doc) for name in re.findall(r"`(\w+)`", head)}


def check_observation_explained(game: ModuleType, states: list[Any]) -> None:
    """Every key an observation has is explained in `State.observation`'s docstring."""
    explained = explained_keys(inspect.getdoc(game.State.observation) or "")
    seen = {key for state in states[::7] + states[-1:] for key in state.observation(0)}
    missing = sorted(seen - explained)
    assert not missing, f"observation keys not explained in State.observation's docstring: {missing}"


# -- whole matches -----------------------------------------------------------------

def check_match(game: ModuleType, seed: int, *, every: int = 1, costly: int = 150, **new_game: Any) -> Any:
    """Every per-state check along one random match; returns the final state.  The costly
    checks run on every `every`-th state, and on at most about `costly` states of a long
    match (a Kínaskák match is thousands of moves, and reading a save replays its history)."""
    rng = random.Random(seed)
    states = list(random_match(game, seed, **new_game))
    every = max(every, len(states) // costly)
    foreign = sorted({str(a) for s in states[::7] for a in s.legal_actions()})[:40]
    for i, state in enumerate(states):
        check_legal_actions(state)
        check_scores(state)
        check_facts(game, state)
        if i % every == 0 or state.is_over:
            check_apply_pure(state)
            check_json_round_trip(game, state)
            check_observation(game, state, rng)
            check_determinize(game, state, rng)
            check_bots_do_not_peek(game, state, rng)
            check_malformed_actions(state, foreign)
            check_view(game, state, rng)
            check_determinized_save(game, state, rng)
            check_unreadable(game, state)
    final = states[-1]
    assert final.is_over
    check_history(game, final, states)
    check_deals(game, states)
    check_observation_explained(game, states)
    check_redeal(game, states, rng)
    check_search_does_not_peek(game, states, rng)
    return final


def check_determinism(game: ModuleType, seed: int, **new_game: Any) -> None:
    """Same seed, same match, even when the global RNG is used in between."""
    calm = [s.to_json() for s in random_match(game, seed, **new_game)]
    random.seed(12345)
    noisy = [s.to_json() for s in random_match(game, seed, chaos=True, **new_game)]
    assert calm == noisy, "the same seed gave a different match"


def check_json_future(game: ModuleType, seed: int, **new_game: Any) -> None:
    """A saved game continues exactly as the original would, reshuffles included."""
    states = list(random_match(game, seed, **new_game))
    middle = states[len(states) // 3]
    bot = game.BOTS["random"](seed=seed)
    a, b = middle, type(middle).from_json(middle.to_json())
    while not a.is_over:
        move = bot.choose(a, a.to_move)
        a, b = a.apply(move), b.apply(move)
        assert a == b, "a reloaded game diverged from the original"


def check_bad_inputs(game: ModuleType) -> None:
    state = game.new_game(seed=1)
    for text in ["", "not json", "[]", "{}", '{"game": "other"}', state.to_json()[:-5]]:
        with pytest.raises(ValueError):
            type(state).from_json(text)
    with pytest.raises(ValueError):
        game.new_game(deck="AS KS")
    with pytest.raises(ValueError):
        game.new_game(players=99)
