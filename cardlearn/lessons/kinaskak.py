"""Helpers for the Kínaskák notebook, so that its rules sections read as prose and pictures.

- `deck_table()` — decks, jokers, cards dealt and the stock for 2 to 6 players;
- `deal_picture(players)` — where the first cards of an unshuffled pack go in the deal;
- `melds_picture(examples)` — runs and sets written in the move notation, each drawn with
  its jokers' bindings and the verdict of `kinaskak.is_run` / `kinaskak.is_set`;
- `contracts_table()` — the eight contracts, read from `kinaskak.CONTRACTS`;
- `hands_picture(examples)` — example hands grouped into melds, with `kinaskak.can_lay_down`;
- `penalty_picture(cards)` — each card's penalty points, and the sum (`kinaskak.penalty`);
- `stacked(...)` / `position(...)` — a match whose first round deals the cards we choose;
- `play_out(state, moves)` / `narrate(state, since)` — moves in the notation, and in words;
- `table_picture(state)` — every hand face up, every meld with its jokers' bindings;
- `bot_match(levels, seed)` / `bot_round(seed)` — computer players at work;
- `round_end(state, round_no)` / `round_end_picture(end)` — a finished round: everyone's
  melds and leftover hands, and its row of the score sheet (`end` may be `state.last_deal`,
  the engine's record of the round just finished; `record_melds(end)` gives its melds);
- `round_events(state, round_no)` — the lay-downs, buys, steals and going out of a round;
- `match_sheet(state)` — the score sheet of a match, round by round, with running totals;
- `questions(...)` / `quiz(questions)` — the five questions, answers computed by the engine;
- `OPTIONS` / `options_table()` — every field of `kinaskak.Rules`: default and meaning;
- `stealers(meld)` — how many cards of the pack may steal a meld's joker;
- `OBSERVATION` / `observation_table(state, seat)` — every field of `state.observation(seat)`:
  its value in one position and its meaning;
- `answers(questions)` — the quiz's answers with their reasons, for a copy that was not run.

Everything is built on the public API of `cardlearn.games.kinaskak` and on `cardlearn.draw`;
pictures are HTML strings with no ids and no dates, so stored notebook outputs are
reproduced exactly.  Seats are numbered clockwise in playing order.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence
from html import escape
from typing import Any, NamedTuple

from IPython.display import HTML

from cardlearn.bots import Bot, RandomBot
from cardlearn.cards import Card, parse_cards
from cardlearn.draw import card_html
from cardlearn.games import kinaskak
from cardlearn.games.kinaskak.view import contract_words
from cardlearn.lessons import common, reading
from cardlearn.lessons.common import (  # noqa: F401 -- shared pieces, offered here too
    Question,
    cards_row,
    check_quiz,
    finished_deals,
    html_table,
    labelled,
    new_cards,
    play_deal,
    play_out,
    positions,
)
from cardlearn.protocol import FinishedDeal, State

# ---------------------------------------------------------------------------------------
# Cards and the deal

def deck_table() -> HTML:
    """For 2 to 6 players: decks, jokers, cards in all, cards dealt, and the stock left
    after the upcard, all counted from `kinaskak.deck_for`."""
    rows = []
    for n in range(2, 7):
        deck = kinaskak.deck_for(n)
        jokers = sum(c.is_joker for c in deck)
        rows.append([str(n), str((len(deck) - jokers) // 52), str(jokers), f"<b>{len(deck)}</b>",
                     f"{n} × 13 = {13 * n}", "1", str(len(deck) - 13 * n - 1)])
    head = ["players", "decks of 52", "jokers", "cards", "dealt", "upcard", "stock"]
    return HTML(html_table(head, rows))


def deal_targets(players: int = 4, dealer: int | None = None) -> list[str]:
    """Where each card of the pack goes, top card first: one at a time clockwise from the
    dealer's left, thirteen rounds of dealing; then the upcard; the rest is the stock."""
    dealer = players - 1 if dealer is None else dealer
    size = len(kinaskak.deck_for(players))
    dealt = [f"seat {(dealer + 1 + i) % players}" for i in range(13 * players)]
    return dealt + ["upcard"] + ["stock"] * (size - 13 * players - 1)


def deal_picture(players: int = 4, first: int = 6) -> HTML:
    """The first `first` cards of an unshuffled pack and the cards around the upcard, each
    captioned with where the deal puts it."""
    deck, targets = kinaskak.deck_for(players), deal_targets(players)
    up = targets.index("upcard")
    head = common.labelled_html(deck[:first], targets[:first], height=56)
    tail = common.labelled_html(deck[up - 2:up + 3], [f"{t}" for t in targets[up - 2:up + 3]], height=56)
    note = (f'<div style="align-self:center;font-size:13px">… cards {first + 1} to {up - 2} the same way, '
            f"seat after seat …</div>")
    return HTML(f'<div style="display:flex;flex-wrap:wrap;gap:14px">{head}{note}{tail}</div>')


