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
from collections.abc import Iterable, Mapping, Sequence
from html import escape
from typing import Any, NamedTuple, cast

from IPython.display import HTML

from cardlearn.bots import Bot, RandomBot
from cardlearn.cards import RANK_NAMES, Card, parse_cards
from cardlearn.core import IllegalMove
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
from cardlearn.lessons.language import check_lang, yes_no
from cardlearn.lessons.numbers import NumberSayings
from cardlearn.protocol import AnyState, FinishedDeal

# ---------------------------------------------------------------------------------------
# The words of the pictures and printouts, in the notebook's language (`lang`): the English
# ones are those the English notebook has always shown; the Icelandic twin's are written
# from the source's words (röð, þrenna, kastbunki, stokkur, refsistig, loka).

WORDS: dict[str, dict[str, Any]] = {
    "en": {
        "deck_head": ["players", "decks of 52", "jokers", "cards", "dealt", "upcard", "stock"],
        "seat": "seat {n}", "Seat": "Seat {n}", "upcard": "upcard", "stock": "stock",
        "deal_gap": "… cards {a} to {b} the same way, seat after seat …",
        "is_run": "✔ a run", "not_run": "✘ not a run", "is_set": "✔ a set", "not_set": "✘ not a set",
        "round8_note": "the whole hand at once: 13 + 1 drawn = 14 cards, no discard, no buying",
        "contracts_head": ["round", "runs", "sets", "samningur", "contract", "fewest cards", "note"],
        "kind_run": "run", "kind_set": "set", "other_cards": "other cards",
        "can_lay": "✔ can lay down", "cannot_lay": "✘ cannot lay down",
        "hand_head": "<b>Round {r}</b> ({words}), {n} cards: <b>{verdict}</b>",
        "penalty_points": "penalty points",
        "gets": " → seat {n} gets {card} and a stock card",
        "being_laid": " (being laid)", "no_cards": "(no cards)", "hand": "hand",
        "n_cards": "{n} cards", "buys": "buys {n}", "laid_down": "laid down", "dealer": "dealer",
        "to_move": "to move", "live": "live: it may be taken or bought", "dead": "dead: nobody may take it",
        "empty": "(empty)",
        "pile_line": "<b>Discard pile</b> top: {top} ({live}) · <b>stock</b>: {n} cards face down",
        "round_head": "<div><b>Round {r}</b>: {words}</div>",
        "nobody": "nobody",
        "nobody_out": "Nobody went out: everyone scores the cards in hand.",
        "first_out": "Seat {n} went out first; the others had one more turn each.",
        "last_move": "The last move: seat {n} {move}.",
        "end_head": "<b>Round {r}</b> ({words}), dealt by seat {dealer}. {last}",
        "no_cards_0": "(no cards: 0 points)", "left_in_hand": "left in hand: {p} points",
        "went_out": "went out", "emptied": "no cards left: emptied the hand in the last lap",
        "no_melds": "(no melds: never laid down)", "sheet_head": "Score sheet (stigablað), round {r}",
        "one_more": " — the others get one more turn each", "event": "turn {t:>3}, seat {n}: {text}",
        "sheet_round": "round", "sheet_contract": "contract", "sheet_out": "went out",
        "running": "running totals", "contract_width": 16,
    },
    "is": {
        "deck_head": ["leikmenn", "stokkar (52 spil)", "jókerar", "spil alls", "gefin", "upp í loft",
                      "stokkur"],
        "seat": "sæti {n}", "Seat": "Sæti {n}", "upcard": "upp í loft", "stock": "stokkur",
        "deal_gap": "… spil {a} til {b} á sama hátt, eitt á mann í senn …",
        "is_run": "✔ röð", "not_run": "✘ ekki röð", "is_set": "✔ þrenna", "not_set": "✘ ekki þrenna",
        "round8_note": "öll höndin í einu: 13 + 1 dregið = 14 spil, ekkert kast, engin kaup",
        "contracts_head": ["umferð", "raðir", "þrennur", "samningur", "fæst spil", "athugasemd"],
        "kind_run": "röð", "kind_set": "þrenna", "other_cards": "önnur spil",
        "can_lay": "✔ má leggja niður", "cannot_lay": "✘ má ekki leggja niður",
        "hand_head": "<b>{r}. umferð</b> ({words}), {n} spil: <b>{verdict}</b>",
        "penalty_points": "refsistig",
        "gets": " → sæti {n} fær {card} og spil úr stokknum",
        "being_laid": " (ófrágengin)", "no_cards": "(engin spil)", "hand": "á hendi",
        "n_cards": "{n} spil", "buys": "kaup {n}", "laid_down": "hefur lagt niður", "dealer": "gjafari",
        "to_move": "á leik", "live": "í boði: það má taka eða kaupa",
        "dead": "ekki lengur í boði: enginn má taka það", "empty": "(tómur)",
        "pile_line": "<b>Kastbunki</b>, efst: {top} ({live}) · <b>stokkur</b>: {n} spil á grúfu",
        "round_head": "<div><b>{r}. umferð</b>: {words}</div>",
        "nobody": "enginn",
        "nobody_out": "Enginn lokaði: allir fá refsistig fyrir spilin á hendi.",
        "first_out": "Sæti {n} lokaði fyrst; hinir fengu að gera einu sinni enn.",
        "last_move": "Síðasti leikurinn: sæti {n} {move}.",
        "end_head": "<b>{r}. umferð</b> ({words}); sæti {dealer} gaf. {last}",
        "no_cards_0": "(engin spil: 0 refsistig)", "left_in_hand": "eftir á hendi: {p} refsistig",
        "went_out": "lokaði", "emptied": "tæmdi höndina í lokahringnum",
        "no_melds": "(engar raðir eða þrennur: lagði aldrei niður)", "sheet_head": "Stigablað, {r}. umferð",
        "one_more": " — hinir fá að gera einu sinni enn", "event": "leikur {t:>3}, sæti {n}: {text}",
        "sheet_round": "umf.", "sheet_contract": "samningur", "sheet_out": "lokaði",
        "running": "staðan", "contract_width": 20,
    },
}

# ---------------------------------------------------------------------------------------
# The sentences the notebook's code cells print, in both languages (see
# `cardlearn.lessons.language`): the English text is what the English notebook printed
# before it had a twin.

