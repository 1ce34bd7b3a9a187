"""Every word the table shows, in Icelandic and English, and the small pure functions that
put them together: names of seats and teams, singular and plural, card lists.

Icelandic as a teacher writes it: *leikur* is a move and a match ("Nýr leikur"), *spil* a
card and a hand of play ("2. spil"), *taka* is to capture (so undo is "Afturkalla"), and a
particular computer takes the article ("Tölvan hugsar…").  Each game has its own word for a
deal (`GameInfo.deal_word`: spil, umferð, gjöf) and for its score (`GameInfo.score_unit`:
stig, tapstig, refsistig, bitar); `deal_over`, `deal_noun`, `score_label` and `better_words`
put them into the table's phrases.

Moves are said in three persons: the third ("Tölva 1 slær með A♦"), the second after "Þú"
("Þú slærð með A♦", "You beat with A♦") and the button's command (the Icelandic infinitive
"Slá með A♦", the English imperative "Beat with A♦").  A game's word table gives a key's
third-person form under the key itself, its second-person form under "key@2" and its
command under "key@cmd" (`form` picks one); `person` tells which a subject takes.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from cardlearn.cards import Card
from cardlearn.grammar import capital, form, genitive, is_you, listing, mid, number, person, singular

__all__ = [  # the helpers of cardlearn.grammar are the table's words too
    "capital", "form", "genitive", "is_you", "listing", "mid", "number", "person", "singular",
]

LANGS = ("is", "en")

WORDS: dict[str, dict[str, str]] = {
    "is": {
        # seats and teams ("Þið Tölva 2": a team with the pupil in it, as a subject)
        "you": "Þú",
        "seat": "Spilari {n}",
        "computer": "Tölvan",
        "computer_n": "Tölva {n}",
        "and": " og ",
        "you_and": "Þið {others}",
        "deal_over_of": "{deal} lokið",
        "better_fewer": "því færri {unit}, því betra",
        "better_more": "því fleiri {unit}, því betra",
        # status line
        "your_turn": "Þú átt leik",
        "turn": "{who} á leik",
        "thinking": "{who} hugsar…",
        "over": "Leik lokið",
        "wins": "{who} vinnur!",
        "win_many": "{who} vinna!",
        "win_you_many": "{who} vinnið!",
        "you_win": "Þú vinnur!",
        "tie": "jafntefli",
        "moves": "Leikir í viðureigninni",
        "score": "Stig",
        # counts (Icelandic "spil" is the same in singular and plural)
        "cards_one": "{n} spil",
        "cards_many": "{n} spil",
        # buttons
        "confirm": "Staðfesta",
        "undo": "Afturkalla",
        "hint": "Vísbending",
        "new": "Nýr leikur",
        "lang": "English",
        "ready": "Sýna spilin mín",
        "teacher": "Kennarasýn",
        "four_colour": "Fjórir litir",
        "four_colour_tip": "Tígull blár, lauf grænt",
        "dismiss": "Áfram",
        "new_yes": "Já, byrja nýjan leik",
        "new_no": "Nei, halda áfram",
        # the hand and the hot seat
        "your_hand": "Spilin þín",
        "hand_of": "Spil — {who}",
        "pass": "{who} á leik. Réttu tölvuna yfir; hin líti undan á meðan!",
        # what a screen reader says of a card, and the keys (the pages' script)
        "card_back": "spil á grúfu",
        "card_unusable": "ekki hægt að nota núna",
        "card_last": "í síðasta leik",
        "card_suggested": "næsti leikur",
        "ready_say": "Tilbúið: {move}. Ýttu á S til að staðfesta.",
        "keys": "Farðu á milli spila með örvalyklum, veldu spil með bilslá eða Enter og staðfestu með S.",
        "to_hand": "Fara beint í spilin þín",
        "page_title": "{game} · spil",
        "felt_region": "Spilaborðið",
        "side_region": "Staðan og gangur leiksins",
        "press_ready": "Smelltu fyrst á „Sýna spilin mín“.",
        # messages
        "illegal": "Það má ekki: {msg}",
        # the second refused try in a row: the rule (the game's RULE_TEACH) and the way on
        "twice": "Þetta var önnur tilraunin í röð sem gekk ekki.",
        "the_rule": "Reglan: {rule}",
        "may_now": "Þetta máttu gera núna: {moves}.",
        "may_now_many": "Þú átt {n} leiki núna; „Vísbending“ sýnir hvern tölvan mælir með og hvers vegna.",
        "may_guided": "Upplýsti leikurinn er næstur: {move}.",
        "wait": "{who} á leik — bíddu aðeins.",
        "no_hint": "Þú átt ekki leik núna.",
        "nothing_to_undo": "Ekkert að afturkalla.",
        "is_over": "Leiknum er lokið — byrjaðu nýjan leik.",
        "bot_error": "Villa í tölvunni: {msg}",
        "program_error": "Villa kom upp í forritinu: {msg}",
        "new_ask": "Viltu hætta í þessum leik og byrja nýjan?",
        "not_usable": "{card} nýtist ekki í neinum leik núna.",
        "not_with": "{card} passar ekki við {chosen}. Mögulegir leikir með því sem þú valdir: {moves}.",
        "not_now": "Nú á ekki að velja spil: smelltu á hnapp hér fyrir neðan.",
        "options": "Mögulegir leikir með því sem þú valdir: {moves}.",
        # a refused click or Confirm that says why (the engine's reason, {why}) and what changed
        "swapped": "{why}. Þess vegna kemur {card} í staðinn fyrir {old}.",
        "swapped_plain": "{card} kemur í stað {old}.",
        "not_yet": "Þetta er ekki enn orðinn leikur: {msg}",
        "confirm_empty": "Veldu fyrst spil og smelltu svo á „Staðfesta“.",
        "confirm_more": "Þetta er ekki heill leikur ({chosen}). Leikir sem koma til greina með þessum "
                        "spilum: {moves}.",
        # panels
        "hints": "Vísbending",
        "best": "Tillaga tölvunnar",
        "hint_others": "Þetta kemur líka til greina",
        # the search's figures, in the teacher's view only
        "simulated": "prófað í {n} ímynduðum spilum, sigur í {pct} % þeirra, meðalmunur {margin}",
        "simulated_few": "prófað í of fáum ímynduðum spilum til að segja neitt",
        "not_clearly": "þó ekki greinilega betri leikur en sá sem tölvan valdi: "
                       "munurinn gæti verið tilviljun",
        "clearly_untaken": "kom greinilega betur út en val tölvunnar í sömu ímynduðu spilunum, en tölvan "
                           "ber val þumalputtans aðeins saman við þann leik sem kom best út",
        "log": "Gangur leiksins",
        "sheet": "Stigablað",
        "whole_sheet": "Allt stigablaðið",
        "standing": "Staða",
        "deal": "Spil",
        "deal_over": "{n}. spili lokið",
        "last_move": "Síðasti leikur",
        "hints_in_deal": "Vísbendingar sem þú baðst um: {n}",
        "leftover": "Spil sem eftir lágu á borðinu: {cards}",
        "leftover_to": "{who} fékk spilin sem eftir lágu á borðinu: {cards}",
        "leftover_to@2": "{who} fékkst spilin sem eftir lágu á borðinu: {cards}",
        "teacher_on": "Kennarasýn: öll spil sýnd upp í loft. Engin tölva sér þau.",
        "start": "Upphafsstaða",
        "move_n": "Leikur {i} af {n}",
        "nothing": "—",
        # the table's flow: forced moves, the pause at a deal's end, demo mode, undo, the pile
        "forced": "Þú átt aðeins einn leik: {move}. Smelltu á „Staðfesta“.",
        "forced_button": "Þú átt aðeins einn leik: {move}. Smelltu á hnappinn.",
        "press_continue": "Smelltu fyrst á „{button}“ til að halda leiknum áfram.",
        "demo": "Sýnikennsla",
        "demo_on": "Sýnikennsla: tölvan leikur fyrir öll sæti. "
                   "Smelltu aftur á „Sýnikennsla“ til að taka við.",
        "undo_what": "Tekur aftur: {move}",
        "undo_more": " (og {n} leiki sem komu á eftir)",
        "undo_more_one": " (og leikinn sem kom á eftir)",
        "undo_nothing": "Ekkert að afturkalla",
        "match_won": "Leiknum er lokið: {who}",
        "how_to": "Smelltu á spil til að velja þau og svo á „Staðfesta“.",
        "bots_busy": "{who} hugsar… ({n}. leikur tölvu í röð)",
        "demo_busy": "{n}. leikur í sýnikennslu: {who} hugsar…",
        "demo_busy@2": "{n}. leikur í sýnikennslu: tölvan hugsar fyrir þig…",
        "demo_step_status": "{n}. leikur í sýnikennslu: {who} á leik — smelltu á „Næsti leikur“",
        "demo_step_status@2": "{n}. leikur í sýnikennslu: þú átt leik — smelltu á „Næsti leikur“",
        "demo_slow": "Hægt",
        "demo_normal": "Hraðar",
        "demo_step": "Leik fyrir leik",
        "demo_next": "Næsti leikur",
        "quoted": "„{text}“",
        "taken_back": "Tekið aftur: {moves}.",
        "taken_back_more": "Tekið aftur: {move} og {n} leikir þar á eftir.",
        "taken_back_more_one": "Tekið aftur: {move} og {n} leikur þar á eftir.",
        "open_pile": "Sýna allan bunkann",
        "close_pile": "Fela bunkann",
        # the text view (issue 33, point 5): the table as headed lines, a move typed
        "textview": "Textasýn",
        "tv_turn": "Hver á leik",
        "tv_message": "Skilaboð",
        "tv_table": "Á borðinu",
        "tv_others": "Hinir spilararnir",
        "tv_last": "Síðustu leikir",
        "tv_scores": "Staðan",
        "tv_moves": "Mögulegir leikir",
        "tv_more": "og {n} til viðbótar",
        "tv_none": "ekkert",
        "tv_backs": "{n} spil á grúfu",
        "tv_top": "efst: {card}",
        "tv_chosen": "valið",
        "typed_label": "Skrifaðu leik",
        "typed_play": "Leika",
        "typed_example": "t.d. {move}",
        "typed_empty": "Skrifaðu leik, t.d. {move}, eða nafn spils.",
        "typed_unknown": ("Ég skil ekki „{text}“. Skrifaðu leik, t.d. {move}, "
                          "eða nafn spils (t.d. tígulnía)."),
        "typed_which": ("Hvaða leik áttu við? {moves}. "
                        "Skrifaðu það sem stendur fremst við leikinn sem þú vilt."),
        "typed_no_move": "Enginn leikur er til núna með þessu: {cards}.",
        "typed_not_seen": "Hvorki á hendi þinni né á borðinu: {cards}.",
    },
    "en": {
        "you": "You",
        "seat": "Player {n}",
        "computer": "The computer",
        "computer_n": "Computer {n}",
        "and": " and ",
        "you_and": "You and {others}",
        "deal_over_of": "{deal} is over",
        "better_fewer": "the fewer {unit}, the better",
        "better_more": "the more {unit}, the better",
        "your_turn": "Your turn",
        "turn": "{who} to move",
        "thinking": "{who} is thinking…",
        "over": "Game over",
        "wins": "{who} wins!",
        "win_many": "{who} win!",
        "win_you_many": "{who} win!",
        "you_win": "You win!",
        "tie": "a tie",
        "moves": "Moves",
        "score": "Score",
        "cards_one": "{n} card",
        "cards_many": "{n} cards",
        "confirm": "Confirm",
        "undo": "Undo",
        "hint": "Hint",
        "new": "New game",
        "lang": "Íslenska",
        "ready": "Show my cards",
        "teacher": "Teacher's view",
        "four_colour": "Four colours",
        "four_colour_tip": "Diamonds blue, clubs green",
        "dismiss": "Continue",
        "new_yes": "Yes, start a new game",
        "new_no": "No, play on",
        "your_hand": "Your cards",
        "hand_of": "Cards — {who}",
        "pass": "{who} to move. Pass the computer over; everyone else, look away!",
        "card_back": "face-down card",
        "card_unusable": "not usable now",
        "card_last": "in the last move",
        "card_suggested": "the next move",
        "ready_say": "Ready: {move}. Press C to confirm.",
        "keys": "Arrow keys move between the cards, Space or Enter chooses a card and C confirms.",
        "to_hand": "Go to your cards",
        "page_title": "{game} · card game",
        "felt_region": "The card table",
        "side_region": "The score and the moves",
        "press_ready": "Click “Show my cards” first.",
        "illegal": "Not allowed: {msg}",
        "twice": "That was the second refused try in a row.",
        "the_rule": "The rule: {rule}",
        "may_now": "What you may do now: {moves}.",
        "may_now_many": "You have {n} moves now; “Hint” shows which the computer recommends and why.",
        "may_guided": "The lit move is next: {move}.",
        "wait": "{who} to move — please wait.",
        "no_hint": "It is not your turn.",
        "nothing_to_undo": "Nothing to undo.",
        "is_over": "The game is over — start a new one.",
        "bot_error": "Computer error: {msg}",
        "program_error": "Something went wrong in the program: {msg}",
        "new_ask": "Throw this game away and start a new one?",
        "not_usable": "{card} cannot be used in any move now.",
        "not_with": "{card} does not go with {chosen}. Moves with your choice: {moves}.",
        "not_now": "No card to pick now: click one of the buttons below.",
        "options": "Moves with your choice: {moves}.",
        "swapped": "{why}. So {card} takes the place of {old}.",
        "swapped_plain": "{card} takes the place of {old}.",
        "not_yet": "Not a move yet: {msg}",
        "confirm_empty": "Choose cards first, then click “Confirm”.",
        "confirm_more": "{chosen} is not a whole move. Moves with your choice: {moves}.",
        "hints": "Hint",
        "best": "The computer suggests",
        "hint_others": "Also worth a thought",
        "simulated": "tried in {n} imagined deals, won {pct} %, mean margin {margin}",
        "simulated_few": "tried in too few imagined deals to tell",
        "not_clearly": "yet not clearly a better move than the computer's choice: "
                       "the difference could be chance",
        "clearly_untaken": "did clearly better than the computer's choice in the same imagined deals, but "
                           "the computer weighs the rule of thumb's move against its best-scoring move alone",
        "log": "Moves",
        "sheet": "Score sheet",
        "whole_sheet": "The whole score sheet",
        "standing": "Standing",
        "deal": "Deal",
        "deal_over": "Deal {n} is over",
        "last_move": "Last move",
        "hints_in_deal": "Hints you asked for: {n}",
        "leftover": "Cards left on the table: {cards}",
        "leftover_to": "{who} got the cards left on the table: {cards}",
        "leftover_to@2": "{who} got the cards left on the table: {cards}",
        "teacher_on": "Teacher's view: every hand face up. No computer player sees them.",
        "start": "Starting position",
        "move_n": "Move {i} of {n}",
        "nothing": "—",
        "forced": "You have only one move: {move}. Click “Confirm”.",
        "forced_button": "You have only one move: {move}. Click its button.",
        "press_continue": "Click “{button}” first to go on.",
        "demo": "Demo",
        "demo_on": "Demo: the computer plays every seat. Click “Demo” again to take over.",
        "undo_what": "Takes back: {move}",
        "undo_more": " (and the {n} moves after it)",
        "undo_more_one": " (and the move after it)",
        "undo_nothing": "Nothing to undo",
        "match_won": "The match is over: {who}",
        "how_to": "Click cards to choose them, then “Confirm”.",
        "bots_busy": "{who} is thinking… ({n} computer moves in a row)",
        "demo_busy": "Demo move {n}: {who} is thinking…",
        "demo_busy@2": "Demo move {n}: the computer is thinking for you…",
        "demo_step_status": "Demo move {n}: {who} to move — click “Next move”",
        "demo_step_status@2": "Demo move {n}: your move — click “Next move”",
        "demo_slow": "Slow",
        "demo_normal": "Normal",
        "demo_step": "Move by move",
        "demo_next": "Next move",
        "quoted": "“{text}”",
        "taken_back": "Taken back: {moves}.",
        "taken_back_more": "Taken back: {move} and the {n} moves after it.",
        "taken_back_more_one": "Taken back: {move} and the {n} move after it.",
        "open_pile": "Show the whole pile",
        "close_pile": "Hide the pile",
        "textview": "Text view",
        "tv_turn": "Whose turn",
        "tv_message": "Message",
        "tv_table": "On the table",
        "tv_others": "The other players",
        "tv_last": "Last moves",
        "tv_scores": "Scores",
        "tv_moves": "Moves you may make",
        "tv_more": "and {n} more",
        "tv_none": "nothing",
        "tv_backs": "{n} face-down cards",
        "tv_top": "on top: {card}",
        "tv_chosen": "chosen",
        "typed_label": "Type a move",
        "typed_play": "Play",
        "typed_example": "e.g. {move}",
        "typed_empty": "Type a move, e.g. {move}, or a card's name.",
        "typed_unknown": ("I cannot read “{text}”. Type a move, e.g. {move}, "
                          "or a card's name (e.g. nine of diamonds)."),
        "typed_which": "Which move do you mean? {moves}. Type it as written first.",
        "typed_no_move": "No move now is made with these cards: {cards}.",
        "typed_not_seen": "This card is neither in your hand nor on the table: {cards}.",
    },
}


def check_lang(lang: str) -> str:
    if lang not in WORDS:
        raise ValueError(f"lang is 'is' or 'en', not {lang!r}")
    return lang


def count_cards(n: int, lang: str) -> str:
    """ "1 card", "2 cards"; Icelandic *spil* is the same in both numbers."""
    return WORDS[lang]["cards_one" if n == 1 else "cards_many"].format(n=n)


def symbols(cards: Iterable[str | Card]) -> str:
    """Cards as their symbols ("5♠ 2♣"), never as codes."""
    return " ".join(Card.parse(str(c)).symbol for c in cards)


# --- persons, cases and the games' own words -------------------------------------------

# Icelandic datives of the games' deal words, for "1. spili lokið" ("umferð" and "gjöf"
# are the same in the dative singular).
_DATIVE = {"spil": "spili", "umferð": "umferð", "gjöf": "gjöf"}


def deal_noun(deal_word: str, lang: str) -> str:
    """The game's word for a deal, as a column head: "Spil", "Umferð", "Gjöf"; "Hand", "Round"."""
    return capital(deal_word.replace("{n}.", "").replace("{n}", "").strip())


