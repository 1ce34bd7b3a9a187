"""Helpers for the Kasína notebook, so that its rules sections read as prose and pictures.

- `labelled(cards, labels)` — a row of card pictures, each with a caption under it;
- `first_deal_picture()` — where the top twelve cards of a deck go in the first deal;
- `values_picture()` — every rank's value on the table and played from the hand;
- `options_picture(card, table)` — the table, then every set of cards `card` may take;
- `stacked(seat0, table, seat1)` / `position(...)` — a game whose first deal gives these cards;
- `positions(state)` — every position of a match with the move made from it;
- `hand_end(state, hand_no)` / `hand_end_picture(end)` — a finished hand: its last card,
  both piles and its row of the score sheet, drawn (`end` may be `state.last_deal`, the
  engine's record of the hand just finished);
- `hand_dealers(state)` — who dealt each hand;
- `match_sheet(state)` — the score sheet of a match, hand by hand, with running totals;
- `bot_match(seats, seed)` — a whole match between two computer players;
- `questions(match)` / `quiz(questions)` / `check_quiz(questions)` — the notebook's six
  questions (answers computed by the engine), as radio buttons with a Check button (and as
  static HTML where the notebook is not run), and the teacher's check of them, which prints
  no answer;
- `OPTIONS` / `options_table()` — every field of `kasina.Rules`: default and meaning;
- `OBSERVATION` / `observation_table(state, seat)` — every field of `state.observation(seat)`:
  its value in one position and its meaning;
- `answers(questions)` — the quiz's answers with their reasons, for a copy that was not run;
- `deal_packets(hand_size, first)` — a deal's packets in words;
- `SAY` — every sentence the notebook's cells print, in English and Icelandic (a cell
  prints `say("key", ...)` with `say = lesson.SAY.speaker(LANG)`), and `counted(n, word,
  lang)` / `deal_record(end, lang)` for the few that depend on a number or a record.

Every helper that shows words takes `lang` ("en", the default, or "is"): the notebook and
its Icelandic twin (`notebooks/is/01-kasina.ipynb`) call them with `lang=LANG`.  English
output keeps both languages where it always did (the score sheet's headings, the quiz's
buttons); Icelandic output is Icelandic only.

The generic pieces (`cards_row`, `labelled`, `positions`, `play_deal`, `finished_deals`,
`Question`, `Quiz`, `question_box`, the options table) live in `cardlearn.lessons.common`
and are offered here under the same names.  Everything is built on the public API of
`cardlearn.games.kasina` and on `cardlearn.draw`; pictures are HTML strings (wrapped in
`IPython.display.HTML` where a notebook shows them) with no ids and no dates, so stored
notebook outputs are reproduced exactly.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from html import escape
from typing import Any, NamedTuple, cast

from IPython.display import HTML

from cardlearn.cards import RANKS, Card, parse_cards, standard_deck
from cardlearn.draw import card_html
from cardlearn.games import kasina
from cardlearn.lessons import common, reading
from cardlearn.lessons.common import (  # noqa: F401 -- shared pieces, offered here as before
    Question,
    Quiz,
    cards_row,
    finished_deals,
    labelled,
    play_deal,
    positions,
    question_box,
)
from cardlearn.lessons.language import check_lang, yes_no
from cardlearn.lessons.numbers import NumberSayings
from cardlearn.protocol import FinishedDeal

SEAT_NAMES = {"n": "seat 0", "d": "seat 1", "t": "table"}  # with seat 1 dealing (the default)
SEAT_WORDS = {"en": SEAT_NAMES, "is": {"n": "sæti 0", "d": "sæti 1", "t": "borð"}}
_ROW = common.ROW
_table = common.html_table


# ---------------------------------------------------------------------------------------
# Rows of cards


def _row(end: FinishedDeal | HandEnd) -> kasina.SheetRow:
    """A finished deal's score-sheet row, typed as this game's: a kasina state's record holds
    a kasina row (`FinishedDeal.row` is typed for any game)."""
    return end.row if isinstance(end, HandEnd) else cast(kasina.SheetRow, end.row)

def first_deal_picture(hand_size: int = 4, lang: str = "en") -> HTML:
    """The top cards of an unshuffled deck, each labelled with where the first deal puts it
    (seat 1 deals, so seat 0 gets the first packet)."""
    pattern = "".join(kasina.deal_pattern(first=True, size=hand_size))
    return labelled(standard_deck()[:len(pattern)], [SEAT_WORDS[check_lang(lang)][w] for w in pattern])


def values_picture() -> HTML:
    """One card of each rank, captioned with its value on the table / played from the hand."""
    spades = [Card(rank, "S") for rank in RANKS]
    return labelled(spades, [f"{kasina.table_value(c)} / {kasina.played_value(c)}" for c in spades],
                    height=56)


PICTURE_WORDS = {  # the words of the pictures (HTML: the bold and italic are part of them)
    "en": {"table": "<b>Table:</b> ", "takes": "takes", "written": "written",
           "sweep": " — <b>svippur</b> (the table is cleared)",
           "pile": "Seat {seat}'s pile", "last_trick": "the last trick", "none": "(none)",
           "left_to": "Left on the table after the last card, taken by seat {seat} with the last trick: ",
           "left_nobody": "Left on the table, nobody's (nobody took anything): ",
           "sheet": "Score sheet, hand {n}", "seat": "seat {seat}"},
    "is": {"table": "<b>Borðið:</b> ", "takes": "tekur", "written": "skrifað",
           "sweep": " — <b>svippur</b> (borðið er hreinsað)",
           "pile": "Bunki sætis {seat}", "last_trick": "síðasti slagurinn", "none": "(engin)",
           "left_to": "Spilin sem lágu eftir á borðinu; sæti {seat} fékk þau með síðasta slagnum: ",
           "left_nobody": "Spilin sem lágu eftir á borðinu; enginn fær þau (enginn tók neitt): ",
           "sheet": "Stigablað, {n}. spil", "seat": "sæti {seat}"},
}


def options_picture(card: Card | str, table: str | Iterable[Card | str], height: float = 56,
                    lang: str = "en") -> HTML:
    """The table, then one line per set of table cards that `card` may take (in table
    order), each with its move in the notation ("5S:2C+3H"); a take that clears the table
    is marked as a svippur."""
    w = PICTURE_WORDS[check_lang(lang)]
    card = card if isinstance(card, Card) else Card.parse(card)
    table = parse_cards(table) if isinstance(table, str) else tuple(table)
    lines = [_ROW.format(w["table"] + "".join(card_html(c, height=height) for c in table))]
    for n, taken in enumerate(kasina.capture_options(card, table), 1):
        move = kasina.Action(card, frozenset(taken))
        sweep = w["sweep"] if set(taken) == set(table) else ""
        shown = "".join(card_html(c, height=height) for c in table if c in taken)
        lines.append(_ROW.format(f"{n}. {card_html(card, height=height)} {w['takes']} {shown}"
                                 f" — {w['written']} <code>{escape(str(move))}</code>{sweep}"))
    return HTML("".join(lines))


# ---------------------------------------------------------------------------------------
# Stacked positions

def stacked(seat0: str = "", table: str = "", seat1: str = "",
            rules: kasina.Rules | None = None) -> tuple[Card, ...]:
    """A 52-card deck, top card first, whose first deal (seat 1 dealing) gives seat 0, the
    table and seat 1 these cards; every other place gets the unused cards in deck order."""
    rules = rules or kasina.Rules()
    pattern = "".join(kasina.deal_pattern(first=True, size=rules.hand_size))
    chosen = {"n": list(parse_cards(seat0)), "t": list(parse_cards(table)), "d": list(parse_cards(seat1))}
    for who, cards in chosen.items():
        if len(cards) > pattern.count(who):
            raise ValueError(f"the first deal gives {SEAT_NAMES[who]} only {pattern.count(who)} cards, "
                             f"not {len(cards)}")
    named = [c for cards in chosen.values() for c in cards]
    if len(set(named)) != len(named):
        raise ValueError("a card is named twice: a deck has each card once")
    rest = [c for c in standard_deck() if c not in named]
    top = [(chosen[who] or rest).pop(0) for who in pattern]
    return (*top, *rest)


def position(seat0: str = "", table: str = "", seat1: str = "",
             rules: kasina.Rules | None = None) -> kasina.State:
    """A new game (seat 1 deals, seat 0 to move) whose first deal gives these cards."""
    rules = rules or kasina.Rules()
    return kasina.new_game(deck=stacked(seat0, table, seat1, rules), rules=rules)


# ---------------------------------------------------------------------------------------
# The end of a hand

class HandEnd(NamedTuple):
    """A finished hand, worked out again from its moves."""

    hand_no: int                      # 0 for the first hand
    last_position: kasina.State       # just before the last card of the hand
    last_move: kasina.Action
    piles: tuple[tuple[Card, ...], tuple[Card, ...]]  # each seat's pile, leftovers included
    sweeps: tuple[int, int]
    last_trick: int | None            # who took the last trick (and the leftovers)
    leftovers: tuple[Card, ...]       # table cards after the last card, given to `last_trick`
    row: kasina.SheetRow   # the engine's score-sheet row for this hand


def hand_end(state: kasina.State, hand_no: int = 0) -> HandEnd:
    """Hand `hand_no` of the match `state` (which must be past it): the piles, svippar,
    last taker and leftovers as the engine kept them when the hand ended (its
    `FinishedDeal`, `finished_deals(state)[hand_no]`), with the position before the last
    card and that card, found by replaying the hand's moves."""
    sheet = state.score_sheet
    if not 0 <= hand_no < len(sheet):
        raise ValueError(f"hand {hand_no + 1} is not finished in this match ({len(sheet)} finished)")
    record = common.finished_deals(state)[hand_no]
    last_position, last_move = [(b, m) for b, m in positions(state) if b.hand_no == hand_no][-1]
    sweeps = record.details["sweeps"]
    return HandEnd(hand_no, last_position, last_move, (record.taken[0], record.taken[1]),
                   (sweeps[0], sweeps[1]), record.table_to, record.table, _row(record))


