"""The generic search bot (`cardlearn.bots.SearchBot`) and the facts it reads.

Its strength and think time are measured by `python -m benchmarks --only tournament`,
never here; the no-peeking check runs per game in the conformance suite."""

from __future__ import annotations

import math
import random

import pytest
import toygame

from cardlearn.bots import SearchBot, margin, paired
from cardlearn.games import GAMES, kasina, kinaskak, kozel
from cardlearn.games.kasina.rules import chance_to_lead

NAMES = sorted(GAMES)


def position(name: str, seed: int = 5, moves: int = 6):
    """A position a few rule-of-thumb moves into a match, with a real choice to make."""
    game = GAMES[name]
    state = game.new_game(seed=seed)
    thumb = game.BOTS["thumb"](seed=seed)
    done = 0
    while done < moves or len(state.legal_actions()) < 2:
        state = state.apply(thumb.choose(state, state.to_move))
        done += 1
    return state


@pytest.mark.parametrize("name", NAMES)
def test_search_is_the_strongest_level(name):
    bots = GAMES[name].BOTS
    assert list(bots)[-1] == "search" and issubclass(bots["search"], SearchBot)
    assert bots["search"].policy is not bots["random"], "simulations are played by the rule-of-thumb bot"
    assert bots["search"].label == {"is": "leitari", "en": "search"}


@pytest.mark.parametrize("name", NAMES)
def test_thought_covers_every_legal_move(name):
    state = position(name)
    bot = GAMES[name].BOTS["search"](seed=3, iterations=16, seconds=None)
    thought = bot.think(state, state.to_move)
    legal = state.legal_actions()
    assert [m.action for m in thought.moves] == legal
    assert all(m.simulations >= 1 for m in thought.moves), "every move is tried at least once"
    assert thought.choice in legal and thought.preferred in legal
    assert thought.worlds >= 1 and not thought.stopped_by_clock
    assert all(0.0 <= m.win_rate <= 1.0 for m in thought.moves)
    # the moves still in the running at the end met the same worlds, so they can be compared
    final = max(m.simulations for m in thought.moves)
    assert thought.result(thought.choice).simulations == final
    assert thought.result(thought.preferred).simulations == final, "the rule-of-thumb move never drops out"


@pytest.mark.parametrize("name", NAMES)
def test_iteration_bound_makes_the_choice_repeatable(name):
    state = position(name, seed=8)
    cls = GAMES[name].BOTS["search"]
    first = cls(seed=4, iterations=12, seconds=None).think(state, state.to_move)
    again = cls(seed=4, iterations=12, seconds=None).think(state, state.to_move)
    assert first.choice == again.choice
    assert [m.margins for m in first.moves] == [m.margins for m in again.moves]


def test_more_iterations_simulate_more():
    state = position("kozel")
    few = kozel.SearchBot(seed=1, iterations=8, seconds=None).think(state, state.to_move)
    many = kozel.SearchBot(seed=1, iterations=64, seconds=None).think(state, state.to_move)
    assert many.simulations > few.simulations and many.worlds > few.worlds


def test_the_clock_stops_thinking_between_worlds():
    state = position("kasina")
    thought = kasina.SearchBot(seed=1, iterations=10_000, seconds=1e-9).think(state, state.to_move)
    assert thought.stopped_by_clock and thought.worlds == 1, "one world is always finished"
    assert thought.choice in state.legal_actions()


def test_a_forced_move_needs_no_thinking():
    state = toygame.new_game(seed=1)
    while len(state.legal_actions()) > 1:
        state = state.apply(state.legal_actions()[0])
    assert not state.is_over
    thought = toygame.ToySearch(seed=1).think(state, state.to_move)
    assert thought.worlds == 0 and thought.choice == state.legal_actions()[0]


@pytest.mark.parametrize("bad", [{"iterations": 0}, {"iterations": -5}, {"seconds": 0}, {"seconds": -1.0}])
def test_bad_limits_are_refused(bad):
    with pytest.raises(ValueError, match=r"iterations|seconds"):
        kozel.SearchBot(seed=1, **bad)


def test_margin_turns_the_score_so_that_more_is_better():
    assert margin((5, 1), 0, 1) == 4  # Kasína points: more is better
    assert margin((0, 4), 0, -1) == 4  # Kozel loss points: the other team lost
    assert margin((10, 30, 50), 1, -1) == 0  # Kínaskák penalties: the middle of three
    assert margin((-6, 3, 3), 0, 1) == -9  # Lomber payments: the declarer paid both


