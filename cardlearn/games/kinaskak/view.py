"""Kínaskák in words and pictures: move descriptions, hints, the layout a seat sees, and
the reasons for illegal moves, in Icelandic and English."""

from __future__ import annotations

from collections.abc import Callable

from cardlearn.cards import JOKER, Card
from cardlearn.protocol import Entry, EntryDict, Layout, Opponent, Token, Zone

from .bots import progress
from .rules import CONTRACTS, FINAL_ROUND, NAME, card_penalty, fit_run, penalty, run_cards
from .state import Action, Meld, State, layoff_ends

RULE_WORDS = {  # why a move is illegal (IllegalMove.rule), in each language
    "en": {
        "wrong_step": "not now: at this step ({step}) the moves are {moves}",
        "no_buy_now": "you may not buy now: buying is for the other players right after the player "
                      "in turn declines the discard, at most {max} times a round",
        "no_buy_round8": "there is no buying in the eighth round",
        "not_in_hand": "you do not hold {cards}",
        "same_card": "you may not discard {card}, the card you just took (forbid_same_card_discard)",
        "not_a_set": "{cards} is not a set (þrenna): three or more cards of one rank, jokers wild",
        "not_a_run": "{cards} is not a run (röð): four or more cards of one suit in sequence, the ace "
                     "low or high, no wrap-around",
        "run_placing": "{cards}: each joker stands for the card missing at its place; a joker at an end "
                       "stands for the card just above the run or, declared so, just below it (with "
                       "two jokers at the ends, both above or both below)",
        "no_new_melds": "you have laid down already: no new melds, only lay-offs",
        "final_round_whole_hand": "in the eighth round you lay down your whole hand at once: "
                                  "two runs and two sets with all 14 cards",
        "meld_length": "lay a meld at its shortest (run 4, set 3) and add cards by laying off",
        "contract": "that meld does not lead to round {round}'s contract with the rest of your hand "
                    "(runs in one contract must be of different suits)",
        "not_laid_down": "you must lay down your contract before you lay off or steal a joker",
        "final_round": "no lay-offs or joker steals in the eighth round",
        "layoff_same_turn": "you may not lay off in the turn you laid down (layoff_same_turn)",
        "no_such_meld": "there is no meld {meld} on the table",
        "keep_two": "you may not empty your hand but by laying everything down (go_out_by_discard)",
        "bad_layoff": "{card} does not fit meld {meld}: a run grows at its ends in its suit, up to the ace; "
                      "a set takes its rank",
        "steal_own": "you may not take back your own joker",
        "steal_from_set": "jokers may not be taken from sets (joker_steal_from_sets)",
        "bad_steal": "{card} is not the card that joker stands for: swap in exactly that card",
        "steal_unused": "a stolen joker must be used this turn, and it could not be",
    },
    "is": {
        "wrong_step": "ekki núna: í þessu skrefi ({step}) má aðeins {moves}",
        "no_buy_now": "þú mátt ekki kaupa núna: hinir kaupa strax eftir að sá sem á leik afþakkar "
                      "kastið, mest {max} sinnum í umferð",
        "no_buy_round8": "í áttundu umferð er ekkert keypt",
        "not_in_hand": "þú ert ekki með {cards} á hendi",
        "same_card": "þú mátt ekki kasta {card}, spilinu sem þú varst að taka",
        "not_a_set": "þetta er ekki þrenna ({cards}): þrenna er þrjú spil eða fleiri af sama gildi, "
                     "og jóker má nota",
        "not_a_run": "þetta er ekki röð ({cards}): röð er fjögur spil eða fleiri í sömu sort, hvert "
                     "á eftir öðru; ásinn má vera neðst eða efst, en röðin fer ekki hringinn",
        "run_placing": "{cards}: jóker stendur fyrir spilið sem vantar á sínum stað; jóker á enda "
                       "stendur fyrir spilið fyrir ofan röðina eða, ef þú velur það, fyrir neðan hana "
                       "(tveir jókerar á endum: báðir ofan eða báðir neðan)",
        "no_new_melds": "þú hefur þegar lagt niður: engar nýjar raðir eða þrennur, aðeins má bæta við",
        "final_round_whole_hand": "í áttundu umferð leggurðu öll spilin niður í einu: tvær raðir og "
                                  "tvær þrennur úr öllum 14 spilunum",
        "meld_length": "leggðu röð eða þrennu niður eins stutta og hægt er (röð 4 spil, þrennu 3) "
                       "og bættu svo við",
        "contract": "með þessu næst ekki samningur {round}. umferðar úr hinum spilunum á hendi "
                    "(raðir í sama samningi eru hver í sinni sort)",
        "not_laid_down": "þú verður að leggja samninginn niður áður en þú bætir við eða tekur jóker",
        "final_round": "í áttundu umferð er hvorki bætt við né teknir jókerar",
        "layoff_same_turn": "þú mátt ekki bæta við í sama sinn og þú lagðir niður",
        "no_such_meld": "það er engin röð eða þrenna {meld} á borðinu",
        "keep_two": "þú mátt ekki losa þig við öll spilin nema með því að leggja allt niður",
        "bad_layoff": "{card} passar ekki við {meld}: röð lengist á endunum í sinni sort, upp að ás; "
                      "við þrennu bætast aðeins spil af sama gildi",
        "steal_own": "þú mátt ekki taka þinn eigin jóker",
        "steal_from_set": "ekki má taka jókera úr þrennum",
        "bad_steal": "{card} er ekki spilið sem jókerinn stendur fyrir: settu nákvæmlega það spil í staðinn",
        "steal_unused": "jóker sem þú tekur verður að nota í sama sinn, og það gengur ekki hér",
    },
}