_Hand = tuple[int, tuple[tuple[Card, ...], ...], tuple[int, ...], int | None, tuple[Card, ...],
              kasina.SheetRow]


def _as_hand_end(end: HandEnd | FinishedDeal) -> _Hand:
    """(hand_no, piles, sweeps, last taker, leftovers, row) of either form of a finished hand."""
    if isinstance(end, FinishedDeal):
        return (end.index, end.taken, tuple(end.details["sweeps"]), end.table_to, end.table,
                _row(end))
    return end.hand_no, end.piles, end.sweeps, end.last_trick, end.leftovers, _row(end)


def _counts(pile: Sequence[Card], lang: str = "en") -> str:
    spades, aces = sum(c.suit == "S" for c in pile), sum(c.rank == "A" for c in pile)
    extra = [name for card, name in ((kasina.LITLA_KASINA, "2♠"), (kasina.STORA_KASINA, "10♦"))
             if card in pile]
    return ", ".join([counted(len(pile), "cards", lang), counted(spades, "spades", lang),
                      counted(aces, "aces", lang), *extra])


def _pile_html(pile: Sequence[Card], height: float = 60) -> str:
    """A pile spread out, sorted by suit and rank, each card covering most of the one
    before but leaving its corner (rank and suit) in sight."""
    shift = -round(height * 0.7 - 19)
    cards = "".join(f'<span style="display:inline-flex;margin-left:{shift if i else 0}px">'
                    f"{card_html(c, height=height)}</span>" for i, c in enumerate(sorted(pile)))
    return f'<div style="display:flex;margin:2px 0 10px 0">{cards}</div>'


