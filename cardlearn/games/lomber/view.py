"""Lomber in words and zones: the view description of `cardlearn.games` (names, reasons
for illegal moves, score sheet headings, moves in words, the layout each seat sees)."""

from __future__ import annotations

from collections.abc import Callable

from cardlearn.cards import Card
from cardlearn.protocol import Layout, Opponent, Token, Zone

from .rules import (
    CONTRACTS,
    NAME,
    SUIT_LETTERS,
    TRUMP,
    contract_kind,
    contract_level,
    ladder,
    matadors,
    trick_winner,
    trump_order,
)
from .state import UNREADABLE, Action, State, parse_action

CONTRACT_NAMES = {
    "is": {"spil": "spil", "betra_spil": "betra spil", "turnir": "túrnir", "kupp": "kúpp",
           "grand_turnir": "grand-túrnir", "solo": "sóló", "grandisamo": "grandisamó",
           "spadasolo": "spaðasóló", "hrein_nolo": "hrein nóló", "hrein_yfir": "hrein-yfir",
           "pass": "pass", "-": "-"},
    "en": {"spil": "spil (game)", "betra_spil": "betra spil (game in spades)",
           "turnir": "túrnir (tourné)",
           "kupp": "kúpp (buying nolo)", "grand_turnir": "grand-túrnir (grand tourné)",
           "solo": "sóló (solo)", "grandisamo": "grandisamó (black-aces solo)",
           "spadasolo": "spaðasóló (spade solo)",
           "hrein_nolo": "hrein nóló (pure nolo)", "hrein_yfir": "hrein-yfir (nolo ouvert)",
           "pass": "pass", "-": "-"},
}
SUIT_WORDS = {"is": {"S": "spaði", "H": "hjarta", "D": "tígull", "C": "lauf"},
              "en": {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}}
OUTCOME_NAMES = {
    "is": {"win": "unnið", "loss": "tapað", "remis": "remis", "krukk": "krúkk", "conceded": "gefið",
           "all_pass": "allir pass"},
    "en": {"win": "won", "loss": "lost", "remis": "remis (tie)", "krukk": "krúkk (codille)",
           "conceded": "conceded", "all_pass": "all passed"},
}

RULE_WORDS = {  # why a move is illegal (IllegalMove.rule), in each language
    "en": {"unreadable": UNREADABLE,
           "not_now": "{move} is not a move at this point of the deal",
           "write_discard": "to lay {card} away in the exchange, write 'discard {card}'",
           "bid_too_low": "{bid} does not overbid {high}: a later seat must bid higher (the auction)",
           "hold_same_contract": "to hold {high} at its level you must name the same contract, "
                                 "not {bid} (the auction)",
           "grand_turnir_aces": "grand-túrnir may be bid only by a player dealt both black aces, "
                                "spadda (A♠) and basti (A♣) (the auction)",
           "grandisamo_off": "grandisamó is not played with these rules (enable_grandisamo)",
           "spil_trump": "in spil the trump may not be spades: a spade game is betra spil (the auction)",
           "solo_trump": "a sóló is in clubs, hearts or diamonds: a spade solo is spaðasóló (the auction)",
           "exchange_closed": "no exchange now: the seats the contract allows buy from the talon, "
                              "each in turn, after the auction and before the first lead (the exchange)",
           "exchange_max": "you may exchange at most {n} cards now (the talon and the rules limit it)",
           "exchange_min": "you must discard at least {n} card(s) before you draw (the exchange)",
           "exposed_card": "{card} has been shown to the table and stays in your hand",
           "no_concede": "the declarer may not concede in {contract} (the exchange)",
           "not_in_hand": "{card} is not in your hand",
           "must_follow": "{card} may not be played: follow the led suit (trumps count as one suit; "
                          "spadda, and a matador above the one led, are exempt); play one of {cards}"},
    "is": {"unreadable": "get ekki lesið leikinn {text}: í lomber eru engar áttur, níur, tíur né "
                         "jókerar; spil eru skrifuð eins og 'AS', '7H', sagnir eins og 'spil' eða "
                         "'pass', aðrir leikir eins og 'trump H', 'discard 5H', 'done', 'play'",
           "not_now": "{move} á ekki við á þessu stigi gjafarinnar",
           "write_discard": "til að leggja {card} frá sér í kaupunum skaltu skrifa 'discard {card}'",
           "bid_too_low": "{bid} er ekki hærri sögn en {high}: sá sem segir síðar verður að segja hærra "
                          "(sagnir)",
           "hold_same_contract": "til að halda {high} verður að segja sömu sögn, ekki {bid} (sagnir)",
           "grand_turnir_aces": "grand-túrni má aðeins sá segja sem fékk báða svörtu ásana, "
                                "spöddu (A♠) og basta (A♣) (sagnir)",
           "grandisamo_off": "grandisamó er ekki spilað eftir þessum reglum",
           "spil_trump": "í spili má spaði ekki vera tromp: spaðaspil er betra spil (sagnir)",
           "solo_trump": "sóló er í laufi, hjarta eða tígli: spaðasóló er sérstök sögn (sagnir)",
           "exchange_closed": "engin kaup núna: þeir sem sögnin leyfir kaupa úr stokknum, hver í "
                              "sinni röð, eftir sagnir og fyrir fyrsta útspil (kaupin)",
           "exchange_max": "þú mátt kaupa í mesta lagi {n} spil núna (kaupin)",
           "exchange_min": "þú verður að leggja frá þér að minnsta kosti {n} spil áður en þú kaupir "
                           "(kaupin)",
           "exposed_card": "{card} hefur verið sýnt öllum og verður kyrrt á hendi þinni",
           "no_concede": "sagnhafi má ekki leggja sig í {contract} (kaupin)",
           "not_in_hand": "{card} er ekki á hendi þinni",
           "must_follow": "{card} má ekki spila: það verður að fylgja lit (öll tromp teljast einn "
                          "litur; spadda, og matador hærri en sá sem spilað var út, eru undanþegin); "
                          "spilaðu einu af þessum: {cards}"},
}