def deal_over(deal_word: str, n: int, lang: str) -> str:
    """ "1. spili lokið", "2. umferð lokið", "3. gjöf lokið"; "Hand 1 is over", "Round 2 is over"."""
    if lang == "is":
        noun = deal_word.replace("{n}.", "").strip()
        deal = f"{n}. {_DATIVE.get(noun, noun)}"
    else:
        deal = deal_word.format(n=n)
    return capital(WORDS[lang]["deal_over_of"].format(deal=deal))


def score_label(score_unit: str, lang: str) -> str:
    """The scoreboard's head: the game's unit, capitalised ("Tapstig", "Bitar", "Penalty points")."""
    return capital(score_unit)


def better_words(score_unit: str, score_sign: int, lang: str) -> str:
    """Which way is better, in the game's unit: "því færri tapstig, því betra"."""
    return WORDS[lang]["better_more" if score_sign > 0 else "better_fewer"].format(unit=score_unit)


Names = Mapping[int, str]  # pupils' own names by seat (a shared room's, given by the teacher)


def seat_name(seat: int, roles: dict[int, str], lang: str, viewer: int | None = None,
              names: Names | None = None) -> str:
    """ "Þú" for the only human (or for `viewer`, the seat a shared table's page belongs
    to), another pupil by the name in `names` ("Anna") or else "Spilari 2", "Tölvan" for
    the only computer, "Tölva 3" for one of several (numbered by seat)."""
    w = WORDS[lang]
    humans = [s for s, r in roles.items() if r == "human"]
    if viewer is not None and seat == viewer:
        return w["you"]
    if roles.get(seat) == "human":
        if len(humans) == 1 and viewer is None:
            return w["you"]
        return (names or {}).get(seat) or w["seat"].format(n=seat)
    bots = len(roles) - len(humans)
    return w["computer"] if bots == 1 else w["computer_n"].format(n=seat)