def score_row_html(row: Mapping[str, Any], lang: str = "en") -> str:
    """One row of the score sheet as a small table: a column per category (in English its
    Icelandic and English names, in Icelandic the Icelandic name alone), a line per seat."""
    names_is, names_en = kasina.SHEET_NAMES["is"], kasina.SHEET_NAMES["en"]
    if check_lang(lang) == "en":
        head = ["", *(f"{escape(names_is[k])}<br><i>{escape(names_en[k])}</i>" for k in row)]
    else:
        head = ["", *(escape(names_is[k]) for k in row)]
    bold = {k: ("<b>", "</b>") if k == "total" else ("", "") for k in row}
    seat = PICTURE_WORDS[lang]["seat"]
    lines = [[f"<b>{seat.format(seat=s)}</b>", *(f"{bold[k][0]}{v[s]}{bold[k][1]}" for k, v in row.items())]
             for s in (0, 1)]
    return _table(head, lines)


def hand_end_picture(end: HandEnd | FinishedDeal, lang: str = "en") -> HTML:
    """The end of a hand: each seat's pile drawn with what it holds, who took the leftover
    table cards, and the hand's row of the score sheet.  `end` is `hand_end(...)` or the
    engine's own record of the hand, `state.last_deal`."""
    w = PICTURE_WORDS[check_lang(lang)]
    hand_no, piles, all_sweeps, last_trick, leftovers, row = _as_hand_end(end)
    parts = []
    for seat in (0, 1):
        notes = [_counts(piles[seat], lang), counted(all_sweeps[seat], "sweeps", lang)]
        if last_trick == seat:
            notes.append(w["last_trick"])
        parts.append(f"<div><b>{w['pile'].format(seat=seat)}</b> — {escape(', '.join(notes))}</div>"
                     + _pile_html(piles[seat]))
    if last_trick is not None:
        left = "".join(card_html(c, height=40) for c in leftovers) or w["none"]
        parts.append(_ROW.format(w["left_to"].format(seat=last_trick) + left))
    elif leftovers:
        left = "".join(card_html(c, height=40) for c in leftovers)
        parts.append(_ROW.format(w["left_nobody"] + left))
    parts.append(f"<div style='margin-top:8px'><b>{escape(w['sheet'].format(n=hand_no + 1))}</b></div>"
                 + score_row_html(row, lang))
    return HTML("".join(parts))


def hand_dealers(state: kasina.State) -> list[int]:
    """Who dealt each hand of the match so far, read from the positions themselves."""
    dealers: dict[int, int] = {}
    for before, _ in positions(state):
        dealers.setdefault(before.hand_no, before.dealer)
    return [dealers[n] for n in sorted(dealers)]


SHEET_HEAD = {"en": ("hand", "dealer", "seat", "total"), "is": ("spil", "gjafari", "sæti", "staðan")}


def match_sheet(state: kasina.State, lang: str = "en") -> str:
    """The score sheet of a match as text: per finished hand its dealer, both seats'
    points and the running totals."""
    hand, dealer, seat, total = SHEET_HEAD[check_lang(lang)]
    dealers = hand_dealers(state)
    lines = [f"{hand:>4}  {dealer:<7}{seat + ' 0':>7}{seat + ' 1':>7}   {total}"]
    totals = [0, 0]
    for n, row in enumerate(state.score_sheet):
        totals = [t + p for t, p in zip(totals, row["total"])]
        lines.append(f"{n + 1:>4}  {seat} {dealers[n]:<2}{row['total'][0]:>7}{row['total'][1]:>7}"
                     f"   {totals[0]:>2} – {totals[1]}")
    return "\n".join(lines)


def bot_match(seats: dict[int, str], seed: int) -> kasina.State:
    """A whole match between computer players: `seats` maps seat 0 and seat 1 to a level
    in `kasina.BOTS`; the deal and both bots are seeded with `seed`.  The final position."""
    bots = {seat: kasina.BOTS[level](seed=seed) for seat, level in seats.items()}
    state = kasina.new_game(seed=seed)
    while (seat := state.to_move) is not None:
        state = state.apply(bots[seat].choose(state, seat))
    return state


