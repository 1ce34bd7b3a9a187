"""The projector's board (`cardlearn.lesson.board`): in every game, at positions through a
computer-played match, it shows no card that some seat cannot see (unless the teacher opens
the hands), says the last move as the table's log says it, and is drawn to be read from
the back of a classroom: words of 36 px and more, cards twice the table's size, each card
named in the board's language."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from html import unescape
from pathlib import Path
from typing import Any

import pytest
from lessontables import GAMES, new_room, play

from cardlearn.cards import Card
from cardlearn.games import GAMES as MODULES
from cardlearn.lesson import board
from cardlearn.lesson.board import board_html, demo_board_html, demo_level, demo_state
from cardlearn.lesson.report import namer
from cardlearn.protocol import AnyGame, AnyState
from cardlearn.table import look
from cardlearn.table.room import RoomModel
from cardlearn.table.textview import sayable
from cardlearn.table.words import count_cards

_SYMBOL = re.compile(r"(10|[2-9JQKA])([♠♥♦♣])|🃏")
_SUIT = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}
YOU = re.compile(r"\b(þú|þig|þér|þín|þið)\b", re.IGNORECASE)


def faces(view: Any) -> Counter[str]:
    """The face-up cards of a layout (hand and zones), as a multiset."""
    entries = list(view["hand"]) + [e for z in view["zones"] for e in z.get("cards", [])]
    return Counter(c for c in (e if isinstance(e, str) else e.get("card") for e in entries) if c)


def deck(game: AnyGame) -> Counter[str]:
    """The game's deck: at a new deal, what seat 0 sees and what it cannot see."""
    start = game.new_game(seed=1)
    cards = Counter(map(str, game.hidden_cards(start, 0))) + faces(game.layout(start, 0))
    assert sum(cards.values()) >= 32
    return cards


def shown_faces(html: str) -> Counter[str]:
    return Counter(re.findall(r'data-card="([^"]+)"', html))


def words(html: str) -> str:
    """The board's text: no style, no card pictures, no tags."""
    html = re.sub(r"<style>.*?</style>|<svg.*?</svg>", " ", html, flags=re.S)
    return unescape(re.sub(r"<[^>]+>", " ", html))


def last_move(html: str) -> str:
    """The board's words for the last move (its section, heading and all)."""
    found = re.search(r'<section class="cardlearn-board-last">.*?</section>', html, flags=re.S)
    assert found
    return words(found.group(0))


def named_cards(text: str) -> Counter[str]:
    """The cards words name by their symbols, each once."""
    return Counter({"JK" if m.group(0) == "🃏" else m.group(1) + _SUIT[m.group(2)]
                    for m in _SYMBOL.finditer(text)})


def ended_a_deal(states: Sequence[AnyState]) -> bool:
    return len(states) > 1 and states[-1].deals_done > states[-2].deals_done


def public_cards(game: AnyGame, state: AnyState) -> Counter[str]:
    """The cards every seat's own screen shows face up."""
    public = faces(game.layout(state, 0))
    for s in range(1, state.players):
        public &= faces(game.layout(state, s))
    return public


def check_hidden(game: AnyGame, states: Sequence[AnyState], html: str) -> None:
    """No card on the board at `states[-1]`, nor named in its last move's words, that
    `hidden_cards` hides from a seat.  A card every seat's own screen shows is not hidden,
    though `hidden_cards` may count it (Kozel's trump card beside the stock, after a seat
    drew it); with two decks (Kínaskák) a card is hidden only beyond its copies in sight.
    The cards a deal's last move names were dealt anew since: they are not checked."""
    state = states[-1]
    said = Counter[str]() if ended_a_deal(states) else named_cards(last_move(html))
    shown = shown_faces(html) | said
    public, full = public_cards(game, state), deck(game)
    for s in range(state.players):
        hidden = Counter(map(str, game.hidden_cards(state, s)))
        for card, n in shown.items():
            if n > public[card]:
                assert n + hidden[card] <= full[card], f"the board shows {card}, hidden from seat {s}"
        # and what the board draws face up, each seat sees on its own screen
        assert shown_faces(html) <= faces(game.layout(state, s)), f"seat {s} does not see it all"


