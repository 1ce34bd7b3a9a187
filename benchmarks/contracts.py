"""Which Lomber contracts the rule-of-thumb bot reaches: over many seeded first deals,
three `thumb` bots bid, exchange and decide whether to concede (leggja sig); prints how
often each contract won the auction and how many declarers conceded, so that a class is
seen to meet every contract (tests/test_bots_sensible.py checks that each appears).

    python -m benchmarks --only contracts              # 2000 deals (--deals N)
    python benchmarks/contracts.py 5000
"""

from __future__ import annotations

import sys
import time
from collections import Counter

from cardlearn.games import lomber


def deal_outcomes(deals: int, first_seed: int = 0) -> tuple[Counter[str], int]:
    """Over `deals` seeded first deals played by three rule-of-thumb bots up to the first
    trick: how often each contract won the auction, and how many declarers conceded."""
    contracts: Counter[str] = Counter()
    conceded = 0
    for seed in range(first_seed, first_seed + deals):
        state = lomber.new_game(seed=seed)
        bots = [lomber.ThumbBot(seed=seed * 3 + s) for s in range(3)]
        while state.phase != "play" and state.deals_done == 0:
            seat = state.to_move
            assert seat is not None  # the first deal is not the match's end
            action = bots[seat].choose(state, seat)
            conceded += str(action) == "concede"
            state = state.apply(action)
        if state.contract is not None:
            contracts[state.contract] += 1
    return contracts, conceded


def main(deals: int = 2000) -> None:
    start = time.perf_counter()
    contracts, conceded = deal_outcomes(deals)
    played = sum(contracts.values())
    print(f"lomber thumb: contracts won in the auction over {deals} deals ({deals - played} all passed), "
          f"{time.perf_counter() - start:.0f} s")
    for name in lomber.CONTRACTS:
        print(f"  {name:13s} {contracts[name]:5d}  {contracts[name] / deals:6.1%}")
    print(f"  conceded      {conceded:5d}  {conceded / deals:6.1%}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 2000)
