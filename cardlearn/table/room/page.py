"""What a game's classroom page shows for its address (`page_widget`): the table of the
room and seat it names, a new solo room's table, the teacher's links to a new shared room,
or a `Refusal` (a wrong token, no such room, a damaged log) in both languages."""

from __future__ import annotations

import html
import os
from collections.abc import Mapping
from typing import Any

import ipywidgets as widgets

from cardlearn import rooms
from cardlearn.games import GAMES
from cardlearn.rooms import RoomError, WrongToken
from cardlearn.table.fixed import seed_from_environment
from cardlearn.table.room.model import RoomModel
from cardlearn.table.room.query import Address, page_path, seat_query
from cardlearn.table.room.widget import RoomTable
from cardlearn.table.room.words import room_words
from cardlearn.table.snapshot import HUMAN


class Refusal(widgets.HTML):
    """A page that does not open: why, in both languages, and no table."""

    def __init__(self, key: str, **kw: Any):
        texts = []
        for lang in ("is", "en"):
            w = room_words(lang)
            why = w[key].format(**{k: (v[lang] if isinstance(v, dict) else v) for k, v in kw.items()})
            texts.append(f'<p lang="{lang}">{html.escape(w["refused"].format(why=why))}</p>')
        box = ("font-size:1.25em;margin:16px 0;padding:12px 18px;border:2px solid #b71c1c;"
               "border-radius:10px;background:#fff3f3;color:#7f0000")
        super().__init__(f'<div style="{box}">{"".join(texts)}</div>')
        self.key = key
        self.add_class("cardlearn-refusal")


def page_widget(game: str, where: Address, *, delay: float = 0.5, store: Any = None) -> widgets.Widget:
    """What a game's page shows for its address: the table of the room and seat it names,
    a new solo room's table (no room named), the teacher's links (`new`), or a refusal."""
    q = where.query
    try:
        if "learn" in q:  # the guided first deal (cardlearn.guided): a table of its own, no room
            from cardlearn.guided import learn

            lang = q.get("lang", "is")
            return learn(game, lang=lang if lang in ("is", "en") else "is", delay=delay)
        if "new" in q:
            return new_room_links(game, q, store=store)
        if "shown" in q:  # the links page reloaded: its address was rewritten (no second room)
            return Refusal("links_shown")
        if not q.get("room"):
            room = rooms.create(game, [0], seed=seed_from_environment(), store=store)
            return RoomTable(RoomModel(room, 0, room.tokens[0]), delay=delay)
        try:
            seat = int(q.get("seat", ""))
        except ValueError:
            return Refusal("bad_address", why=f"seat={q.get('seat', '')!r}")
        room = rooms.open(q["room"], store=store)
        if room.game != game:
            return Refusal("other_game", game=dict(GAMES[room.game].NAME))
        return RoomTable(RoomModel(room, seat, q.get("token", "")), delay=delay)
    except WrongToken:
        return Refusal("wrong_token")
    except rooms.NoSuchRoom:
        return Refusal("no_such_room")
    except rooms.CorruptLog as err:
        return Refusal("corrupt", why=str(err))
    except (RoomError, ValueError) as err:
        return Refusal("bad_address", why=str(err))


# The teacher's links: dark text, underlined links (not told by colour alone), each link
# at least 44 px high, the long address in its code allowed to break on a phone.
LINKS_STYLE = (".cardlearn-room-links{color:#1b1b1b} "
               ".cardlearn-room-links h1{font-size:1.6em;margin:12px 0} "
               ".cardlearn-room-links h2{font-size:1.25em;margin:16px 0 6px} "
               ".cardlearn-room-links ul{list-style:none;padding:0} "
               ".cardlearn-room-links a.cardlearn-room-link{display:inline-flex;align-items:center;"
               "box-sizing:border-box;min-height:44px;padding:0 10px;margin-right:8px;color:#0d47a1;"
               "text-decoration:underline;font-weight:bold;font-size:1.15em} "
               ".cardlearn-room-links a.cardlearn-room-link:focus-visible{outline:3px solid #0d47a1;"
               "outline-offset:2px} "
               ".cardlearn-room-links code{word-break:break-all}")


def new_room_links(game: str, q: Mapping[str, str], *, store: Any = None) -> widgets.Widget:
    """The teacher's form: a new shared room of `game` with the pupil seats `humans`
    ("0,2") and computers of `level`; shows each pupil seat's link (as `python -m
    cardlearn.rooms new` prints them)."""
    humans = [int(s) for s in q.get("humans", "").replace(" ", "").split(",") if s]
    if not humans:
        raise ValueError("choose at least one pupil seat (humans=0,1)")
    module = GAMES[game]
    players = int(q["players"]) if q.get("players") else None
    if players is None and module.PLAYERS[0] != module.PLAYERS[1]:
        default = module.new_game(seed=0).players  # a game of 2-6: at least as many seats as named
        players = max(default, max(humans) + 1)
    level = q.get("level") or None
    names = {s: q[f"name{s}"] for s in humans if q.get(f"name{s}", "").strip()}
    room = rooms.create(game, humans, level=level, players=players, seed=seed_from_environment(),
                        store=store, names=names)
    named = room.names
    base = os.environ.get("VOILA_BASE_URL", "/")
    # The page's heading names the new table in both languages; under it a part per language,
    # each marked with its language (the page is Icelandic: <html lang="is">, set by the
    # room's script from `.cardlearn-links-data`), its own heading and a link per pupil seat
    # named by its seat (and the pupil's name), each link a target at least 44 px high.
    titles = {lang: room_words(lang)["links_title"].format(game=GAMES[game].NAME[lang])
              for lang in ("is", "en")}
    lines = [f"<style>{LINKS_STYLE}</style>",
             f'<h1 class="cardlearn-links-title"><span lang="is">{html.escape(titles["is"])}</span> · '
             f'<span lang="en">{html.escape(titles["en"])}</span></h1>']
    for lang in ("is", "en"):
        w = room_words(lang)
        items = "".join(
            f'<li><a class="cardlearn-room-link cardlearn-room-link-{s}" lang="{lang}" '
            f'href="{html.escape(base + page_path(game) + seat_query(room.id, s, room.tokens[s]))}">'
            f'{html.escape(w["link_seat"].format(n=s) + (" — " + named[s] if s in named else ""))}</a> '
            f'<code>{html.escape(page_path(game) + seat_query(room.id, s, room.tokens[s]))}</code></li>'
            for s in room.humans)
        levels = sorted({str(getattr(module.BOTS[r], "label", {}).get(lang, r))
                         for r in room.seats.values() if r != HUMAN})
        computers = f"<p>{html.escape(w['computers'].format(level=', '.join(levels)))}</p>" if levels else ""
        heading = f"cardlearn-links-{lang}-{room.id}"
        lines.append(f'<section class="cardlearn-page-{lang}" lang="{lang}" aria-labelledby="{heading}">'
                     f'<h2 id="{heading}">{html.escape(w["links_heading"])}</h2>'
                     f'<p>{html.escape(w["links_intro"])}</p><ul>{items}</ul>{computers}</section>')
    # The script rewrites the address, so that a reload does not make another room, and
    # gives the page its language and title.
    page_title = room_words("is")["links_page"].format(title=titles["is"])
    lines.append(f'<span class="cardlearn-links-data" data-href="?shown=1" data-lang="is" '
                 f'data-title="{html.escape(page_title)}"></span>')
    links = widgets.HTML("".join(lines))
    links.add_class("cardlearn-room-links")
    return links