def team_name(team: Sequence[int], roles: dict[int, str], lang: str, viewer: int | None = None,
              names: Names | None = None) -> str:
    """A team by its members: "Tölva 1 og Tölva 3"; with the pupil in it, Icelandic names it
    as "we"-style pair, "Þið Tölva 2" (you two, you and Computer 2), so its verb takes the
    second person plural ("Þið Tölva 2 vinnið!")."""
    named = [seat_name(s, roles, lang, viewer, names) for s in team]
    yours = [n for n in named if is_you(n, lang)]
    if yours and len(named) > 1:
        others = listing([n for n in named if not is_you(n, lang)], lang)
        return WORDS[lang]["you_and"].format(others=others)
    return listing(named, lang)


def side_names(teams: Sequence[Sequence[int]], players: int, roles: dict[int, str], lang: str,
               viewer: int | None = None, names: Names | None = None) -> list[str]:
    """The names the score sheet and the status use: one per seat, or one per team where
    there are fewer teams than seats."""
    if len(teams) < players:
        return [team_name(t, roles, lang, viewer, names) for t in teams]
    return [seat_name(t[0], roles, lang, viewer, names) for t in teams]


def result(
    winner: int | None, teams: Sequence[Sequence[int]], players: int, roles: dict[int, str], lang: str,
    viewer: int | None = None, names: Names | None = None,
) -> str:
    """Who won, with the verb agreeing: "Þú vinnur!", "Tölvan vinnur!", "Þið Tölva 2 vinnið!",
    "Tölva 1 og Tölva 3 vinna!"."""
    w = WORDS[lang]
    if winner is None:
        return w["tie"]
    members = teams[winner]
    if (
        len(members) == 1
        and roles.get(members[0]) == "human"
        and seat_name(members[0], roles, lang, viewer, names) == w["you"]
    ):
        return w["you_win"]
    name = side_names(teams, players, roles, lang, viewer, names)[winner]
    if len(members) > 1:
        return w["win_you_many" if person(name, lang) == "2" else "win_many"].format(who=name)
    return w["wins"].format(who=name)


def simulated_words(move: Any, lang: str) -> str:
    """How a move did in the search bot's imagined deals: how many, how often it won, and
    its mean margin in the game's own unit (signed so that more is better).  The teacher's
    view only, and only for a move tried in enough deals (`cardlearn.table.choices.FEWEST`)."""
    margin = number(float(move.mean_margin), lang, signed=True)  # −0,6: a true minus sign
    return WORDS[lang]["simulated"].format(n=move.simulations, pct=round(100 * move.win_rate), margin=margin)


# Kept for callers of the table's first and second editions: the words are one table now.