SHEET_NAMES = {
    "is": {"contract": "sögn", "declarer": "sagnhafi", "tricks": "slagir", "outcome": "úrslit",
           "payments": "greiðslur", "total": "alls"},
    "en": {"contract": "contract", "declarer": "declarer", "tricks": "tricks", "outcome": "outcome",
           "payments": "payments", "total": "total"},
}

_WORDS = {
    "is": {"pass": "pass", "bids": "segir {c}", "holds": "heldur: {c}", "keep": "heldur spilinu",
           "convert": "breytir í kúpp", "trump": "nefnir tromp: {s}", "discard": "leggur {card} frá sér",
           "discard_hidden": "leggur spil frá sér", "done": "kaupir {n} spil", "done_none": "kaupir ekkert",
           "play": "spilar spilið út (leggur sig ekki)", "concede": "leggur sig (gefur spilið)",
           "totus": "segir tótus!",
           "no_totus": "spilar áfram án tótus", "trick_to": " — sæti {n} fær slaginn",
           "deal": "{n}. gjöf", "seat": "Sæti {n}", "trick": "Slagur", "talon": "Stokkur",
           "turned": "Velta", "shown": "Sýnt", "discards": "Afkast", "tricks": "slagir",
           "bought": "keypt", "discarding": "leggur frá sér {n}",
           "dealer": "gefur", "forehand": "forhönd", "declarer": "sagnhafi",
           "prompt_auction": "Segðu sögn eða pass", "prompt_convert": "Halda spili eða breyta í kúpp?",
           "prompt_trump": "Nefndu tromp", "prompt_exchange": "Veldu spil til að leggja frá þér og "
           "kauptu svo", "prompt_concede": "Spila eða leggja sig?", "prompt_totus": "Segja tótus?",
           "prompt_play": "Spilaðu spili", "over": "Leik lokið",
           "why_strength": "besti liturinn er {s}: tromp {t}, matadorar {m}, kóngar {k}",
           "why_pass": "segir pass og lætur öðrum eftir að spila: {strength}",
           "why_trump": "{s} sem tromp: tromp {t}, matadorar {m}",
           "why_discard_weak": "lítið spil utan trompa",
           "why_discard_keep": "gott spil: betra að halda því", "why_done": "dregur {n} spil úr stokknum",
           "why_win": "tekur slaginn eins og er", "why_lose": "tekur ekki slaginn",
           "why_lead": "spilar út", "why_concede": "kostar {n} á mann í stað þess að hætta á remis "
           "eða krúkk", "why_play": "spilar til vinnings", "why_kupp": "kúpp: má kaupa allt að 9 spil og "
           "taka engan slag", "why_totus": "lofar að taka alla 9 slagina"},
    "en": {"pass": "passes", "bids": "bids {c}", "holds": "holds: {c}", "keep": "keeps the spil",
           "convert": "turns it into kúpp", "trump": "names {s} trumps", "discard": "discards {card}",
           "discard_hidden": "discards a card", "done": "buys {n} cards", "done_none": "buys none",
           "play": "plays the game out (does not concede)", "concede": "concedes (leggur sig)",
           "totus": "announces tótus!",
           "no_totus": "plays on without tótus", "trick_to": " — trick to seat {n}",
           "deal": "Deal {n}", "seat": "Seat {n}", "trick": "Trick", "talon": "Talon",
           "turned": "Turned", "shown": "Shown", "discards": "Discards", "tricks": "tricks",
           "bought": "bought", "discarding": "discarding {n}",
           "dealer": "dealer", "forehand": "forehand", "declarer": "declarer",
           "prompt_auction": "Bid or pass", "prompt_convert": "Keep the spil or turn it into kúpp?",
           "prompt_trump": "Name trumps", "prompt_exchange": "Pick cards to discard, then 'done'",
           "prompt_concede": "Play or concede?", "prompt_totus": "Announce tótus?",
           "prompt_play": "Play a card", "over": "Match over",
           "why_strength": "your best suit is {s}: trumps {t}, matadors {m}, kings {k}",
           "why_pass": "bids nothing, leaving the play to others: {strength}",
           "why_trump": "{s} as trumps: trumps {t}, matadors {m}",
           "why_discard_weak": "a small card outside trumps",
           "why_discard_keep": "a good card: better kept", "why_done": "draws {n} cards from the talon",
           "why_win": "wins the trick so far", "why_lose": "does not win the trick",
           "why_lead": "leads", "why_concede": "costs {n} each instead of risking remis or krúkk",
           "why_play": "plays to win", "why_kupp": "kúpp: buy up to 9 cards and take no trick",
           "why_totus": "promises all 9 tricks"},
}


