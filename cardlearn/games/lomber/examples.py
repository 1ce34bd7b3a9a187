"""Lomber's own data for the shared tests (`cardlearn.protocol.Examples`): rule variants
for the conformance suite (between them every option off its default), typos and near
misses for the refusals, the golden matches."""

from __future__ import annotations

from cardlearn.protocol import Examples, GoldenCase

from .rules import Rules

__all__ = ["EXAMPLES"]

EXAMPLES = Examples(
    variants=(
        Rules(trump_named="at_bid", turnir_card="stays_on_talon", enable_totus=True,
              must_trump_when_void=True, must_overtake=True, nolo_stop_early=True,
              defender_exchange_order="seat_order",
              level7_hold="any_level7", betra_spil_position="above_turnir", kupp_loss_cap=4,
              declarer_exchange_min=1, declarer_exchange_max=5, grand_turnir_spade_bonus=True, match_deals=3),
        Rules(allow_spil_to_kupp=False, allow_concede=False, enable_grandisamo=False, enable_totus=True,
              totus_bonus=2, match_deals=6),
    ),
    typos=("bid spil",),  # a bid is named by its contract's code, not its word
    near_misses=("done", "trump S", "kupp"),
    golden=(GoldenCase("lomber", seeds=range(12)),),
)