SAY = NumberSayings({
    # the examples of runs, sets and jokers (cells RUNS, SETS, JOKERS)
    "run_four": {"en": "four hearts in sequence", "is": "fjögur hjörtu, hvert á eftir öðru"},
    "run_ace_low": {"en": "the ace low", "is": "ásinn lægstur"},
    "run_ace_high": {"en": "the ace high", "is": "ásinn hæstur"},
    "run_ace_to_ace": {"en": "ace to ace: 14 cards, two decks",
                       "is": "frá ási til áss: 14 spil, tveir stokkar"},
    "run_no_wrap": {"en": "a run stops at the ace: no going round the corner",
                    "is": "röð endar við ásinn: hún fer ekki hringinn"},
    "run_short": {"en": "too short: a run has at least four cards",
                  "is": "of stutt: í röð eru minnst fjögur spil"},
    "run_two_suits": {"en": "two suits", "is": "tveir litir"},
    "run_gap": {"en": "a gap: 4♥ is missing", "is": "gat: 4♥ vantar"},
    "set_three": {"en": "three eights", "is": "þrjár áttur"},
    "set_twice": {"en": "8♥ twice: two decks", "is": "8♥ tvisvar: tveir stokkar"},
    "set_five": {"en": "five tens: no upper limit", "is": "fimm tíur: ekkert hámark"},
    "set_two_ranks": {"en": "two ranks", "is": "tvö gildi"},
    "set_short": {"en": "too short: a set has at least three cards",
                  "is": "of stutt: í þrennu eru minnst þrjú spil"},
    "joker_inside": {"en": "the joker stands for 4♥", "is": "jókerinn stendur fyrir 4♥"},
    "joker_end": {"en": "at an end: the joker stands for 7♥", "is": "á enda: jókerinn stendur fyrir 7♥"},
    "joker_low": {"en": "the same cards, the joker declared at the low end: 3♥",
                  "is": "sömu spil, en jókerinn sagður neðst: 3♥"},
    "joker_two": {"en": "two jokers, both eights", "is": "tveir jókerar, báðir áttur"},
    "joker_none": {"en": "no real card", "is": "ekkert ekta spil"},
    # a turn, buying, stealing
    "moves_now": {"en": "{n} moves now; the lay-downs:",
                  "is": "{n} leikir í boði núna; þeir sem leggja niður:"},
    "window": {"en": "phase {phase} - seat {seat} may say {moves}",
               "is": "skref {phase} — sæti {seat} má segja {moves}"},
    "draw_now": {"en": "draw now? {why}", "is": "draga núna? {why}"},
    "asked": {"en": "asked so far: {asked} - now seat {seat} answers",
              "is": "hafa beðið um kaup: {asked} — nú svarar sæti {seat}"},
    "asked_now": {"en": "asked now: {asked}   buys used: {used}   known cards: {known}",
                  "is": "biðja um kaup núna: {asked}   kaup notuð: {used}   þekkt spil: {known}"},
    "sizes": {"en": "cards in hand: {sizes}   turns ended this round: {turns}",
              "is": "spil á hendi: {sizes}   leikjum lokið í umferðinni: {turns}"},
    "pile": {"en": "top of the discard pile: {top}   the pile: {pile}",
             "is": "efst í kastbunkanum: {top}   bunkinn: {pile}"},
    "stealers_set": {"en": "cards that can steal the joker of set 8C 8D JK:       {n}",
                     "is": "spil sem geta stolið jókernum úr þrennunni 8♣ 8♦ 🃏:      {n}"},
    "stealers_run": {"en": "cards that can steal the joker of run 3H JK=4H 5H 6H: {n}",
                     "is": "spil sem geta stolið jókernum úr röðinni 3♥ 🃏(4♥) 5♥ 6♥: {n}"},
    "jona_hand": {"en": "Jóna's hand:", "is": "Spilin á hendi Jónu:"},
    "worse_hand": {"en": "A worse one:", "is": "Verri hönd:"},
    # the computer's round and game
    "seat": {"en": "seat {n}", "is": "sæti {n}"},
    "and": {"en": " and ", "is": " og "},
    "nobody": {"en": "nobody", "is": "enginn"},
    "lap": {"en": "seat {out} went out; after it, seats {seats} had one more turn each; in that last lap "
                  "{emptied} emptied the hand too",
            "is": "sæti {out} lokaði; eftir það fengu sæti {seats} að gera einu sinni enn, hvert fyrir sig; "
                  "í lokahringnum tæmdi {emptied} líka höndina"},
    "final": {"en": "\nfinal totals {scores}: seat {seat} wins with the fewest points",
              "is": "\nlokastaða {scores}: sæti {seat} vinnur með fæst refsistig"},
    "seat_move": {"en": "seat {n}: {move}", "is": "sæti {n}: {move}"},
    "last_lap8": {"en": "{n} moves in the last lap of round 8; the moves offered there: {offered}",
                  "is": "{n} leikir í lokahring 8. umferðar; leikirnir sem buðust þar: {offered}"},
    # plain Python
    "may": {"en": "seat {n} may: {moves}", "is": "sæti {n} má: {moves}"},
    "own_hand": {"en": "seat 0 sees its own hand only: {hand}",
                 "is": "sæti 0 sér aðeins sína eigin hönd: {hand}"},
    "sees": {"en": "seat 0 sees the discard {top} and hand sizes {sizes}",
             "is": "sæti 0 sér efsta spil kastbunkans, {top}, og hve mörg spil hver og einn hefur: {sizes}"},
    "bot_says": {"en": "the bot says {move} - {words} - {why}",
                 "is": "tölvan velur {move} — {words} — {why}"},
    "duel": {"en": "the rule-of-thumb bot had the fewest points in {fewest:.0%} of {games} games; "
                   "mean totals {thumb:.0f} (thumb) against {random:.0f} (random)",
             "is": "þumalputtinn fékk fæst refsistig í {fewest:.0%} af {games} spilum; meðaltal "
                   "{thumb:.0f} (þumalputti) gegn {random:.0f} (slembi)"},
    "moves_per_round": {"en": "moves in each round of the game above: {moves}",
                        "is": "fjöldi leikja í hverri umferð spilsins hér að ofan: {moves}"},
    "search_limits": {
        "en": "the search bot: {it} simulations per choice of a move at most, each cut off after "
              "{h} moves (at the table also {s:g} s per move at most)",
        "is": "leitarinn: mest {it} hermanir í hvert sinn sem hann velur leik, hver stöðvuð eftir "
              "{h} leiki (við spilaborðið líka mest {s:g} s á leik)"},
    "holds": {"en": "seat 0 holds {hand} and discards one card; {worlds} imagined deals",
              "is": "sæti 0 er með {hand} á hendi og kastar einu spili; {worlds} ímynduð spil"},
    "preferred": {"en": "the rule-of-thumb move: {preferred}; the search bot plays: {choice}",
                  "is": "leikur þumalputtans: {preferred}; leitarinn leikur: {choice}"},
    "tried": {"en": "  {action:11s} tried in {n:2d} deals, won {rate:4.0%}, mean margin {margin:+5.1f}",
              "is": "  {action:11s} prófað í {n:2d} spilum, sigur í {rate:4.0%}, meðalmunur {margin:+5.1f}"},
    "simulations": {"en": "simulations: {terms} = {total} (at most {limit})",
                    "is": "hermanir: {terms} = {total} (mest {limit})"},
    "same_hands": {"en": "the other hands the same? {hands}   what seat 0 sees the same? {seen}",
                   "is": "hinar hendurnar eins? {hands}   það sem sæti 0 sér eins? {seen}"},
    "same_choice": {"en": "the same choice? {choice}   the same margins in every imagined deal? {margins}",
                    "is": "sama val? {choice}   sami munur í hverju ímynduðu spili? {margins}"},
    # your turn in plain Python
    "you_may": {"en": "  you may: {moves}{more}", "is": "  þú mátt: {moves}{more}"},
    "typed": {"en": "  you typed {text!r}: not allowed: {why}",
              "is": "  þú skrifaðir „{text}“ — ekki leyfilegt: {why}"},
    "gets_card": {"en": "  → seat {n} gets the card", "is": "  → sæti {n} fær spilið"},
    "into_hand": {"en": "  → into your hand: {cards}", "is": "  → þú færð: {cards}"},
    "next_round": {"en": "\nnow round {r} is dealt, by seat {dealer}; seat {first} is the first to play",
                   "is": "\nnú hefur sæti {dealer} gefið í {r}. umferð; sæti {first} á fyrsta leik"},
})



