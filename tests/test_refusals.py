"""No silent refusal (issue 32, point 3): a selection that fits no move, a press on a grey
Confirm and a click on a faded card each say why, in the rule's own words, and the reason
comes from the engine (`state.check` of the move the game says the selection names).

The positions are those of a teacher's classroom trial (December 2026):
Kozel's 8♣ + 9♣ against 10♦ + A♦, Kínaskák's three aces without a run under the contract
"1 röð + 1 þrenna", a card clicked before drawing, a lay-off on the wrong meld."""

from __future__ import annotations

from collections import Counter

import pytest
from test_kinaskak_cases import draw_unbought, play
from test_kinaskak_cases import game as kinaskak_game
from test_kinaskak_cases import tables as kinaskak_tables
from test_kozel_cases import stack as kozel_stack

from cardlearn.cards import Card
from cardlearn.games import GAMES
from cardlearn.table import WORDS, TableModel
from cardlearn.table import play as play_table
from cardlearn.table.view import classes_of, walk

kozel, kinaskak = GAMES["kozel"], GAMES["kinaskak"]
SILENT = ("nýtist ekki í neinum leik núna", "cannot be used in any move now")


def index(m: TableModel, zone: str, card: str) -> int:
    """The place of the first unselected `card` in `zone` as the model shows it."""
    entries = m.entries(zone)
    return next(i for i, e in enumerate(entries) if e == card and (zone, i) not in m.selected)


def click(m: TableModel, zone: str, card: str | None = None) -> None:
    m.click(zone, None if card is None else index(m, zone, card))


def both(m: TableModel) -> dict[str, str]:
    """The message line in both languages (the note is said again after a switch)."""
    said = {}
    for lang in ("is", "en"):
        m.lang = lang
        said[lang] = m.message
    m.lang = "is"
    return said


def named_rule(said: dict[str, str]) -> None:
    assert all(said.values()), f"a silent refusal: {said}"
    assert not any(s in text for text in said.values() for s in SILENT), said


def says(m: TableModel, icelandic: str, english: str) -> None:
    """The message line names the rule and ends with these words, in each language."""
    said = both(m)
    named_rule(said)
    assert said["is"].endswith(icelandic), said["is"]
    assert said["en"].endswith(english), said["en"]


# -- Kozel: 8♣ + 9♣ do not beat 10♦ + A♦ ---------------------------------------------------

def kozel_answer() -> TableModel:
    """Trump ♠; seat 0 (a computer) has led 10♦ A♦; the pupil (seat 1) holds 8♣ 9♣ 8♠ 10♠."""
    deck = kozel_stack({0: "10D AD 6H 7H", 1: "8C 9C 8S 10S"}, trump="QS")
    state = kozel.new_game(deck=deck, seed=1).apply("10D+AD")
    assert state.to_move == 1 and state.phase == "respond"
    seats = {0: "thumb", 1: "human", 2: "thumb", 3: "thumb"}
    return TableModel(kozel, state, seats=seats, seed=1)


def test_kozel_grey_confirm_says_the_cards_do_not_beat():
    m = kozel_answer()
    click(m, "hand", "8C")
    click(m, "hand", "9C")
    assert len(m.selected) == 2 and not m.exact()  # only their discard fits: Confirm is grey
    assert m.message == ""
    assert not m.confirm() and m.state.phase == "respond"
    said = both(m)
    named_rule(said)
    assert "8♣ 9♣ slærðu ekki 10♦ A♦: hvert spil þitt þarf að slá eitt þeirra" in said["is"]
    assert "8♣ 9♣ cannot beat 10♦ A♦: each of your cards must beat one of them" in said["en"]


def test_kozel_faded_card_says_why_and_what_it_replaced():
    m = kozel_answer()
    click(m, "hand", "8C")
    click(m, "hand", "9C")
    assert not any(c.usable for c in m.snapshot().hand if c.card == "8S")  # faded
    click(m, "hand", "8S")
    chosen = sorted(str(t[1]) for t in m.selection().elements())
    assert chosen == ["8S", "9C"]  # it took the place of 8♣: and the message says so, and why
    says(m, "þú leggur jafnmörg spil og spilað var út (2), ekki 3. Þess vegna kemur 8♠ í staðinn fyrir 8♣.",
         "you play as many cards as were led (2), not 3. So 8♠ takes the place of 8♣.")


def test_kozel_confirm_with_nothing_chosen_says_what_to_do():
    m = kozel_answer()
    assert not m.confirm()
    assert both(m) == {"is": "Veldu fyrst spil og smelltu svo á „Staðfesta“.",
                       "en": "Choose cards first, then click “Confirm”."}


# -- Kínaskák: three aces without a run; before drawing; the wrong meld --------------------

# round 1, "1 röð + 1 þrenna": three aces, and no four cards of one suit in sequence
ACES = "AH AD AC 2S 5D 9C KH 3C 7S JD 4H 8S QD"


def kinaskak_aces(drawn: bool = True) -> TableModel:
    state = kinaskak_game({0: ACES}, stock="10H 6C 6D 6S")
    if drawn:
        state = draw_unbought(state)
        assert state.to_move == 0 and state.step == "discard"
        assert not [a for a in state.legal_actions() if a.verb in ("run", "set")]
    return TableModel(kinaskak, state, seed=1)