def _action(state: State, action: Action | str) -> Action:
    return parse_action(action, state.step) if isinstance(action, str) else action


def _predicate(state: State, action: Action | str, lang: str = "is", viewer: int | None = None) -> str:
    """The move in words, without who makes it; a discard names its card only to the
    seat that makes it (or an all-seeing narrator, `viewer=None`)."""
    a, w = _action(state, action), _WORDS[lang]
    names = CONTRACT_NAMES[lang]
    if a.kind == "bid":
        if a.arg == "pass":
            return w["pass"]
        auction = state.auction
        held = auction.may_hold() and auction.high is not None and contract_level(
            a.arg, state.rules) == contract_level(auction.high, state.rules)
        return w["holds" if held else "bids"].format(c=names[a.arg])
    if a.kind == "convert":
        return w["keep"] if a.arg == "spil" else w["convert"]
    if a.kind == "trump":
        return w["trump"].format(s=SUIT_WORDS[lang][a.arg])
    if a.kind == "discard":
        if viewer is None or viewer == state.to_move:
            return w["discard"].format(card=a.arg.symbol)
        return w["discard_hidden"]
    if a.kind == "done":
        n = state.pending
        return w["done"].format(n=n) if n else w["done_none"]
    if a.kind == "say":
        if a.arg == "play":
            return w["no_totus"] if state.step == "totus" else w["play"]
        return w[a.arg]
    text = a.arg.symbol
    if len(state.trick) == 2 and state.contract is not None:
        trick = (*state.trick, a.arg)
        text += w["trick_to"].format(n=(state.leader + trick_winner(trick, state.contract, state.trump)) % 3)
    return text


def _best_suit(hand: tuple[Card, ...]) -> tuple[str, int, int, int]:
    """The suit with most trumps (ties: more matadors), its trump count, matadors, kings."""
    def count(s: str) -> tuple[int, int]:
        return sum(c in trump_order(s) for c in hand), max(0, matadors(hand, s))
    best = max(SUIT_LETTERS, key=count)
    t, m = count(best)
    return best, t, m, sum(c.rank == "K" for c in hand)


