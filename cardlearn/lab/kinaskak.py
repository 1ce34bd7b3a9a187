"""Kínaskák questions: how long each contract (*samningur*) takes, what buying (*kaupa*)
is worth, and whether it matters where you sit.

A sample is one round of four rule-of-thumb players (`ThumbBot`), the round's contract
chosen by the sample's index (rounds 1–8 by turns), dealt from the sample's own shuffle of
the two decks with seat 3 dealing, so seat 0 plays first.  The search bot is far too slow
for thousands of rounds (it plays 45 moves ahead 45 times for each of its moves)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from cardlearn import protocol
from cardlearn.core import shuffled
from cardlearn.games import kinaskak as G
from cardlearn.games.kinaskak.bots import ThumbBot
from cardlearn.games.kinaskak.rules import CONTRACTS, deck_for

from .core import Question, play_deal, register, say_table
from .stats import Estimate, interval, mean, number, percent, share, signed

SEATS = 4
DEALER = SEATS - 1
ROUNDS = {"en": "rounds", "is": "umferðir"}

if TYPE_CHECKING:
    from cardlearn.lessons.language import Sayings

SAY: Sayings = say_table({
    "contracts": {
        "en": "The quickest contract is round {fast} ({fast_name}, {fast_laps} turns each, 95 % interval "
              "{fast_ci}) and the slowest round {slow} ({slow_name}, {slow_laps} turns, {slow_ci}).",
        "is": "Fljótlegasti samningurinn er {fast}. umferð ({fast_name}, {fast_laps} leikir á mann, 95 % "
              "öryggisbil {fast_ci}) og sá seinlegasti {slow}. umferð ({slow_name}, {slow_laps} leikir, "
              "{slow_ci})."},
    "buying": {
        "en": "Buying is worth {gain} penalty points a round to a rule-of-thumb player (95 % interval "
              "{ci}): {never} without buying against {normal} with it; it buys {buys} times a round.",
        "is": "Kaupin eru þumalputta {gain} refsistiga virði í umferð (95 % öryggisbil {ci}): "
              "{never} án kaupa á móti {normal} með þeim; hann kaupir {buys} sinnum í umferð."},
    "position": {
        "en": "The player who plays first takes {first} penalty points a round (95 % interval {ci}) and "
              "the dealer, who plays last, {last} ({last_ci}); the first player goes out in {out_first} "
              "of rounds, the dealer in {out_last}.",
        "is": "Sá sem á fyrsta leik fær {first} refsistig í umferð (95 % öryggisbil {ci}) og gjafarinn, "
              "sem á leik síðastur, {last} ({last_ci}); sá fyrsti fer út í {out_first} umferða, gjafarinn "
              "í {out_last}."},
})


def contract_name(runs: int, sets: int, lang: str) -> str:
    """A contract in words: "1 run and 1 set", "2 raðir og 1 þrenna"."""
    words = {"en": (("run", "runs"), ("set", "sets"), "and"),
             "is": (("röð", "raðir"), ("þrenna", "þrennur"), "og")}[lang]
    parts = [f"{n} {words[i][n != 1]}" for i, n in enumerate((runs, sets)) if n]
    return f" {words[2]} ".join(parts)


class Round(NamedTuple):
    round_no: int
    turns: float               # discards made in the round, per player
    penalty: tuple[int, ...]   # per seat (seat 0 plays first, seat 3 deals)
    went_out: int | None       # the seat that went out (None: the round ran out)


def round_no(index: int) -> int:
    return index % len(CONTRACTS) + 1


def play_round(seed: int, number_: int, bots: Sequence[Any]) -> tuple[Round, dict[int, int]]:
    """Round `number_` dealt from the shuffle `seed`, played by `bots`; the round's facts and
    the buys each seat made."""
    start = G.new_game(seed=seed, players=SEATS)
    deck = shuffled(deck_for(SEATS, start.rules), seed, "lab", number_)
    state = start.deal_round(number_, deck, DEALER)
    discards = 0
    buys: dict[int, int] = {}

    def watch(position: Any, action: Any) -> None:
        nonlocal discards
        if action.verb == "discard":
            discards += 1
        elif action.verb == "buy":
            buys[position.to_move] = buys.get(position.to_move, 0) + 1

    state = play_deal(state, bots, watch)
    row = state.last_deal.row
    return Round(number_, discards / SEATS, tuple(row["penalty"]), row["went_out"]), buys


def _rounds_play(seed: int, index: int) -> Round:
    return play_round(seed, round_no(index), [ThumbBot(seed + s) for s in range(SEATS)])[0]


def _contracts_summary(samples: Sequence[Any]) -> list[Estimate]:
    out = []
    for r, c in enumerate(CONTRACTS, 1):
        label = {lang: f"{r}: {contract_name(c.runs, c.sets, lang)}" for lang in ("en", "is")}
        out.append(mean(f"round{r}", label, [s[1] for s in samples if s[0] == r]))
    return out


def _contracts_answer(e: Mapping[str, Estimate], lang: str) -> str:
    rounds = [e[f"round{r}"] for r in range(1, len(CONTRACTS) + 1)]
    fast = min(range(len(rounds)), key=lambda i: rounds[i].value)
    slow = max(range(len(rounds)), key=lambda i: rounds[i].value)
    f, s = CONTRACTS[fast], CONTRACTS[slow]
    return SAY.say("contracts", lang, fast=fast + 1, fast_name=contract_name(f.runs, f.sets, lang),
                   fast_laps=number(rounds[fast].value, lang), fast_ci=interval(rounds[fast], lang),
                   slow=slow + 1, slow_name=contract_name(s.runs, s.sets, lang),
                   slow_laps=number(rounds[slow].value, lang), slow_ci=interval(rounds[slow], lang))


_BOTS = {"en": "four rule-of-thumb players", "is": "fjórir þumalputtar"}

register(Question(
    name="kinaskak.contracts",
    title={"en": "Kínaskák: how long does each contract take?", "is": "Kínaskák: hve langan tíma tekur "
                                                                      "hver samningur?"},
    unit=ROUNDS, deals=2400, rules={"default": G.Rules()}, bots=_BOTS,
    play=_rounds_play, summarize=_contracts_summary, answer=_contracts_answer,
    can={"en": "how many turns each player has before someone goes out, contract by contract, for four "
               "rule-of-thumb players.",
         "is": "hve marga leiki hver spilari fær áður en einhver fer út, samning fyrir samning, hjá "
               "fjórum þumalputtum."},
    cannot={"en": "how long a round takes at a table of people, who take longer over a hard contract and "
                  "may lay down sooner or later than the bot, which lays down at the first chance.",
            "is": "hve lengi umferð stendur hjá fólki, sem hugsar lengur um erfiðan samning og leggur ef "
                  "til vill niður fyrr eða síðar en tölvan, sem leggur niður við fyrsta tækifæri."},
    axis={"mean": {"en": "turns per player until someone goes out",
                   "is": "leikir á mann þar til einhver fer út"}},
))


# ---------------------------------------------------------------------------------------
# kinaskak.position — first to play or dealer?

def _position_summary(samples: Sequence[Any]) -> list[Estimate]:
    names = {0: {"en": "seat 1 (plays first)", "is": "1. sæti (á fyrsta leik)"},
             DEALER: {"en": f"seat {SEATS} (deals, plays last)", "is": f"{SEATS}. sæti (gefur, á síðasta "
                                                                       f"leik)"}}
    out = []
    for seat in range(SEATS):
        name = names.get(seat, {"en": f"seat {seat + 1}", "is": f"{seat + 1}. sæti"})
        word = {"en": "penalty", "is": "refsistig"}
        out.append(mean(f"penalty{seat}", {lang: f"{name[lang]}: {word[lang]}"
                                           for lang in name}, [s[2][seat] for s in samples]))
    for seat in range(SEATS):
        name = names.get(seat, {"en": f"seat {seat + 1}", "is": f"{seat + 1}. sæti"})
        out.append(share(f"out{seat}", {lang: f"{name[lang]}: " + ("goes out" if lang == "en" else "fer út")
                                        for lang in name}, [float(s[3] == seat) for s in samples]))
    return out


def _position_answer(e: Mapping[str, Estimate], lang: str) -> str:
    first, last = e["penalty0"], e[f"penalty{DEALER}"]
    return SAY.say("position", lang, first=number(first.value, lang), ci=interval(first, lang),
                   last=number(last.value, lang), last_ci=interval(last, lang),
                   out_first=percent(e['out0'].value, lang),
                   out_last=percent(e[f'out{DEALER}'].value, lang))


register(Question(
    name="kinaskak.position",
    title={"en": "Kínaskák: does it matter where you sit?", "is": "Kínaskák: skiptir máli hvar maður situr?"},
    unit=ROUNDS, deals=2400, rules={"default": G.Rules()}, bots=_BOTS,
    play=_rounds_play, summarize=_position_summary, answer=_position_answer,
    can={"en": "how much playing first is worth in one round (over a match the deal goes round, and the "
               "seats even out).",
         "is": "hvers virði það er að eiga fyrsta leik í einni umferð (í heilum leik gengur gjöfin "
               "hringinn og sætin jafnast út)."},
    cannot={"en": "the edge between players of different strength, or the value of the buys the later "
                  "seats get first chance at.",
            "is": "forskotið þegar spilararnir eru misgóðir, né hvers virði það er seinni sætunum að fá "
                  "fyrst færi á kaupum."},
    axis={"mean": {"en": "penalty points a round", "is": "refsistig í umferð"},
          "share": {"en": "share of rounds", "is": "hlutfall umferða"}},
))


# ---------------------------------------------------------------------------------------
# kinaskak.buying — what buying a declined discard is worth

class NeverBuys(ThumbBot):
    """The rule-of-thumb player that passes every discard it could buy."""

    def choose(self, state: protocol.AnyState, seat: int) -> Any:
        choice = super().choose(state, seat)
        if choice.verb == "buy":
            return next(a for a in state.legal_actions() if a.verb == "pass")
        return choice


def _buying_play(seed: int, index: int) -> tuple[int, int, int]:
    """The same round twice, seat `index % 4` first buying as its rule of thumb says, then
    never: (its penalty with buying, without, the buys it made)."""
    seat, number_ = index % SEATS, round_no(index // SEATS)
    bots: list[Any] = [ThumbBot(seed + s) for s in range(SEATS)]
    normal, buys = play_round(seed, number_, bots)
    bots[seat] = NeverBuys(seed + seat)
    never, _ = play_round(seed, number_, bots)
    return normal.penalty[seat], never.penalty[seat], buys.get(seat, 0)


def _buying_summary(samples: Sequence[Sequence[int]]) -> list[Estimate]:
    return [
        mean("gain", {"en": "never buying − buying: penalty a round",
                      "is": "án kaupa − með kaupum: refsistig"},
             [float(b - a) for a, b, _ in samples]),
        mean("normal", {"en": "penalty a round, buying", "is": "refsistig í umferð, með kaupum"},
             [float(a) for a, _, _ in samples]),
        mean("never", {"en": "penalty a round, never buying", "is": "refsistig í umferð, án kaupa"},
             [float(b) for _, b, _ in samples]),
        mean("buys", {"en": "buys a round", "is": "kaup í umferð"}, [float(c) for _, _, c in samples]),
    ]


def _buying_answer(e: Mapping[str, Estimate], lang: str) -> str:
    return SAY.say("buying", lang, gain=signed(e["gain"].value, lang), ci=interval(e["gain"], lang),
                   never=number(e["never"].value, lang), normal=number(e["normal"].value, lang),
                   buys=number(e["buys"].value, lang, 2))


register(Question(
    name="kinaskak.buying",
    title={"en": "Kínaskák: what is buying worth?", "is": "Kínaskák: hvers virði eru kaupin?"},
    unit=ROUNDS, deals=1600, rules={"default": G.Rules()},
    bots={"en": "four rule-of-thumb players; one of them, by turns, never buys in the second playing",
          "is": "fjórir þumalputtar; einn þeirra, til skiptis, kaupir aldrei í seinna skiptið"},
    play=_buying_play, summarize=_buying_summary, answer=_buying_answer,
    can={"en": "what the rule of thumb's buying saves it over never buying, on the same cards and against "
               "the same players.",
         "is": "hvað kaup þumalputtans spara honum miðað við að kaupa aldrei, með sömu spilum og gegn "
               "sömu spilurum."},
    cannot={"en": "whether a person should buy more or less: the bot buys only a card that brings its "
                  "contract closer, and a bought card is also a stock card it did not choose.",
            "is": "hvort manneskja ætti að kaupa meira eða minna: tölvan kaupir aðeins spil sem færa "
                  "hana nær samningnum, og keyptu spili fylgir spil úr stokknum sem hún valdi ekki."},
    axis={"mean": {"en": "penalty points a round", "is": "refsistig í umferð"}},
    lines={"mean": 0.0},
))
