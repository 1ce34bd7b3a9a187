"""Kozel (Geit) questions: how often the deal ends in eggs (*egg*, 60–60), how often a
team loses 6 points (takes no trick), both by the level of play, and what claiming the lead
with four of a suit (*fjögur í lit*) is worth.

The players are the random bot and the rule-of-thumb bot (`ThumbBot`, about 30 moves a
deal); the search bot plays a hundred deals in its head for each move, too slow for
thousands of deals.  Each sample is the first deal of a match (seat 3 deals)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from cardlearn import protocol
from cardlearn.bots import Bot, RandomBot
from cardlearn.games import kozel as G
from cardlearn.games.kozel.bots import ThumbBot
from cardlearn.games.kozel.legality import CLAIM, PASS

from .core import Question, play_deal, register, say_table
from .stats import Estimate, interval, mean, percent, share, signed

if TYPE_CHECKING:
    from cardlearn.lessons.language import Sayings

SAY: Sayings = say_table({
    "eggs": {
        "en": "Eggs (60–60) come in {thumb} of deals between rule-of-thumb teams (95 % interval {ci}), "
              "{random} between random players and {mixed} when a rule-of-thumb team meets a random one.",
        "is": "Egg (60–60) koma upp í {thumb} spila þegar þumalputtalið mætast (95 % öryggisbil {ci}), í "
              "{random} hjá slembispilurum og í {mixed} þegar þumalputtalið mætir slembiliði."},
    "six": {
        "en": "A team takes no trick and loses 6 points in {thumb} of deals between rule-of-thumb teams "
              "(95 % interval {ci}), in {random} between random players and in {mixed} when a "
              "rule-of-thumb team meets a random one.",
        "is": "Lið fær engan slag og 6 tapstig í {thumb} spila þegar þumalputtalið mætast (95 % "
              "öryggisbil {ci}), í {random} hjá slembispilurum og í {mixed} þegar þumalputtalið mætir "
              "slembiliði."},
    "claim": {
        "en": "Claiming with four of a suit whenever allowed is worth {gain} loss points a deal to the "
              "team against never claiming (95 % interval {ci}); in the {claimed} of deals where it "
              "claims, {when} a deal.",
        "is": "Að krefjast útspils með fjögur í lit hvenær sem má er liðinu {gain} tapstiga virði í spili "
              "miðað við að gera það aldrei (95 % öryggisbil {ci}); í þeim {claimed} spila þar sem liðið "
              "krefst útspils munar {when} tapstigum í spili."},
})

DEALS = {"en": "deals", "is": "spil"}
PAIRINGS: tuple[tuple[str, Mapping[str, str], type[Bot], type[Bot]], ...] = (
    ("random", {"en": "random against random", "is": "slembilið gegn "
                                                      "slembiliði"}, RandomBot, RandomBot),
    ("thumb", {"en": "rule of thumb against rule of thumb", "is": "þumalputtalið gegn þumalputtaliði"},
     ThumbBot, ThumbBot),
    ("mixed", {"en": "rule of thumb against random", "is": "þumalputtalið gegn "
                                                            "slembiliði"}, ThumbBot, RandomBot),
)


def team_bots(a: Bot, b: Bot) -> list[Bot]:
    """Seats 0 and 2 are team A, seats 1 and 3 team B."""
    return [a, b, a, b]


def _levels_play(seed: int, index: int) -> list[tuple[bool, bool]]:
    """Per pairing, the same cards: (eggs, a 6-point loss)."""
    out = []
    for _, _, team_a, team_b in PAIRINGS:
        state = play_deal(G.new_game(seed=seed), team_bots(team_a(seed), team_b(seed + 1)))
        row = state.score_sheet[0]
        out.append((bool(row["eggs"]), max(row["loss_points"]) == 6))
    return out


def _levels_summary(which: int, samples: Sequence[Sequence[Sequence[bool]]]) -> list[Estimate]:
    return [share(key, name, [float(s[i][which]) for s in samples])
            for i, (key, name, _, _) in enumerate(PAIRINGS)]


def _eggs_summary(samples: Sequence[Any]) -> list[Estimate]:
    return _levels_summary(0, samples)


def _six_summary(samples: Sequence[Any]) -> list[Estimate]:
    return _levels_summary(1, samples)


def _levels_answer(key: str, e: Mapping[str, Estimate], lang: str) -> str:
    pct = {k: percent(e[k].value, lang) for k in ("random", "thumb", "mixed")}
    return SAY.say(key, lang, ci=interval(e["thumb"], lang), **pct)


def _eggs_answer(e: Mapping[str, Estimate], lang: str) -> str:
    return _levels_answer("eggs", e, lang)


def _six_answer(e: Mapping[str, Estimate], lang: str) -> str:
    return _levels_answer("six", e, lang)


_LEVEL_BOTS = {"en": "random and rule of thumb, each team one kind", "is": "slembispilarar og "
                                                                           "þumalputtar, hvort lið "
                                                                           "af einni gerð"}
_SHARE_AXIS = {"share": {"en": "share of deals", "is": "hlutfall spila"}}

register(Question(
    name="kozel.eggs",
    title={"en": "Kozel: how often are there eggs (60–60)?", "is": "Geit: hve oft koma egg (60–60)?"},
    unit=DEALS, deals=3000, rules={"default": G.Rules()}, bots=_LEVEL_BOTS,
    play=_levels_play, summarize=_eggs_summary, answer=_eggs_answer,
    can={"en": "how often the 120 card points split evenly, and whether better play makes it rarer or "
               "commoner.",
         "is": "hve oft 120 punktarnir skiptast jafnt, og hvort betri spilamennska geri það sjaldgæfara "
               "eða algengara."},
    cannot={"en": "the rate between people, who play neither at random nor by these rules of thumb; and "
                  "eggs are rare enough that a few hundred deals give a wide interval.",
            "is": "tíðnina hjá fólki, sem spilar hvorki af handahófi né eftir þessum þumalputtareglum; og "
                  "egg eru svo sjaldgæf að nokkur hundruð spil gefa breitt bil."},
    axis=_SHARE_AXIS,
))

register(Question(
    name="kozel.six",
    title={"en": "Kozel: how often does a team lose 6 points?", "is": "Geit: hve oft fær lið 6 tapstig?"},
    unit=DEALS, deals=3000, rules={"default": G.Rules()}, bots=_LEVEL_BOTS,
    play=_levels_play, summarize=_six_summary, answer=_six_answer,
    can={"en": "how often a team takes no trick at all (the heaviest loss), by the level of play on each "
               "side.",
         "is": "hve oft lið fær engan slag (þyngsta tapið), eftir því hvernig hvort lið spilar."},
    cannot={"en": "how often it happens between people; the rule-of-thumb bot is one way of playing well, "
                  "not the best.",
            "is": "hve oft það gerist hjá fólki; þumalputtinn er ein leið til að spila vel, ekki sú besta."},
    axis=_SHARE_AXIS,
))


# ---------------------------------------------------------------------------------------
# kozel.claim — the value of claiming the lead with four of a suit

class NeverClaims(ThumbBot):
    """The rule-of-thumb bot that never claims the lead: it passes, or beats or discards."""

    def choose(self, state: protocol.AnyState, seat: int) -> Any:
        choice = super().choose(state, seat)
        if choice != CLAIM:
            return choice
        actions = [a for a in state.legal_actions() if a != CLAIM]
        if PASS in actions:
            return PASS
        obs = state.observation(seat)
        return self._respond(obs, actions, obs["trump"], seat)


class AlwaysClaims(ThumbBot):
    """The rule-of-thumb bot that claims the lead whenever it may."""

    def choose(self, state: protocol.AnyState, seat: int) -> Any:
        if CLAIM in state.legal_actions():
            return CLAIM
        return super().choose(state, seat)


def team_margin(row: Mapping[str, Any]) -> float:
    """Team A's margin in a deal's row: team B's loss points minus team A's (more is better)."""
    a, b = row["total"]
    return float(b - a)


def _claim_play(seed: int, index: int) -> tuple[float, float, bool]:
    """Team A never claims, then always claims, against rule-of-thumb team B, on the same cards:
    (margin never, margin always, team A claimed at least once)."""
    claims: list[int] = []

    def watch(state: Any, action: Any) -> None:
        if action == CLAIM and state.to_move % 2 == 0:
            claims.append(state.to_move)

    never = play_deal(G.new_game(seed=seed), team_bots(NeverClaims(seed), ThumbBot(seed + 1)))
    always = play_deal(G.new_game(seed=seed), team_bots(AlwaysClaims(seed), ThumbBot(seed + 1)), watch)
    return team_margin(never.score_sheet[0]), team_margin(always.score_sheet[0]), bool(claims)


def _claim_summary(samples: Sequence[tuple[float, float, bool]]) -> list[Estimate]:
    gains = [b - a for a, b, _ in samples]
    claimed = [b - a for a, b, c in samples if c]
    return [
        mean("gain", {"en": "always − never claiming: loss points a deal", "is": "alltaf frekar en aldrei: "
                                                                                 "spöruð tapstig í spili"},
             gains),
        mean("when", {"en": "the same, in deals with a claim", "is": "það sama, í spilum "
                                                                    "þar sem krafist var útspils"},
             claimed),
        share("claimed", {"en": "deals in which team A claims", "is": "spil þar sem lið A krefst útspils"},
              [float(c) for _, _, c in samples]),
    ]


def _claim_answer(e: Mapping[str, Estimate], lang: str) -> str:
    return SAY.say("claim", lang, gain=signed(e["gain"].value, lang, 2), ci=interval(e["gain"], lang, 2),
                   claimed=percent(e['claimed'].value, lang),
                   when=signed(e["when"].value, lang, 2))


register(Question(
    name="kozel.claim",
    title={"en": "Kozel: what is claiming with four of a suit worth?",
           "is": "Geit: hvers virði er að krefjast útspils með fjögur í lit?"},
    unit=DEALS, deals=3000, rules={"default": G.Rules()},
    bots={"en": "team A: rule of thumb that always or never claims; team B: rule of thumb",
          "is": "lið A: þumalputti sem krefst alltaf eða aldrei útspils; lið B: þumalputti"},
    play=_claim_play, summarize=_claim_summary, answer=_claim_answer,
    can={"en": "what the claim gains a rule-of-thumb team on the same cards, against rule-of-thumb "
               "opponents (a positive number: fewer loss points).",
         "is": "hvað liðið græðir á að krefjast útspils, með sömu spilum, gegn þumalputtaliði (jákvæð "
               "tala: færri tapstig)."},
    cannot={"en": "when a good player should claim: the comparison is all or nothing, and the bot plays "
                  "the claimed lead by its usual rules.",
            "is": "hvenær góður spilari ætti að krefjast útspils: hér er borið saman alltaf eða aldrei, "
                  "og tölvan spilar út eftir sínum venjulegu reglum."},
    axis={"mean": {"en": "loss points a deal saved", "is": "tapstig spöruð í spili"},
          "share": {"en": "share of deals", "is": "hlutfall spila"}},
    lines={"mean": 0.0},
))