def explain(state: State, action: Action | str, lang: str = "is") -> str:
    """A one-line reason for the move, for the seat to move (the hint button)."""
    a, w = _action(state, action), _WORDS[lang]
    seat = state.to_move
    hand = state.hands[seat] if seat is not None else ()
    if a.kind == "bid" or (a.kind == "convert" and a.arg == "spil"):
        s, t, m, k = _best_suit(hand)
        strength = w["why_strength"].format(m=m, t=t, k=k, s=SUIT_WORDS[lang][s])
        # a pass is weighed on the same hand as a bid, but says it declines to play
        return w["why_pass"].format(strength=strength) if a.arg == "pass" else strength
    if a.kind == "convert":
        return w["why_kupp"]
    if a.kind == "trump":
        return w["why_trump"].format(t=sum(c in trump_order(a.arg) for c in hand),
                                     m=max(0, matadors(hand, a.arg)), s=SUIT_WORDS[lang][a.arg])
    if a.kind == "discard":
        strong = (state.trump is not None and a.arg in trump_order(state.trump)) or a.arg.rank == "K"
        return w["why_discard_keep" if strong else "why_discard_weak"]
    if a.kind == "done":
        return w["why_done"].format(n=state.pending)
    if a.kind == "say":
        if a.arg == "concede":
            assert state.contract is not None  # conceding comes after the auction
            return w["why_concede"].format(n=CONTRACTS[state.contract].pay[3])
        return w["why_totus" if a.arg == "totus" else "why_play"]
    if not state.trick:
        return w["why_lead"]
    trick = (*state.trick, a.arg)
    wins = trick_winner(trick, state.contract, state.trump) == len(trick) - 1
    return w["why_win" if wins else "why_lose"]


def action_cards(state: State, action: Action | str) -> tuple[Token, ...]:
    """The tokens of a move: a played or discarded card is the hand card itself; bids,
    trump naming, 'done', conceding are plain buttons."""
    a = _action(state, action)
    return (("hand", a.arg),) if a.kind in ("card", "discard") else ()


def quiet(state: State, action: Action | str) -> bool:
    """No Lomber decision is quiet: every one is made in turn by the seat to move, and even
    a pass in the auction or a 'done' in the exchange is a choice worth a pause (there is no
    out-of-turn offer to decline, as buying a discard is in Kínaskák)."""
    return False


def display_order(state: State, cards: tuple[Card, ...]) -> list[Card]:
    """Cards sorted for the eye: trumps first, then each suit, strongest first (before
    trumps are known, the black aces first: they are trumps in every game but the nolos)."""
    kind = contract_kind(state.contract) if state.contract else "grandisamo"
    if kind == "trump" and state.trump is None:
        kind = "grandisamo"
    lad = ladder(kind, state.trump if kind == "trump" else None)
    suits = (TRUMP, *SUIT_LETTERS)
    return sorted(cards, key=lambda c: (suits.index(lad.eff[c]), -lad.power[c]))


def _seat_info(state: State, s: int, lang: str) -> str:
    w = _WORDS[lang]
    parts = [f"{w['tricks']} {state.tricks[s]}", f"{w['bought']} {state.bought[s]}"]
    if s == state.to_move and state.pending:
        parts.append(w["discarding"].format(n=state.pending))
    if s == state.dealer:
        parts.append(w["dealer"])
    if s == state.forehand:
        parts.append(w["forehand"])
    if s == state.declarer:
        assert state.contract is not None  # a declarer has a contract
        parts.append(f"{w['declarer']}: {CONTRACT_NAMES[lang][state.contract]}"
                     + (f" {SUIT_WORDS[lang][state.trump]}" if state.trump else ""))
    return ", ".join(parts)


_FELT = {  # the felt's own labels (the layout's alone)
    "is": {"last_trick": "Síðasti slagur", "trump": "Tromp: {suit}"},
    "en": {"last_trick": "Last trick", "trump": "Trumps: {suit}"},
}


def _suit_symbol(suit: str) -> str:
    """A suit letter ("H") as its symbol ("♥")."""
    return {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}.get(str(suit), str(suit))


