"""Kozel in words and pictures: why a move is illegal (`RULE_WORDS`), the score sheet's
headings, a move described and explained, the tokens a player clicks, and what each seat
sees at the table (`layout`) or in a notebook (`text_picture`)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import TYPE_CHECKING

from cardlearn.cards import SUIT_SYMBOLS
from cardlearn.core import VIEW_NAMES, row_as_it_is, unreadable_words
from cardlearn.grammar import (
    AND,
    form,
    listing,
    mid,
    move_sentences,
    person,
    rule_texts,
    singular,
    team_subject,
)
from cardlearn.protocol import Entry, EntryDict, Layout, Opponent, Token, Zone

from .legality import DECK_RANKS, NOTATION, Action
from .rules import NAME, RANK_INDEX, card_points, card_symbols, team_of, team_points
from .state import State

# The names the package re-exports: those every game's view gives, `core.VIEW_NAMES`.
# Computed, so hidden from mypy, which reads only a literal `__all__` (as in the package).
if not TYPE_CHECKING:
    __all__ = [*VIEW_NAMES, "selected_move"]

_UNREADABLE = unreadable_words(NOTATION, DECK_RANKS)  # the notation, or why a card is none of the deck's
_RULES = {  # why a move is illegal (IllegalMove.rule), in each language; see RULE_WORDS
    "en": {"not_in_hand": "you do not hold {cards}: you play cards from your own hand",
           "lead_one_suit": "a lead is one or more cards of one suit, face up ({mixed} mix suits)",
           "lead_face_up": "the leader leads face up: a discard answers a lead, it cannot be one",
           "wrong_count": "you play as many cards as were led ({count}), not {given}",
           "not_a_beat": "{cards} cannot beat {target}: each of your cards must beat one of them "
                         "(same suit and higher, or a trump against a non-trump)",
           "must_beat": "you can beat, and under this variant you must (must_beat_if_able)",
           "partner_winning": "your partner is winning the trick, and under this variant you may "
                              "not beat a partner (allow_beat_partner)",
           "bad_pairing": "each beating card must be paired with a different card of {target}",
           "no_claim": "only a player holding four cards of one suit who has not yet played to "
                       "this trick may claim, once a card is on the table",
           "claim_off": "claims with four of a suit are off in this variant (four_suit_interrupt)",
           "claim_once": "this trick was already claimed with four of a suit: only one claim per trick",
           "pass_only_claim": "'Pass' only declines a claim with four of a suit; now you beat or lay "
                              "cards face down",
           "claim_pending": "first decide whether to claim the lead with four of a suit, or pass"},
    "is": {"not_in_hand": "þú ert ekki með {cards} á hendi: þú spilar aðeins spilum af eigin hendi",
           "lead_one_suit": "út er spilað einu eða fleiri spilum í sama lit, upp í loft "
                            "({mixed} eru ekki í sama lit)",
           "lead_face_up": "sá sem spilar út leggur spilin upp í loft; á grúfu eru spil aðeins lögð "
                           "til að svara útspili",
           "wrong_count": "þú leggur jafnmörg spil og spilað var út ({count}), ekki {given}",
           "not_a_beat": "með {cards} slærðu ekki {target}: hvert spil þitt þarf að slá eitt þeirra "
                         "(hærra í sama lit, eða tromp á móti spili sem er ekki tromp)",
           "must_beat": "þú getur slegið og í þessu afbrigði er það skylt",
           "partner_winning": "makker þinn á slaginn og í þessu afbrigði má ekki slá makker",
           "bad_pairing": "para þarf hvert spil sem slær við eitt af spilunum {target}, aldrei tvö "
                          "við sama spilið",
           "no_claim": "aðeins sá sem á fjögur spil í sama lit og hefur ekki enn lagt í slaginn "
                       "má krefjast útspils, og aðeins eftir að spil er komið á borðið",
           "claim_off": "í þessu afbrigði má ekki krefjast útspils með fjórum í lit",
           "claim_once": "þegar hefur verið krafist útspils í þessum slag: aðeins ein krafa í slag",
           "pass_only_claim": "„Sleppa“ á aðeins við um kröfu með fjórum í lit; nú slærðu eða "
                              "leggur spil á grúfu",
           "claim_pending": "fyrst þarftu að ákveða hvort þú krefst útspils með fjórum í lit "
                            "eða sleppir því"},
}


def _param_words(lang: str, key: str, value: str) -> str:
    """An engine value of an illegal-move message in words: the cards of a lead that mixes
    suits listed as a sentence lists them ("A♠ og 9♦")."""
    return listing(value.split(), lang) if key == "mixed" else value


RULE_WORDS = {lang: {"unreadable": _UNREADABLE[lang], **texts}
              for lang, texts in rule_texts(_RULES, _param_words).items()}

SHEET_NAMES = {  # score sheet headings (per team), for the table (capitalised, as every label)
    "is": {"points": "Punktar", "tricks": "Slagir", "loss_points": "Tapstig", "eggs": "Egg",
           "total": "Alls í spilinu"},
    "en": {"points": "Card points", "tricks": "Tricks", "loss_points": "Loss points", "eggs": "Eggs",
           "total": "Deal total"},
}

_WORDS = {  # "key@2": after "Þú"/"You"; "key@cmd": a button's command (see cardlearn.grammar)
    "is": {"trick_to": " — {who} fær slaginn", "trick_to@2": " — {who} færð slaginn",
           "lead": "spilar út {cards}", "lead@cmd": "Spila út {cards}",
           "beat": "slær með {cards}", "beat@2": "slærð með {cards}", "beat@cmd": "Slá með {cards}",
           "discard_seen": "leggur {cards} á grúfu", "discard_seen@cmd": "Leggja {cards} á grúfu",
           "discard": "leggur {n} spil á grúfu", "discard@cmd": "Leggja {n} spil á grúfu",
           "claim": "krefst útspils með fjórum í lit", "claim@cmd": "Krefjast útspils",
           "pass": "krefst ekki útspils", "pass@cmd": "Sleppa",
           "seat": "Sæti {n}", "team": "Lið {t}", "deal": "{n}. spil",
           "trick": "Slagur", "stock": "Stokkur", "trump": "Tromp: {suit}",
           "discard_zone": "Leggja á grúfu",
           "last_trick": "Síðasti slagur",
           "dealer": "gjafari", "points": "punktar {p}, slagir {s}",
           "drawn": "{who} dró það", "drawn@2": "{who} dróst það",
           "trump_played": "komið í slag",
           "prompt_lead": "Veldu spil í sama lit til að spila út",
           "prompt_respond": "Veldu {n} spil og sláðu með þeim upp í loft, eða leggðu þau á grúfu "
                             "(smelltu þá á „Leggja á grúfu“)",
           "prompt_respond_one": "Veldu 1 spil og sláðu með því upp í loft, eða leggðu það á grúfu "
                                 "(smelltu þá á „Leggja á grúfu“)",
           "prompt_claim": "Þú átt fjögur í lit: viltu krefjast útspils?",
           "over": "{team} er geitin{eggs}!", "eggs": " — með eggin",
           "why_lead_many": "{n} spil í {suit}: til að taka slaginn þarf að slá hvert þeirra",
           "why_lead_low": "lágt spil út, ekkert í húfi", "why_lead_high": "sterkt spil sem erfitt er að slá",
           "why_lead_face": "mannspil út: {p} punktar í húfi ef það er slegið",
           "why_beat": "þú átt slaginn í bili (punktar á borði: {p})",
           "why_beat_trump": "tromp slær hvert spil utan trompa (punktar á borði: {p})",
           "why_discard_partner": "makker á slaginn: spilin sem þú leggur á grúfu fara í bunka ykkar",
           "why_discard_partner_one": "makker á slaginn: spilið sem þú leggur á grúfu fer í bunka ykkar",
           "why_discard": "enginn sér hvaða spil þú leggur á grúfu",
           "why_discard_one": "enginn sér hvaða spil þú leggur á grúfu",
           "why_claim": "fjögur í lit: öll spil á borði fara aftur á hendur og þú spilar út",
           "why_pass": "geymir fjögur í lit og bíður",
           # the end of a deal (deal_result); "@2": a team with the pupil ("Þið Tölva 2")
           "deal_won": "{won} unnu spilið: {p} {unit} gegn {q}",
           "deal_won@2": "{won} unnuð spilið: {p} {unit} gegn {q}",
           "point": "punktur", "points_word": "punktar",
           "deal_loss": "{lost} fá {n} fyrir spilið og eru þá með {tot} samtals í leiknum",
           "deal_loss@2": "{lost} fáið {n} fyrir spilið og eruð þá með {tot} samtals í leiknum",
           "deal_eggs": "Jafnt — egg: 60 punktar gegn 60, og hvorugt lið fær tapstig",
           "limit": "liðið sem fyrst nær {limit} er geitin",
           "goats": "{lost} eru geitin{eggs}", "goats@2": "{lost} eruð geitin{eggs}",
           "loss_one": "{n} tapstigi", "loss_many": "{n} tapstigum"},
    "en": {"trick_to": " — {who} takes the trick", "trick_to@2": " — {who} take the trick",
           "lead": "leads {cards}", "lead@2": "lead {cards}",
           "beat": "beats with {cards}", "beat@2": "beat with {cards}",
           "discard_seen": "lays {cards} face down", "discard_seen@2": "lay {cards} face down",
           "discard": "lays {n} cards face down", "discard@2": "lay {n} cards face down",
           "discard_one": "lays 1 card face down", "discard_one@2": "lay 1 card face down",
           "claim": "claims the lead with four of a suit", "claim@2": "claim the lead with four of a suit",
           "claim@cmd": "Claim the lead",
           "pass": "does not claim the lead", "pass@2": "do not claim the lead", "pass@cmd": "Pass",
           "seat": "Seat {n}", "team": "Team {t}", "deal": "Deal {n}",
           "trick": "Trick", "stock": "Stock", "trump": "Trumps: {suit}",
           "discard_zone": "Lay face down",
           "last_trick": "Last trick",
           "dealer": "dealer", "points": "card points {p}, tricks {s}", "drawn": "{who} drew it",
           "trump_played": "played",
           "prompt_lead": "Choose cards of one suit to lead",
           "prompt_respond": "Choose {n} cards: beat face up, or lay them face down "
                             "(then click “Lay face down”)",
           "prompt_respond_one": "Choose 1 card: beat face up, or lay it face down "
                                 "(then click “Lay face down”)",
           "prompt_claim": "You hold four of a suit: claim the lead?",
           "over": "{team} are the goats{eggs}!", "eggs": " — with the eggs",
           "why_lead_many": "{n} cards of {suit}: to take the trick, each must be beaten",
           "why_lead_low": "a low lead, no points at stake", "why_lead_high": "a strong card, hard to beat",
           "why_lead_face": "a face card: {p} card points at stake if it is beaten",
           "why_beat": "you hold the trick for now ({p} card points on the table)",
           "why_beat_trump": "a trump beats every card outside trumps ({p} card points on the table)",
           "why_discard_partner": "your partner is winning: the cards you lay face down go to your "
                                  "team's pile",
           "why_discard_partner_one": "your partner is winning: the card you lay face down goes to "
                                      "your team's pile",
           "why_discard": "nobody sees which cards you lay face down",
           "why_discard_one": "nobody sees which card you lay face down",
           "why_claim": "four of a suit: every card on the table goes back and you lead",
           "why_pass": "you keep your four of a suit and wait",
           "deal_won": "{won} won the deal: {p} {unit} to {q}",
           "point": "card point", "points_word": "card points",
           "deal_loss": "{lost} get {n} for this deal, {tot} in the match so far",
           "deal_eggs": "A tie — eggs: 60 card points each, and neither team gets loss points",
           "limit": "the first team to reach {limit} is the goat",
           "goats": "{lost} are the goats{eggs}",
           "loss_one": "{n} loss point", "loss_many": "{n} loss points"},
}
_TEAM_NAMES = {"is": ("A", "B"), "en": ("A", "B")}


def _action(action: Action | str) -> Action:
    return Action.parse(action) if isinstance(action, str) else action


def _predicate(state: State, action: Action | str, lang: str = "is", viewer: int | None = None,
               who: str = "3") -> str:
    """The move in words, e.g. "slær með 9♦ + J♠", in person `who` ("3", "2" after "Þú",
    "cmd" for a button); a face-down discard names its cards only to the all-seeing narrator
    (`viewer` None), its own player, or when discards are open."""
    action, w = _action(action), _WORDS[lang]
    if action.kind in ("claim", "pass"):
        return form(w, action.kind, who)
    cards = " + ".join(c.symbol for c in action.cards)
    if action.kind == "discard":
        if viewer is None or viewer == state.to_move or state.rules.discards_visible == "all":
            return form(w, "discard_seen", who).format(cards=cards)
        key = "discard_one" if len(action.cards) == 1 and "discard_one" in w else "discard"
        return form(w, key, who).format(n=len(action.cards))
    return form(w, "lead" if not state.plays else "beat", who).format(cards=cards)


def explain(state: State, action: Action | str, lang: str = "is") -> str:
    """One line on why one might make this move (the hint button)."""
    action, w = _action(action), _WORDS[lang]
    if action.kind in ("claim", "pass"):
        return w["why_" + action.kind]
    if not state.plays:
        if len(action.cards) > 1:
            suit = action.cards[0].suit
            assert suit is not None  # Action.parse refuses jokers
            return w["why_lead_many"].format(n=len(action.cards), suit=SUIT_SYMBOLS[suit])
        card = action.cards[0]
        if RANK_INDEX[card.rank] >= RANK_INDEX["10"] or card.suit == state.trump:
            return w["why_lead_high"]
        points = card_points([card])  # a jack, queen or king is low but not worthless
        return w["why_lead_face"].format(p=points) if points else w["why_lead_low"]
    on_table = card_points(c for _, k, cards in state.plays if k != "discard" for c in cards)
    if action.kind == "play":
        trump = any(c.suit == state.trump for c in action.cards)
        return w["why_beat_trump" if trump else "why_beat"].format(p=on_table)
    mover = state.to_move
    assert mover is not None  # a move is explained to the seat that makes it
    partner = team_of(state.trick_winner) == team_of(mover)
    key = "why_discard_partner" if partner else "why_discard"
    return w[key + "_one" if len(action.cards) == 1 else key]  # "spilið … fer", "spilin … fara"


def action_cards(state: State, action: Action | str) -> tuple[Token, ...]:
    """The tokens a player clicks: the hand cards; a discard also the face-down pile
    (so a beat and a discard of the same cards differ); claim and pass are buttons."""
    action = _action(action)
    if action.pairs is not None:  # declared pairing: one button per pair, beater>target
        return tuple((f"{c}>{t}", None) for c, t in zip(action.cards, action.pairs))
    tokens: tuple[Token, ...] = tuple(("hand", c) for c in action.cards)
    if action.kind == "discard":
        tokens += (("discard", None),)
    return tokens


def quiet(state: State, action: Action | str) -> bool:
    """Declining a claim needs no pause and no undo stop."""
    return _action(action).kind == "pass"


def layout(state: State, seat: int, lang: str = "is", who: Callable[[int], str] | None = None) -> Layout:
    """What `seat` sees, arranged for drawing (see `cardlearn.games`)."""
    w, names = _WORDS[lang], _TEAM_NAMES[lang]
    see_all = state.rules.discards_visible == "all"
    trick: list[Entry] = []
    for player, kind, cards in state.plays:
        show = kind != "discard" or see_all or player == seat
        for c in cards:
            note = {"lead": "út", "beat": "slær", "discard": "á grúfu"} if lang == "is" else {
                "lead": "led", "beat": "beats", "discard": "face down"}
            if kind == "lead" and state.interrupted:  # the lead came from a four-of-a-suit claim
                note = {"lead": "fjögur í lit"} if lang == "is" else {"lead": "four of a suit"}
            trick.append({"card": str(c) if show else None, "seat": player, "note": note[kind]})
    # The last whole trick of this deal only: `last_trick` outlives a deal (the engine keeps
    # it), but a new deal's felt starts clean, as Lomber's does (no trick taken yet).
    this_deal = state.last_trick if any(state.tricks) else ()
    last: list[Entry] = [{"card": str(c), "seat": player}
                         for player, _, cards, _ in this_deal for c in cards]
    last += [{"card": None, "seat": player} for player, _, cards, n in this_deal
             if not cards for _ in range(n)]
    trump_note = w["trump"].format(suit=SUIT_SYMBOLS[state.trump])
    if state.trump_pos is None:  # drawn: everyone saw who took it, while it is still known
        holder = next((h for h in range(4) if state.trump_card in state.known[h]), None)
        if holder is not None:
            name = who(holder) if who is not None else w["seat"].format(n=holder)
            trump_note += f" ({form(w, 'drawn', person(name, lang)).format(who=name)})"
        else:  # no longer known in a hand: it has been played (the last trick may show it)
            trump_note += f" ({w['trump_played']})"
    trump_entry: EntryDict = {"card": str(state.trump_card), "note": trump_note}

    # Once the deal's last trick is taken the face-down cards are turned up and counted,
    # as the score sheet counts them; before that only the face-up ones (what all may see).
    points = (team_points(state.piles, state.hidden) if state.face_down_shown
              else (card_points(state.piles[0]), card_points(state.piles[1])))

    def info(s: int) -> str:
        t = team_of(s)
        parts = [w["team"].format(t=names[t]), w["points"].format(p=points[t], s=state.tricks[t])]
        if s == state.dealer:
            parts.append(w["dealer"])
        return ", ".join(parts)

    phase = state.phase
    prompt = ""
    if state.to_move == seat:
        n = len(state.plays[0][2]) if state.plays else 0
        respond = w["prompt_respond_one"] if n == 1 else w["prompt_respond"].format(n=n)
        prompt = {"lead": w["prompt_lead"], "respond": respond, "claim": w["prompt_claim"]}.get(phase, "")
    elif state.winner is not None:
        goats = 1 - state.winner
        team = w["team"].format(t=names[goats])
        if who is not None:  # "Lið B (Tölva 1 og Tölva 3)", "Lið A (þú og Tölva 2)": not a subject
            members = [mid(who(s), lang) for s in range(4) if team_of(s) == goats]
            team += f" ({AND[lang].join(members)})"
        prompt = w["over"].format(team=team, eggs=w["eggs"] if state.with_eggs else "")
    # Two rows at a 1024 × 768 projector: the stock beside the trick being played, then the
    # trump card beside the last trick; the face-down target between them, only while
    # answering (the one time it can be used).
    zones: list[Zone] = [
        {"name": "stock", "label": w["stock"], "backs": len(state.stock)},
        {"name": "trick", "label": w["trick"], "cards": trick},
    ]
    if phase == "respond":
        zones.append({"name": "discard", "label": w["discard_zone"], "cards": [], "target": True})
    zones += [
        {"name": "trump", "label": w["trump"].format(suit=SUIT_SYMBOLS[state.trump]),
         "cards": [trump_entry]},
        {"name": "last-trick", "label": w["last_trick"], "cards": last},
    ]
    if state.rules.pairing == "declared" and phase == "respond" and state.to_move == seat:
        zones += [{"name": f"{c}>{t}", "label": f"{c.symbol} > {t.symbol}", "cards": [], "target": True}
                  for c in state.hands[seat] for t in state.target]
    hand: list[Entry] = [str(c) for c in sorted(state.hands[seat])]
    opponents: list[Opponent] = [{"seat": s, "hand_size": len(state.hands[s]), "info": info(s)}
                                 for s in ((seat + k) % 4 for k in (1, 2, 3))]
    return {
        "title": f"{NAME[lang]} — {w['deal'].format(n=state.deal_no + 1)}",
        "info": info(seat),
        "hand": hand,
        "scores": list(state.totals),
        "prompt": prompt,
        "opponents": opponents,
        "zones": zones,
    }


def text_picture(state: State) -> str:
    """The position in plain text (`str(state)`): every hand, the trick, the standing."""
    lines = [f"Kozel — deal {state.deal_no + 1}, dealer seat {state.dealer}, trump {state.trump_card.symbol} "
             f"(stock {len(state.stock)}), loss points A {state.totals[0]} – B {state.totals[1]}"]
    for s in range(4):
        mark = " <- to move" if state.to_move == s else ""
        lines.append(f"seat {s} ({'AB'[team_of(s)]}): {card_symbols(state.hands[s]) or '-'}{mark}")
    for who, kind, cards in state.plays:
        lines.append(f"  trick: seat {who} {kind} {card_symbols(cards)}")
    lines.append(f"tricks A {state.tricks[0]}, B {state.tricks[1]}")
    if state.winner is not None:
        lines.append(f"team {'AB'[1 - state.winner]} are the goats{' with eggs' if state.with_eggs else ''}")
    return "\n".join(lines)


def _loss(n: int, lang: str) -> str:
    """ "12 tapstigum" (dative: "nær 12 tapstigum"; singular after 21), "12 loss points"."""
    return _WORDS[lang]["loss_one" if singular(n, lang) else "loss_many"].format(n=n)


def _loss_acc(n: int, lang: str) -> str:
    """ "2 tapstig", "1 tapstig" (accusative), "2 loss points", "1 loss point"."""
    if lang == "is":
        return f"{n} tapstig"
    return f"{n} loss point" if n == 1 else f"{n} loss points"


def deal_result(before: State, after: State, lang: str, who: Callable[[int], str]) -> str:
    """One sentence for the end-of-deal panel: who won the deal that `before`'s last move
    finished (`after` is the state after it) and what that means for the match; `who`
    names a seat as the table does ("Þú", "Tölva 1").  The outcome first, then the details:
    "Þið Tölva 2 unnuð spilið: 63 punktar gegn 57; Tölva 1 og Tölva 3 fá 2 tapstig fyrir
    spilið og eru þá með 6 samtals í leiknum; liðið sem fyrst nær 12 tapstigum er geitin."
    (this deal's loss points are the row's total, the match's are said apart)."""
    w = _WORDS[lang]
    points, _tricks, _before_eggs, eggs, total = after.sheet[-1]
    teams = [team_subject([who(s) for s in range(4) if team_of(s) == t], lang) for t in (0, 1)]
    if eggs and not any(total):
        head = w["deal_eggs"]
    else:
        lost = 0 if total[0] > total[1] else 1
        won = 1 - lost
        unit = w["point"] if singular(points[won], lang) else w["points_word"]  # 81 punktur
        head = form(w, "deal_won", person(teams[won], lang)).format(
            won=teams[won], p=points[won], q=points[lost], unit=unit)
        # this deal's loss points (the row's total, "Alls í spilinu") and the match's, apart
        head += "; " + form(w, "deal_loss", person(teams[lost], lang)).format(
            lost=mid(teams[lost], lang), n=_loss_acc(total[lost], lang), tot=after.totals[lost])
    if after.winner is not None:
        goats = teams[1 - after.winner]
        tail = form(w, "goats", person(goats, lang)).format(
            lost=mid(goats, lang), eggs=w["eggs"] if after.with_eggs else "")
    else:
        tail = w["limit"].format(limit=_loss(after.rules.match_limit, lang))
    return f"{head}; {tail}."


_describe, command = move_sentences(
    _predicate,
    '"slær með A♦" alone; "Þú slærð með A♦", "You beat with A♦", "Tölva 1 slær með A♦"',
    '"Spila út 6♥", "Sleppa", "Lay 8♦ + Q♣ face down"')


def describe(state: State, action: Action | str, lang: str = "is", viewer: int | None = None,
             who: Callable[[int], str] | None = None) -> str:
    """The move in words, as `viewer` may see it: the predicate alone without `who`
    ("slær með A♦"); with `who` naming the seats the whole sentence, and a trick's last
    play says who takes the trick, as the table's log and a screen reader say it ("Tölva 3
    leggur 1 spil á grúfu — Tölva 1 fær slaginn")."""
    said = _describe(state, action, lang, viewer, who)
    if who is None or state.to_move is None:
        return said
    move = _action(action)
    if move.kind not in ("play", "discard") or len(state.plays) != 3:
        return said
    winner = who(state.to_move if move.kind == "play" else state.trick_winner)
    return said + form(_WORDS[lang], "trick_to", person(winner, lang)).format(who=winner)


# Every value of a row here is already a number (or a yes/no flag the table words), so the
# pupil reads the row as it is (Kínaskák and Lomber name contracts and seats in theirs).
sheet_row = row_as_it_is


def selected_move(state: State, tokens: Counter[Token]) -> Action | None:
    """The move the selected `tokens` would make, legal or not, for the engine to judge
    (`state.check`): hand cards alone are played face up (a lead or a beat), with the
    face-down pile laid face down; None for anything else (declared pairings' buttons)."""
    cards = tuple(sorted(c for z, c in tokens.elements() if z == "hand" and c is not None))
    rest = Counter({t: n for t, n in tokens.items() if t[0] != "hand"})
    if not cards or (rest and rest != Counter({("discard", None): 1})):
        return None
    return Action("discard" if rest else "play", cards)
