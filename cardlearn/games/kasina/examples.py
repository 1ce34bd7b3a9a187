"""Kasína's own data for the shared tests (`cardlearn.protocol.Examples`): rule variants
for the conformance suite, typos and near misses for the refusals, the golden matches."""

from __future__ import annotations

from cardlearn.protocol import Examples, GoldenCase

from .rules import Rules

__all__ = ["EXAMPLES"]

EXAMPLES = Examples(
    variants=(
        Rules(trail_rule="free", sweep_on_final_play=False, ace_scoring="each"),
        Rules(hand_size=5, ace_values="finnish", must_capture_maximal=True, target=11),
        Rules(trail_rule="card_cannot_capture", sweeps_cancel=True, simultaneous_target="count_out",
              target=15),
    ),
    typos=("5S:",),  # a capture that names nothing to take
    near_misses=("2C", "AS:2H", "KD"),
    golden=(
        GoldenCase("kasina", seeds=range(20)),
        GoldenCase("kasina-free-trail-maximal",
                   options={"trail_rule": "free", "must_capture_maximal": True, "hand_size": 5},
                   seeds=range(4)),
    ),
)