# ---------------------------------------------------------------------------------------
# Runs and sets

class Written(NamedTuple):
    """A meld written as in the notation ("run 3H JK=4H 5H 6H", "set 8C 8D JK"), read
    without judging it (too short or mixed examples too): its kind, its cards, and for
    each joker the card it stands for (None for a real card, or a joker with no binding)."""

    kind: str
    cards: tuple[Card, ...]
    binds: tuple[Card | None, ...]


def written(text: str) -> Written:
    """Read a meld written as in the notation; a joker in a run is `JK=4H`."""
    kind, *words = text.split()
    if kind not in ("run", "set"):
        raise ValueError(f"a meld is written 'run …' or 'set …', not {text!r}")
    cards, binds = [], []
    for word in words:
        card, _, bind = word.partition("=")
        cards.append(Card.parse(card))
        binds.append(Card.parse(bind) if bind else None)
    return Written(kind, tuple(cards), tuple(binds))


def meld_captions(meld: Written) -> list[str]:
    """Under each card of a meld: '' for a real card, what a joker stands for ('= 4♥' in
    a run, '= 8' in a set: any eight)."""
    if meld.kind == "run":
        return ["" if not c.is_joker else f"= {b.symbol}" if b else "= ?"
                for c, b in zip(meld.cards, meld.binds)]
    rank = next((c.rank for c in meld.cards if not c.is_joker), None)
    return ["" if not c.is_joker else _any(rank) for c in meld.cards]


def _any(rank: str | None) -> str:
    """What a joker in a set stands for: '= 8' (any eight), '= ?' with no real card."""
    return "= ?" if rank is None else f"= {rank}"


def meld_ok(text: str) -> bool:
    """Is the meld written as `text` a run / a set (`kinaskak.is_run` / `kinaskak.is_set`)?"""
    meld = written(text)
    return (kinaskak.is_run if meld.kind == "run" else kinaskak.is_set)(meld.cards)


def melds_picture(examples: Sequence[tuple[str, str]]) -> HTML:
    """One line per example `(meld, why)`: the meld written in the notation, its cards
    drawn with each joker's binding, and the engine's verdict (`is_run` / `is_set`)."""
    rows = []
    for text, why in examples:
        meld = written(text)
        verdict = f"✔ a {meld.kind}" if meld_ok(text) else f"✘ not a {meld.kind}"
        cards = common.labelled_html(meld.cards, meld_captions(meld), height=52)
        rows.append(f'<div style="display:flex;align-items:center;gap:14px;margin-top:6px">{cards}'
                    f'<div style="font-size:13px"><b>{verdict}</b> — {escape(why)}<br>'
                    f"<code>{escape(text)}</code></div></div>")
    return HTML("".join(rows))


# ---------------------------------------------------------------------------------------
# Contracts and hands

def contracts_table() -> HTML:
    """The eight contracts in round order, from `kinaskak.CONTRACTS`: runs, sets, in both
    languages, and the fewest cards they take (a run at least 4, a set at least 3)."""
    rows = []
    for r, c in enumerate(kinaskak.CONTRACTS, 1):
        note = "the whole hand at once: 13 + 1 drawn = 14 cards, no discard, no buying" if r == 8 else ""
        rows.append([f"<b>{r}</b>", str(c.runs), str(c.sets), escape(contract_words(r, "is")),
                     escape(contract_words(r, "en")), str(c.min_cards), escape(note)])
    head = ["round", "runs", "sets", "samningur", "contract", "fewest cards", "note"]
    return HTML(html_table(head, rows))


class Hand(NamedTuple):
    """An example hand: its melds (each a text in the notation) and its other cards."""

    round_no: int
    melds: tuple[str, ...]
    rest: str = ""

    @property
    def cards(self) -> tuple[Card, ...]:
        cards = [c for m in self.melds for c in written(m).cards]
        return (*cards, *parse_cards(self.rest))


def hands_picture(hands: Sequence[Hand]) -> HTML:
    """Each example hand, its cards grouped as the melds we meant and the rest, with the
    round's contract and the verdict of `kinaskak.can_lay_down(hand, round)`."""
    rows = []
    for h in hands:
        groups = []
        for m in h.melds:
            meld = written(m)
            groups.append(f"<div><i>{meld.kind}</i>"
                          + common.labelled_html(meld.cards, meld_captions(meld), height=44) + "</div>")
        if h.rest:
            groups.append("<div><i>other cards</i>" + cards_row(h.rest, height=44) + "</div>")
        ok = kinaskak.can_lay_down(h.cards, h.round_no)
        verdict = "✔ can lay down" if ok else "✘ cannot lay down"
        words = escape(contract_words(h.round_no, "en"))
        rows.append(f'<div style="margin-top:10px"><b>Round {h.round_no}</b> ({words}),'
                    f" {len(h.cards)} cards: <b>{verdict}</b></div>"
                    '<div style="display:flex;flex-wrap:wrap;gap:16px">' + "".join(groups) + "</div>")
    return HTML("".join(rows))