# ---------------------------------------------------------------------------------------
# A quiz

Q1_TABLE = "AH 6C 3D 4S 7D"
FORCED = {"seat0": "JS 2H 3H 4H", "table": "4C 9D QD KC"}  # the notebook's "you must take" position

NOBODY = {"en": "nobody", "is": "hvorugt"}  # "hvorugt (sætið)": neither of the two seats

# What the teacher expects the engine to answer; `check_quiz` compares, without printing.
_EXPECTED = (7, 14, "no", 5, "nobody")


def expected(lang: str = "en") -> tuple[object, ...]:
    """The answers the reasons were written for, in the words of `lang`."""
    return (7, 14, yes_no(False, lang), 5, NOBODY[check_lang(lang)])


def questions(match: kasina.State, lang: str = "en") -> list[Question]:
    """The notebook's six questions.  Every right answer is computed here by the engine;
    question 6 reads the first hand of `match` (a match past its first two hands).  The
    prompts, options and reasons are in `lang`; the answers are the same in both."""
    first_dealer, next_dealer = hand_dealers(match)[:2]
    after_hand_1 = match.score_sheet[0]["total"]
    forced = position(FORCED["seat0"], FORCED["table"])
    even_piles = (standard_deck()[::2], standard_deck()[1::2])
    seat = PICTURE_WORDS[check_lang(lang)]["seat"]
    who = {(1, 0): seat.format(seat=0), (0, 1): seat.format(seat=1), (0, 0): NOBODY[lang]}
    ways = len(kasina.capture_options("7S", Q1_TABLE))
    ace = kasina.played_value(Card.parse("AC"))
    may_lay_jack = yes_no("JS" in map(str, forced.legal_actions()), lang)
    big = kasina.hand_score((parse_cards("10D"), ()), (0, 0), None)["big_casino"][0]
    tie = who[kasina.hand_score(even_piles, (0, 0), 0)["cards"]]
    if lang == "is":
        return [
            Question(f"Á hve marga ólíka vegu getur 7♠ tekið úr þessu borði?{cards_row(Q1_TABLE)}",
                     [1, 3, 5, 7], ways,
                     "Þrír hópar gera samanlagt 7: ás + 6 (ás í borði gildir 1), 3 + 4 og sjöan sjálf. "
                     "Ekkert spil er í tveimur þeirra, svo að taka má einn hópinn, tvo eða alla þrjá: "
                     "7 möguleikar."),
            Question(f"Þú spilar A♣ af hendi og tekur 6♦ og 8♣ úr borðinu."
                     f"{cards_row('AC 6D 8C')}Hvað gildir ásinn þinn?",
                     [1, 11, 13, 14], ace,
                     "14: ás af hendi gildir 14, og 6 + 8 = 14. (Ás sem liggur í borði gildir 1.)"),
            Question(f"Á hendi:{cards_row(FORCED['seat0'])}Í borði:{cards_row(FORCED['table'])}"
                     "Máttu leggja niður J♠?",
                     ["já", "nei"], may_lay_jack,
                     "4♥ getur tekið 4♣, og skylt er að taka: aðeins má leggja niður spil ef ekkert spil "
                     "á hendi getur tekið."),
            Question("Hve mörg stig gefur <i>stóra kasína</i> (10♦)?",
                     [1, 2, 5, 10], big,
                     "Fimm; litla kasína (2♠) gefur tvö."),
            Question("Í lok spils eru 26 spil í hvorum bunka. Hvort sætið fær stigið fyrir flest spil?",
                     ["sæti 0", "sæti 1", "hvorugt"], tie,
                     "Jafnir bunkar gefa engum stigið: „Ef bunkarnir eru jafnstórir fær hvorugur "
                     "stig.“"),
            Question(f"Fyrsta spilinu er lokið og það hefur verið talið: sæti 0 er með {after_hand_1[0]} "
                     f"stig, sæti 1 með {after_hand_1[1]}. Sæti {first_dealer} gaf í því spili. "
                     "Hvað gerist nú?",
                     ["sæti 0 vinnur, með fleiri stig", "sæti 1 stokkar og gefur næsta spil",
                      "sæti 0 stokkar og gefur næsta spil"],
                     f"sæti {next_dealer} stokkar og gefur næsta spil",
                     "Enginn hefur náð 21 stigi, svo að spilin eru stokkuð upp á nýtt og sá sem ekki gaf "
                     "síðast gefur: skipt er um gjafara í hverju spili."),
        ]
    return [
        Question(f"How many different ways can 7♠ take from this table?{cards_row(Q1_TABLE)}",
                 [1, 3, 5, 7], ways,
                 "Three groups make 7: A+6 (the table ace counts 1), 3+4, and the 7 itself. None of "
                 "them share a card, so any one, two or all three may be taken: 7 ways."),
        Question(f"You play A♣ from your hand and take 6♦ and 8♣ from the table."
                 f"{cards_row('AC 6D 8C')}What does your ace count?",
                 [1, 11, 13, 14], ace,
                 "14: an ace from your hand counts 14, and 6 + 8 = 14. "
                 "(An ace lying on the table counts 1.)"),
        Question(f"Your hand:{cards_row(FORCED['seat0'])}The table:{cards_row(FORCED['table'])}"
                 "May you lay down J♠?",
                 ["yes", "no"], may_lay_jack,
                 "4♥ can take 4♣, and taking is compulsory: you may lay a card down only when no card "
                 "in your hand can take."),
        Question("How many points is <i>stóra kasína</i> (10♦) worth?",
                 [1, 2, 5, 10], big,
                 "Five; litla kasína (2♠) gets two."),
        Question("Both piles hold 26 cards at the end of a hand. Who gets the point for most cards?",
                 ["seat 0", "seat 1", "nobody"], tie,
                 "A tie gives nobody the point."),
        Question(f"The first hand is over and counted: seat 0 has {after_hand_1[0]} points, seat 1 has "
                 f"{after_hand_1[1]}. Seat {first_dealer} dealt that hand. What happens now?",
                 ["seat 0 wins, with more points", "seat 1 shuffles and deals a new hand",
                  "seat 0 shuffles and deals a new hand"],
                 f"seat {next_dealer} shuffles and deals a new hand",
                 "Nobody has 21 yet, so a new hand is dealt — by the other player: the dealer changes "
                 "every hand."),
    ]