def test_cautious_deviation_needs_a_clear_gain_world_by_world():
    assert paired([3, 3, 3, 3], [1, 1, 1, 1]).clearly_better(1.0)  # the same gain in every world
    assert not paired([9, -9, 9, -9], [0, 0, 0, 0]).clearly_better(1.0)  # luck, not skill
    assert not paired([1, 1, 1], [1, 1, 1]).clearly_better(0.0)  # no gain at all
    assert paired([2, 0, 1, 1, 2, 0], [0, 0, 0, 0, 0, 0]).clearly_better(1.0)
    assert not paired([2, 0, 1, 1, 2, 0], [0, 0, 0, 0, 0, 0]).clearly_better(4.0)


def test_chance_to_lead_is_exact_when_nothing_is_left_and_fair_otherwise():
    chance = chance_to_lead
    assert chance(5, 3, 0) == 1.0 and chance(3, 5, 0) == 0.0 and chance(4, 4, 0) == 0.0
    # Level at 4-4 with 10 to come: a lead needs 6 of them, P = 386/1024 = 0.377 exactly; the
    # normal approximation with the half-card correction is 1 - Phi(1/sqrt(10)) = 1 - Phi(0.316) = 0.376
    assert chance(4, 4, 10) == pytest.approx(0.376, abs=0.001)
    assert chance(6, 4, 10) > chance(5, 5, 10) > chance(4, 6, 10)
    assert chance(6, 4, 10) + chance(4, 6, 10) < 1.0  # a tie is possible
    assert chance(20, 0, 4) == pytest.approx(1.0)


def test_kasina_estimate_counts_what_is_certain_and_weighs_the_majorities():
    state = position("kasina", moves=20)
    mine, theirs = kasina.deal_estimate(state)
    row = kasina.hand_score(state.piles, state.sweeps, None, state.rules)
    certain = [sum(row[c][s] for c in ("little_casino", "big_casino", "sweeps")) for s in (0, 1)]
    assert certain[0] + 0.5 <= mine <= certain[0] + 0.5 + 1 + 1 + 1  # three majorities, 1 point each
    assert certain[1] + 0.5 <= theirs <= certain[1] + 0.5 + 1 + 1 + 1
    assert math.isfinite(mine + theirs)


def test_kasina_estimate_is_the_hand_score_when_every_card_is_taken():
    state = position("kasina", moves=20)
    deck = list(kasina.DECK)
    piles = (tuple(deck[:30]), tuple(deck[30:]))  # seat 0: more cards, spades, aces
    done = state._evolve(piles=piles, table=(), stock=(), hands=((), ()))
    row = kasina.hand_score(piles, done.sweeps, None, done.rules)
    assert row["cards"] == (1, 0)
    assert kasina.deal_estimate(done) == pytest.approx(tuple(t + 0.5 for t in row["total"]))


def test_kinaskak_estimate_follows_who_has_laid_down():
    state = position("kinaskak", moves=30)
    for seat, expected in enumerate(kinaskak.deal_estimate(state)):
        hand, fine = state.hands[seat], state.fines[seat]
        if state.laid_down[seat]:
            assert expected == pytest.approx(2.0 + 0.2 * kinaskak.penalty(hand) + fine if hand else fine)
        else:
            assert expected == 40.0 + fine


def test_kinaskak_round_penalties_are_the_row_the_round_gets():
    state = position("kinaskak", moves=30)
    rows = state.deals_done
    thumb = kinaskak.BOTS["thumb"](seed=2)
    while state.deals_done == rows:
        before = state
        state = state.apply(thumb.choose(state, state.to_move))
    row = state.score_sheet[rows]["total"]
    # the last move of the round emptied a hand; the others' hands were scored as they stood
    standing = kinaskak.round_penalties(before)
    assert sum(x != y for x, y in zip(row, standing)) <= 1


def test_seeded_search_differs_by_seed_somewhere():
    """The seed matters: over a few positions, two seeds do not imagine the same worlds."""
    rng = random.Random(1)
    differ = False
    for seed in range(4):
        state = position("kozel", seed=seed + rng.randrange(50))
        a = kozel.SearchBot(seed=1, iterations=8, seconds=None).think(state, state.to_move)
        b = kozel.SearchBot(seed=2, iterations=8, seconds=None).think(state, state.to_move)
        differ |= [m.margins for m in a.moves] != [m.margins for m in b.moves]
    assert differ


