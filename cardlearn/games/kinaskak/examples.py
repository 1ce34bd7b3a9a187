"""Kínaskák's own data for the shared tests (`cardlearn.protocol.Examples`): rule variants
for the conformance suite (between them every option of the ambiguity table off its
default at least once), typos and near misses for the refusals, the golden matches."""

from __future__ import annotations

from cardlearn.protocol import Examples, GoldenCase

from .rules import Rules

__all__ = ["EXAMPLES"]

EXAMPLES = Examples(
    variants=(
        Rules(buy_priority="seat_order", joker_limit="not_more_than_naturals", run_ace_both_ends=False,
              distinct_set_ranks=True, joker_steal_from_sets=False, round8_draw_source="either"),
        Rules(layoff_same_turn=False, extra_melds_on_laydown=True, new_melds_after_laydown=True,
              joker_steal_by_owner=False, stolen_joker_must_be_used=True, excess_buy_penalty=200,
              discarder_may_buy=True, buy_in_final_lap=True, go_out_by_discard=False, max_reshuffles=2),
        Rules(run_wrap=True, jokers_per_deck=3, decks=3, stock_exhaustion="end_round", max_turns_per_round=40,
              forbid_same_card_discard=True, buy_initial_upcard=False, tie_break="fewest_total_cards",
              joker_limit="one_per_meld", max_buys=2),
    ),
    typos=("discard",),  # a discard names its card
    near_misses=("buy", "steal 4H 0-0", "discard JK"),
    golden=(
        GoldenCase("kinaskak-4", players=4, seeds=range(4)),
        GoldenCase("kinaskak-2", players=2, seeds=range(1)),
        GoldenCase("kinaskak-6", players=6, seeds=range(1)),
    ),
)