def quiz(questions: Sequence[Question], lang: str = "en") -> Quiz:
    """The questions, numbered from 1, as one widget (static HTML where it is not run)."""
    return common.quiz(questions, "Kasína", lang)


def check_quiz(questions: Sequence[Question], lang: str = "en") -> int:
    """The teacher's check, which prints no answer: the engine's answers to the first five
    questions must be the ones the teacher wrote the reasons for, question 6 must name the
    other dealer, and in a fresh copy of the quiz only the right option may say "Rétt".
    Returns the number of options tried."""
    seat_0 = PICTURE_WORDS[check_lang(lang)]["seat"].format(seat=0)
    if len(questions) > 5 and not str(questions[5].answer).startswith(seat_0):
        raise AssertionError("question 6: after seat 1 dealt the first hand, seat 0 deals the next")
    return common.check_answers(questions, expected(lang))


# ---------------------------------------------------------------------------------------
# The variant options

OPTIONS: dict[str, tuple[str, str]] = {  # Rules field -> (meaning of the default, other choices)
    "target": ("points needed to win the match (Stekkjargerði)",
               "20 in the Dalvíkurskóli rules; any whole number ≥ 1"),
    "hand_size": ("cards each player gets per deal, that is the cards you hold (\"your hand\"), "
                  "not a hand of play: six deals of 4 make one hand of play",
                  "5 (Dalvíkurskóli): deals of 5, 5, 5, 5 and a last deal of 4, still 4 table cards"),
    "ace_values": ("an ace played from the hand counts 14 and an ace on the table 1, as this notebook "
                   "says. (The value's name reads \"in the hand 1 or 14\", after the blog's \"counts both "
                   "1 and 14\": a played ace may also count 1, but that never makes a take possible that 14 "
                   "would not, since the only thing worth 1 is a lone table ace, which an ace takes by rank "
                   "anyway)",
                   "'finnish': the same values, but an ace does not take an ace by rank; "
                   "'both_anywhere': an ace may count 1 or 14 on the table too, another way to read the "
                   "blog, kept so that reading can be named; it plays exactly like the default, because "
                   "a table ace counted 14 could never be part of a sum (14 plus any card is more than 14, "
                   "the most a played card counts) and a lone table ace is taken by rank anyway"),
    "trail_rule": ("taking is compulsory: you may lay a card down only when no card in your hand can take",
                   "'card_cannot_capture': you may lay down any card that itself cannot take "
                   "(the English rule); 'free': lay down any card at any time"),
    "must_capture_maximal": ("False: a card may take any legal set of table cards, not "
                             "necessarily the most it can",
                             "True: it must take every group it can"),
    "builds": ("False: no building (announcing a sum to take on a later turn)",
               "True is refused (ValueError): building, played in Hornafjörður and in English Casino, "
               "is not supported by this engine"),
    "sweep_on_final_play": ("True: clearing the table with the very last card of the hand is a svippur",
                            "False: the last card of the hand never scores a svippur"),
    "sweeps_cancel": ("False: every svippur scores 1",
                      "True: each svippur of one player cancels one of the other's (Hornafjörður)"),
    "ace_scoring": ("'majority': 1 point for most aces; 2–2 scores nothing",
                    "'each': 1 point per ace (Hornafjörður, English Casino)"),
    "simultaneous_target": ("'higher_total': if both reach the target in the same count, the higher "
                            "total wins; equal totals play another hand",
                            "'count_out': count the items in order (2♠, 10♦, svippar, last trick, "
                            "spades, aces, cards), non-dealer first; the first to reach the target wins"),
}