def penalty_picture(cards: str | Iterable[Card | str], who: str = "") -> HTML:
    """The cards, each captioned with its penalty points, and their sum (`kinaskak.penalty`)."""
    cards = parse_cards(cards)
    caps = [str(kinaskak.card_penalty(c)) for c in cards]
    total = kinaskak.penalty(cards)
    sums = " + ".join(caps) or "0"
    return HTML(f"<div>{escape(who)}</div>" + common.labelled_html(cards, caps, height=52)
                + f"<div>{sums} = <b>{total}</b> penalty points</div>")


# ---------------------------------------------------------------------------------------
# Stacked positions

def stacked(hands: dict[int, str], *, up: str = "", stock: str = "", players: int = 4,
            dealer: int | None = None, fill_seed: int = 0) -> list[Card]:
    """A pack, top card first, whose first round deals seat s the cards `hands[s]` (the
    other cards of the 13 at random from the rest, seeded by `fill_seed`), turns up `up`
    and has `stock` on top of the stock."""
    dealer = players - 1 if dealer is None else dealer
    pool = Counter(kinaskak.deck_for(players))
    fixed = {s: list(parse_cards(h)) for s, h in hands.items()}
    extra = list(parse_cards(up)) + list(parse_cards(stock))
    for cards in [*fixed.values(), extra]:
        short = Counter(cards) - pool
        if short:
            raise ValueError(f"more copies than the pack has: {' '.join(map(str, short.elements()))}")
        pool -= Counter(cards)
    rest = sorted(pool.elements())
    random.Random(fill_seed).shuffle(rest)
    for s in range(players):
        got = fixed.setdefault(s, [])
        if len(got) > 13:
            raise ValueError(f"seat {s} is dealt 13 cards, not {len(got)}")
        while len(got) < 13:
            got.append(rest.pop())
    if not up:
        extra.insert(0, rest.pop())
    order = [(dealer + 1 + i) % players for i in range(players)]
    return [fixed[s][i] for i in range(13) for s in order] + extra + rest


def position(hands: dict[int, str], *, up: str = "", stock: str = "", players: int = 4, seed: int = 0,
             rules: kinaskak.Rules | None = None) -> kinaskak.State:
    """A new match whose first round deals these cards (see `stacked`); `seed` shuffles the
    later rounds and draws the lots."""
    deck = stacked(hands, up=up, stock=stock, players=players, fill_seed=seed)
    return kinaskak.new_game(players=players, deck=deck, seed=seed, rules=rules or kinaskak.Rules())


def move_words(before: kinaskak.State, move: Any, after: kinaskak.State | None, lang: str = "en") -> str:
    """A move in words (`kinaskak.describe`, which tells a `draw` as leaving the discard,
    to the others to buy when they may), and what the engine did at once after it: the
    last answer of a buy window says who got the card."""
    obs = before.observation(0)
    text = kinaskak.describe(before, move, lang)
    if after is not None:
        gained = [s for s in range(before.players) if after.buys_used[s] > before.buys_used[s]]
        if gained:
            text += f" → seat {gained[0]} gets {Card.parse(obs['discard_top']).symbol} and a stock card"
    return text


def narrate(state: kinaskak.State, since: int = 0, lang: str = "en") -> str:
    """The moves of `state.history` from move `since` on, one line each, in words (an
    all-seeing narrator, see `move_words`), with the notation in brackets."""
    lines = []
    steps = positions(state)
    for n, (before, move) in enumerate(steps):
        if n >= since:
            after = steps[n + 1][0] if n + 1 < len(steps) else state
            lines.append(f"seat {before.to_move}: {move_words(before, move, after, lang)}   [{move}]")
    return "\n".join(lines)


def _meld_html(meld: dict[str, Any], height: float) -> str:
    caps = ["" if b is None else f"= {Card.parse(b).symbol}" if meld["kind"] == "run" else _any(b)
            for b in meld["binds"]]
    return common.labelled_html(meld["cards"], caps, height=height)


def _melds_by_owner(melds: Sequence[dict[str, Any]], players: int) -> list[list[dict[str, Any]]]:
    out: list[list[dict[str, Any]]] = [[] for _ in range(players)]
    for m in melds:
        out[m["owner"]].append(m)
    return out


