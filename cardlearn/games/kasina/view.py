"""Words and pictures for the table widget and the notebooks: why a move is illegal
(`RULE_WORDS`), the score sheet's headings, a move in words (`describe`), a reason for it
(`explain`), the cards clicked to make it, what a seat sees (`layout`) and a text picture
of a position (`text_picture`, `str(state)`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from cardlearn.cards import Card
from cardlearn.core import VIEW_NAMES, row_as_it_is, unreadable_words
from cardlearn.grammar import form, listed, mid, move_sentences, person, singular
from cardlearn.protocol import Layout, Zone

from .rules import LITLA_KASINA, NAME, STORA_KASINA, is_sweep, sweepable, table_order
from .state import NOTATION, Action, State

# The names the package re-exports: those every game's view gives, `core.VIEW_NAMES`.
# Computed, so hidden from mypy, which reads only a literal `__all__` (as in the package).
if not TYPE_CHECKING:
    __all__ = [*VIEW_NAMES]

_UNREADABLE = unreadable_words(NOTATION)  # the notation, or why a card is none of the deck's
RULE_WORDS = {  # why a move is illegal (IllegalMove.rule), in each language
    "en": {"unreadable": _UNREADABLE["en"],
           "not_in_hand": "{card} is not in your hand: you play one card from your own hand",
           "not_on_table": "{cards} is not on the table: you can only take cards lying there",
           "not_on_table_many": "{cards} are not on the table: you can only take cards lying there",
           "trail_card_can_take": "{card} can take cards, so it may not be laid down (trail rule)",
           "must_take": "taking is compulsory: you may lay a card down only when no card "
                        "in your hand can take",
           "must_take_all": "you must take every group you can with that card "
                            "(must_capture_maximal)",
           "cannot_take": "{card} cannot take {cards}: each taken card must match its rank, or be "
                          "in a group adding up to its value (ace 14 from hand, 1 on the table)"},
    "is": {"unreadable": _UNREADABLE["is"],
           "not_in_hand": "þú ert ekki með {card} á hendi: þú spilar einu spili af eigin hendi",
           "not_on_table": "{cards} liggur ekki í borði: aðeins má taka spil sem liggja þar",
           "not_on_table_many": "{cards} liggja ekki í borði: aðeins má taka spil sem liggja þar",
           "trail_card_can_take": "{card} getur tekið, svo að ekki má leggja það niður",
           "must_take": "skylt er að taka: aðeins má leggja niður spil ef ekkert spil á hendi getur tekið",
           "must_take_all": "með spilinu verður að taka alla hópa sem það getur tekið",
           "cannot_take": "{card} getur ekki tekið {cards}: hvert spil sem tekið er þarf að vera "
                          "jafnhátt því eða í hópi sem er samanlagt jafnhár því "
                          "(ás er 14 af hendi, 1 í borði)"},
}

SHEET_NAMES = {  # score sheet headings, for the table (capitalised, as every label)
    "is": {"little_casino": "Litla kasína", "big_casino": "Stóra kasína", "sweeps": "Svippar",
           "last_trick": "Síðasti slagur", "spades": "Spaðar", "aces": "Ásar", "cards": "Bunkinn",
           "total": "Alls"},
    "en": {"little_casino": "Little casino", "big_casino": "Big casino", "sweeps": "Sweeps",
           "last_trick": "Last trick", "spades": "Spades", "aces": "Aces", "cards": "Cards",
           "total": "Total"},
}

_WORDS = {  # "key@2": after "Þú"/"You"; "key@cmd": a button's command (see table.words.form)
    "is": {"takes": "tekur {taken} með {card}", "takes@cmd": "Taka {taken} með {card}",
           "trail": "leggur niður {card}", "trail@cmd": "Leggja niður {card}",
           "sweep": " — svippur!", "seat": "Sæti {n}", "table": "Borð", "stock": "Stokkur",
           "pile": "bunki", "sweeps": "svippar", "hand": "{n}. spil", "dealer": "gjafari",
           "score": "Stig",
           "why_sweep": "hreinsar borðið: 1 stig",
           "why_little": "litla kasína (2♠): 2 stig", "why_big": "stóra kasína (10♦): 5 stig",
           "why_take": "færð {cards} í bunkann", "why_among": "færð {cards} í bunkann, þar af {some}",
           "why_total": "alls {cards} í bunkann", "why_total_among": "alls {cards} í bunkann, þar af {some}",
           "and": " og ",
           "cards_one": "{n} spil", "cards_many": "{n} spil", "spades_one": "{n} spaða",
           "spades_many": "{n} spaða", "aces_one": "{n} ás", "aces_many": "{n} ása",
           "why_forced": "ekkert spil á hendi getur tekið, svo að þú verður að leggja niður spil",
           "risk_sweep": "mótherjinn gæti hreinsað borðið",
           "risk_none": "mótherjinn getur varla nýtt sér spilið",
           # the end of a deal (deal_result)
           "deal_won": "{who} vann spilið: {a} stig gegn {b}",
           "deal_won@2": "{who} vannst spilið: {a} stig gegn {b}",
           "deal_tie": "Spilið fór jafnt: {a} stig gegn {b}",
           "standing": "staðan — {scores} (sá sem fyrstur nær {target} vinnur leikinn)",
           "match_won": "{who} vinnur leikinn, {hi} stig gegn {lo}",
           "points_one": "{n} stigi", "points_many": "{n} stigum"},
    "en": {"takes": "takes {taken} with {card}", "takes@2": "take {taken} with {card}",
           "trail": "lays down {card}", "trail@2": "lay down {card}",
           "sweep": " — sweep!", "seat": "Seat {n}", "table": "Table", "stock": "Stock",
           "pile": "pile", "sweeps": "sweeps", "hand": "Hand {n}", "dealer": "dealer",
           "score": "Score",
           "why_sweep": "you clear the table: 1 point",
           "why_little": "little casino (2♠): 2 points", "why_big": "big casino (10♦): 5 points",
           "why_take": "{cards} to your pile", "why_among": "{cards} to your pile, among them {some}",
           "why_total": "{cards} to your pile in all", "why_total_among": "{cards} to your pile in all, "
                                                                        "among them {some}",
           "and": " and ",
           "cards_one": "{n} card", "cards_many": "{n} cards", "spades_one": "{n} spade",
           "spades_many": "{n} spades", "aces_one": "{n} ace", "aces_many": "{n} aces",
           "why_forced": "no card in your hand can take, so you must lay one down",
           "risk_sweep": "the opponent might clear the table",
           "risk_none": "the opponent can hardly use the card",
           "deal_won": "{who} won the hand: {a} points to {b}",
           "deal_tie": "The hand was a tie: {a} points each",
           "standing": "the score — {scores} (the first to {target} wins the game)",
           "match_won": "{who} wins the game, {hi} points to {lo}",
           "match_won@2": "{who} win the game, {hi} points to {lo}",
           "points_one": "{n} point", "points_many": "{n} points"},
}


def counted(n: int, word: str, lang: str) -> str:
    """ "1 ás", "2 ása"; "1 ace", "2 aces" (`word` is "cards", "spades" or "aces").
    Icelandic counts ending in 1 take the singular (21 ás), but 11 does not (11 ása)."""
    one = n % 10 == 1 and n % 100 != 11 if lang == "is" else n == 1
    return _WORDS[lang][f"{word}_{'one' if one else 'many'}"].format(n=n)


def _predicate(state: State, action: Action | str, lang: str = "is", viewer: int | None = None,
               who: str = "3") -> str:
    """The move in words, e.g. "tekur 2♣ + 3♥ með 5♠ — svippur!", in person `who` ("3",
    "2" after "Þú", "cmd" for a button).  Every Kasína move is played face up, so every
    `viewer` reads the same words."""
    action = Action.parse(action) if isinstance(action, str) else action
    w = _WORDS[lang]
    if action.is_trail:
        return form(w, "trail", who).format(card=action.card.symbol)
    taken = " + ".join(c.symbol for c in table_order(action.captured))
    sweep = w["sweep"] if is_sweep(state, action) else ""
    return form(w, "takes", who).format(taken=taken, card=action.card.symbol) + sweep


def explain(state: State, action: Action | str, lang: str = "is") -> str:
    """One line on why one might make this move (the hint button)."""
    action = Action.parse(action) if isinstance(action, str) else action
    w = _WORDS[lang]
    if action.is_trail:
        if not any(not a.is_trail for a in state.legal_actions()):
            return w["why_forced"]
        after = (*state.table, action.card)
        risky = sweepable(after)
        # the move already says it lays a card down: the reason is the risk alone
        return w["risk_sweep"] if risky else w["risk_none"]
    taken = {action.card, *action.captured}
    reasons = []
    if is_sweep(state, action):
        reasons.append(w["why_sweep"])
    if LITLA_KASINA in taken:
        reasons.append(w["why_little"])
    if STORA_KASINA in taken:
        reasons.append(w["why_big"])
    # the played card goes to the pile with the cards it takes: count them as "to the pile"
    counts = {"spades": sum(c.suit == "S" for c in taken), "aces": sum(c.rank == "A" for c in taken)}
    some = w["and"].join(counted(n, word, lang) for word, n in counts.items() if n)
    cards = counted(len(taken), "cards", lang)
    key = ("why_total" if reasons else "why_take") + ("_among" if some and reasons else "")
    if some and not reasons:
        key = "why_among"
    reasons.append(w[key].format(cards=cards, some=some))
    return "; ".join(reasons)


def action_cards(state: State, action: Action) -> tuple[tuple[str, Card], ...]:
    """The cards a player clicks to make this move: its hand card, then the table cards."""
    return (("hand", action.card), *(("table", c) for c in sorted(action.captured)))


def quiet(state: State, action: Action) -> bool:
    """Every Kasína move is a card played face up: none goes by without a pause."""
    return False


def layout(state: State, seat: int, lang: str = "is", who: Callable[[int], str] | None = None) -> Layout:
    """What `seat` sees, arranged for drawing: zones of face-up cards and face-down counts."""
    w = _WORDS[lang]
    other = 1 - seat
    zones: list[Zone] = [
        {"name": "table", "label": w["table"], "cards": [str(c) for c in state.table]},
        {"name": "stock", "label": w["stock"], "backs": len(state.stock)},
    ]
    return {
        "title": f"{NAME[lang]} — {w['hand'].format(n=state.hand_no + 1)}",
        "opponents": [{"seat": other, "hand_size": len(state.hands[other]),
                       "info": f"{w['pile']} {len(state.piles[other])}, {w['sweeps']} {state.sweeps[other]}"
                               + (f", {w['dealer']}" if state.dealer == other else "")}],
        "zones": zones,
        "hand": [str(c) for c in sorted(state.hands[seat])],
        "info": f"{w['pile']} {len(state.piles[seat])}, {w['sweeps']} {state.sweeps[seat]}"
                + (f", {w['dealer']}" if state.dealer == seat else ""),
        "scores": list(state.totals),
    }


def text_picture(state: State) -> str:
    """The position in a few lines of text (`str(state)`): hand, dealer, stock and score,
    the table, each seat's hand, pile and sweeps, and the winner once there is one."""
    lines = [f"Kasína — hand {state.hand_no + 1}, dealer seat {state.dealer}, "
             f"stock {len(state.stock)}, score {state.totals[0]}–{state.totals[1]}",
             "table: " + (" ".join(c.symbol for c in state.table) or "(empty)")]
    for s in (0, 1):
        mark = " <- to move" if state.to_move == s else ""
        lines.append(f"seat {s}: {' '.join(c.symbol for c in sorted(state.hands[s])) or '-'}"
                     f"   pile {len(state.piles[s])}, sweeps {state.sweeps[s]}{mark}")
    if state.winner is not None:
        lines.append(f"seat {state.winner} wins {state.totals[0]}–{state.totals[1]}")
    return "\n".join(lines)