OPTIONS_IS: dict[str, tuple[str, str]] = {  # the same notes in Icelandic, for the twin
    "target": ("stigin sem þarf til að vinna leikinn (Stekkjargerði)",
               "20 í reglum Dalvíkurskóla; hvaða heil tala sem er, minnst 1"),
    "hand_size": ("hve mörg spil hvor spilari fær í hverri gjöf, það er spilin sem hann hefur á hendi "
                  "(enska orðið hand er hér höndin, ekki eitt spil í leiknum: sex gjafir af 4 "
                  "spilum eru eitt spil)",
                  "5 (Dalvíkurskóli): gjafir af 5, 5, 5 og 5 spilum og lokagjöf af 4, en áfram 4 spil "
                  "í borði"),
    "ace_values": ("ás af hendi gildir 14 og ás í borði 1, eins og segir í minnisbókinni. (Nafn "
                   "gildisins segir „á hendi 1 eða 14“, eftir orðum bloggsins „Ásinn gildir bæði 1 og 14“: "
                   "ás af hendi má líka gilda 1, en það gerir aldrei kleift að taka neitt sem 14 leyfir "
                   "ekki, því að það eina sem gildir 1 er stakur ás í borði og hann tekur ásinn hvort sem "
                   "er, af því að þeir eru jafnháir)",
                   "'finnish': sömu gildi, en ás af hendi tekur ekki stakan ás í borði, þótt þeir séu "
                   "jafnháir: hann tekur ás aðeins með kóngi (1 + 13 = 14); "
                   "'both_anywhere': ás má líka gilda 1 eða 14 í borði, annar skilningur á orðum "
                   "bloggsins, hafður með svo að hann eigi sér nafn; hann verkar nákvæmlega eins og "
                   "sjálfgefna gildið, því að ás í borði sem gilti 14 gæti aldrei verið hluti af summu "
                   "(14 og eitthvert spil til viðbótar eru meira en 14, hæsta gildi spils af hendi), og "
                   "stakur ás í borði er tekinn hvort sem er"),
    "trail_rule": ("skylt er að taka: aðeins má leggja niður spil ef ekkert spil á hendi getur tekið",
                   "'card_cannot_capture': leggja má niður hvert það spil sem sjálft getur ekki tekið "
                   "(enska reglan); 'free': leggja má niður hvaða spil sem er, hvenær sem er"),
    "must_capture_maximal": ("False: spilið má taka hvaða löglegan hóp spila úr borðinu sem er, ekki "
                             "endilega þann stærsta sem það getur tekið",
                             "True: það verður að taka alla hópa sem það getur tekið"),
    "builds": ("False: ekki er byggt (að byggja er að leggja spil á spil í borði og tilkynna summuna "
               "sem maður ætlar að taka í síðari leik)",
               "True er hafnað (ValueError): byggingar, sem tíðkast á Hornafirði og í enska "
               "spilinu Casino, eru ekki í þessu forriti"),
    "sweep_on_final_play": ("True: sá sem hreinsar borðið með allra síðasta spili spilsins fær svipp",
                            "False: síðasta spil spilsins gefur aldrei svipp"),
    "sweeps_cancel": ("False: hver svippur gefur 1 stig",
                      "True: hver svippur annars spilarans ógildir einn svipp hins (Hornafjörður)"),
    "ace_scoring": ("'majority': 1 stig fyrir flesta ása; ef hvor er með tvo ása fær hvorugur stig",
                    "'each': 1 stig fyrir hvern ás (Hornafjörður, enska Casino)"),
    "simultaneous_target": ("'higher_total': ef báðir ná markinu í sömu talningu vinnur sá sem hefur "
                            "fleiri stig; séu stigin jöfn er spilað annað spil",
                            "'count_out': talið er í röð (2♠, 10♦, svippar, síðasti slagurinn, "
                            "spaðar, ásar, spil), fyrst fyrir þann sem ekki gaf; sá vinnur sem fyrr "
                            "nær markinu"),
}
OPTION_NOTES = {"en": OPTIONS, "is": OPTIONS_IS}


def options_table(notes: dict[str, tuple[str, str]] | None = None, lang: str = "en") -> HTML:
    """Every field of `kasina.Rules`, in order, with its default, meaning and alternatives.
    A field without a note is an error, so the table cannot silently fall behind the engine."""
    chosen = OPTION_NOTES[check_lang(lang)] if notes is None else notes
    return common.options_table(kasina.Rules, chosen, lang)


# ---------------------------------------------------------------------------------------
# What a seat may see, and the quiz's answers for a copy that was not run

OBSERVATION: dict[str, str] = {  # a field of `state.observation(seat)` -> what it means
    "seat": "the seat this observation is for",
    "to_move": "the seat whose turn it is; <code>null</code> (Python <code>None</code>) once the match "
               "is over",
    "hand": "the cards this seat holds, in the engine's order (by suit ♠ ♥ ♦ ♣, then by rank)",
    "table": "the cards lying face up on the table, lowest value first",
    "stock_size": "how many cards are still in the stock, to be dealt in this hand's later deals",
    "pile_sizes": "how many cards each seat has taken into its pile this hand (seat 0, seat 1)",
    "opponent_hand_size": "how many cards the other player holds (never which)",
    "dealer": "the seat that dealt this hand",
    "scores": "each seat's points in the match so far: the totals of the finished hands",
    "sweeps": "each seat's svippar this hand",
    "last_capturer": "the seat that made the last take this hand (it gets the cards left on the table "
                     "at the hand's end); <code>null</code> while nobody has taken anything",
    "hand_no": "which hand of the match this is, <b>counted from 0</b>: 0 in the first hand, the one the "
               "table's title calls <i>1. spil</i> (<i>Hand 1</i> in English)",
    "hand_start": "how many moves of the match were made before this hand began",
    "history": "every move of the match so far, in the notation",
    "score_sheet": "one row per finished hand: each category's points for seat 0 and seat 1, and the total",
    "winner": "the seat that has won the match; <code>null</code> while it goes on",
    "rules": "the options of <code>kasina.Rules</code> in play",
}

