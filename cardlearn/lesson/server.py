"""The lesson's part of the pages server: its pages and the JSON they speak, as tornado
handlers that `pages/.voila/voila.py` adds to Voilà's own (`handlers`).

No kernel serves these: a pupil joining or waiting, and the teacher's page and the board
polling every two seconds, are answered by the server process from the store (in a worker
thread, so the kernels' traffic on the server's loop never waits on the database).  A
pupil's table is the game's classroom page as before, opened at the pupil's seat.

    GET  lesson/wait                 the waiting page (the seat's key: in the browser)
    GET  lesson/teacher/<CODE>       the teacher's page (its key: ?key=, kept in the browser)
    GET  lesson/board/<CODE>         the projector's board
    POST lesson/api/new|join|teacher          JSON in, JSON out
    GET  lesson/api/seat|teacher|board|results.csv
"""

from __future__ import annotations

import html
import io
import json
import os
from collections.abc import Callable
from importlib import resources
from typing import Any

import tornado.web
from tornado.ioloop import IOLoop

from cardlearn import rooms
from cardlearn.games import GAMES
from cardlearn.lesson import classroom as lessons
from cardlearn.lesson.board import board_html, demo_board_html
from cardlearn.lesson.codes import CODE_LENGTH
from cardlearn.lesson.errors import LessonError
from cardlearn.lesson.log import Lesson
from cardlearn.lesson.overview import Seen, results, results_csv, teacher_view
from cardlearn.lesson.pages import board_page, teacher_page, wait_page
from cardlearn.lesson.words import refusal
from cardlearn.rooms import RoomError
from cardlearn.table.room.query import page_path, seat_query

PUPILS_URL = "CARDLEARN_PUPILS_URL"  # the address pupils open (`make pages LAN=1` sets it)
POOL_MAX = "CARDLEARN_POOL_MAX"  # the most kernels kept ready for one game's page (default 40)
DEFAULT_POOL_MAX = 40


# -- kernels ready for a class ---------------------------------------------------------------
def pool_size(km: Any, notebook: str) -> int:
    config = km.kernel_pools_config
    return int(config.get(notebook, config.get("default", {})).get("pool_size", 1))


def grow_pool(km: Any, game: str, want: int) -> None:
    """Keep `want` kernels ready for the game's page (at most CARDLEARN_POOL_MAX): a class
    of 25 arriving together then finds 25 pages already run.  Voilà starts the missing ones."""
    if km is None or not hasattr(km, "fill_if_needed"):
        return  # not a preheating server (a test's plain tornado app)
    notebook = f"{game}.ipynb"
    want = min(want, int(os.environ.get(POOL_MAX) or DEFAULT_POOL_MAX))
    if want > pool_size(km, notebook):
        config = dict(km.kernel_pools_config)
        old: dict[str, Any] = config.get(notebook) or config.get("default") or {}
        config[notebook] = {**old, "pool_size": want}
        km.kernel_pools_config = config
        km.fill_if_needed(delay=0, notebook_name=notebook)


def shrink_pool(km: Any, game: str) -> None:
    """Back to the server's own pool size once the class is seated: the pupils' pages take
    the kernels kept, and only the usual number is started again."""
    notebook = f"{game}.ipynb"
    if km is not None and hasattr(km, "kernel_pools_config") and notebook in km.kernel_pools_config:
        config = dict(km.kernel_pools_config)
        del config[notebook]
        km.kernel_pools_config = config


# -- handlers -------------------------------------------------------------------------------
class Base(tornado.web.RequestHandler):
    """What every lesson handler shares: the store, the server's root, JSON replies, and a
    refused call as one sentence in the page's language (HTTP 400, nothing changed)."""

    ready: tuple[str, int] | None = None  # a game and how many kernels to keep ready for it

    def initialize(self, base: str, seen: Seen) -> None:
        self.base = base
        self.seen = seen

    def set_default_headers(self) -> None:
        self.set_header("Cache-Control", "no-store")  # keys and hands: never from a cache

    @property
    def lang(self) -> str:
        lang = self.get_argument("lang", "is")
        return lang if lang in ("is", "en") else "is"

    def body(self) -> dict[str, Any]:
        if not self.request.headers.get("Content-Type", "").startswith("application/json"):
            raise LessonError("send JSON", rule="other")  # a plain form from another site cannot
        try:
            data = json.loads(self.request.body or b"{}")
        except ValueError:
            raise LessonError("the request is not JSON", rule="other") from None
        if not isinstance(data, dict):
            raise LessonError("the request is not a JSON object", rule="other")
        return data

    def reply(self, data: Any) -> None:
        self.set_header("Content-Type", "application/json; charset=utf-8")
        self.finish(json.dumps(data, ensure_ascii=False))

    def refuse(self, err: ValueError, lang: str) -> None:
        self.set_status(400)
        self.reply({"error": refusal(err, lang), "rule": getattr(err, "rule", "other")})

    async def run(self, work: Callable[[], Any], lang: str | None = None) -> None:
        """`work` in a worker thread; its answer as JSON, or its refusal.  Then the kernels
        a lesson wants ready (`want_ready`), here on the server's loop: Voilà's pool starts
        its kernels on the loop it finds, and a worker thread's would never run."""
        self.ready = None
        try:
            self.reply(await IOLoop.current().run_in_executor(None, work))
        except (RoomError, ValueError) as err:
            self.refuse(err, lang or self.lang)
        if self.ready:
            grow_pool(self.km, *self.ready)

    def want_ready(self, lesson: Lesson) -> None:
        """Kernels for the whole class, while a lesson waits for its start."""
        if not lesson.started and not lesson.ended:
            self.ready = (lesson.game, lesson.size)

    def pupils_url(self) -> str:
        return os.environ.get(PUPILS_URL) or f"{self.request.protocol}://{self.request.host}{self.base}"

    @property
    def km(self) -> Any:
        return self.settings.get("kernel_manager")