def _seat_html(seat: int, hand: Sequence[Card], melds: Sequence[dict[str, Any]], note: str,
               height: float) -> str:
    shown = []
    for i, m in enumerate(melds):
        label = f"{m['kind']} {seat}-{i}" + (" (being laid)" if m.get("pending") else "")
        shown.append(f"<div><i>{escape(label)}</i>{_meld_html(m, height)}</div>")
    hand_html = cards_row(hand, height=height) if hand else "<div><i>(no cards)</i></div>"
    return (f'<div style="margin-top:8px"><b>Seat {seat}</b> {escape(note)}</div>'
            '<div style="display:flex;flex-wrap:wrap;gap:14px;align-items:flex-end">'
            f"<div><i>hand</i>{hand_html}</div>" + "".join(shown) + "</div>")


def table_picture(state: kinaskak.State, height: float = 44) -> HTML:
    """Every seat's hand face up and its melds (jokers captioned with what they stand
    for), then the discard pile's top and the stock: an all-seeing view, for study."""
    obs = state.observation(0)
    by_owner = _melds_by_owner(obs["melds"], state.players)
    parts = []
    for s in range(state.players):
        notes = [f"{len(state.hands[s])} cards", f"buys {obs['buys_used'][s]}"]
        if obs["laid_down"][s]:
            notes.append("laid down")
        if s == state.dealer:
            notes.append("dealer")
        if s == state.to_move:
            notes.append("to move")
        parts.append(_seat_html(s, state.hands[s], by_owner[s], "(" + ", ".join(notes) + ")", height))
    top = obs["discard_top"]
    live = "live: it may be taken or bought" if obs["discard_live"] else "dead: nobody may take it"
    top_html = card_html(top, height=height) if top else "(empty)"
    parts.append(common.ROW.format(f"<b>Discard pile</b> top: {top_html} ({live}) · "
                                   f"<b>stock</b>: {obs['stock_size']} cards face down"))
    return HTML(f"<div><b>Round {state.round_no}</b>: {escape(contract_words(state.round_no, 'en'))}</div>"
                + "".join(parts))


# ---------------------------------------------------------------------------------------
# Bots, rounds and matches

def bot_match(levels: Sequence[str], seed: int, *, rounds: int = 8) -> kinaskak.State:
    """Seat s is played by a `kinaskak.BOTS[levels[s]]` bot seeded `seed + s`; the rounds
    are shuffled from `seed`.  Plays until `rounds` rounds are over (8: the whole match)."""
    bots = [kinaskak.BOTS[level](seed=seed + s) for s, level in enumerate(levels)]
    state = kinaskak.new_game(players=len(levels), seed=seed)
    while (seat := state.to_move) is not None and len(state.score_sheet) < rounds:
        state = state.apply(bots[seat].choose(state, seat))
    return state


def round_moves(state: kinaskak.State, round_no: int) -> list[tuple[kinaskak.State, Any]]:
    """The positions of round `round_no` of the match, each with the move made from it."""
    return [(before, move) for before, move in positions(state) if before.round_no == round_no]


class RoundEnd(NamedTuple):
    """A finished round, worked out again from its moves."""

    round_no: int
    dealer: int
    last_position: kinaskak.State       # just before the move that ended the round
    last_move: Any
    hands: tuple[tuple[Card, ...], ...]  # every seat's cards left when the round ended
    melds: tuple[dict[str, Any], ...]    # every meld on the table then (observation form)
    row: dict[str, Any]                  # the engine's score-sheet row for this round


def record_melds(end: FinishedDeal, rules: kinaskak.Rules | None = None) -> tuple[dict[str, Any], ...]:
    """The melds of a finished round's record (`state.last_deal.details["melds"]`, per
    owner) in the observation's form: `owner`, `kind`, `key`, `low`, `cards` and `binds`
    (what each joker stands for).  `rules` are the match's, for a run that wraps round
    the ace (`run_wrap`); None means the default rules."""
    wrap = (rules or kinaskak.Rules()).run_wrap
    return tuple({"owner": m.owner, "kind": m.kind, "key": m.key, "low": m.low,
                  "cards": [str(c) for c in m.cards],
                  "binds": [str(m.stands_for(i, wrap)) if c.is_joker else None
                            for i, c in enumerate(m.cards)],
                  "pending": False}
                 for owned in end.details["melds"] for m in owned)


def round_end(state: kinaskak.State, round_no: int = 1) -> RoundEnd:
    """Round `round_no` of the match `state` (which must be past it): the hands and melds
    as the engine kept them when the round ended (its `FinishedDeal`,
    `finished_deals(state)[round_no - 1]`), with the position before the round's last
    move and that move, found by replaying the round."""
    sheet = state.score_sheet
    if not 1 <= round_no <= len(sheet):
        raise ValueError(f"round {round_no} is not finished in this match ({len(sheet)} finished)")
    record = common.finished_deals(state)[round_no - 1]
    before, move = round_moves(state, round_no)[-1]
    return RoundEnd(round_no, record.dealer, before, move, record.hands, record_melds(record, state.rules),
                    record.row)


