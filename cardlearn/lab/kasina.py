"""Kasína questions: does the dealer gain, what the game's length (20 or 21 points) and the
hand size (4 or 5 cards) do to a match, and the source's advice to children, "Það er best að
reyna að ná sem flestum spilum, spöðum og ásum í bunkann" (collect as many cards, spades
and aces as you can).

The players are quick one-move bots, since a question plays thousands of hands: `GreedyBot`
(the project's rule of thumb without its look-ahead: take what is worth most now), the
random bot, and `AdviceBot` below, which takes what it is told to value.  The sampling
rule-of-thumb and the search bots are a hundred times slower."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from cardlearn import protocol
from cardlearn.bots import Bot, RandomBot
from cardlearn.cards import Card
from cardlearn.games import kasina as K

from .core import Question, play_deal, register, say_table
from .stats import Estimate, interval, mean, number, percent, share, signed

if TYPE_CHECKING:
    from cardlearn.lessons.language import Sayings

SAY: Sayings = say_table({
    "dealer.edge": {
        "en": "Yes: with rule-of-thumb play the dealer's points minus the other player's come to {gap} a "
              "hand (95 % interval {ci}), and the dealer wins {wins} of hands; with random play {rgap} "
              "({rci}).",
        "is": "Já: þegar spilað er eftir þumalputtareglu er munurinn á stigum gjafarans og mótspilarans "
              "{gap} í spili (95 % öryggisbil {ci}), og gjafarinn vinnur {wins} spila; hjá slembispilurum "
              "{rgap} ({rci})."},
    "dealer.none": {
        "en": "No clear edge: with rule-of-thumb play the dealer's gap is {gap} points a hand (95 % "
              "interval {ci}, wins {wins} of hands); with random play {rgap} ({rci}).",
        "is": "Enginn skýr munur: þegar spilað er eftir þumalputtareglu er munur gjafarans {gap} stig í "
              "spili (95 % öryggisbil {ci}, vinnur {wins} spila); hjá slembispilurum {rgap} ({rci})."},
    "length": {
        "en": "A match to {b_name} takes {b_hands} hands on average and one to {a_name} {a_hands} "
              "(difference {diff}, 95 % interval {ci}); the winner had been behind in {a_back} and "
              "{b_back} of matches.",
        "is": "Leikur upp í {b_name} tekur að meðaltali {b_hands} spil og leikur upp í {a_name} {a_hands} "
              "(munur {diff}, 95 % öryggisbil {ci}); sigurvegarinn hafði verið undir í {a_back} og "
              "{b_back} leikja."},
    "cards": {
        "en": "With {b_name} in hand a match takes {b_hands} hands on average and with {a_name} {a_hands} "
              "(difference {diff}, 95 % interval {ci}); the winner had been behind in {a_back} and "
              "{b_back} of matches.",
        "is": "Þegar hver fær {b_name} á hendi tekur leikur að meðaltali {b_hands} spil, en {a_hands} "
              "þegar hver fær {a_name} (munur {diff}, 95 % öryggisbil {ci}); sigurvegarinn hafði verið "
              "undir í {a_back} og {b_back} leikja."},
    "advice.pays": {
        "en": "The advice pays: going for cards, spades and aces gains {gain} points a hand against a "
              "player who goes only for casinos and sweeps (95 % interval {ci}); of the three, {best} "
              "alone matter most ({best_gain}).",
        "is": "Ráðið borgar sig: sá sem sækist eftir spilum, spöðum og ásum fær {gain} stigum meira í "
              "spili en sá sem sækist aðeins eftir kasínum og svippum (95 % öryggisbil {ci}); af þessu "
              "þrennu munar mest um {best} ({best_gain})."},
    "advice.not": {
        "en": "No clear gain: going for cards, spades and aces gives {gain} points a hand against a "
              "player who goes only for casinos and sweeps (95 % interval {ci}); {best} alone give "
              "{best_gain}.",
        "is": "Enginn skýr ávinningur: sá sem sækist eftir spilum, spöðum og ásum fær {gain} stig í spili "
              "umfram þann sem sækist aðeins eftir kasínum og svippum (95 % öryggisbil {ci}); mest munar "
              "um {best} ({best_gain})."},
})

HAND = {"en": "hands", "is": "spil"}
MATCHES = {"en": "matches", "is": "leikir"}
POINTS_AXIS = {"en": "points a hand", "is": "stig í spili"}
SHARE_AXIS = {"en": "share of hands", "is": "hlutfall spila"}


def hand_row(rules: K.Rules, seed: int, dealer: int, bots: Sequence[Bot]) -> dict[str, Any]:
    """The score-sheet row of the first hand of a match seeded `seed`."""
    state = play_deal(K.new_game(seed=seed, rules=rules, dealer=dealer), bots)
    row: dict[str, Any] = state.score_sheet[0]
    return row


# ---------------------------------------------------------------------------------------
# kasina.dealer — does it matter who deals?

def _dealer_play(seed: int, index: int) -> tuple[float, float]:
    dealer = index % 2  # each seat deals half the hands
    greedy = hand_row(K.Rules(), seed, dealer, [K.GreedyBot(seed), K.GreedyBot(seed)])["total"]
    rand = hand_row(K.Rules(), seed, dealer, [RandomBot(seed), RandomBot(seed + 1)])["total"]
    return greedy[dealer] - greedy[1 - dealer], rand[dealer] - rand[1 - dealer]


def _dealer_summary(samples: Sequence[tuple[float, float]]) -> list[Estimate]:
    greedy = [g for g, _ in samples]
    return [
        mean("gap", {"en": "rule of thumb: dealer's points − the other's", "is": "þumalputtar: stig "
                                                                                 "gjafara − mótspilara"},
             greedy),
        mean("random_gap", {"en": "random play: dealer's points − the other's", "is": "slembispilarar: stig "
                                                                                      "gjafara − mótspilara"},
             [r for _, r in samples]),
        share("wins", {"en": "rule of thumb: dealer wins the hand (tie ½)", "is": "þumalputtar: gjafari "
                                                                                  "vinnur spilið (jafnt ½)"},
              [1.0 if g > 0 else 0.5 if g == 0 else 0.0 for g in greedy]),
    ]


def _dealer_answer(e: Mapping[str, Estimate], lang: str) -> str:
    gap = e["gap"]
    key = "dealer.edge" if gap.low > 0 or gap.high < 0 else "dealer.none"
    return SAY.say(key, lang, gap=signed(gap.value, lang, 2), ci=interval(gap, lang, 2),
                   wins=percent(e['wins'].value, lang),
                   rgap=signed(e["random_gap"].value, lang, 2),
                   rci=interval(e["random_gap"], lang, 2))


register(Question(
    name="kasina.dealer",
    title={"en": "Kasína: does it matter who deals?", "is": "Kasína: skiptir máli hver gefur?"},
    unit=HAND, deals=4000, rules={"default": K.Rules()},
    bots={"en": "rule of thumb (greedy) against itself; random against random",
          "is": "þumalputti (gráðugur) gegn sjálfum sér; slembispilari gegn slembispilara"},
    play=_dealer_play, summarize=_dealer_summary, answer=_dealer_answer,
    can={"en": "whether the seat that deals (and so plays last in every deal and is often left the table "
               "cards) scores more, for these players.",
         "is": "hvort sá sem gefur (og á því síðasta spil í hverri gjöf og fær oft borðspilin) fær fleiri "
               "stig, hjá þessum spilurum."},
    cannot={"en": "how big the edge is between good players: the greedy bot never plans a trail, which is "
                  "where the last player's edge is used.",
            "is": "hve mikill munurinn er hjá góðum spilurum: gráðugi spilarinn skipuleggur aldrei hvað "
                  "hann leggur niður, en þar nýtist forskot þess sem á síðasta spil."},
    axis={"mean": POINTS_AXIS, "share": SHARE_AXIS}, lines={"mean": 0.0, "share": 0.5},
))


# ---------------------------------------------------------------------------------------
# kasina.target and kasina.cards — match length and comebacks by variant

class MatchFacts(NamedTuple):
    hands: int      # hands played until the match was won
    comeback: bool  # the winner was behind after some earlier hand


def match_facts(rules: K.Rules, seed: int) -> MatchFacts:
    """One match between two greedy bots (seat 1 deals first)."""
    bots = [K.GreedyBot(seed), K.GreedyBot(seed)]
    state = K.new_game(seed=seed, rules=rules)
    behind: list[set[int]] = []  # after each hand, the seat(s) strictly behind
    while not state.is_over:
        state = play_deal(state, bots)
        a, b = state.scores
        behind.append({0} if a < b else {1} if b < a else set())
    winner = state.winner
    return MatchFacts(state.deals_done, any(winner in seats for seats in behind[:-1]))


class Variant(NamedTuple):
    key: str
    name: Mapping[str, str]
    rules: K.Rules


TARGETS = (Variant("20", {"en": "20 points", "is": "20 stig"}, K.Rules(target=20)),
           Variant("21", {"en": "21 points", "is": "21 stig"}, K.Rules(target=21)))
HAND_SIZES = (Variant("4", {"en": "4 cards", "is": "4 spil"}, K.Rules(hand_size=4)),
              Variant("5", {"en": "5 cards", "is": "5 spil"}, K.Rules(hand_size=5)))


def _variants_play(variants: Sequence[Variant], seed: int) -> list[MatchFacts]:
    # The same seed for both variants: their first hands are dealt alike (common random numbers)
    return [match_facts(v.rules, seed) for v in variants]


def _targets_play(seed: int, index: int) -> list[MatchFacts]:
    return _variants_play(TARGETS, seed)


def _sizes_play(seed: int, index: int) -> list[MatchFacts]:
    return _variants_play(HAND_SIZES, seed)


def _variants_summary(variants: Sequence[Variant],
                      samples: Sequence[Sequence[Sequence[Any]]]) -> list[Estimate]:
    a, b = variants
    hands = {"en": ": hands a match", "is": ": spil í leik"}
    behind = {"en": ": winner had been behind", "is": ": sigurvegari hafði verið undir"}
    out = [mean(f"hands_{v.key}", {lang: v.name[lang] + hands[lang] for lang in hands},
                [s[i][0] for s in samples]) for i, v in enumerate(variants)]
    diff = {"en": f"{b.name['en']} − {a.name['en']}: hands", "is": f"{b.name['is']} − {a.name['is']}: spil"}
    out.append(mean("diff", diff, [s[1][0] - s[0][0] for s in samples]))
    out += [share(f"back_{v.key}", {lang: v.name[lang] + behind[lang] for lang in behind},
                  [float(s[i][1]) for s in samples]) for i, v in enumerate(variants)]
    return out


def _variants_answer(key: str, variants: Sequence[Variant], e: Mapping[str, Estimate], lang: str) -> str:
    a, b = variants
    return SAY.say(key, lang, a_name=a.name[lang], b_name=b.name[lang], diff=signed(e["diff"].value, lang, 2),
                   ci=interval(e["diff"], lang, 2), a_hands=number(e[f"hands_{a.key}"].value, lang, 2),
                   b_hands=number(e[f"hands_{b.key}"].value, lang, 2),
                   a_back=percent(e[f'back_{a.key}'].value, lang),
                   b_back=percent(e[f'back_{b.key}'].value, lang))


def _targets_summary(samples: Sequence[Any]) -> list[Estimate]:
    return _variants_summary(TARGETS, samples)


def _sizes_summary(samples: Sequence[Any]) -> list[Estimate]:
    return _variants_summary(HAND_SIZES, samples)


def _targets_answer(e: Mapping[str, Estimate], lang: str) -> str:
    return _variants_answer("length", TARGETS, e, lang)


def _sizes_answer(e: Mapping[str, Estimate], lang: str) -> str:
    return _variants_answer("cards", HAND_SIZES, e, lang)


_MATCH_AXIS = {"mean": {"en": "hands", "is": "spil"}, "share": {"en": "share of matches", "is": "hlutfall "
                                                                                                "leikja"}}
_LENGTH_CAN = {"en": "how many hands a match takes and how often the player behind catches up, for two "
                     "evenly matched greedy players.",
               "is": "hve mörg spil leikur tekur og hve oft sá sem er undir nær hinum, hjá tveimur "
                     "jafnsterkum gráðugum spilurum."}
_LENGTH_CANNOT = {"en": "how it feels to play, or comebacks between unequal players: a stronger player "
                        "wins more often and sooner.",
                  "is": "hvernig er að spila leikinn, né endurkomur þegar styrkur spilaranna er ólíkur: "
                        "sterkari spilari vinnur oftar og fyrr."}

register(Question(
    name="kasina.target",
    title={"en": "Kasína: a game to 20 or to 21 points?", "is": "Kasína: upp í 20 eða 21 stig?"},
    unit=MATCHES, deals=2000, rules={v.key: v.rules for v in TARGETS},
    bots={"en": "rule of thumb (greedy) against itself", "is": "þumalputti (gráðugur) gegn sjálfum sér"},
    play=_targets_play, summarize=_targets_summary, answer=_targets_answer,
    can=_LENGTH_CAN, cannot=_LENGTH_CANNOT, axis=_MATCH_AXIS, lines={"mean": 0.0},
))

register(Question(
    name="kasina.cards",
    title={"en": "Kasína: 4 or 5 cards in hand?", "is": "Kasína: 4 eða 5 spil á hendi?"},
    unit=MATCHES, deals=2000, rules={v.key: v.rules for v in HAND_SIZES},
    bots={"en": "rule of thumb (greedy) against itself", "is": "þumalputti (gráðugur) gegn sjálfum sér"},
    play=_sizes_play, summarize=_sizes_summary, answer=_sizes_answer,
    can=_LENGTH_CAN, cannot=_LENGTH_CANNOT, axis=_MATCH_AXIS, lines={"mean": 0.0},
))


# ---------------------------------------------------------------------------------------
# kasina.advice — "cards, spades and aces"

class Weights(NamedTuple):
    """What a card taken is worth to `AdviceBot`, beside the casinos' points and a sweep's:
    per card, per spade, per ace (each of the three majorities is one point a hand)."""

    cards: float
    spades: float
    aces: float


IGNORES = Weights(0.0, 0.0, 0.0)           # only casinos and sweeps
FOLLOWS = Weights(0.1, 0.25, 0.5)          # the source's advice: all three
ADVICE_PARTS = (("all", {"en": "cards, spades and aces", "is": "spil, spaðar og ásar"}, FOLLOWS),
                ("cards", {"en": "cards only", "is": "aðeins spil"}, Weights(0.1, 0.0, 0.0)),
                ("spades", {"en": "spades only", "is": "aðeins spaðar"}, Weights(0.0, 0.25, 0.0)),
                ("aces", {"en": "aces only", "is": "aðeins ásar"}, Weights(0.0, 0.0, 0.5)))
# the parts as the answer names them ("munar mest um ása": Icelandic asks the accusative)
PART_NAMES = {"cards": {"en": "cards", "is": "spilin"}, "spades": {"en": "spades", "is": "spaðana"},
              "aces": {"en": "aces", "is": "ásana"}}


def advice_worth(cards: Sequence[Card], weights: Weights) -> float:
    """What `cards` in the pile are worth to a player valuing them by `weights`."""
    return (2.0 * (K.LITLA_KASINA in cards) + 5.0 * (K.STORA_KASINA in cards)
            + weights.cards * len(cards) + weights.spades * sum(c.suit == "S" for c in cards)
            + weights.aces * sum(c.rank == "A" for c in cards))


class AdviceBot(Bot):
    """Takes what is worth most now by `weights` (a sweep counts a point); when it must lay
    a card down, lays the one worth least.  Among equal moves it picks at random (seeded by
    what its seat sees), so the player that ignores the advice is indifferent, not perverse."""

    label = {"en": "advice", "is": "ráð"}

    def __init__(self, seed: int | None = 0, weights: Weights = FOLLOWS):
        super().__init__(seed)
        self.weights = weights

    def score(self, table: Sequence[Card], action: K.Action) -> float:
        if action.is_trail:
            return -advice_worth([action.card], self.weights)
        taken = [action.card, *action.captured]
        return advice_worth(taken, self.weights) + (len(action.captured) == len(table))

    def choose(self, state: protocol.AnyState, seat: int) -> Any:
        assert isinstance(state, K.State)  # a Kasína bot is given Kasína positions
        actions = state.legal_actions()
        if len(actions) == 1:
            return actions[0]
        scores = [self.score(state.table, a) for a in actions]
        top = max(scores)
        best = [a for a, s in zip(actions, scores) if math.isclose(s, top)]
        return best[0] if len(best) == 1 else self.rng(state, seat).choice(best)


def _advice_play(seed: int, index: int) -> list[float]:
    """Per part of the advice, the follower's points minus the ignorer's in one hand (the
    same cards each time); the follower sits in seat 0 or 1 by turns (seat 1 deals)."""
    me = index % 2
    out = []
    for _, _, weights in ADVICE_PARTS:
        bots = [AdviceBot(seed, IGNORES), AdviceBot(seed, IGNORES)]
        bots[me] = AdviceBot(seed, weights)
        total = hand_row(K.Rules(), seed, 1, bots)["total"]
        out.append(float(total[me] - total[1 - me]))
    return out


def _advice_summary(samples: Sequence[Sequence[float]]) -> list[Estimate]:
    return [mean(key, name, [s[i] for s in samples]) for i, (key, name, _) in enumerate(ADVICE_PARTS)]


def _advice_answer(e: Mapping[str, Estimate], lang: str) -> str:
    whole = e["all"]
    best_key = max(PART_NAMES, key=lambda k: e[k].value)
    best_name = PART_NAMES[best_key]
    key = "advice.pays" if whole.low > 0 else "advice.not"
    return SAY.say(key, lang, gain=signed(whole.value, lang, 2), ci=interval(whole, lang, 2),
                   best=best_name[lang], best_gain=signed(e[best_key].value, lang, 2))


register(Question(
    name="kasina.advice",
    title={"en": "Kasína: is it best to collect cards, spades and aces?",
           "is": "Kasína: er best að ná sem flestum spilum, spöðum og ásum?"},
    unit=HAND, deals=3000, rules={"default": K.Rules()},
    bots={"en": "a one-move bot valuing (some of) cards, spades and aces against one valuing only casinos "
                "and sweeps",
          "is": "spilari sem hugsar einn leik fram og metur spil, spaða og ása (öll eða sum) gegn spilara "
                "sem metur aðeins kasínur og svippa"},
    play=_advice_play, summarize=_advice_summary, answer=_advice_answer,
    can={"en": "whether valuing the three majorities wins points against a player who does not, and which "
               "of the three matters most, when both look one move ahead.",
         "is": "hvort það vinni stig að meta meirihlutana þrjá gegn spilara sem gerir það ekki, og hver "
               "þeirra skiptir mestu, þegar báðir hugsa einn leik fram í tímann."},
    cannot={"en": "whether the advice is best against a player who plans ahead, nor what the weights "
                  "should be: 0.1 a card, 0.25 a spade and 0.5 an ace were chosen, not found.",
            "is": "hvort ráðið sé best gegn spilara sem hugsar fram í tímann, né hvert vægið ætti að "
                  "vera: 0,1 á spil, 0,25 á spaða og 0,5 á ás voru valin, ekki fundin."},
    axis={"mean": {"en": "follower's points − ignorer's, a hand", "is": "stig þess sem fer eftir "
                                                                   "ráðinu − hins, í spili"}},
    lines={"mean": 0.0},
))