class NewLesson(Base):
    async def post(self) -> None:
        data = self.body()
        lang = str(data.get("lang", "is"))

        def work() -> dict[str, Any]:
            pupils = str(data.get("pupils"))
            lesson, key = lessons.create(str(data.get("game")), int(pupils) if pupils.isdigit() else -1,
                                         level=data.get("level") or None, lang=lang)
            self.want_ready(lesson)
            return {"code": lesson.code, "key": key, "teacher": teacher_path(lesson.code, key)}

        await self.run(work, lang)


class Join(Base):
    async def post(self) -> None:
        data = self.body()
        lang = str(data.get("lang", "is"))

        def work() -> dict[str, Any]:
            typed = "".join(str(data.get("code", "")).split()).replace("-", "")
            if len(typed) == lessons.SEAT_CODE_LENGTH:  # a seat's code: this device takes the seat
                joined = lessons.take_seat(typed)
                code = typed[:CODE_LENGTH]
            else:
                code = typed
                joined = lessons.join(code, str(data.get("name", "")))
            lesson = lessons.read(code)
            self.want_ready(lesson)
            return {"code": lesson.code, "key": joined.key, "name": joined.name, "changed": joined.changed,
                    "asked": str(data.get("name", "")), "pupil": joined.pupil}

        await self.run(work, lang)


def seat_url(base: str, lesson: Lesson, link: lessons.Link) -> str:
    return base + page_path(lesson.game) + seat_query(link.room, link.seat, link.token)


class Seat(Base):
    async def get(self) -> None:
        code, key = self.get_argument("code", ""), self.get_argument("key", "")

        def work() -> dict[str, Any]:
            lesson = lessons.read(code)
            pupil = lesson.pupils[lessons.pupil_of(lesson, key)]
            state = "ended" if lesson.ended else "seated" if pupil.link else "waiting"
            answer = {"code": lesson.code, "name": pupil.name, "state": state, "joined": len(lesson.pupils),
                      "lang": lesson.lang, "game": GAMES[lesson.game].NAME[lesson.lang]}
            if pupil.link:
                answer["url"] = seat_url(self.base, lesson, pupil.link)
            return answer

        await self.run(work)


class Teacher(Base):
    started: str | None = None  # the game of a lesson this request started

    async def get(self) -> None:
        code, key = self.get_argument("code", ""), self.get_argument("key", "")
        hands = self.get_argument("hands", "") or None
        url = self.pupils_url()

        def work() -> dict[str, Any]:
            lesson = lessons.read(code)
            lessons.check_teacher(lesson, key)
            self.want_ready(lesson)
            return teacher_view(lesson, self.lang, seen=self.seen, hands=hands, pupils_url=url)

        await self.run(work)

    async def post(self) -> None:
        data = self.body()
        code, key, do = str(data.get("code", "")), str(data.get("key", "")), data.get("do")

        def work() -> dict[str, Any]:
            answer: dict[str, Any] = {"ok": True}
            if do == "place":
                lessons.place(code, key, _whole(data.get("pupil")), _whole(data.get("table")))
            elif do == "start":
                self.started = lessons.start(code, key).game
            elif do in ("pause", "resume", "end"):
                getattr(lessons, str(do))(code, key)
            elif do == "seatcode":
                answer["seat_code"] = lessons.seat_code(code, key, _whole(data.get("pupil")))
            elif do == "board":
                table = data.get("table")
                lessons.set_board(code, key, None if table is None else _whole(table), bool(data.get("open")),
                                  str(data.get("pace", "slow")))
            else:
                raise LessonError(f"no such action {do!r}", rule="other")
            return answer

        self.started = None
        await self.run(work, str(data.get("lang", "is")))
        if self.started:
            shrink_pool(self.km, self.started)