OBSERVATION_IS: dict[str, str] = {  # the same meanings in Icelandic, for the twin
    "seat": "sætið sem sér þetta",
    "to_move": "sætið sem á leik; <code>null</code> (<code>None</code> í Python) þegar leiknum er lokið",
    "hand": "spilin sem sætið hefur á hendi, í röð forritsins (eftir lit ♠ ♥ ♦ ♣, síðan eftir gildi)",
    "table": "spilin sem liggja upp í loft á borðinu, lægsta gildi fyrst",
    "stock_size": "hve mörg spil eru eftir í stokknum, til að gefa í síðari gjöfum þessa spils",
    "pile_sizes": "hve mörg spil hvort sæti hefur tekið í bunkann sinn í þessu spili (sæti 0, sæti 1)",
    "opponent_hand_size": "hve mörg spil mótherjinn hefur á hendi (aldrei hver þau eru)",
    "dealer": "sætið sem gaf í þessu spili",
    "scores": "stig hvors sætis í leiknum til þessa: samtala spilanna sem er lokið",
    "sweeps": "svippar hvors sætis í þessu spili",
    "last_capturer": "sætið sem tók síðast í þessu spili (það fær spilin sem eftir liggja á borðinu "
                     "í lok spilsins); <code>null</code> meðan enginn hefur tekið neitt",
    "hand_no": "hvert spil leiksins þetta er, <b>talið frá 0</b>: 0 í fyrsta spilinu, því sem titill "
               "borðsins kallar <i>1. spil</i>",
    "hand_start": "hve marga leiki var búið að leika frá upphafi leiksins þegar þetta spil hófst",
    "history": "allir leikir til þessa, skrifaðir eins og leikir eru skrifaðir hér (5S:2C+3H, 9C)",
    "score_sheet": "ein röð fyrir hvert spil sem er lokið: stig sætis 0 og sætis 1 í hverjum flokki, og "
                   "samtalan",
    "winner": "sætið sem hefur unnið leikinn; <code>null</code> meðan enn er spilað",
    "rules": "stillingarnar í <code>kasina.Rules</code> sem spilað er eftir",
}
OBSERVATION_MEANINGS = {"en": OBSERVATION, "is": OBSERVATION_IS}


def observation_table(state: kasina.State, seat: int = 0, lang: str = "en") -> HTML:
    """Every field of `state.observation(seat)`, with its value here and its meaning."""
    return reading.fields_table(state.observation(seat), OBSERVATION_MEANINGS[check_lang(lang)], lang)


def answers(questions: Sequence[Question], lang: str = "en") -> reading.Answers:
    """The quiz's answers, as the engine computed them, with their reasons: a closed box in
    HTML (open it after trying the quiz), written out in print and in plain text."""
    return reading.answers(questions, "Kasína", lang)


PACKET_WORDS = {"en": {"n": "to seat 0", "d": "to seat 1", "t": "to the table"},
                "is": {"n": "til sætis 0", "d": "til sætis 1", "t": "á borðið"}}


def deal_packets(hand_size: int, first: bool, lang: str = "en") -> str:
    """A deal's packets in words, from `kasina.deal_pattern`: "2 to seat 0, 2 to seat 1, …"
    (seat 1 dealing, as in the notebook)."""
    names = PACKET_WORDS[check_lang(lang)]  # each packet is one letter per card: "nn", "ddd"
    return ", ".join(f"{len(packet)} {names[packet[0]]}"
                     for packet in kasina.deal_pattern(first=first, size=hand_size))


# ---------------------------------------------------------------------------------------
# The sentences the notebook prints

COUNT_WORDS = {  # word -> (one, many): "1 svippur", "2 svippar"; Icelandic 21 takes the singular
    "en": {"cards": ("{n} card", "{n} cards"), "spades": ("{n} spade", "{n} spades"),
           "aces": ("{n} ace", "{n} aces"), "sweeps": ("{n} svippur", "{n} svippar"),
           "ties": ("{n} tie", "{n} ties")},
    "is": {"cards": ("{n} spil", "{n} spil"), "spades": ("{n} spaði", "{n} spaðar"),
           "aces": ("{n} ás", "{n} ásar"), "sweeps": ("{n} svippur", "{n} svippar"),
           "ties": ("jafnt í {n} flokki", "jafnt í {n} flokkum")},
}


def counted(n: int, word: str, lang: str = "en") -> str:
    """`n` of `word` ("cards", "spades", "aces", "sweeps", "ties") in the right number:
    Icelandic counts ending in 1 take the singular (21 ás), but 11 does not (11 ásar)."""
    one = n % 10 == 1 and n % 100 != 11 if check_lang(lang) == "is" else n == 1
    return COUNT_WORDS[lang][word][0 if one else 1].format(n=n)


def _symbols(cards: Sequence[Card]) -> str:
    return " ".join(c.symbol for c in cards) or "-"