def layout(state: State, seat: int, lang: str = "is", who: Callable[[int], str] | None = None) -> Layout:
    """What `seat` sees: its hand, the trick (who played what), the talon as backs, the
    cards shown to everyone by their owner, its own discards; counts bought per seat."""
    w = _WORDS[lang]
    lead = state.leader
    zones: list[Zone] = [
        {"name": "trick", "label": w["trick"],
         "cards": [{"card": str(c), "seat": (lead + i) % 3} for i, c in enumerate(state.trick)]},
    ]
    # The last whole trick stays in view until the next lead (as in Kozel), and the trump is
    # shown on the felt, not only in a caption.
    if state.played and not state.trick:  # this deal's tricks only (last_trick outlives a deal)
        leader, cards = state.played[-1]
        zones.append({"name": "last-trick", "label": _FELT[lang]["last_trick"],
                      "cards": [{"card": str(c), "seat": (leader + i) % 3} for i, c in enumerate(cards)]})
    if state.trump:
        zones.append({"name": "trump", "label": _FELT[lang]["trump"].format(suit=_suit_symbol(state.trump)),
                      "cards": []})
    zones.append({"name": "talon", "label": w["talon"], "backs": len(state.talon)})
    if state.turned is not None and state.talon and state.talon[0] == state.turned:
        zones.append({"name": "turned", "label": w["turned"], "owner": state.declarer,
                      "cards": [str(state.turned)]})
    for s, cards in sorted(state.exposed.items()):
        zones.append({"name": f"exposed-{s}", "label": w["shown"], "owner": s,
                      "cards": [str(c) for c in display_order(state, cards)]})
    if state.discards[seat]:
        zones.append({"name": "discards", "label": w["discards"], "owner": seat,
                      "cards": [str(c) for c in state.discards[seat]]})
    prompt = w["over"] if state.step == "over" else w["prompt_" + (
        "exchange" if state.step.startswith("ex") else state.step)]
    opponents: list[Opponent] = [
        {"seat": s, "hand_size": len(state.hands[s]), "info": _seat_info(state, s, lang)}
        for s in ((seat + 1) % 3, (seat + 2) % 3)]
    return {
        "title": f"{NAME[lang]} — {w['deal'].format(n=state.deal_no + 1)}",
        "info": _seat_info(state, seat, lang),
        "hand": [str(c) for c in display_order(state, state.hands[seat])],
        "scores": list(state.totals),
        "prompt": prompt,
        "opponents": opponents,
        "zones": zones,
    }


def text_picture(state: State) -> str:
    """The whole table as text, every hand shown (for notebooks and terminals): an
    all-seeing view; `state.observation(seat)` is what one seat may see.  Each card of the
    trick on the table is written with the seat that played it."""
    contract = state.contract or "-"
    trick = ", ".join(f"seat {(state.leader + i) % 3} {c.symbol}" for i, c in enumerate(state.trick))
    lines = [f"Lomber — deal {state.deal_no + 1}, dealer seat {state.dealer}, contract {contract}"
             + (f" by seat {state.declarer}" if state.declarer is not None else "")
             + (f", trump {state.trump}" if state.trump else "") + f", step {state.step}",
             f"talon {len(state.talon)}, trick on the table: " + (trick or "-")]
    for s in range(3):
        mark = " <- to move" if state.to_move == s else ""
        hand = " ".join(c.symbol for c in display_order(state, state.hands[s])) or "-"
        lines.append(f"seat {s}: {hand}   tricks {state.tricks[s]}, bought {state.bought[s]}{mark}")
    lines.append("scores: " + " ".join(f"{t:+d}" for t in state.totals))
    return "\n".join(lines)


def deal_result(before: State, after: State, lang: str, who: Callable[[int], str]) -> str:
    """One sentence for the end-of-deal panel: who won the deal that `before`'s last move
    finished (`after` is the state after it) and what that means for the match; `who`
    names a seat as the table does ("Þú", "Tölva 1")."""
    return ""  # filled in with the table's second edition (issue 21)


def describe(state: State, action: Action | str, lang: str = "is", viewer: int | None = None,
             who: Callable[[int], str] | None = None) -> str:
    """The move `action` of the seat to move in `state`, in words, as `viewer` may see it
    (None: every card named).  Without `who`, the predicate alone ("tekur 5♦ með 5♠"); with
    `who` naming the seats, the whole sentence with its subject."""
    text = _predicate(state, action, lang, viewer)
    return text if who is None or state.to_move is None else f"{who(state.to_move)}: {text}"


def command(state: State, action: Action | str, lang: str = "is") -> str:
    """The move as a button says it to the player who makes it."""
    return _predicate(state, action, lang, state.to_move)
