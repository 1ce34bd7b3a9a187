"""Kozel's own data for the shared tests (`cardlearn.protocol.Examples`): rule variants
for the conformance suite, typos and near misses for the refusals, the golden matches."""

from __future__ import annotations

from cardlearn.protocol import Examples, GoldenCase

from .rules import Rules

__all__ = ["EXAMPLES"]

EXAMPLES = Examples(
    variants=(
        Rules(discards_visible="all", pairing="declared", trump_reveal="top_to_bottom"),
        Rules(four_suit_priority="counterclockwise", beat_target="lead", must_beat_if_able=True,
              allow_beat_partner=False, deal_packet=2),
        Rules(trump_reveal="middle_to_bottom", trump_index_range="any", eggs_rule="double_cumulative",
              eggs_same_dealer=True, next_dealer="last_trick_winner_right", first_lead="random",
              four_suit_interrupt="off", loss_table=(21, 2, 4, 6), match_limit=16),
    ),
    typos=("AS+",),  # a lead of two cards that names only one
    near_misses=("AS+KS", "discard:6S", "claim"),
    golden=(GoldenCase("kozel", seeds=range(16)),),
)