def deal_record(end: FinishedDeal, lang: str = "en") -> str:
    """The engine's record of a finished hand (`state.last_deal`) as text: in English the
    record's own `str`, in Icelandic the same lines in Icelandic."""
    if check_lang(lang) == "en":
        return str(end)
    names = kasina.SHEET_NAMES["is"]
    pairs: Mapping[str, Any] = _row(end)  # every column of a Kasína row is a pair
    row = ", ".join(f"{names.get(k, k)}: ({v[0]}, {v[1]})" for k, v in pairs.items())
    lines = [f"{end.number}. spil (röð {end.index} á stigablaðinu), sæti {end.dealer} gaf"]
    lines += [f"  sæti {s} er með á hendi: {_symbols(h)}" for s, h in enumerate(end.hands)]
    lines += [f"  sæti {s} tók: {_symbols(t)}" for s, t in enumerate(end.taken)]
    if end.table:
        to = "" if end.table_to is None else f" (sæti {end.table_to} fékk þau)"
        lines.append(f"  eftir á borðinu{to}: {_symbols(end.table)}")
    sweeps = end.details["sweeps"]
    lines.append(f"  svippar: ({sweeps[0]}, {sweeps[1]})")
    lines.append(f"  stigablaðið: {{{row}}}")
    return "\n".join(lines)


SAY = NumberSayings({
    "dalvik": {"en": "Dalvíkurskóli rules: target {target} points, {cards} cards per deal (hand_size)",
               "is": "reglur Dalvíkurskóla: {target} stig til sigurs, {cards} spil á mann í gjöf "
                     "(hand_size)"},
    "sizes_4": {"en": "Stekkjargerði (4 cards): {sizes}", "is": "Stekkjargerði (4 spil):  {sizes}"},
    "sizes_5": {"en": "Dalvíkurskóli (5 cards): {sizes}", "is": "Dalvíkurskóli (5 spil):  {sizes}"},
    "first_deal": {"en": "the first deal of a hand: {packets}", "is": "fyrsta gjöf spilsins: {packets}"},
    "next_deals": {"en": "the next three deals:     {packets}", "is": "næstu þrjár gjafir:    {packets}"},
    "last_deal": {"en": "the short last deal:      {packets}", "is": "stutta lokagjöfin:     {packets}"},
    "play_take": {"en": "play the {card} and take {taken}", "is": "{card} af hendi tekur {taken}"},
    "written": {"en": "the engine writes it {move}", "is": "forritið skrifar leikinn {move}"},
    "nobody_took": {"en": "last trick: {last}   points in all: {total}",
                    "is": "síðasti slagurinn: {last}   stig alls: {total}"},
    "last_card": {"en": "seat {seat} plays the last card of the hand: {move}",
                  "is": "sæti {seat} leikur síðast í spilinu: {move}"},
    "given_out": {"en": "{sweeps}, {ties}, {points} points given out",
                  "is": "{sweeps}, {ties}, alls {points} stig í spilinu"},
    "winner": {"en": "seat {seat} wins {a}–{b}", "is": "sæti {seat} vinnur {a}–{b}"},
    "seat_move": {"en": "seat {seat}: {move}", "is": "sæti {seat}: {move}"},
    "thumb_won": {"en": "the rule-of-thumb bot won {wins} of {n} matches against the random bot",
                  "is": "þumalputtinn vann {wins} af {n} leikjum gegn slembispilaranum"},
    "thought": {"en": "{worlds} imagined deals, {sims} simulations (at most {most}), each played to the end "
                      "of the deal\n",
                "is": "ímynduð spil: {worlds}; hermanir: {sims} (mest {most}), og í hverri þeirra er "
                      "gjöfin leikin til enda\n"},
    "tried": {"en": "{move!s:9s} tried in {sims:3d}, won {rate:4.0%}, mean margin {margin:+.2f} — {words}",
              "is": "{move!s:9s} prófaður í {sims:3d}, sigur í {rate:4.0%} þeirra, meðalmunur "
                    "{margin:+.2f} — {words}"},
    "choice": {"en": "\nthe rule-of-thumb move: {preferred}    the search bot plays: {choice}",
               "is": "\nleikur þumalputtans: {preferred}    leitarinn leikur: {choice}"},
    "really": {"en": "seat 1 really holds: {real}    in the other deal: {other}",
               "is": "sæti 1 er í raun með: {real}    í ímyndaða spilinu: {other}"},
    "to_move": {"en": "to move: seat {seat}", "is": "á leik: sæti {seat}"},
    "holds": {"en": "seat 0 holds: {hand}   table: {table}", "is": "sæti 0 er með: {hand}   borðið: {table}"},
    "legal": {"en": "legal moves: {moves}", "is": "löglegir leikir: {moves}"},
    "bot_plays": {"en": "seat 1 plays: {move} — {words}", "is": "sæti 1 leikur: {move} — {words}"},
    "next_hand": {"en": "\nnow hand {n} is dealt, by seat {dealer}; seat {first}, who did not deal, "
                        "plays first",
                  "is": "\nnú hefst {n}. spil og sæti {dealer} gefur; sæti {first}, sem gaf ekki, byrjar"},
    "you": {"en": "you:    {move}", "is": "þú:     {move}"},
    "typed": {"en": "you typed {text!r}: not allowed: {why}",
              "is": "þú skrifaðir „{text}“ — ekki leyfilegt: {why}"},
    "your_move": {"en": "your move: ", "is": "leikurinn þinn: "},
})