def score_row_html(row: dict[str, Any]) -> str:
    """One row of the score sheet as a small table, under Icelandic and English headings."""
    names_is, names_en = kinaskak.SHEET_NAMES["is"], kinaskak.SHEET_NAMES["en"]

    def head(key: str) -> str:
        return f"{escape(names_is[key])}<br><i>{escape(names_en[key])}</i>"

    out = row["went_out"]
    top = (f"<div>{head('round').replace('<br>', ' ')}: <b>{row['round']}</b> · "
           f"{head('contract').replace('<br>', ' ')}: <b>{escape(contract_words(row['round'], 'en'))}</b> · "
           f"{head('went_out').replace('<br>', ' ')}: <b>{'nobody' if out is None else f'seat {out}'}</b>"
           "</div>")
    lines = [[f"<b>seat {s}</b>", str(row["penalty"][s]), f"<b>{row['total'][s]}</b>"]
             for s in range(len(row["total"]))]
    return top + html_table(["", head("penalty"), head("total")], lines)


def round_end_picture(end: RoundEnd | FinishedDeal, height: float = 44,
                      rules: kinaskak.Rules | None = None) -> HTML:
    """The end of a round: every seat's melds (jokers with their bindings) and the cards
    left in its hand, each captioned with its penalty points, then the score-sheet row.
    `end` is `round_end(...)` (the heading then tells the round's last move) or the
    engine's own record of the round, `state.last_deal` (the heading tells who went out;
    `rules` are the match's, see `record_melds`)."""
    if isinstance(end, FinishedDeal):
        round_no, melds = end.number, record_melds(end, rules)
        out = end.details["went_out"]
        last = ("Nobody went out: everyone scores the cards in hand." if out is None else
                f"Seat {out} went out first; the others had one more turn each.")
    else:
        round_no, melds = end.round_no, end.melds
        last = (f"The last move: seat {end.last_position.to_move} "
                f"{escape(kinaskak.describe(end.last_position, end.last_move, 'en'))}.")
    by_owner = _melds_by_owner(melds, len(end.hands))
    words = escape(contract_words(round_no, "en"))
    parts = [f"<div><b>Round {round_no}</b> ({words}), dealt by seat {end.dealer}. {last}</div>"]
    for s, hand in enumerate(end.hands):
        shown = [f"<div><i>{escape(m['kind'])} {s}-{i}</i>{_meld_html(m, height)}</div>"
                 for i, m in enumerate(by_owner[s])]
        if hand:
            left = common.labelled_html(hand, [str(kinaskak.card_penalty(c)) for c in hand], height=height)
        else:
            left = "<div><i>(no cards: 0 points)</i></div>"
        title = (f"left in hand: {kinaskak.penalty(hand)} points" if hand else "went out"
                 if end.row["went_out"] == s else "no cards left: emptied the hand in the last lap")
        parts.append(f'<div style="margin-top:8px"><b>Seat {s}</b></div>'
                     '<div style="display:flex;flex-wrap:wrap;gap:14px;align-items:flex-end">'
                     + ("".join(shown) or "<div><i>(no melds: never laid down)</i></div>")
                     + '<div style="border-left:2px solid #999;padding-left:8px">'
                       f"<i>{escape(title)}</i>{left}</div></div>")
    parts.append(f"<div style='margin-top:10px'><b>Score sheet (stigablað), round {round_no}</b></div>"
                 + score_row_html(end.row))
    return HTML("".join(parts))


_EVENTS = ("buy", "run", "set", "off", "steal")


def _window(moves: list[tuple[kinaskak.State, Any]], start: int) -> list[tuple[kinaskak.State, Any]]:
    """The answers of the buy window that opens at `moves[start]` (none if it does not)."""
    end = start
    while end < len(moves) and moves[end][0].phase == "buy":
        end += 1
    return moves[start:end]


def round_events(state: kinaskak.State, round_no: int) -> str:
    """The moves of a round that change the table, in words (see `move_words`): a discard
    left that somebody asks to buy, the buys, lay-downs, lay-offs, joker steals, going out
    and the last lap."""
    lines = []
    moves = round_moves(state, round_no)
    for n, (before, move) in enumerate(moves):
        after = moves[n + 1][0] if n + 1 < len(moves) else None
        text = move_words(before, move, after)
        opens = move.verb == "draw" and any(m.verb == "buy" for _, m in _window(moves, n + 1))
        bought = "→" in text
        went = after is not None and before.went_out is None and after.went_out is not None
        if went:
            text += " — the others get one more turn each"
        if move.verb in _EVENTS or opens or bought or went:
            lines.append(f"turn {before.observation(0)['turns'] + 1:>3}, seat {before.to_move}: {text}")
    return "\n".join(lines)