def _whole(value: Any) -> int:
    if type(value) is not int:
        raise LessonError(f"a number is wanted, not {value!r}", rule="other")
    return value


class Results(Base):
    async def get(self) -> None:
        code, key = self.get_argument("code", ""), self.get_argument("key", "")
        try:
            def work() -> str:
                lesson = lessons.read(code)
                lessons.check_teacher(lesson, key)
                return results_csv(results(lesson, self.lang), self.lang)

            text = await IOLoop.current().run_in_executor(None, work)
        except (RoomError, ValueError) as err:
            self.refuse(err, self.lang)
            return
        self.set_header("Content-Type", "text/csv; charset=utf-8")
        self.set_header("Content-Disposition", f'attachment; filename="lesson-{code.upper()}.csv"')
        self.finish(text.encode("utf-8"))


class BoardData(Base):
    async def get(self) -> None:
        code, key = self.get_argument("code", ""), self.get_argument("key", "")
        step = self.get_argument("step", "0")

        def work() -> dict[str, Any]:
            lesson = lessons.read(code)
            lessons.check_teacher(lesson, key)
            board = lesson.board
            if board.table is None or board.table >= len(lesson.tables):
                steps = int(step) if step.isdigit() else 0
                return {"table": None, "pace": board.pace, "open": board.open,
                        "html": demo_board_html(lesson.game, lesson_seed(lesson), steps, self.lang,
                                                open_hands=board.open)}
            room = rooms.open(lesson.tables[board.table])
            return {"table": board.table, "pace": board.pace, "open": board.open,
                    "html": board_html(room, self.lang, open_hands=board.open)}

        await self.run(work)


def lesson_seed(lesson: Lesson) -> int:
    """The demo's deal: the same for a lesson on every reload of its board."""
    return int(lesson.created * 1000) % 1_000_000


class Page(Base):
    """The lesson's HTML pages; each reads its key from the browser and polls the JSON."""

    def initialize(self, base: str, seen: Seen, page: str) -> None:  # type: ignore[override]
        super().initialize(base, seen)
        self.page = page

    def get(self, code: str = "") -> None:
        lang = self.lang
        make = {"wait": wait_page, "teacher": teacher_page, "board": board_page}[self.page]
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.finish(make(self.base, html.escape(code.upper()[:CODE_LENGTH]), lang))


class Static(tornado.web.RequestHandler):
    FILES = {"lesson.js": "application/javascript", "lesson.css": "text/css"}

    def get(self, name: str) -> None:
        if name not in self.FILES:
            raise tornado.web.HTTPError(404)
        self.set_header("Content-Type", f"{self.FILES[name]}; charset=utf-8")
        self.finish(resources.files("cardlearn.lesson").joinpath(name).read_bytes())


class QR(Base):
    """The pupils' address with the lesson's code, as a QR code (SVG): a tablet's camera
    opens the front page with the code filled in.  Holds nothing secret."""

    def get(self) -> None:
        import segno  # only the pages server draws QR codes

        code = self.get_argument("code", "")
        if not code.isalnum() or len(code) > 8:
            raise tornado.web.HTTPError(404)
        qr = segno.make(f"{self.pupils_url()}?code={code.upper()}", error="m")
        picture = io.BytesIO()
        qr.save(picture, kind="svg", scale=6, dark="#000", light="#fff")  # a file's SVG: with its xmlns
        self.set_header("Content-Type", "image/svg+xml; charset=utf-8")
        self.finish(picture.getvalue())


def teacher_path(code: str, key: str) -> str:
    """The teacher's page, relative to the pages server's root."""
    return f"lesson/teacher/{code}?key={key}"


def handlers(base: str = "/") -> list[tuple[str, type, dict[str, Any]]]:
    """The lesson's routes under the server's root `base` ("/" or "/prefix/")."""
    seen: Seen = {}
    args = {"base": base, "seen": seen}
    code = r"([A-Za-z0-9]{1,8})"
    return [
        (f"{base}lesson/api/new", NewLesson, args),
        (f"{base}lesson/api/join", Join, args),
        (f"{base}lesson/api/seat", Seat, args),
        (f"{base}lesson/api/teacher", Teacher, args),
        (f"{base}lesson/api/board", BoardData, args),
        (f"{base}lesson/api/results.csv", Results, args),
        (f"{base}lesson/api/qr.svg", QR, args),
        (f"{base}lesson/wait", Page, {**args, "page": "wait"}),
        (f"{base}lesson/teacher/{code}", Page, {**args, "page": "teacher"}),
        (f"{base}lesson/board/{code}", Page, {**args, "page": "board"}),
        (f"{base}lesson/static/(.*)", Static, {}),
    ]