def test_kinaskak_three_aces_may_be_selected_and_say_what_the_contract_lacks():
    m = kinaskak_aces()
    click(m, "hand", "AH")
    click(m, "hand", "AD")
    assert len(m.selected) == 2  # part of a set: the selection grows (it no longer replaces)
    said = both(m)
    named_rule(said)
    assert "þrenna er þrjú spil eða fleiri af sama gildi" in said["is"]
    ace_clubs = index(m, "hand", "AC")
    assert next(c for c in m.snapshot().hand if c.index == ace_clubs).usable  # not faded
    click(m, "hand", "AC")
    assert sorted(str(t[1]) for t in m.selection().elements()) == ["AC", "AD", "AH"]
    grown = both(m)
    assert grown["is"].endswith("A♥ A♦ A♣ eru þrenna, en samningurinn (1 röð + 1 þrenna) krefst líka "
                                "raðar, og hin spilin á hendi duga ekki til þess")
    assert grown["en"].endswith("A♥ A♦ A♣ make a set, but the contract (1 run + 1 set) also needs a run, "
                                "and the rest of your hand cannot make it")
    before = m.state
    assert not m.exact() and not m.confirm() and m.state is before  # Confirm stays grey
    pressed = both(m)  # and its press says what is missing: a refusal now
    for lang in ("is", "en"):
        reason = grown[lang].removeprefix(WORDS[lang]["not_yet"].format(msg=""))
        assert reason != grown[lang] and pressed[lang] == WORDS[lang]["illegal"].format(msg=reason)


def test_kinaskak_card_before_drawing_says_draw_first():
    m = kinaskak_aces(drawn=False)
    assert m.state.step == "draw"
    click(m, "hand", "7S")
    says(m, "fyrst dregurðu spil úr stokknum eða tekur efsta spilið af kastbunkanum, svo geturðu notað 7♠",
         "first draw a card from the stock or take the top card of the discard pile, then you can use 7♠")
    assert not m.selected


def test_kinaskak_layoff_on_the_wrong_meld_says_which_card_it_takes():
    state = draw_unbought(play(kinaskak_tables(), "discard 2S"))
    state = play(state, "run 9S 10S JS QS", "set KC KD KS")
    seats = {0: "thumb", 1: "human", 2: "thumb", 3: "thumb"}
    m = TableModel(kinaskak, state, seats=seats, seed=1)
    click(m, "hand", "4D")
    click(m, "meld-0-0")  # seat 0's run 3♥ 🃟 5♥ 6♥: 4♦ is not 2♥ or 7♥
    says(m, "4♦ passar ekki við röðina: röð lengist aðeins um næsta spil fyrir neðan eða ofan hana í "
            "sama lit, hér 2♥ eða 7♥",
         "4♦ does not fit that run: a run grows only by the next card below or above it in its suit, "
         "here 2♥ or 7♥")
    click(m, "meld-0-1")  # seat 0's set of eights: the second refused try in a row
    said = both(m)
    named_rule(said)
    assert ("4♦ er ekki af sama gildi og þrennan (8): við þrennu bætast aðeins spil af sama gildi. "
            "Þetta var önnur tilraunin í röð sem gekk ekki. Reglan: Að bæta við") in said["is"]
    assert ("4♦ is not of the set's rank (8): a set takes only cards of its rank. That was the second "
            "refused try in a row. The rule: Laying off") in said["en"]


# -- the widget: a grey Confirm still reaches the table ------------------------------------

@pytest.mark.parametrize("name", ["kozel", "kinaskak", "kasina", "lomber"])
def test_grey_confirm_is_pressable_and_says_why(name):
    game = GAMES[name]
    table = play_table(game.new_game(seed=7), delay=0)
    table.model.run_bots()
    for button in [b for b in table.card_buttons() if b.selected]:
        button.click()  # a forced move's cards, selected for the pupil: chosen no more
    [confirm] = [w for w in walk(table) if "cardlearn-confirm" in classes_of(w)]
    assert not confirm.disabled and "cardlearn-unusable" in classes_of(confirm)
    if confirm.layout.display == "none":
        return  # no move is made with cards now (a row of bids): no Confirm to press
    confirm.click()
    assert table.model.message, f"{name}: a press on the grey Confirm said nothing"


def test_kasina_grey_confirm_says_the_engine_reason():
    game = GAMES["kasina"]
    m = TableModel(game, game.new_game(seed=1), seed=1)
    hand = m.entries("hand")
    picked = next((i for i, c in enumerate(hand) if c is not None and not m.choices().exact(
        Counter([("hand", Card.parse(c))]))), None)
    if picked is None:
        pytest.skip("every card of this hand is a move alone")
    m.click("hand", picked)
    assert not m.confirm()
    named_rule(both(m))


def test_kinaskak_a_meld_that_leads_nowhere_gives_way_to_a_discard():
    m = kinaskak_aces()
    for ace in ("AH", "AD", "AC"):
        click(m, "hand", ace)
    click(m, "hand", "7S")  # the pupil gives up the aces and means to discard 7♠
    assert [str(t[1]) for t in m.selection().elements()] == ["7S"]
    assert both(m) == {"is": "7♠ kemur í stað A♥ A♦ A♣.", "en": "7♠ takes the place of A♥ A♦ A♣."}
    assert [str(a) for a in m.exact()] == ["discard 7S"]


def test_kozel_faded_card_of_another_suit_on_a_lead_says_one_suit():
    """The trial's screenshot 31: 9♣ chosen to lead, then 8♠ clicked."""
    deck = kozel_stack({0: "8S 10S 9C 8C"}, trump="QS")
    m = TableModel(kozel, kozel.new_game(deck=deck, seed=1), seed=1)
    click(m, "hand", "9C")
    click(m, "hand", "8S")
    assert [str(t[1]) for t in m.selection().elements()] == ["8S"]
    says(m, "út er spilað einu eða fleiri spilum í sama lit, upp í loft (8♠ og 9♣ eru ekki í sama "
            "lit). Þess vegna kemur 8♠ í staðinn fyrir 9♣.",
         "a lead is one or more cards of one suit, face up (8♠ and 9♣ mix suits). So 8♠ takes the place "
         "of 9♣.")