def match_sheet(state: kinaskak.State) -> str:
    """The score sheet of a match as text: per round its contract, who went out, the
    penalty points of each seat and the running totals."""
    n = state.players
    seats = "".join(f"{'seat ' + str(s):>8}" for s in range(n))
    lines = [f"{'round':>5}  {'contract':<16}{'went out':<9}{seats}   running totals"]
    totals = [0] * n
    for row in state.score_sheet:
        totals = [t + p for t, p in zip(totals, row["total"])]
        out = "-" if row["went_out"] is None else f"seat {row['went_out']}"
        lines.append(f"{row['round']:>5}  {contract_words(row['round'], 'en'):<16}{out:<9}"
                     + "".join(f"{p:>8}" for p in row["penalty"]) + "   "
                     + " ".join(f"{t:>4}" for t in totals))
    return "\n".join(lines)


# ---------------------------------------------------------------------------------------
# A quiz

EXPECTED = ("J♣ Q♣ K♣ A♣", 35, "no", "the discard and the top card of the stock", "4♥")


def questions(steal_state: kinaskak.State, buy_before: kinaskak.State, buy_after: kinaskak.State,
              buyer: int) -> list[Question]:
    """The five questions; every answer is computed here by the engine.  `steal_state` is a
    position where the player to move has laid down and seat 0's run 3♥ 🃏 5♥ 6♥ 7♥ (the
    joker = 4♥) is on the table; `buy_before`/`buy_after` are the positions around a buy of
    `buyer`.  The reasons were written for the answers in `EXPECTED`: if the engine ever
    answered otherwise, this raises instead of showing a reason that contradicts it."""
    runs = ["Q♥ K♥ A♥ 2♥", "3♥ 4♥ 5♥", "J♣ Q♣ K♣ A♣", "3♥ 4♥ 5♠ 6♥"]
    is_run = [r for r in runs if kinaskak.is_run(r)]
    jona = "KS 10H AD"
    steals = [a for a in steal_state.legal_actions() if a.verb == "steal" and a.meld == (0, 0)]
    steal_cards = sorted({a.cards[0].symbol for a in steals})
    gained = len(buy_after.hands[buyer]) - len(buy_before.hands[buyer])
    gain_words = {1: "the discard only", 2: "the discard and the top card of the stock",
                  3: "the discard and two stock cards"}
    two_hearts = ("3H 4H 5H 6H", "9H 10H JH QH")
    round3 = kinaskak.can_lay_down(" ".join((*two_hearts, "2C 2D 7S 8S KD")), 3)
    answers = (is_run[0] if len(is_run) == 1 else "?", kinaskak.penalty(jona), "yes" if round3 else "no",
               gain_words.get(gained, "?"), steal_cards[0] if len(steal_cards) == 1 else "?")
    if answers != EXPECTED:
        raise ValueError("the engine's answers are no longer those the quiz's reasons were written for")
    return [
        Question("Which of these is a run (<i>röð</i>)?", runs, answers[0],
                 "Four or more cards of one suit in sequence. Q♥ K♥ A♥ 2♥ wraps round the ace, 3♥ 4♥ 5♥ is "
                 "too short and 3♥ 4♥ 5♠ 6♥ mixes suits; J♣ Q♣ K♣ A♣ ends with the ace high."),
        Question(f"Jóna ends a round with these cards in her hand:{cards_row(jona)}"
                 "How many penalty points does she score?", [25, 30, 35, 45], answers[1],
                 "King 10, ten 10, ace 15: 10 + 10 + 15 = 35."),
        Question(f"Round 3 asks for two runs. Your hand holds{cards_row(' '.join(two_hearts))}"
                 "and five loose cards (2♣ 2♦ 7♠ 8♠ K♦). May you lay down?", ["yes", "no"], answers[2],
                 "No: the runs of one contract must be of different suits, and both of these are hearts."),
        Question("Seat 1 declines the discard and you buy it. What do you get?", list(gain_words.values()),
                 answers[3],
                 "The discard and the top card of the stock, and you discard nothing: two more cards "
                 "in hand."),
        Question("Seat 0's run 3♥ 🃏 5♥ 6♥ 7♥ is on the table; the joker stands for 4♥. You have laid "
                 "down your contract. Which card of yours may take the joker's place?",
                 ["4♥", "4♦", "8♥", "any 4"], answers[4],
                 "Exactly the card the joker stands for: 4♥. (Another 4 is not enough: the joker stands "
                 "for a heart.)"),
    ]


