"""The lesson's HTML pages: a skeleton each (language, title, landmarks, live regions) that
`lesson.js` fills from the JSON the server gives; the words come with the page, from
`cardlearn.lesson.words`, so that a page speaks one language throughout."""

from __future__ import annotations

import html
import json

from cardlearn.lesson.words import LESSON_WORDS, lesson_words


def _page(base: str, kind: str, code: str, lang: str, title: str, body: str) -> str:
    config = {"base": base, "kind": kind, "code": code, "lang": lang, "words": LESSON_WORDS[lang],
              "other": "en" if lang == "is" else "is"}
    # `</` cannot end the script early: JSON escapes it
    data = json.dumps(config, ensure_ascii=False).replace("</", "<\\/")
    return f"""<!DOCTYPE html>
<html lang="{lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{html.escape(title)}</title>
<link rel="stylesheet" href="{base}lesson/static/lesson.css">
</head>
<body class="cardlearn-lesson-page cardlearn-lesson-{kind}">
<a class="cardlearn-skip" href="#main">{"Fara í efnið" if lang == "is" else "Skip to the content"}</a>
<main id="main" tabindex="-1">
{body}
<p class="cardlearn-lesson-said" role="status" aria-live="polite"></p>
<p class="cardlearn-lesson-error" role="alert"></p>
</main>
<script id="cardlearn-lesson-config" type="application/json">{data}</script>
<script src="{base}lesson/static/lesson.js"></script>
</body>
</html>"""


def wait_page(base: str, code: str, lang: str) -> str:
    w = lesson_words(lang)
    body = (f'<h1>{html.escape(w["wait_title"])}</h1>'
            '<p class="cardlearn-wait-name"></p><p class="cardlearn-wait-body"></p>'
            '<p class="cardlearn-wait-joined"></p>'
            f'<p><button type="button" class="cardlearn-leave">{html.escape(w["leave"])}</button></p>')
    return _page(base, "wait", code, lang, f'{w["wait_title"]} · spil', body)


def teacher_page(base: str, code: str, lang: str) -> str:
    w = lesson_words(lang)
    title = html.escape(w["teacher_title"].format(code=code, game=""))
    body = (f'<h1 class="cardlearn-lesson-title">{title}</h1>'
            '<section class="cardlearn-lesson-join" aria-labelledby="cl-join-h">'
            f'<h2 id="cl-join-h">{html.escape(w["pupils_open"])}</h2>'
            '<p class="cardlearn-lesson-address"></p>'
            f'<p>{html.escape(w["and_type"])}: '
            f'<strong class="cardlearn-lesson-code">{html.escape(code)}</strong></p>'
            f'<img class="cardlearn-lesson-qr" alt="" src="{base}lesson/api/qr.svg?code={html.escape(code)}">'
            '</section>'
            '<div class="cardlearn-lesson-controls"></div>'
            '<section class="cardlearn-lesson-pupils" aria-labelledby="cl-pupils-h">'
            '<h2 id="cl-pupils-h"></h2><div class="cardlearn-lesson-pupil-list"></div></section>'
            '<section class="cardlearn-lesson-tables" aria-labelledby="cl-tables-h">'
            f'<h2 id="cl-tables-h">{html.escape(w["tables_heading"])}</h2>'
            '<div class="cardlearn-lesson-grid"></div>'
            '</section>'
            '<section class="cardlearn-lesson-results" aria-labelledby="cl-results-h" hidden>'
            f'<h2 id="cl-results-h">{html.escape(w["results_heading"])}</h2>'
            '<div class="cardlearn-lesson-result-table">'
            '</div></section>')
    return _page(base, "teacher", code, lang, w["teacher_title"].format(code=code, game="spil"), body)


def board_page(base: str, code: str, lang: str) -> str:
    w = lesson_words(lang)
    body = ('<div class="cardlearn-board-bar"><h1 class="cardlearn-board-title"></h1>'
            '<div class="cardlearn-board-controls"></div></div>'
            '<div class="cardlearn-board-view"></div>')
    return _page(base, "board", code, lang, w["board_title"].format(game=code), body)