@pytest.mark.parametrize("game", GAMES)
def test_the_board_shows_no_card_a_seat_cannot_see(game: str, tmp_path: Path) -> None:
    module = MODULES[game]
    room = new_room(game, tmp_path, names={0: "Anna"})
    deals, checked, faces_seen = 0, 0, 0
    for n, _ in enumerate(play(room, 160), 1):
        state = room.state()
        if n % 4 and state.deals_done == deals:
            continue
        deals = state.deals_done
        lang = "is" if n % 2 else "en"
        html = board_html(room, lang)
        check_hidden(module, room.states(), html)
        if ended_a_deal(room.states()):  # the deal's last move, said as the end of its deal
            assert {"is": "lokið", "en": "is over"}[lang] in last_move(html).split("  ")[1]
        checked += 1
        faces_seen += sum(shown_faces(html).values())
    assert checked > 25 and faces_seen > 20  # the board did show cards


@pytest.mark.parametrize("game", GAMES)
def test_open_hands_show_every_hand_labelled(game: str, tmp_path: Path) -> None:
    module = MODULES[game]
    room = new_room(game, tmp_path, names={0: "Anna"})
    for _ in play(room, 23):
        pass
    state = room.state()
    html = board_html(room, "is", open_hands=True)
    hands = sum((Counter(faces({"hand": module.layout(state, s)["hand"], "zones": []}))
                 for s in range(state.players)), Counter[str]())
    assert hands and shown_faces(html) >= hands
    who = namer(room.seats, room.names, "is")
    for seat in range(state.players):
        assert f"<h4>Spil — {who(seat)}</h4>" in html


@pytest.mark.parametrize("game", GAMES)
def test_the_board_says_the_last_move_as_the_tables_log(game: str, tmp_path: Path) -> None:
    """The pupil's own page (seat 0) logs a computer's move as an onlooker hears it: the
    board says it in the same words."""
    room = new_room(game, tmp_path, names={0: "Anna"})
    compared = 0
    for n, _ in enumerate(play(room, 80), 1):
        mover = room.states()[-2].to_move
        if mover == 0 or n % 3:
            continue
        said = RoomModel(room, 0, room.tokens[0]).snapshot().log[-1].text
        if YOU.search(said):  # the page says "þú" where the board names the pupil
            continue
        assert said in last_move(board_html(room, "is")), said
        compared += 1
    assert compared > 5
    (tmp_path / "new").mkdir()
    assert "Ekkert leikið enn" in words(board_html(new_room(game, tmp_path / "new"), "is"))


def test_a_card_laid_face_down_stays_unnamed(tmp_path: Path) -> None:
    """Kozel's cards laid face down: the all-seeing words name them; the board draws backs
    and says only "á grúfu" (as an onlooker hears it)."""
    kozel = MODULES["kozel"]
    room = new_room("kozel", tmp_path, names={0: "Anna"})
    found = 0
    for _ in play(room, 200):
        before, state = room.states()[-2], room.state()
        action, onlooker = state.history[-1], (before.to_move + 1) % 4

        seeing = named_cards(kozel.describe(before, action, "is", viewer=None))
        secret = seeing - named_cards(kozel.describe(before, action, "is", viewer=onlooker))
        secret -= public_cards(kozel, state)  # the trump card, known to all, may be laid face down
        if not secret or ended_a_deal(room.states()):
            continue
        found += 1
        html = board_html(room, "is")
        assert not secret & (named_cards(last_move(html)) | shown_faces(html)), secret
        assert "á grúfu" in last_move(html)
    assert found >= 3


@pytest.mark.parametrize("game", GAMES)
def test_the_board_says_whose_turn_and_each_seats_cards(game: str, tmp_path: Path) -> None:
    module = MODULES[game]
    room = new_room(game, tmp_path, names={0: "Anna"})
    who = namer(room.seats, room.names, "is")
    for _ in play(room, 12):
        state, html = room.state(), board_html(room, "is")
        status = re.search(r'<p class="cardlearn-board-status">(.*?)</p>', html)
        assert status and unescape(status.group(1)) == f"{who(state.to_move)} á leik"
        seats = re.findall(r'<li( class="cardlearn-board-to-move")?><h4>(.*?)</h4><p>(.*?)</p>', html)
        assert [unescape(name) for _, name, _ in seats] == [
            who(s) + (" (á leik)" if s == state.to_move else "") for s in range(state.players)]
        for s, (mark, _, label) in enumerate(seats):
            held = len(module.layout(state, s)["hand"])
            assert label.startswith(count_cards(held, "is")) and bool(mark) == (s == state.to_move)