def quiz(questions: Sequence[Question]) -> common.Quiz:
    """The questions, numbered from 1, as one widget."""
    return common.quiz(questions, "Kínaskák")


# ---------------------------------------------------------------------------------------
# The variant options

OPTIONS: dict[str, tuple[str, str]] = {  # Rules field -> (meaning of the default, other choices)
    "jokers_per_deck": ("two jokers with each deck: 4 jokers in 108 cards, 6 in 162",
                        "0 to 4 (spilareglur.is: three decks with three jokers each)"),
    "decks": ("two decks for 2–4 players, three for 5–6", "2, 3 or 4 decks whatever the number of players"),
    "run_wrap": ("runs stop at the ace: Q K A 2 is not a run", "True: runs may go round the corner"),
    "run_ace_both_ends": ("one run may hold an ace at each end (A 2 … K A, 14 cards)",
                          "False: a run has at most one ace"),
    "distinct_set_ranks": ("two sets of one contract may be of the same rank",
                           "True: each set of a contract has its own rank"),
    "joker_limit": ("every meld holds at least one natural card; no other limit on jokers",
                    "'not_more_than_naturals', 'one_per_meld'"),
    "extra_melds_on_laydown": ("the first lay-down is exactly the contract's melds",
                               "True: more melds may be laid with it"),
    "new_melds_after_laydown": ("after laying down, no new melds: only lay-offs",
                                "True: new runs and sets may be laid in later turns"),
    "layoff_same_turn": ("you may lay off in the turn you lay down",
                         "False: lay-offs start from your next turn"),
    "joker_steal_from_sets": ("jokers may be taken from sets too (by any card of the set's rank)",
                              "False: only from runs (spilareglur.is)"),
    "joker_steal_by_owner": ("you may swap your own joker out too", "False: only another player's"),
    "stolen_joker_must_be_used": ("a stolen joker may be kept in hand",
                                  "True: steal only when the joker can be laid at once"),
    "max_buys": ("each player may buy 3 times a round", "any number ≥ 0"),
    "excess_buy_penalty": ("no buying beyond the limit",
                           "a number of points (spilareglur.is: 200): a further buy is allowed at that cost"),
    "buy_priority": ("when several want to buy, a lot decides (from the game's seed)",
                     "'seat_order': the first to say buy, clockwise from the player in turn"),
    "discarder_may_buy": ("the player who discarded a card may not buy it back", "True: he may"),
    "buy_initial_upcard": ("the upcard may be bought like any discard", "False: it may not"),
    "buy_in_final_lap": ("no buying after someone has gone out", "True: buying goes on in the last lap"),
    "round8_draw_source": ("in round 8 the 14th card comes from the stock",
                           "'either': the discard may be taken too"),
    "go_out_by_discard": ("you may go out by discarding your last card",
                          "False: only by laying or laying off every card"),
    "forbid_same_card_discard": ("you may discard the card you just took from the discard pile",
                                 "True: you may not"),
    "dealer_rotation": ("the deal passes clockwise; the dealer's left-hand neighbour starts",
                        "no other"),
    "stock_exhaustion": ("an empty stock is rebuilt from the discards (all but the top card)",
                         "'end_round': the round ends at once, everyone scores"),
    "max_reshuffles": ("the stock is rebuilt at most once a round; the next time it runs out, the "
                       "round ends and everyone scores their hand", "any number ≥ 0"),
    "max_turns_per_round": ("None = 60 × players turns; then the round ends and everyone scores",
                            "any number of turns ≥ 1"),
    "tie_break": ("equal lowest totals share the win", "'fewest_total_cards': fewer cards left in all wins"),
}


def options_table(notes: dict[str, tuple[str, str]] | None = None) -> HTML:
    """Every field of `kinaskak.Rules`, in order, with its default, meaning and alternatives.
    A field without a note is an error, so the table cannot silently fall behind the engine."""
    return common.options_table(kinaskak.Rules, OPTIONS if notes is None else notes)


# ---------------------------------------------------------------------------------------
# A small tournament