def _points(n: int, lang: str) -> str:
    """ "21 stigi" (dative singular after 21, but 11 stigum), "21 points"."""
    return _WORDS[lang]["points_one" if singular(n, lang) else "points_many"].format(n=n)


def deal_result(before: State, after: State, lang: str, who: Callable[[int], str]) -> str:
    """One sentence for the end-of-deal panel: who won the deal that `before`'s last move
    finished (`after` is the state after it) and what that means for the match; `who`
    names a seat as the table does ("Þú", "Tölva 1").  The outcome first: "Þú vannst
    spilið: 8 stig gegn 5; staðan — Þú: 20, Tölvan: 17 (sá sem fyrstur nær 21 stigi vinnur
    leikinn)." """
    w = _WORDS[lang]
    row = after.score_sheet[-1]
    a, b = row["total"]
    if a == b:
        head = w["deal_tie"].format(a=a, b=b)
    else:
        top = 0 if a > b else 1
        name = who(top)
        head = form(w, "deal_won", person(name, lang)).format(who=name, a=max(a, b), b=min(a, b))
    scores = ", ".join(f"{listed(who(s), lang)}: {after.totals[s]}" for s in (0, 1))
    if after.winner is not None:
        name = who(after.winner)
        tail = form(w, "match_won", person(name, lang)).format(
            who=mid(name, lang), hi=max(after.totals), lo=min(after.totals))
    else:
        tail = w["standing"].format(scores=scores, target=_points(after.rules.target, lang))
    return f"{head}; {tail}."


describe, command = move_sentences(
    _predicate,
    '"tekur 5♦ með 5♠" alone; "Þú tekur 5♦ með 5♠", "You take 5♦ with 5♠", "Tölvan leggur niður 8♥"',
    '"Taka 5♦ með 5♠", "Take 5♦ with 5♠", "Leggja niður 8♥"')


# Every value of a row here is already a number (or a yes/no flag the table words), so the
# pupil reads the row as it is (Kínaskák and Lomber name contracts and seats in theirs).
sheet_row = row_as_it_is
