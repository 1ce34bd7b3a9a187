"""Bot strength: python -m cardlearn.games.lomber --matches 300 (one bot against two random)."""

from __future__ import annotations

import argparse

from .bots import BOTS, measure

parser = argparse.ArgumentParser(description="A Lomber bot against two random bots, net bits per match.")
parser.add_argument("--level", default="thumb", choices=[k for k in BOTS if k != "random"])
parser.add_argument("--matches", type=int, default=300)
args = parser.parse_args()
mean, low, high, won = measure(args.level, args.matches)
print(f"{args.level} vs 2 random, {args.matches} matches of 12 deals: {mean:+.2f} bits per match "
      f"(95 % interval {low:+.2f} to {high:+.2f}); won {won:.0%} of the matches outright")
