"""The registry of games, and the protocol every game module follows.

`GAMES` maps a game's name to its module.  Each module follows the shared game API (cards,
`Rules`, `new_game`, `State`, `determinize`, `BOTS`; see the README) and, in addition, the
*game facts* and the *view description* below, so that one generic table, one drawing
module, one benchmark and one conformance suite serve every game without guessing.

Game facts
----------
Every `State` (subclass of `cardlearn.core.GameState`) states, instead of letting callers
guess:

- `State.GAME` — the game module itself (a class attribute, set by the module; also right
  when the game is a package whose `State` lives in a submodule).
- `state.players` — the number of seats (`0 .. players-1`, in playing order).
- `state.teams` — a tuple of teams, each a tuple of seats; `scores`, `winner` and the
  per-team entries of the score sheet are indexed by team.  Without partnerships every seat
  is its own team: `((0,), (1,), ...)`.
- `state.phase` — the kind of decision now due, a short ASCII word the game documents
  (`"play"`, `"auction"`, `"exchange"`, `"buy"`, ...; `"over"` at the end).
- `state.max_game_length` — an upper bound on the number of actions of the whole match,
  or `None` where the rules set none (then tests use a generous cap of their own).
- `state.start()` — the position the match started from (`history` replays from it to
  this state); a `ValueError` for a position with no recorded start (a determinized one).
- `hidden_cards(state, seat)` (a module function) — the cards `seat` cannot see, wherever
  they lie (other hands, stock, talon, face-down discards), sorted: a multiset.
  `determinize(state, seat, rng)` deals exactly these cards anew, and the conformance
  suite checks that it does (same multiset, different places for different generators).
- `state.observation_digest(seat)` — a text that depends on `observation(seat)` alone,
  which seeds bots; the default dumps the whole observation, a game may give a cheaper one.
- `State.SCORE_SIGN` — `+1` where a higher score is better (Kasína points, Lomber
  payments), `-1` where lower is better (Kozel loss points, Kínaskák penalty points).
- `state.deals_done` — the number of finished deals (score-sheet rows), cheaply.
- `deal_estimate(state)` (optional module function) — the score-sheet row total each team
  may expect when the deal ends, judged from the position now; a search bot that cuts its
  simulations short (a `horizon`) scores them with it.

The search bot (`cardlearn.bots.SearchBot`, level `"search"`, the strongest) needs only
these facts, `determinize` and the game's rule-of-thumb bot.

Small decisions
---------------
A compound move — an exchange of several cards, a lay-down of several melds, a discard of
several cards one by one — is split into *steps*, each one action, so `legal_actions()`
stays small (tens of actions, not hundreds).  Every step offered must be completable into a
legal whole, and a step sequence ends with an explicit action (e.g. `"done"`) or when it
cannot go on.  `state.phase` names the step.  The table needs nothing special: the human
selects the tokens of one step, confirms, and the next step's choices appear.

Out-of-turn decisions (buying a discard, claiming an interrupt) are decisions of the seat
that may act: `to_move` names it.  They are *quiet* (see `quiet` below) when declining, so
that bots decline without a pause and a human who is not interested spends one click.

View description
----------------
Module-level names the table, the pictures and the move log use:

- `NAME` — `{"is": "Kasína", "en": "Casino"}`; `PLAYERS` — `(fewest, most)` seats.
- `RULE_WORDS` — `{lang: {rule: message}}`: why a move is illegal (`IllegalMove.rule`).
- `SHEET_NAMES` — `{lang: {score_sheet key: heading}}` for the score sheet.
- `describe(state, action, lang="is", viewer=None)` — the move in words, without who makes
  it ("tekur 2♣ + 3♥ með 5♠ — svippur!"); `state` is the position before the move.
  `viewer` is the seat that reads it: the words never name a card hidden from that seat (a
  face-down discard reads "leggur 2 spil á grúfu").  `viewer=None` is an all-seeing
  narrator (notebooks, a finished game's replay) and may name every card.
- `explain(state, action, lang="is")` — a one-line reason for the move, for the seat to
  move (the hint button).
- `action_cards(state, action)` — the *tokens* a player clicks to make the move, a tuple of
  `(zone, card)` pairs: zone `"hand"` for the mover's own cards, otherwise the `name` of a
  zone of `layout`; `card` a `Card`, or `None` when the token is the zone itself (a
  lay-off onto a meld: `(("hand", 7♥), ("meld-2-0", None))`).  An empty tuple means a plain
  button, labelled by `describe(..., viewer=mover)`.  Every legal action's tokens must be
  clickable in the mover's layout, and two legal actions never have the same tokens.
- `deal_end(state, action, lang="is", viewer=None)` (optional) — a line on what happened to
  the cards left over when `action` (from `state`) ends a deal ("the last taker gets 7♣ K♦");
  without it the table lists the loose face-up cards still lying in unowned zones.
- `quiet(state, action)` (optional; default: never) — True for a decision that needs no
  pause and no undo stop (declining to buy, passing on a claim): bots make it at once, and
  the log may fold it.
- `layout(state, seat, lang="is")` — what `seat` sees, arranged for drawing:

      {"title": str,             # game and deal, e.g. "Kasína — 2. spil"
       "info": str,              # about `seat` itself (pile, tricks, dealer, ...)
       "hand": [entry, ...],     # seat's own cards (face up), sorted for display
       "scores": [...],          # as `state.scores` (per team)
       "prompt": str,            # optional: what to do now ("Veldu spil til að kasta")
       "opponents": [{"seat": int, "hand_size": int, "info": str}, ...],
       "zones": [zone, ...]}

  A zone is `{"name": str, "label": str, "owner": seat or None, "target": bool, ...}` with
  either `"cards": [entry, ...]` or `"backs": n` (a face-down stack shown by count).
  `owner` (default None) places the zone by its seat (a meld, an exposed hand, the cards a
  seat played to a trick); `target` (default False) makes the zone itself clickable, as a
  token `(name, None)`.  An entry is a canonical card string (a face-up card) or a dict
  `{"card": "AS" or None, "seat": int, "note": str}`: `card` None is a face-down card
  (a hidden discard), `seat` who put it there, `note` a short text drawn with it ("= 7♥"
  for a joker's binding).  Only `"card"` is required in a dict.  Every face-up card in a
  layout is one `seat` may see, and `determinize(state, seat, ...)` leaves the layout of
  `seat` unchanged.
"""

from __future__ import annotations

from types import ModuleType

from cardlearn.games import kasina, kinaskak, kozel, lomber

GAMES: dict[str, ModuleType] = {"kasina": kasina, "kozel": kozel, "kinaskak": kinaskak, "lomber": lomber}


def game_module(game: str | ModuleType) -> ModuleType:
    """The module for a game name (or a module itself), with a clear error otherwise."""
    if isinstance(game, ModuleType):
        return game
    try:
        return GAMES[game]
    except (KeyError, TypeError):
        raise ValueError(f"unknown game {game!r}: choose one of {', '.join(GAMES)}") from None