def test_cut_simulations_are_scored_by_the_estimate_turned_by_the_score_sign():
    state, thumb = position("kinaskak", moves=30), kinaskak.BOTS["thumb"](seed=1)
    while len(set(kinaskak.deal_estimate(state))) == 1:  # until someone has laid down
        state = state.apply(thumb.choose(state, state.to_move))
    bot = kinaskak.SearchBot(seed=1, seconds=None)
    bot.horizon = 0  # cut at once: the score is the estimate of the position itself
    seat = state.to_move
    expected = margin(kinaskak.deal_estimate(state), seat, -1)  # penalties: fewer is better
    assert expected != 0
    assert bot.simulate(state, seat, state.deals_done) == expected


def test_tournament_margins_are_taken_per_deal_over_its_sides():
    from benchmarks.tournament import Outcome, deal_margins

    # sides arrive in any order (a pool of jobs); a deal's margin is the mean of its sides
    outcomes = [Outcome(1, 4.0), Outcome(0, 2.0), Outcome(1, -2.0), Outcome(0, 0.0)]
    assert deal_margins(outcomes) == [1.0, 1.0]


def _hand_margin(world, seat: int, hand_no: int) -> float:
    """Where the hand has ended: `seat`'s points in it minus the opponent's."""
    total = world.score_sheet[hand_no]["total"]
    return total[seat] - total[1 - seat]


def _opening(world, seat: int, hand_no: int) -> float:
    """A new deal's value as `solve_deal` documents it: its opener takes what is worth most
    (`greediest`), then the hand's expected points (`deal_estimate`), or its real score."""
    world = world.apply(kasina.greediest(world))
    if world.hand_no != hand_no or world.is_over:
        return _hand_margin(world, seat, hand_no)
    expected = kasina.deal_estimate(world)
    return expected[seat] - expected[1 - seat]


def _every_line(world, seat: int, hand_no: int) -> float:
    """`solve_deal` without its cut-offs: every line of play to the deal's end."""
    if world.hand_no != hand_no or world.is_over:
        return _hand_margin(world, seat, hand_no)
    values = []
    for action in world.legal_actions():
        after = world.apply(action)
        fresh = (after.hand_no == hand_no and not after.is_over
                 and len(after.hands[0]) + len(after.hands[1]) >= len(world.hands[0]) + len(world.hands[1]))
        values.append(_opening(after, seat, hand_no) if fresh else _every_line(after, seat, hand_no))
    return max(values) if world.to_move == seat else min(values)


@pytest.mark.parametrize("moves", [2, 9, 20, 31, 44])
def test_kasina_solve_deal_equals_a_search_of_every_line(moves):
    state = position("kasina", moves=moves)
    world = kasina.determinize(state, state.to_move, random.Random(moves))
    for seat in (0, 1):
        assert kasina.solve_deal(world, seat) == pytest.approx(_every_line(world, seat, world.hand_no))


def test_kasina_solve_deal_at_the_hands_end_is_its_real_score():
    state = position("kasina", moves=1)
    while state.stock or len(state.hands[0]) + len(state.hands[1]) > 2:  # one card each left
        state = state.apply(kasina.GreedyBot().choose(state, state.to_move))
    seat, hand_no = state.to_move, state.hand_no
    (last,) = state.legal_actions()  # one card, one way to play it (here)
    end = state.apply(last)
    (reply,) = end.legal_actions()
    end = end.apply(reply)
    row = end.score_sheet[hand_no]["total"]
    assert kasina.solve_deal(state, seat) == row[seat] - row[1 - seat]


def test_lomber_search_lays_away_on_a_quarter_budget():
    """The exchange (up to eight lay-aways in a row per seat) gets a quarter of the
    simulations and of the clock, so a class does not wait ten seconds with nothing to do."""
    from cardlearn.games import lomber
    bot = lomber.BOTS["search"](seed=1)
    state = lomber.new_game(seed=4)
    while state.phase != "exchange":
        state = state.apply(lomber.BOTS["thumb"](seed=2).choose(state, state.to_move))
    iterations, seconds = bot.budget(state)
    assert (iterations, seconds) == (bot.iterations // 4, bot.seconds / 4)
    assert bot.think(state, state.to_move).worlds <= iterations
