"""A classroom page's address: the query string that names a room, a seat and the seat's
token (`?room=<id>&seat=<n>&token=<t>`), or asks for a new room; `Address` reads one,
`address()` the page's own (waiting for it in a preheated Voilà kernel), `seat_query` and
`page_path` write them.  No widgets, no rooms opened: the page (`room.page`) does that."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from urllib.parse import parse_qs, urlencode


def page_path(game: str) -> str:
    """A game's page, relative to the root of the `make pages` server."""
    return f"voila/render/{game}.ipynb"


def seat_query(room: str, seat: int, token: str) -> str:
    """The query string that names a room and seat (with the seat's token)."""
    return "?" + urlencode({"room": room, "seat": seat, "token": token})



@dataclass(frozen=True)
class Address:
    """What a page's query string asks for: a room and seat (with its token), nothing (a
    new solo room), or the teacher's new shared room (`new`, `humans`, `level`)."""

    query: Mapping[str, str]

    @classmethod
    def parse(cls, query: str) -> Address:
        fields = parse_qs(query.lstrip("?"), keep_blank_values=True)
        # the teacher's form sends one `humans` per ticked seat; an address gives "0,2"
        return cls({k: ",".join(v) if k == "humans" else v[-1] for k, v in fields.items()})


def address(query: str | None = None) -> Address:
    """The page's address (`query`, else the page request's query string: in a preheated
    Voilà kernel this waits for the request, see `cardlearn.table.voila_query`; outside
    Voilà it is empty)."""
    if query is None:
        from cardlearn.table.voila_query import wait_for_query

        query = wait_for_query()
    return Address.parse(query)
