"""The "how the computer thinks" helper: the search bot's numbers, and the bar chart of them."""

from __future__ import annotations

import sys

import pytest
from matplotlib.colors import to_rgba

from cardlearn.bots import MoveResult, Thought
from cardlearn.games import GAMES
from cardlearn.lessons import thinking


def position(game: str, seed: int = 3, choices: int = 3):
    """The first position of a seeded match, played on by rule-of-thumb bots, where the seat
    to move has at least `choices` legal moves."""
    module = GAMES[game]
    state, bot = module.new_game(seed=seed), module.BOTS["thumb"](seed=0)
    while len(state.legal_actions()) < choices:
        state = state.apply(bot.choose(state, state.to_move))
    return state


@pytest.fixture(scope="module")
def kozel_case():
    state = position("kozel")
    return state, thinking.think(state, seed=1, iterations=60)


def made_up(state) -> Thought:
    """A thought with known, all different win rates (0 %, 25 %, 50 %, ...) over the legal
    moves, choosing the last move and preferring the first."""
    actions = state.legal_actions()
    moves = [MoveResult(a, [1.0] * k + [-1.0] * (len(actions) - 1 - k)) for k, a in enumerate(actions)]
    return Thought(actions[-1], actions[0], moves, worlds=len(actions) - 1)


def bars(fig) -> list:
    ax = fig.axes[0]
    return list(ax.containers[0])


def labelled_bars(fig) -> list[tuple[str, float]]:
    """(tick label, bar width) for each bar, matched by height on the chart rather than by
    order, so a chart whose labels sit next to the wrong bars is caught."""
    ax = fig.axes[0]
    ticks = {round(y, 6): label.get_text() for y, label in zip(ax.get_yticks(), ax.get_yticklabels())}
    return [(ticks[round(b.get_y() + b.get_height() / 2, 6)], b.get_width()) for b in bars(fig)]


def test_think_is_reproducible_and_bounded(kozel_case):
    state, thought = kozel_case
    again = thinking.think(state, seed=1, iterations=60)
    assert again.choice == thought.choice and again.worlds == thought.worlds
    assert [m.margins for m in again.moves] == [m.margins for m in thought.moves]
    assert not thought.stopped_by_clock and 0 < thought.simulations <= 60
    assert [m.action for m in thought.moves] == state.legal_actions()


def test_one_bar_per_legal_move_as_long_as_its_win_rate(kozel_case):
    state, thought = kozel_case
    fig = thinking.thinking_figure(state, thought)
    assert len(bars(fig)) == len(state.legal_actions())
    assert [b.get_width() for b in bars(fig)] == pytest.approx([100 * m.win_rate for m in thought.moves])
    assert [b.get_gid() for b in bars(fig)] == [str(a) for a in state.legal_actions()]


def test_the_chosen_move_is_the_highlighted_bar_and_the_rule_of_thumb_move_is_hatched():
    state = position("kozel")
    thought = made_up(state)  # chooses the last move, prefers the first: two different bars
    fig = thinking.thinking_figure(state, thought)
    red = [b.get_gid() for b in bars(fig) if b.get_facecolor() == to_rgba(thinking.CHOSEN)]
    hatched = [b.get_gid() for b in bars(fig) if b.get_hatch() == thinking.PREFERRED_HATCH]
    assert red == [str(thought.choice)] and hatched == [str(thought.preferred)]
    legend = [t.get_text() for t in fig.legends[0].get_texts()]
    assert legend == ["the search plays this", "the rule-of-thumb move"]


def test_each_bar_carries_its_own_moves_label():
    state = position("kozel")
    thought = made_up(state)  # every move a different win rate: a swapped label shows
    expected = [(thinking.move_label(state, m.action) + ("  (rule of thumb)" if k == 0 else ""),
                 100 * m.win_rate) for k, m in enumerate(thought.moves)]
    fig = thinking.thinking_figure(state, thought)
    assert labelled_bars(fig) == expected
    # the check itself can fail: the same labels in the reverse order are caught
    ax = fig.axes[0]
    ax.set_yticks(ax.get_yticks(), [t.get_text() for t in ax.get_yticklabels()][::-1])
    assert labelled_bars(fig) != expected