def _row(end: FinishedDeal | RoundEnd) -> kinaskak.SheetRow:
    """A finished deal's score-sheet row, typed as this game's: a kinaskak state's record holds
    a kinaskak row (`FinishedDeal.row` is typed for any game)."""
    return end.row if isinstance(end, RoundEnd) else cast(kinaskak.SheetRow, end.row)

def why_not(err: IllegalMove, lang: str = "en") -> str:
    """An illegal move's message in the notebook's language: the engine's own English text,
    or its rule in the game's Icelandic words (`kinaskak.RULE_WORDS`)."""
    return str(err) if check_lang(lang) == "en" else err.say(kinaskak.RULE_WORDS[lang])


def _symbols(cards: Iterable[Card]) -> str:
    return " ".join(c.symbol for c in cards) or "-"


def state_text(state: kinaskak.State, lang: str = "en") -> str:
    """The all-seeing narrator's text of a position: `str(state)` in English, the same
    facts in Icelandic words for the twin."""
    if check_lang(lang) == "en":
        return str(state)
    obs = state.observation(0)
    top = Card.parse(obs["discard_top"]).symbol if obs["discard_top"] else "-"
    live = " (í boði)" if obs["discard_live"] else ""
    lines = [f"Kínaskák — {state.round_no}. umferð ({contract_words(state.round_no, 'is')}), sæti "
             f"{state.dealer} gefur, stokkur {obs['stock_size']}, kastbunki {top}{live}, "
             f"staðan {'-'.join(map(str, state.totals))}"]
    melds = _melds_by_owner(obs["melds"], state.players)
    for s in range(state.players):
        held = state.hands[s]
        mark = " <- á leik" if state.to_move == s else ""
        lines.append(f"sæti {s}: {_symbols(held)}  ({len(held)} spil, "
                     f"{kinaskak.penalty(held)} refsistig){mark}")
        for i, m in enumerate(melds[s]):
            lines.append(f"   {s}-{i} {WORDS['is']['kind_' + m['kind']]}: "
                         + " ".join(Card.parse(c).symbol for c in m["cards"]))
    if state.is_over:
        lines.append("lokið: " + ("jafntefli" if state.winner is None else f"sæti {state.winner} vinnur"))
    return "\n".join(lines)


def record_text(end: FinishedDeal, lang: str = "en") -> str:
    """A finished round's record (`state.last_deal`) as a short text: `str(end)` in English,
    the same facts in Icelandic words for the twin."""
    if check_lang(lang) == "en":
        return str(end)
    out, row = end.details["went_out"], _row(end)
    lines = [f"{end.number}. umferð (lína {end.index} á stigablaðinu); sæti {end.dealer} gaf"]
    lines += [f"  sæti {s} er með á hendi: {_symbols(h)}" for s, h in enumerate(end.hands)]
    lines.append(f"  kastbunkinn: {_symbols(end.table)}")
    for s, owned in enumerate(end.details["melds"]):
        laid = " · ".join(f"{WORDS['is']['kind_' + m.kind]} {_symbols(m.cards)}" for m in owned)
        lines.append(f"  á borðinu hjá sæti {s}: {laid or '-'}")
    lines.append(f"  lokaði: {'enginn' if out is None else f'sæti {out}'}")
    lines.append(f"  eftir í stokknum: {_symbols(end.details['stock'])}")
    lines.append(f"  sektir: {end.details['fines']}")
    lines.append(f"  lína á stigablaði: umferð {row['round']}, "
                 f"samningur {contract_words(row['round'], 'is')}, "
                 f"lokaði {'enginn' if row['went_out'] is None else 'sæti ' + str(row['went_out'])}, "
                 f"refsistig {row['penalty']}, alls {row['total']}")
    return "\n".join(lines)


# ---------------------------------------------------------------------------------------
# Cards and the deal