def duel(games: int = 100, first_seed: int = 1000, players: int = 4) -> dict[str, float]:
    """`thumb` in one seat (rotating) against `random` in the others, `games` matches:
    how often it ends with the fewest penalty points of all, how often with fewer than a
    given random bot, and the mean totals: the notebook's small seeded tournament.  (The
    project's measurement of bot strength is `python -m benchmarks --only bots`.)"""
    fewest = pairs_won = 0
    thumb_total = random_total = 0.0
    for g in range(games):
        seat, seed = g % players, first_seed + g
        bots: list[Bot] = [kinaskak.ThumbBot(seed=seed) if s == seat else RandomBot(seed=seed + s)
                           for s in range(players)]
        state: State = kinaskak.new_game(players=players, seed=seed)
        while (to_move := state.to_move) is not None:
            state = state.apply(bots[to_move].choose(state, to_move))
        mine, others = state.scores[seat], [x for s, x in enumerate(state.scores) if s != seat]
        fewest += mine < min(others)
        pairs_won += sum(mine < o for o in others)
        thumb_total += mine
        random_total += sum(others) / len(others)
    return {"games": games, "fewest_of_all": fewest / games,
            "beats_a_random_bot": pairs_won / (games * (players - 1)),
            "mean_thumb": thumb_total / games, "mean_random": random_total / games}


# ---------------------------------------------------------------------------------------
# What a seat may see, and the quiz's answers for a copy that was not run

OBSERVATION: dict[str, str] = {  # a field of `state.observation(seat)` -> what it means
    "seat": "the seat this observation is for",
    "to_move": "the seat that must answer now: the player in turn, or, while a buy is asked, the seat "
               "asked; <code>null</code> (Python <code>None</code>) once the game is over",
    "hand": "the cards this seat holds, by suit (♠ ♥ ♦ ♣) and rank, the jokers last",
    "round": "which round this is, <b>counted from 1</b> (1 to 8), as the text and the score sheet count",
    "contract": "this round's contract: how many <code>runs</code> and <code>sets</code>",
    "phase": "the step of the turn: <code>draw</code>, <code>buy</code>, <code>meld</code>, "
             "<code>discard</code> or <code>over</code> (see \"The steps of a turn\")",
    "player": "the player in turn (while a buy is asked, <code>to_move</code> is someone else)",
    "dealer": "the seat that dealt this round",
    "discard_top": "the top card of the discard pile; <code>null</code> when the pile is empty: right "
                   "after its only card (the upcard, say) was taken or bought, until the next discard",
    "discard_live": "<code>true</code> while that card may still be taken or bought",
    "discarder": "who discarded the top card; <code>null</code> for the upcard, or when the pile is empty",
    "discard_pile": "the whole discard pile, bottom card first",
    "stock_size": "how many cards are left in the stock",
    "melds": "every meld on the table, in the order laid: <code>owner</code>, <code>kind</code> (run or "
             "set), <code>key</code> (a run's suit, a set's rank), <code>low</code> (a run's lowest rank "
             "as a number, 1 = the ace low; 0 for a set), <code>cards</code>, <code>binds</code> (the card "
             "each joker stands for, <code>null</code> for a real card) and <code>pending</code> "
             "(<code>true</code> for the melds of a lay-down still under way). Its <i>n</i>-th meld of "
             "seat <i>s</i> is the meld <code>s-n</code> of the notation, counted from 0",
    "laid_down": "for each seat: has it laid down its contract this round?",
    "buys_used": "for each seat: how many times it has bought this round (3 at most)",
    "buy_requests": "the seats that have asked to buy the card now on offer",
    "went_out": "the first seat to go out this round; <code>null</code> until someone does",
    "final_turns_left": "after someone has gone out: the seats still to have their one more turn",
    "reshuffles_used": "how many times the stock has been rebuilt from the discards this round",
    "turns": "how many turns have ended this round, all players together (answering a buy is no turn)",
    "hand_sizes": "how many cards each seat holds",
    "known": "for each seat, the cards everyone saw go into its hand and that it still holds: a "
             "discard taken or bought, a stolen joker",
    "taken": "the card the player in turn took from the discard pile this turn; <code>null</code> otherwise",
    "scores": "each seat's penalty points in the game so far (the fewest win)",
}


def observation_table(state: kinaskak.State, seat: int = 0) -> HTML:
    """Every field of `state.observation(seat)`, with its value here and its meaning."""
    return reading.fields_table(state.observation(seat), OBSERVATION)


def answers(questions: Sequence[Question]) -> reading.Answers:
    """The quiz's answers, as the engine computed them, with their reasons: a closed box in
    HTML (open it after trying the quiz), written out in print and in plain text."""
    return reading.answers(questions, "Kínaskák")


def stealers(meld: str, players: int = 4) -> int:
    """How many cards of the whole pack may steal the joker of `meld` (written as in the
    notation, "set 8C 8D JK" or "run 3H JK=4H 5H 6H"), under the default rules: for a run
    the copies of the one card the joker stands for, for a set every card of the set's rank."""
    written_meld = written(meld)
    pack = kinaskak.deck_for(players)
    if written_meld.kind == "set":
        rank = next(c.rank for c in written_meld.cards if not c.is_joker)
        return sum(c.rank == rank for c in pack)
    bound = next(b for b in written_meld.binds if b is not None)
    return sum(c == bound for c in pack)