SHEET_NAMES = {
    "is": {"round": "umferð", "contract": "samningur", "went_out": "lokaði", "penalty": "refsistig",
           "total": "alls"},
    "en": {"round": "round", "contract": "contract", "went_out": "went out", "penalty": "penalty points",
           "total": "total"},
}

_W = {
    "is": {"take": "tekur {card} úr kastbunkanum", "draw": "dregur úr stokknum",
           "leave": "lætur {card} liggja og dregur úr stokknum",
           "leave_buy": "lætur {card} liggja (hinir mega kaupa það) og dregur úr stokknum",
           "joker_low": "jóker neðst",
           "buy": "kaupir {card} og eitt spil úr stokknum",
           "ask": "vill kaupa {card} (dregið um ef fleiri vilja)",
           "pass": "kaupir ekki", "run": "leggur niður röð {cards}", "set": "leggur niður þrennu {cards}",
           "off": "bætir {card} við {meld}", "steal": "setur {card} í stað jókers í {meld} og tekur jókerinn",
           "discard": "kastar {card}", "out": " og lokar",
           "run_of": "röð sætis {seat}", "set_of": "þrennu sætis {seat}",
           "low": " (neðst)", "high": " (efst)",
           "seat": "Sæti {n}", "round": "umferð {n}", "runs": "{n} röð", "runs_pl": "{n} raðir",
           "sets": "{n} þrenna", "sets_pl": "{n} þrennur", "stock": "stokkur", "discard_pile": "kastbunki",
           "dealer": "gefur", "laid": "búin(n) að leggja niður", "buys": "kaup {n}/{m}",
           "pending": "í lagningu",
           "why_take": "{card} {helps}", "why_draw": "afþakkar {card} ({helps}); hinir mega kaupa það, "
                                                     "og svo dregurðu óþekkt spil",
           "why_buy": "færð {card} og spil úr stokknum en kastar engu, svo að spilunum á hendi "
                      "fjölgar um tvö; {card} {helps}",
           "helps": "nýtist í samninginn", "fits": "passar við röð eða þrennu á borðinu",
           "useless": "nýtist lítið eins og er",
           "why_pass": "sleppir kaupunum og hefur færri spil á hendi",
           "why_meld": "hluti af samningnum ({contract}); hin spilin á hendi duga fyrir afganginum",
           "why_free": "ný röð eða þrenna: {n} spil færri á hendi",
           "why_off": "losnar við {card} ({p} refsistig)", "why_steal": "nærð í jóker sem passar hvar sem er",
           "why_discard": "losar þig við {card} ({p} refsistig ef það sæti eftir)",
           "why_out": "kastar síðasta spilinu og lokar", "prompt_draw": "Taktu {card} eða dragðu úr stokknum",
           "prompt_buy": "Viltu kaupa {card}?", "prompt_meld": "Leggðu næstu röð eða þrennu samningsins",
           "prompt_discard": "Leggðu niður, bættu við eða kastaðu spili", "over": "Leiknum er lokið",
           "winner": "Sæti {n} vinnur!",
           "waiting": "Sæti {n} á leik", "tie": "Jafntefli", "title": "{name} — {r}. umferð: {contract}"},
    "en": {"take": "takes {card} from the discard pile", "draw": "draws from the stock",
           "leave": "leaves {card} and draws from the stock",
           "leave_buy": "leaves {card} (the others may buy it) and draws from the stock",
           "joker_low": "joker as the low end",
           "buy": "buys {card} and one stock card", "ask": "asks to buy {card} (a lot if several ask)",
           "pass": "does not buy", "run": "lays down a run {cards}", "set": "lays down a set {cards}",
           "off": "adds {card} to {meld}",
           "steal": "puts {card} in place of the joker in {meld}, taking the joker",
           "discard": "discards {card}", "out": " and goes out",
           "run_of": "seat {seat}'s run", "set_of": "seat {seat}'s set",
           "low": " (low end)", "high": " (high end)",
           "seat": "Seat {n}", "round": "round {n}", "runs": "{n} run", "runs_pl": "{n} runs",
           "sets": "{n} set", "sets_pl": "{n} sets", "stock": "stock", "discard_pile": "discard pile",
           "dealer": "dealer", "laid": "laid down", "buys": "buys {n}/{m}", "pending": "being laid",
           "why_take": "{card} {helps}", "why_draw": "declines {card} ({helps}); the others may buy it, "
                                                     "then you draw an unseen card",
           "why_buy": "you get {card} and a stock card, discarding nothing: two more cards in hand; "
                      "{card} {helps}",
           "helps": "works toward your contract", "fits": "fits a meld on the table",
           "useless": "does little for you now",
           "why_pass": "skips the buy and keeps your hand smaller",
           "why_meld": "part of the contract ({contract}); the rest of your hand can make the rest",
           "why_free": "a new meld: {n} cards fewer in hand",
           "why_off": "sheds {card} ({p} penalty points)", "why_steal": "gets a joker, which fits anywhere",
           "why_discard": "sheds {card} ({p} penalty points if it stayed)",
           "why_out": "discards the last card and goes out",
           "prompt_draw": "Take {card} or draw from the stock",
           "prompt_buy": "Buy {card}?", "prompt_meld": "Lay the next meld of the contract",
           "prompt_discard": "Lay down, lay off or discard a card", "over": "The game is over",
           "winner": "Seat {n} wins!",
           "waiting": "Seat {n} to move", "tie": "A tie", "title": "{name} — round {r}: {contract}"},
}