def test_the_numbers_beside_the_bars_and_the_printed_lines_agree(kozel_case):
    state, thought = kozel_case
    fig = thinking.thinking_figure(state, thought)
    beside = [t.get_text() for t in fig.axes[0].texts]
    lines = thinking.thinking_lines(state, thought)
    assert len(beside) == len(lines) == len(thought.moves)
    for text, line, result in zip(beside, lines, thought.moves):
        assert line.endswith(text) or line.endswith(f"{text} (rule of thumb)")
        assert f"{round(100 * result.win_rate)} %" in text and f"{result.mean_margin:+.2f}" in text
        assert line.startswith("*") == (result.action == thought.choice)
    assert sum(line.startswith("*") for line in lines) == 1


def test_png_bytes_are_the_same_on_every_call(kozel_case):
    state, thought = kozel_case
    png = thinking.thinking_png(state, thought)
    assert png.startswith(b"\x89PNG") and png == thinking.thinking_png(state, thought)
    assert b"matplotlib" not in png  # no software version written into the file
    assert thinking.thinking_png(state, thought, "is") != png
    assert thinking.thinking_image(state, thought).data == png


def test_icelandic_words():
    state = position("kozel")
    thought = made_up(state)
    thought.moves[1] = MoveResult(thought.moves[1].action, [1.0])  # tried in one deal, and won
    fig = thinking.thinking_figure(state, thought, "is")
    assert [t.get_text() for t in fig.legends[0].get_texts()] == ["leitarinn velur þetta", "þumalputtareglan"]
    assert fig.axes[0].get_yticklabels()[0].get_text().endswith("(þumalputti)")
    row = fig.axes[0].texts[1].get_text()
    assert row == "prófað í 1 ímynduðu spili, sigur í 100 % þeirra, meðalmunur +1,00"
    lost = MoveResult(thought.moves[1].action, [-1.0, 0.5])  # a negative mean margin
    assert thinking._row_text(lost, "is").endswith("meðalmunur \u22120,25")  # a real minus sign
    assert thinking._row_text(lost, "en").endswith("mean margin -0.25")  # the English keeps its hyphen


def test_compare_pairs_the_same_deals():
    state = position("kozel")
    a, b = state.legal_actions()[:2]
    thought = Thought(a, b, [MoveResult(a, [2.0, 1.0, 3.0, 2.0]), MoveResult(b, [1.0, 1.0])])
    found = thinking.compare(thought, a, b)
    assert found.deals == 2 and found.gain == pytest.approx(0.5) and found.spread == pytest.approx(0.5)
    assert not found.clearly_better() and found.clearly_better(caution=0.5)
    assert thinking.compare(thought, b, a).gain == pytest.approx(-0.5)


def test_a_move_the_search_plays_against_the_rule_of_thumb_is_clearly_better():
    """Wherever the search leaves the rule-of-thumb move, `compare` says why."""
    left = 0
    for seed in range(3, 8):
        state = position("kozel", seed=seed)
        thought = thinking.think(state, seed=seed, iterations=60)
        comparison = thinking.compare(thought, thought.choice, thought.preferred)
        if thought.choice != thought.preferred:
            assert comparison.clearly_better(GAMES["kozel"].BOTS["search"].caution)
            left += 1
        else:
            assert comparison == (thought.result(thought.choice).simulations, 0.0, 0.0)
    assert left  # (seed 3 leaves it) so the check above was made at least once


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_game_gets_its_chart(game):
    state = position(game)
    thought = thinking.think(state, seed=1, iterations=30)
    fig = thinking.thinking_figure(state, thought)
    assert len(bars(fig)) == len(state.legal_actions())
    thumb = {thought.preferred: "  (rule of thumb)"}
    assert labelled_bars(fig) == [(thinking.move_label(state, m.action) + thumb.get(m.action, ""),
                                   pytest.approx(100 * m.win_rate)) for m in thought.moves]


def test_importing_the_helper_does_not_import_matplotlib():
    import subprocess

    code = "import sys, cardlearn.lessons.thinking; print('matplotlib' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