def test_the_board_of_a_finished_match_says_who_won() -> None:
    deal = demo_state("kasina", 5, 10_000)
    html = demo_board_html("kasina", 5, 10_000, "en")
    winner = f"Computer {deal.state.winner} wins!" if deal.state.winner is not None else "a tie"
    assert f'<p class="cardlearn-board-status">Game over — {winner}</p>' in html


# -- the look ----------------------------------------------------------------------------------


def test_words_are_36_px_and_more_and_cards_twice_the_table(tmp_path: Path) -> None:
    html = demo_board_html("kinaskak", 4, 60, "is")
    sizes = re.findall(r"font-size\s*:\s*([^;}\"]+)", html)
    assert len(sizes) >= 8
    for size in sizes:
        assert re.fullmatch(r"\d+px", size.strip()), f"font-size {size}: in px, so that it can be checked"
        assert int(size.strip()[:-2]) >= board.MIN_TEXT_PX == 36
    assert f"--cw:calc(2 * {look.CARD_WIDTH})" in html  # the table's card width, doubled
    assert html.count("width:var(--cw);height:var(--ch)") == 1  # and every card drawn at it
    assert len(re.findall(r'class="cardlearn-board-card[ "]', html)) == html.count("<svg ")


def _luminance(colour: str) -> float:
    def channel(c: int) -> float:
        s = c / 255
        return s / 12.92 if s <= 0.03928 else ((s + 0.055) / 1.055) ** 2.4
    r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def test_the_words_stand_out_on_the_felt() -> None:
    felt = _luminance(board.FELT)
    for ink in (board.INK, board.MARK):
        assert (_luminance(ink) + 0.05) / (felt + 0.05) >= 4.5, ink  # WCAG AA for any text size


@pytest.mark.parametrize("lang", ["is", "en"])
def test_every_card_is_named_in_the_boards_language(lang: str) -> None:
    html = demo_board_html("kozel", 2, 9, lang, open_hands=True)
    assert html.startswith(f'<section class="cardlearn-board" lang="{lang}"')
    assert "<h2>" in html and html.count("<h3>") >= 4
    cards = re.findall(r'<span class="cardlearn-board-card[^"]*" role="img" aria-label="([^"]+)"'
                       r'(?: data-card="([^"]+)")?>', html)
    assert len(cards) == html.count("<svg ") > 20
    back = {"is": "spil á grúfu", "en": "face-down card"}[lang]
    for label, card in cards:
        assert label.startswith(Card.parse(card).name(lang) if card else back), label
    assert html.count('aria-hidden="true" focusable="false"') == len(cards)  # the picture is not read
    # who put a card there is written under it, and said in its name
    captioned = re.findall(r'aria-label="([^"]+)"[^>]*><svg (?:(?!<li>).)*?</svg></span>'
                           r'<span class="cardlearn-board-caption" aria-hidden="true">([^<]+)</span>', html)
    assert captioned
    for label, caption in captioned:
        assert sayable(unescape(caption), lang) in unescape(label)


# -- the demo ----------------------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_a_demo_is_the_same_from_its_seed_and_cheap_to_step(game: str) -> None:
    module = MODULES[game]
    first = demo_state(game, 11, 30)
    assert first.level == demo_level(module) == "thumb" and set(first.seats.values()) == {"thumb"}
    assert len(first.moves) == 30 and len(first.states) == 31
    again = demo_state(game, 11, 31)
    assert again.states[:31] == first.states and again.states[30] is first.states[30]  # kept, not replayed
    board._demos.clear()  # played again from nothing (another process): the same moves
    assert [str(a) for _, a in demo_state(game, 11, 30).moves] == [str(a) for _, a in first.moves]
    other = demo_state(game, 12, 30)
    assert [str(a) for _, a in other.moves] != [str(a) for _, a in first.moves]
    for steps in (0, 7, 30):
        deal = demo_state(game, 11, steps)
        check_hidden(module, deal.states, demo_board_html(game, 11, steps, "is"))


def test_a_demo_stops_at_the_end_of_its_match() -> None:
    deal = demo_state("kasina", 5, 10_000)
    assert deal.state.is_over and len(deal.moves) < 10_000
    with pytest.raises(ValueError):
        demo_state("kasina", 5, -1)
    with pytest.raises(ValueError):
        demo_state("whist", 5, 1)