def contract_words(round_no: int, lang: str = "is") -> str:
    """"1 röð + 1 þrenna" / "1 run + 1 set"."""
    w, c = _W[lang], CONTRACTS[round_no - 1]
    parts = []
    if c.runs:
        parts.append(w["runs" if c.runs == 1 else "runs_pl"].format(n=c.runs))
    if c.sets:
        parts.append(w["sets" if c.sets == 1 else "sets_pl"].format(n=c.sets))
    return " + ".join(parts)


def _parse(action: Action | str) -> Action:
    return Action.parse(action) if isinstance(action, str) else action


def _run_text(cards: tuple[Card, ...], binds: tuple[Card, ...]) -> str:
    return " ".join(c.symbol if c is not JOKER else f"🃏({b.symbol})" for c, b in zip(cards, binds))


def _predicate(state: State, action: Action | str, lang: str = "is", viewer: int | None = None) -> str:
    """The move in words, without who makes it.  Every card named is face up at the table
    (a stock card, drawn or bought, is never named), so `viewer` changes nothing.  A
    `draw` leaves the live discard: to the others to buy, when a buy window opens."""
    a, w = _parse(action), _W[lang]
    top = state.discard[-1].symbol if state.discard else "-"
    if a.verb == "take":
        return w["take"].format(card=top)
    if a.verb == "draw":
        if state.step != "draw":  # not a decision about a live discard (only reached for words)
            return w["draw"]
        return w["leave_buy" if state.buyers() else "leave"].format(card=top)
    if a.verb == "pass":
        return w["pass"]
    if a.verb == "buy":
        return w["buy" if state.rules.buy_priority == "seat_order" else "ask"].format(card=top)
    if a.verb == "run":
        return w["run"].format(cards=_run_text(a.cards, a.binds))
    if a.verb == "set":
        return w["set"].format(cards=" ".join(c.symbol for c in a.cards))
    card = a.cards[0].symbol
    if a.verb == "discard":
        last = len(state.hands[state.player]) == 1
        return w["discard"].format(card=card) + (w["out"] if last else "")
    assert a.meld is not None  # the moves left (off, steal) name a meld
    target = state.meld_at(a.meld)
    kind = target.kind if target is not None else "set"
    meld = w[kind + "_of"].format(seat=a.meld[0])
    text = w[a.verb].format(card=card, meld=meld) + (w[a.end] if a.end and kind == "run" else "")
    if a.verb == "off" and len(state.hands[state.player]) == 1:
        text += w["out"]
    return text