def deck_table(lang: str = "en") -> HTML:
    """For 2 to 6 players: decks, jokers, cards in all, cards dealt, and the stock left
    after the upcard, all counted from `kinaskak.deck_for`."""
    rows = []
    for n in range(2, 7):
        deck = kinaskak.deck_for(n)
        jokers = sum(c.is_joker for c in deck)
        rows.append([str(n), str((len(deck) - jokers) // 52), str(jokers), f"<b>{len(deck)}</b>",
                     f"{n} × 13 = {13 * n}", "1", str(len(deck) - 13 * n - 1)])
    return HTML(html_table(WORDS[check_lang(lang)]["deck_head"], rows))


def deal_targets(players: int = 4, dealer: int | None = None, lang: str = "en") -> list[str]:
    """Where each card of the pack goes, top card first: one at a time clockwise from the
    dealer's left, thirteen rounds of dealing; then the upcard; the rest is the stock."""
    w = WORDS[check_lang(lang)]
    dealer = players - 1 if dealer is None else dealer
    size = len(kinaskak.deck_for(players))
    dealt = [w["seat"].format(n=(dealer + 1 + i) % players) for i in range(13 * players)]
    return dealt + [w["upcard"]] + [w["stock"]] * (size - 13 * players - 1)


def deal_picture(players: int = 4, first: int = 6, lang: str = "en") -> HTML:
    """The first `first` cards of an unshuffled pack and the cards around the upcard, each
    captioned with where the deal puts it."""
    deck, targets = kinaskak.deck_for(players), deal_targets(players, lang=lang)
    up = 13 * players  # the upcard comes right after the cards dealt
    head = common.labelled_html(deck[:first], targets[:first], height=56)
    tail = common.labelled_html(deck[up - 2:up + 3], [f"{t}" for t in targets[up - 2:up + 3]], height=56)
    gap = WORDS[lang]["deal_gap"].format(a=first + 1, b=up - 2)
    note = f'<div style="align-self:center;font-size:13px">{gap}</div>'
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


def meld_captions(meld: Written, lang: str = "en") -> list[str]:
    """Under each card of a meld: '' for a real card, what a joker stands for ('= 4♥' in
    a run, '= 8' in a set: any eight; in Icelandic the rank in words, '= átta')."""
    if meld.kind == "run":
        return ["" if not c.is_joker else f"= {b.symbol}" if b else "= ?"
                for c, b in zip(meld.cards, meld.binds)]
    rank = next((c.rank for c in meld.cards if not c.is_joker), None)
    return ["" if not c.is_joker else _any(rank, lang) for c in meld.cards]


def _any(rank: str | None, lang: str = "en") -> str:
    """What a joker in a set stands for: '= 8' (any eight), '= ?' with no real card.  The
    Icelandic twin names the rank ('= gosi'): a lone English letter reads as a card code."""
    if rank is None:
        return "= ?"
    return f"= {RANK_NAMES['is'].get(rank, rank)}" if lang == "is" else f"= {rank}"


def meld_ok(text: str) -> bool:
    """Is the meld written as `text` a run / a set (`kinaskak.is_run` / `kinaskak.is_set`)?"""
    meld = written(text)
    return (kinaskak.is_run if meld.kind == "run" else kinaskak.is_set)(meld.cards)


def melds_picture(examples: Sequence[tuple[str, str]], lang: str = "en") -> HTML:
    """One line per example `(meld, why)`: the meld written in the notation, its cards
    drawn with each joker's binding, and the engine's verdict (`is_run` / `is_set`)."""
    w = WORDS[check_lang(lang)]
    rows = []
    for text, why in examples:
        meld = written(text)
        verdict = w["is_" + meld.kind] if meld_ok(text) else w["not_" + meld.kind]
        cards = common.labelled_html(meld.cards, meld_captions(meld, lang), height=52)
        rows.append(f'<div style="display:flex;align-items:center;gap:14px;margin-top:6px">{cards}'
                    f'<div style="font-size:13px"><b>{verdict}</b> — {escape(why)}<br>'
                    f"<code>{escape(text)}</code></div></div>")
    return HTML("".join(rows))


# ---------------------------------------------------------------------------------------
# Contracts and hands

def contracts_table(lang: str = "en") -> HTML:
    """The eight contracts in round order, from `kinaskak.CONTRACTS`: runs, sets, in words
    (the English table in both languages), and the fewest cards they take (a run at least
    4, a set at least 3)."""
    w = WORDS[check_lang(lang)]
    rows = []
    for r, c in enumerate(kinaskak.CONTRACTS, 1):
        note = w["round8_note"] if r == len(kinaskak.CONTRACTS) else ""
        words = [escape(contract_words(r, "is"))]
        if lang == "en":  # the English table names each contract in both languages
            words.append(escape(contract_words(r, "en")))
        rows.append([f"<b>{r}</b>", str(c.runs), str(c.sets), *words, str(c.min_cards), escape(note)])
    return HTML(html_table(w["contracts_head"], rows))


class Hand(NamedTuple):
    """An example hand: its melds (each a text in the notation) and its other cards."""

    round_no: int
    melds: tuple[str, ...]
    rest: str = ""

    @property
    def cards(self) -> tuple[Card, ...]:
        cards = [c for m in self.melds for c in written(m).cards]
        return (*cards, *parse_cards(self.rest))


def hands_picture(hands: Sequence[Hand], lang: str = "en") -> HTML:
    """Each example hand, its cards grouped as the melds we meant and the rest, with the
    round's contract and the verdict of `kinaskak.can_lay_down(hand, round)`."""
    w = WORDS[check_lang(lang)]
    rows = []
    for h in hands:
        groups = []
        for m in h.melds:
            meld = written(m)
            groups.append(f"<div><i>{w['kind_' + meld.kind]}</i>"
                          + common.labelled_html(meld.cards, meld_captions(meld, lang), height=44) + "</div>")
        if h.rest:
            groups.append(f"<div><i>{w['other_cards']}</i>" + cards_row(h.rest, height=44) + "</div>")
        ok = kinaskak.can_lay_down(h.cards, h.round_no)
        verdict = w["can_lay"] if ok else w["cannot_lay"]
        words = escape(contract_words(h.round_no, lang))
        rows.append('<div style="margin-top:10px">'
                    + w["hand_head"].format(r=h.round_no, words=words, n=len(h.cards), verdict=verdict)
                    + '</div><div style="display:flex;flex-wrap:wrap;gap:16px">' + "".join(groups) + "</div>")
    return HTML("".join(rows))


def penalty_picture(cards: str | Iterable[Card | str], who: str = "", lang: str = "en") -> HTML:
    """The cards, each captioned with its penalty points, and their sum (`kinaskak.penalty`)."""
    cards = parse_cards(cards)
    caps = [str(kinaskak.card_penalty(c)) for c in cards]
    total = kinaskak.penalty(cards)
    sums = " + ".join(caps) or "0"
    return HTML(f"<div>{escape(who)}</div>" + common.labelled_html(cards, caps, height=52)
                + f"<div>{sums} = <b>{total}</b> {WORDS[check_lang(lang)]['penalty_points']}</div>")


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
            card = Card.parse(obs["discard_top"]).symbol
            text += WORDS[check_lang(lang)]["gets"].format(n=gained[0], card=card)
    return text


def narrate(state: kinaskak.State, since: int = 0, lang: str = "en") -> str:
    """The moves of `state.history` from move `since` on, one line each, in words (an
    all-seeing narrator, see `move_words`), with the notation in brackets."""
    lines = []
    steps = positions(state)
    for n, (before, move) in enumerate(steps):
        if n >= since:
            after = steps[n + 1][0] if n + 1 < len(steps) else state
            lines.append(f"{WORDS[check_lang(lang)]['seat'].format(n=before.to_move)}: "
                         f"{move_words(before, move, after, lang)}   [{move}]")
    return "\n".join(lines)


def _meld_html(meld: dict[str, Any], height: float, lang: str = "en") -> str:
    caps = ["" if b is None else f"= {Card.parse(b).symbol}" if meld["kind"] == "run" else _any(b, lang)
            for b in meld["binds"]]
    return common.labelled_html(meld["cards"], caps, height=height)


def _melds_by_owner(melds: Sequence[dict[str, Any]], players: int) -> list[list[dict[str, Any]]]:
    out: list[list[dict[str, Any]]] = [[] for _ in range(players)]
    for m in melds:
        out[m["owner"]].append(m)
    return out


def _seat_html(seat: int, hand: Sequence[Card], melds: Sequence[dict[str, Any]], note: str,
               height: float, lang: str = "en") -> str:
    w = WORDS[lang]
    shown = []
    for i, m in enumerate(melds):
        label = f"{w['kind_' + m['kind']]} {seat}-{i}" + (w["being_laid"] if m.get("pending") else "")
        shown.append(f"<div><i>{escape(label)}</i>{_meld_html(m, height, lang)}</div>")
    hand_html = cards_row(hand, height=height) if hand else f"<div><i>{w['no_cards']}</i></div>"
    return (f'<div style="margin-top:8px"><b>{w["Seat"].format(n=seat)}</b> {escape(note)}</div>'
            '<div style="display:flex;flex-wrap:wrap;gap:14px;align-items:flex-end">'
            f"<div><i>{w['hand']}</i>{hand_html}</div>" + "".join(shown) + "</div>")


def table_picture(state: kinaskak.State, height: float = 44, lang: str = "en") -> HTML:
    """Every seat's hand face up and its melds (jokers captioned with what they stand
    for), then the discard pile's top and the stock: an all-seeing view, for study."""
    w = WORDS[check_lang(lang)]
    obs = state.observation(0)
    by_owner = _melds_by_owner(obs["melds"], state.players)
    parts = []
    for s in range(state.players):
        notes = [w["n_cards"].format(n=len(state.hands[s])), w["buys"].format(n=obs["buys_used"][s])]
        if obs["laid_down"][s]:
            notes.append(w["laid_down"])
        if s == state.dealer:
            notes.append(w["dealer"])
        if s == state.to_move:
            notes.append(w["to_move"])
        parts.append(_seat_html(s, state.hands[s], by_owner[s], "(" + ", ".join(notes) + ")", height, lang))
    top = obs["discard_top"]
    live = w["live"] if obs["discard_live"] else w["dead"]
    top_html = card_html(top, height=height) if top else w["empty"]
    parts.append(common.ROW.format(w["pile_line"].format(top=top_html, live=live, n=obs["stock_size"])))
    return HTML(w["round_head"].format(r=state.round_no, words=escape(contract_words(state.round_no, lang)))
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
    row: kinaskak.SheetRow               # the engine's score-sheet row for this round


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
                    _row(record))


def score_row_html(row: Mapping[str, Any], lang: str = "en") -> str:
    """One row of the score sheet as a small table, under Icelandic and English headings
    (the Icelandic twin's under Icelandic ones only)."""
    names_is, names_en = kinaskak.SHEET_NAMES["is"], kinaskak.SHEET_NAMES["en"]
    w = WORDS[check_lang(lang)]

    def head(key: str) -> str:
        if lang == "is":
            return escape(names_is[key])
        return f"{escape(names_is[key])}<br><i>{escape(names_en[key])}</i>"

    out = row["went_out"]
    who = w["nobody"] if out is None else w["seat"].format(n=out)
    top = (f"<div>{head('round').replace('<br>', ' ')}: <b>{row['round']}</b> · "
           f"{head('contract').replace('<br>', ' ')}: <b>{escape(contract_words(row['round'], lang))}</b> · "
           f"{head('went_out').replace('<br>', ' ')}: <b>{who}</b>"
           "</div>")
    lines = [[f"<b>{w['seat'].format(n=s)}</b>", str(row["penalty"][s]), f"<b>{row['total'][s]}</b>"]
             for s in range(len(row["total"]))]
    return top + html_table(["", head("penalty"), head("total")], lines)


def round_end_picture(end: RoundEnd | FinishedDeal, height: float = 44,
                      rules: kinaskak.Rules | None = None, lang: str = "en") -> HTML:
    """The end of a round: every seat's melds (jokers with their bindings) and the cards
    left in its hand, each captioned with its penalty points, then the score-sheet row.
    `end` is `round_end(...)` (the heading then tells the round's last move) or the
    engine's own record of the round, `state.last_deal` (the heading tells who went out;
    `rules` are the match's, see `record_melds`)."""
    w = WORDS[check_lang(lang)]
    if isinstance(end, FinishedDeal):
        round_no, melds = end.number, record_melds(end, rules)
        out = end.details["went_out"]
        last = w["nobody_out"] if out is None else w["first_out"].format(n=out)
    else:
        round_no, melds = end.round_no, end.melds
        last = w["last_move"].format(n=end.last_position.to_move,
                                     move=escape(kinaskak.describe(end.last_position, end.last_move, lang)))
    by_owner = _melds_by_owner(melds, len(end.hands))
    words = escape(contract_words(round_no, lang))
    parts = ["<div>" + w["end_head"].format(r=round_no, words=words, dealer=end.dealer, last=last) + "</div>"]
    for s, hand in enumerate(end.hands):
        shown = [f"<div><i>{escape(w['kind_' + m['kind']])} {s}-{i}</i>{_meld_html(m, height, lang)}</div>"
                 for i, m in enumerate(by_owner[s])]
        if hand:
            left = common.labelled_html(hand, [str(kinaskak.card_penalty(c)) for c in hand], height=height)
        else:
            left = f"<div><i>{w['no_cards_0']}</i></div>"
        title = (w["left_in_hand"].format(p=kinaskak.penalty(hand)) if hand else w["went_out"]
                 if _row(end)["went_out"] == s else w["emptied"])
        parts.append(f'<div style="margin-top:8px"><b>{w["Seat"].format(n=s)}</b></div>'
                     '<div style="display:flex;flex-wrap:wrap;gap:14px;align-items:flex-end">'
                     + ("".join(shown) or f"<div><i>{w['no_melds']}</i></div>")
                     + '<div style="border-left:2px solid #999;padding-left:8px">'
                       f"<i>{escape(title)}</i>{left}</div></div>")
    parts.append(f"<div style='margin-top:10px'><b>{w['sheet_head'].format(r=round_no)}</b></div>"
                 + score_row_html(_row(end), lang))
    return HTML("".join(parts))


_EVENTS = ("buy", "run", "set", "off", "steal")


def _window(moves: list[tuple[kinaskak.State, Any]], start: int) -> list[tuple[kinaskak.State, Any]]:
    """The answers of the buy window that opens at `moves[start]` (none if it does not)."""
    end = start
    while end < len(moves) and moves[end][0].phase == "buy":
        end += 1
    return moves[start:end]


def round_events(state: kinaskak.State, round_no: int, lang: str = "en") -> str:
    """The moves of a round that change the table, in words (see `move_words`): a discard
    left that somebody asks to buy, the buys, lay-downs, lay-offs, joker steals, going out
    and the last lap."""
    w = WORDS[check_lang(lang)]
    lines = []
    moves = round_moves(state, round_no)
    for n, (before, move) in enumerate(moves):
        after = moves[n + 1][0] if n + 1 < len(moves) else None
        text = move_words(before, move, after, lang)
        opens = move.verb == "draw" and any(m.verb == "buy" for _, m in _window(moves, n + 1))
        bought = "→" in text
        went = after is not None and before.went_out is None and after.went_out is not None
        if went:
            text += w["one_more"]
        if move.verb in _EVENTS or opens or bought or went:
            lines.append(w["event"].format(t=before.observation(0)["turns"] + 1, n=before.to_move, text=text))
    return "\n".join(lines)


def match_sheet(state: kinaskak.State, lang: str = "en") -> str:
    """The score sheet of a match as text: per round its contract, who went out, the
    penalty points of each seat and the running totals."""
    w = WORDS[check_lang(lang)]
    n, wide = state.players, w["contract_width"]
    seats = "".join(f"{w['seat'].format(n=s):>8}" for s in range(n))
    lines = [f"{w['sheet_round']:>5}  {w['sheet_contract']:<{wide}}{w['sheet_out']:<9}{seats}"
             f"   {w['running']}"]
    totals = [0] * n
    for row in state.score_sheet:
        totals = [t + p for t, p in zip(totals, row["total"])]
        out = "-" if row["went_out"] is None else w["seat"].format(n=row["went_out"])
        lines.append(f"{row['round']:>5}  {contract_words(row['round'], lang):<{wide}}{out:<9}"
                     + "".join(f"{p:>8}" for p in row["penalty"]) + "   "
                     + " ".join(f"{t:>4}" for t in totals))
    return "\n".join(lines)


# ---------------------------------------------------------------------------------------
# A quiz

EXPECTED = ("J♣ Q♣ K♣ A♣", 35, "no", "the discard and the top card of the stock", "4♥")


GAIN_WORDS = {  # what a buyer gets, by the number of cards that come into the hand
    "en": {1: "the discard only", 2: "the discard and the top card of the stock",
           3: "the discard and two stock cards"},
    "is": {1: "aðeins spilið af kastbunkanum", 2: "spilið af kastbunkanum og efsta spil stokksins",
           3: "spilið af kastbunkanum og tvö spil úr stokknum"},
}


def questions(steal_state: kinaskak.State, buy_before: kinaskak.State, buy_after: kinaskak.State,
              buyer: int, lang: str = "en") -> list[Question]:
    """The five questions; every answer is computed here by the engine.  `steal_state` is a
    position where the player to move has laid down and seat 0's run 3♥ 🃏 5♥ 6♥ 7♥ (the
    joker = 4♥) is on the table; `buy_before`/`buy_after` are the positions around a buy of
    `buyer`.  The reasons were written for the answers in `EXPECTED` (in English; the
    Icelandic twin's questions ask the same and have the same answers in its words): if the
    engine ever answered otherwise, this raises instead of showing a reason that
    contradicts it."""
    check_lang(lang)
    runs = ["Q♥ K♥ A♥ 2♥", "3♥ 4♥ 5♥", "J♣ Q♣ K♣ A♣", "3♥ 4♥ 5♠ 6♥"]
    is_run = [r for r in runs if kinaskak.is_run(r)]
    jona = "KS 10H AD"
    steals = [a for a in steal_state.legal_actions() if a.verb == "steal" and a.meld == (0, 0)]
    steal_cards = sorted({a.cards[0].symbol for a in steals})
    gained = len(buy_after.hands[buyer]) - len(buy_before.hands[buyer])
    gain_words = GAIN_WORDS["en"]
    two_hearts = ("3H 4H 5H 6H", "9H 10H JH QH")
    round3 = kinaskak.can_lay_down(" ".join((*two_hearts, "2C 2D 7S 8S KD")), 3)
    answers = (is_run[0] if len(is_run) == 1 else "?", kinaskak.penalty(jona), "yes" if round3 else "no",
               gain_words.get(gained, "?"), steal_cards[0] if len(steal_cards) == 1 else "?")
    if answers != EXPECTED:
        raise ValueError("the engine's answers are no longer those the quiz's reasons were written for")
    if lang == "is":
        return _questions_is(runs, jona, two_hearts, (answers[0], answers[1], yes_no(round3, "is"),
                                                     GAIN_WORDS["is"][gained], answers[4]))
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


def _questions_is(runs: list[str], jona: str, two_hearts: tuple[str, str], answers: tuple[Any, ...]
                  ) -> list[Question]:
    """The five questions in Icelandic, with the answers the engine gave (in these words)."""
    return [
        Question("Hvert af þessu er röð?", runs, answers[0],
                 "Fjögur spil eða fleiri í sama lit, hvert á eftir öðru. Q♥ K♥ A♥ 2♥ fer hringinn fram hjá "
                 "ásnum, 3♥ 4♥ 5♥ er of stutt og í 3♥ 4♥ 5♠ 6♥ eru tveir litir; J♣ Q♣ K♣ A♣ endar á ásnum "
                 "sem hæsta spili."),
        Question(f"Jóna endar umferð með þessi spil á hendi:{cards_row(jona)}"
                 "Hve mörg refsistig fær hún?", [25, 30, 35, 45], answers[1],
                 "Kóngur 10, tía 10, ás 15: 10 + 10 + 15 = 35."),
        Question(f"Í 3. umferð þarf tvær raðir. Á hendi þinni eru{cards_row(' '.join(two_hearts))}"
                 "og fimm stök spil (2♣ 2♦ 7♠ 8♠ K♦). Máttu leggja niður?", ["já", "nei"], answers[2],
                 "Nei: raðirnar í sama samningi verða að vera hver í sínum lit, og þessar eru báðar "
                 "í hjarta."),
        Question("Sæti 1 vill ekki spilið á kastbunkanum og þú kaupir það. Hvað færðu?",
                 list(GAIN_WORDS["is"].values()), answers[3],
                 "Spilið af kastbunkanum og efsta spil stokksins, og þú kastar engu: spilunum á hendi "
                 "fjölgar um tvö."),
        Question("Sæti 0 á röðina 3♥ 🃏 5♥ 6♥ 7♥ á borðinu; jókerinn stendur fyrir 4♥. Þú hefur lagt "
                 "samninginn niður. Hvaða spil af hendi þinni máttu setja í stað jókersins?",
                 ["4♥", "4♦", "8♥", "hvaða fjarki sem er"], answers[4],
                 "Nákvæmlega spilið sem jókerinn stendur fyrir: 4♥. (Annar fjarki dugar ekki: jókerinn "
                 "stendur fyrir hjartafjarka.)"),
    ]


def quiz(questions: Sequence[Question], lang: str = "en") -> common.Quiz:
    """The questions, numbered from 1, as one widget."""
    return common.quiz(questions, "Kínaskák", lang)


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


OPTIONS_IS: dict[str, tuple[str, str]] = {  # the same notes in Icelandic, for the twin
    "jokers_per_deck": ("tveir jókerar með hverjum stokk: 4 jókerar í 108 spilum, 6 í 162",
                        "0 til 4 (spilareglur.is: þrír stokkar og þrír jókerar með hverjum)"),
    "decks": ("tveir stokkar fyrir 2–4 leikmenn, þrír fyrir 5–6",
              "2, 3 eða 4 stokkar, hve margir sem leikmennirnir eru"),
    "run_wrap": ("röð endar við ásinn: Q K A 2 er ekki röð", "True: röð má fara hringinn"),
    "run_ace_both_ends": ("sama röð má hafa ás á hvorum enda (A 2 … K A, 14 spil)",
                          "False: í röð er mest einn ás"),
    "distinct_set_ranks": ("tvær þrennur í sama samningi mega vera af sama gildi",
                           "True: hver þrenna samnings hefur sitt gildi"),
    "joker_limit": ("í hverri röð og þrennu er minnst eitt ekta spil; engin önnur takmörk á jókerum",
                    "'not_more_than_naturals': ekki fleiri jókerar en ekta spil; "
                    "'one_per_meld': mest einn jóker í hverri röð og þrennu"),
    "extra_melds_on_laydown": ("þegar fyrst er lagt niður er það nákvæmlega samningurinn",
                               "True: fleiri raðir og þrennur mega fylgja"),
    "new_melds_after_laydown": ("eftir að lagt hefur verið niður koma engar nýjar raðir eða þrennur: "
                                "aðeins er bætt við",
                                "True: nýjar raðir og þrennur má leggja niður síðar"),
    "layoff_same_turn": ("bæta má við í sama leik og lagt er niður",
                         "False: bætt er við frá og með næsta leik"),
    "joker_steal_from_sets": ("jókera má líka taka úr þrennum (með hvaða spili sem er af gildi þrennunnar)",
                              "False: aðeins úr röðum (spilareglur.is)"),
    "joker_steal_by_owner": ("þú mátt líka skipta út þínum eigin jóker", "False: aðeins jóker annarra"),
    "stolen_joker_must_be_used": ("jóker sem er stolið má geyma á hendi",
                                  "True: aðeins má stela jóker sem hægt er að leggja strax"),
    "max_buys": ("hver leikmaður má kaupa þrisvar í umferð", "hvaða tala sem er ≥ 0"),
    "excess_buy_penalty": ("ekki má kaupa oftar en leyft er",
                           "refsistig (spilareglur.is: 200): kaupa má oftar, en hver kaup umfram "
                           "hámarkið kosta þau"),
    "buy_priority": ("vilji fleiri kaupa er dregið um það (eftir slembifræi spilsins)",
                     "'seat_order': sá fær sem fyrstur segir „kaupi“, réttsælis frá þeim sem á leik"),
    "discarder_may_buy": ("sá sem kastaði spilinu má ekki kaupa það aftur", "True: hann má það"),
    "buy_initial_upcard": ("spilið sem snúið var upp í byrjun má kaupa eins og hvert annað spil á "
                           "kastbunkanum",
                           "False: það má ekki"),
    "buy_in_final_lap": ("ekkert er keypt eftir að einhver hefur lokað",
                         "True: kaupa má líka í lokahringnum"),
    "round8_draw_source": ("í 8. umferð kemur fjórtánda spilið úr stokknum",
                           "'either': líka má taka spilið af kastbunkanum"),
    "go_out_by_discard": ("loka má með því að kasta síðasta spilinu",
                          "False: aðeins með því að leggja niður eða bæta við öllum spilunum"),
    "forbid_same_card_discard": ("kasta má spilinu sem þú varst að taka af kastbunkanum",
                                 "True: það má ekki"),
    "dealer_rotation": ("gjöfin gengur réttsælis; sá sem situr gjafara á vinstri hönd byrjar",
                        "ekkert annað"),
    "stock_exhaustion": ("tæmist stokkurinn er nýr stokkur gerður úr kastbunkanum (öllu nema efsta spilinu)",
                         "'end_round': umferðinni lýkur strax og allir fá refsistig"),
    "max_reshuffles": ("nýr stokkur er gerður mest einu sinni í umferð; tæmist hann aftur lýkur "
                       "umferðinni og allir fá refsistig fyrir höndina", "hvaða tala sem er ≥ 0"),
    "max_turns_per_round": ("None = 60 leikir á hvern leikmann; þá lýkur umferðinni og allir fá refsistig",
                            "hvaða fjöldi leikja sem er ≥ 1"),
    "tie_break": ("séu fleiri jafnir með lægstu töluna deila þeir sigrinum",
                  "'fewest_total_cards': sá vinnur sem á samtals fæst spil eftir"),
}


def options_table(notes: dict[str, tuple[str, str]] | None = None, lang: str = "en") -> HTML:
    """Every field of `kinaskak.Rules`, in order, with its default, meaning and alternatives
    (`notes`, else the notes in the notebook's language).  A field without a note is an
    error, so the table cannot silently fall behind the engine."""
    if notes is None:
        notes = OPTIONS_IS if check_lang(lang) == "is" else OPTIONS
    return common.options_table(kinaskak.Rules, notes, lang)


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
        state: AnyState = kinaskak.new_game(players=players, seed=seed)
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


OBSERVATION_IS: dict[str, str] = {  # the same meanings in Icelandic, for the twin
    "seat": "sætið sem þessi sýn er fyrir",
    "to_move": "sætið sem á að svara núna: sá sem á leik eða, meðan spurt er um kaup, sætið sem er "
               "spurt; <code>null</code> (<code>None</code> í Python) þegar spilinu er lokið",
    "hand": "spilin sem þetta sæti hefur á hendi, raðað eftir lit (♠ ♥ ♦ ♣) og gildi, jókerarnir síðast",
    "round": "hvaða umferð þetta er, <b>talið frá 1</b> (1 til 8), eins og textinn og stigablaðið telja",
    "contract": "samningur umferðarinnar: hve margar raðir (<code>runs</code>) og þrennur "
                "(<code>sets</code>)",
    "phase": "skrefið í leiknum: <code>draw</code>, <code>buy</code>, <code>meld</code>, "
             "<code>discard</code> eða <code>over</code> (sjá „Skrefin í hverjum leik“)",
    "player": "sá sem á leik (meðan spurt er um kaup er <code>to_move</code> einhver annar)",
    "dealer": "sætið sem gaf í þessari umferð",
    "discard_top": "efsta spil kastbunkans; <code>null</code> þegar bunkinn er tómur: strax eftir að "
                   "eina spilið í honum (til dæmis það sem snúið var upp) var tekið eða keypt, þar til "
                   "næst er kastað",
    "discard_live": "<code>true</code> meðan enn má taka eða kaupa það spil",
    "discarder": "hver kastaði efsta spilinu; <code>null</code> fyrir spilið sem snúið var upp, eða þegar "
                 "bunkinn er tómur",
    "discard_pile": "allur kastbunkinn, neðsta spilið fyrst",
    "stock_size": "hve mörg spil eru eftir í stokknum",
    "melds": "allar raðir og þrennur á borðinu, í þeirri röð sem þær voru lagðar: <code>owner</code> "
             "(eigandinn), <code>kind</code> (run = röð, set = þrenna), <code>key</code> (litur raðar, gildi "
             "þrennu), <code>low</code> (lægsta gildi raðar sem tala, 1 = ásinn lægstur; 0 fyrir þrennu), "
             "<code>cards</code>, <code>binds</code> (spilið sem hver jóker stendur fyrir, <code>null</code> "
             "fyrir ekta spil) og <code>pending</code> (<code>true</code> meðan verið er að leggja "
             "samninginn niður). <i>n</i>-ta röðin eða þrennan sem sæti <i>s</i> á heitir <code>s-n</code> í "
             "rithættinum, talið frá 0",
    "laid_down": "fyrir hvert sæti: hefur það lagt samninginn niður í þessari umferð?",
    "buys_used": "fyrir hvert sæti: hve oft það hefur keypt í þessari umferð (mest 3 sinnum)",
    "buy_requests": "sætin sem hafa beðið um að kaupa spilið sem er í boði",
    "went_out": "fyrsta sætið sem lokar í umferðinni; <code>null</code> þar til einhver lokar",
    "final_turns_left": "eftir að einhver hefur lokað: sætin sem eiga eftir að gera einu sinni enn",
    "reshuffles_used": "hve oft nýr stokkur hefur verið gerður úr kastbunkanum í þessari umferð",
    "turns": "hve mörgum leikjum er lokið í umferðinni, hjá öllum saman (að svara kaupum er ekki leikur)",
    "hand_sizes": "hve mörg spil hvert sæti hefur á hendi",
    "known": "fyrir hvert sæti: spilin sem allir sáu fara á hendi þess og það hefur enn: spil sem var "
             "tekið af kastbunkanum eða keypt, jóker sem var stolið",
    "taken": "spilið sem sá sem á leik tók af kastbunkanum í þessum leik; annars <code>null</code>",
    "scores": "refsistig hvers sætis í spilinu til þessa (sá vinnur sem fær fæst)",
}


def observation_table(state: kinaskak.State, seat: int = 0, lang: str = "en") -> HTML:
    """Every field of `state.observation(seat)`, with its value here and its meaning."""
    meanings = OBSERVATION_IS if check_lang(lang) == "is" else OBSERVATION
    return reading.fields_table(state.observation(seat), meanings, lang)


def answers(questions: Sequence[Question], lang: str = "en") -> reading.Answers:
    """The quiz's answers, as the engine computed them, with their reasons: a closed box in
    HTML (open it after trying the quiz), written out in print and in plain text."""
    return reading.answers(questions, "Kínaskák", lang)


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