def explain(state: State, action: Action | str, lang: str = "is") -> str:
    """A one-line reason for the move, for the seat to move (the hint button)."""
    a, w = _parse(action), _W[lang]
    top = state.discard[-1].symbol if state.discard else "-"
    if a.verb in ("take", "draw", "buy"):
        return w["why_" + a.verb].format(card=top, helps=w[_use_of_top(state)])
    if a.verb == "pass":
        return w["why_pass"]
    if a.verb in ("run", "set"):
        if state.laid_down[state.player] and not state.pending:
            return w["why_free"].format(n=len(a.cards))
        return w["why_meld"].format(contract=contract_words(state.round_no, lang))
    card = a.cards[0]
    if a.verb == "steal":
        return w["why_steal"]
    if a.verb == "discard" and len(state.hands[state.player]) == 1:
        return w["why_out"]
    return w["why_" + a.verb].format(card=card.symbol, p=card_penalty(card))


def _use_of_top(state: State) -> str:
    """Does the discard top help the seat to move: "helps" its contract, "fits" a meld on
    the table (once laid down), or is of little "useless" use."""
    seat, card = state.to_move, state.discard[-1]
    assert seat is not None  # asked only for a move of the seat to move
    if state.laid_down[seat]:
        fits = card is JOKER or any(layoff_ends(m, card, state.rules) for ms in state.melds for m in ms)
        return "fits" if fits else "useless"
    c, hand, wrap = state.contract, state.hands[seat], state.rules.run_wrap
    gain = progress((*hand, card), c.runs, c.sets, wrap) - progress(hand, c.runs, c.sets, wrap)
    return "helps" if card is JOKER or gain >= 1 else "useless"


def quiet(state: State, action: Action | str) -> bool:
    """Declining to buy needs no pause and no undo stop."""
    return _parse(action).verb == "pass"


def meld_zone(owner: int, i: int) -> str:
    return f"meld-{owner}-{i}"


JOKER_LOW = "joker-low"  # the target zone that declares a joker at the end of a run as its low end


def low_binding(state: State, action: Action) -> bool:
    """Is `action` a run laid with a joker declared at its low end (`rules.end_placings`):
    not the highest placing of its cards, the one a player gets by clicking them alone?"""
    if action.verb != "run":
        return False
    placed = fit_run(action.cards, state.rules)
    return placed is not None and \
        run_cards(placed[0], placed[1], len(action.cards), state.rules.run_wrap) != action.binds


def action_cards(state: State, action: Action | str) -> tuple[Token, ...]:
    """The tokens of a move: hand cards, the discard top, the stock, a meld zone or the
    card of a meld.  A run's cards alone lay it with a joker at an end as high as it goes;
    the same cards and the target zone `JOKER_LOW` declare that joker at the low end
    instead (§B4.4).  A lay-off names its meld zone; when the card fits both ends of a run
    (a joker, or an ace on a 2–K run), the low end is chosen by clicking the run's first
    card instead.  A joker steal names the joker in the meld.  Buy and pass are buttons."""
    a = _parse(action)
    if a.verb == "take":
        return (("discard", state.discard[-1]),)
    if a.verb == "draw":
        return (("stock", None),)
    if a.verb in ("buy", "pass"):
        return ()
    if a.verb in ("run", "set", "discard"):
        tokens = tuple(("hand", c) for c in a.cards)
        return (*tokens, (JOKER_LOW, None)) if low_binding(state, a) else tokens
    assert a.meld is not None  # the moves left (off, steal) name a meld
    zone = meld_zone(*a.meld)
    card = a.cards[0]
    if a.verb == "steal":
        return (("hand", card), (zone, JOKER))
    meld = state.meld_at(a.meld)
    if a.end == "low" and meld is not None and len(layoff_ends(meld, card, state.rules)) == 2:
        return (("hand", card), (zone, meld.cards[0]))
    return (("hand", card), (zone, None))


def _entries(meld: Meld, wrap: bool, lang: str) -> list[Entry]:
    out: list[Entry] = []
    for i, c in enumerate(meld.cards):
        if c is JOKER:
            stands = meld.stands_for(i, wrap)
            note = stands.symbol if isinstance(stands, Card) else stands
            out.append(EntryDict(card="JK", seat=meld.owner, note=f"= {note}"))
        else:
            out.append(str(c))
    return out


def _meld_label(melds: tuple[Meld, ...], i: int, kinds: dict[str, str], owner: str) -> str:
    """A meld by its kind and its owner's name ("röð · Tölva 1"), numbered only where the
    owner has more than one of that kind ("röð 2 · Þú"); never a seat number or an id."""
    kind = melds[i].kind
    same = [j for j, m in enumerate(melds) if m.kind == kind]
    number = f" {same.index(i) + 1}" if len(same) > 1 else ""
    return f"{kinds[kind]}{number} · {owner}"


def layout(state: State, seat: int, lang: str = "is", who: Callable[[int], str] | None = None) -> Layout:
    """What `seat` sees: its hand; every meld as a zone by its owner (jokers noted with
    what they stand for); the discard pile face up; the stock as backs."""
    w, wrap = _W[lang], state.rules.run_wrap
    zones: list[Zone] = []
    kinds = {"is": {"run": "röð", "set": "þrenna"}, "en": {"run": "run", "set": "set"}}[lang]
    name = who if who is not None else (lambda s: w["seat"].format(n=s))
    for owner, ms in enumerate(state.melds):
        for i, m in enumerate(ms):
            zones.append(Zone(name=meld_zone(owner, i), label=_meld_label(ms, i, kinds, name(owner)),
                              owner=owner, target=True, cards=_entries(m, wrap, lang)))
    for j, m in enumerate(state.pending):
        zones.append(Zone(name=f"pending-{j}", label=f"{kinds[m.kind]} ({w['pending']})", owner=m.owner,
                          target=False, cards=_entries(m, wrap, lang)))
    if state.to_move == seat and any(low_binding(state, a) for a in state.legal_actions()):
        zones.append(Zone(name=JOKER_LOW, label=w["joker_low"], owner=seat, target=True, cards=[]))
    # The discard pile as a stack (its top card, the only one in play, and a count; the table
    # opens it on a click): fanned in one row it pushed the hand below a 768 px window.
    zones.append(Zone(name="discard", label=w["discard_pile"], owner=None, target=False,
                      cards=[str(c) for c in state.discard], stack=True))
    zones.append(Zone(name="stock", label=w["stock"], owner=None, target=True, backs=len(state.stock)))

    def info(s: int) -> str:
        bits = [w["buys"].format(n=state.buys_used[s], m=state.rules.max_buys)]
        if state.laid_down[s]:
            bits.append(w["laid"])
        if state.dealer == s:
            bits.append(w["dealer"])
        return ", ".join(bits)

    top = state.discard[-1].symbol if state.discard else "-"
    if state.step == "over":
        # `who` too, so that the words may name the seat ("{who} vinnur!") instead of its number.
        winner = state.winner
        result = w["tie"] if winner is None else w["winner"].format(n=winner, who=name(winner))
        prompt = w["over"] + ". " + result
    elif state.to_move != seat:
        mover = state.to_move
        prompt = w["waiting"].format(n=mover, who=name(mover) if mover is not None else "")
    else:
        prompt = w["prompt_" + state.step].format(card=top)
    title = w["title"].format(name=NAME[lang], r=state.round_no,
                              contract=contract_words(state.round_no, lang))
    return Layout(
        title=title, info=info(seat), hand=[str(c) for c in state.hands[seat]],
        scores=list(state.totals), prompt=prompt,
        opponents=[Opponent(seat=s, hand_size=len(state.hands[s]), info=info(s))
                   for s in range(state.n) if s != seat],
        zones=zones,
    )


def text_picture(state: State) -> str:
    lines = [f"Kínaskák — round {state.round_no} ({contract_words(state.round_no, 'en')}), dealer seat "
             f"{state.dealer}, stock {len(state.stock)}, discard "
             f"{state.discard[-1].symbol if state.discard else '-'}{' (live)' if state.live else ''}, "
             f"scores {'-'.join(map(str, state.totals))}"]
    for s in range(state.n):
        mark = " <- to move" if state.to_move == s else ""
        hand = " ".join(c.symbol for c in state.hands[s]) or "-"
        held = state.hands[s]
        lines.append(f"seat {s}: {hand}  ({len(held)} cards, {penalty(held)} points){mark}")
        for i, m in enumerate(state.melds[s]):
            lines.append(f"   {s}-{i} {m.kind}: " + " ".join(
                c.symbol if c is not JOKER else "🃏" for c in m.cards))
    if state.round_no == FINAL_ROUND and state.step == "over":
        lines.append("over: " + ("tie" if state.winner is None else f"seat {state.winner} wins"))
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
