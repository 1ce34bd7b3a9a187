"""The HTML of what the table only shows, never clicks: backs and faces, the status line
and scoreboard, the score sheet and a deal's row of it, the log, the hints, the end-of-deal
summary, the match banner and the language switch's style.  The view (`cardlearn.table.view`)
asks for each when it draws a snapshot; these are pure functions of plain values (or of a
`Snapshot`), no widgets, so a test can read their HTML directly.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from cardlearn.cards import Card
from cardlearn.grammar import number
from cardlearn.table.look import css_name, esc
from cardlearn.table.snapshot import Snapshot
from cardlearn.table.words import WORDS


def status_html(turn: str, board: Sequence[tuple[str, str]], unit: str, better: str) -> str:
    """The status line (whose turn, the moves so far) over the scoreboard: a row per side
    with its score, headed by what the score counts and which way is better."""
    rows = "".join(f"<tr><td>{esc(name)}</td><td class=cardlearn-score>{esc(score)}</td></tr>"
                   for name, score in board)
    head = f"{esc(unit[:1].upper() + unit[1:])} <span class=cardlearn-better>({esc(better)})</span>"
    table = (f'<table class="cardlearn-scoreboard"><thead><tr><th colspan="2">{head}</th></tr></thead>'
             f"<tbody>{rows}</tbody></table>") if board else ""
    return f'<div class="cardlearn-turn">{esc(turn)}</div>{table}'


def lang_style(lang: str) -> str:
    """Shows the page text (`cardlearn-page-is` / `cardlearn-page-en`) of one language only,
    so one switch governs the table and the page around it."""
    other = "en" if lang == "is" else "is"
    return f"<style>.cardlearn-page-{other}{{display:none !important}}</style>"


def backs_html(n: int, shown: int | None = None) -> str:
    """`n` face-down cards, overlapping (at most `shown` drawn: a pile)."""
    k = n if shown is None else min(n, shown)
    return ('<div class="cardlearn-backs" style="display:flex;justify-content:center">'
            + '<span class="cardlearn-card cardlearn-back"></span>' * k + "</div>")


def faces_html(cards: Iterable[str], extra: str = "", fan: bool = False) -> str:
    """Face-up cards that are only shown, never clicked (the teacher's view, the last move);
    `fan`: overlapping like a hand held in a fan, each card's corner showing."""
    spans = "".join(f'<span class="cardlearn-card cardlearn-card-{css_name(c)} {extra}" '
                    f'title="{esc(Card.parse(c).symbol)}"></span>' for c in cards)
    if fan:
        style = "display:flex;justify-content:center"
        return f'<div class="cardlearn-backs cardlearn-fan" style="{style}">{spans}</div>'
    style = "display:flex;justify-content:center;flex-wrap:wrap"
    return f'<div class="cardlearn-faces" style="{style}">{spans}</div>'


_YES_NO = {"is": ("já", "nei"), "en": ("yes", "no")}


def cell(value: Any, lang: str = "is", names: Mapping[str, str] | None = None) -> str:
    """A score-sheet value as text: a flag as yes/no, a number as the table writes numbers
    (a true minus sign), a mapping as its named parts ("röð 1, þrenna 1", never a dict),
    anything else as written."""
    if isinstance(value, bool):
        return _YES_NO[lang][0 if value else 1]
    if isinstance(value, (int, float)):  # −2, not -2; 1,5 in Icelandic
        return number(value, lang)
    if isinstance(value, Mapping):
        named = names or {}
        return ", ".join(f"{named.get(str(k), str(k).replace('_', ' '))} {cell(v, lang)}"
                         for k, v in value.items())
    return str(value)


def _values(value: Any, width: int, lang: str = "is", names: Mapping[str, str] | None = None) -> list[str]:
    """A sheet entry as one text per side (a tuple per seat/team, or one shared value)."""
    if isinstance(value, (tuple, list)) and len(value) == width:
        return [cell(v, lang, names) for v in value]
    return [cell(value, lang, names)] + [""] * (width - 1)


def sheet_html(rows: Sequence[Mapping[str, Any]], names: Mapping[str, str], sides: Sequence[str],
               totals: Sequence[Any], lang: str, deal: str = "") -> str:
    """The whole score sheet: a row per deal (its column headed by the game's word for a
    deal, `deal`: "Gjöf", "Umferð"), each category a column group with a column per player
    (or team), totals bold, and the standing at the foot."""
    if not rows:
        return ""
    w, n = WORDS[lang], len(sides)
    keys = list(rows[0])
    group = "".join(f'<th colspan="{n}"{" class=cardlearn-total" if k == "total" else ""}>'
                    f"{esc(names.get(k, str(k).replace('_', ' ')))}</th>" for k in keys)
    who = "".join(f"<th>{esc(s)}</th>" for s in sides) * len(keys)
    body = "".join(
        f'<tr><th scope="row">{i}</th>' + "".join(
            f'<td{" class=cardlearn-total" if k == "total" else ""}>{esc(v)}</td>'
            for k in keys for v in _values(r.get(k, ""), n, lang, names)) + "</tr>"
        for i, r in enumerate(rows, 1))
    span = n * (len(keys) - 1) + 1
    foot = (f'<tfoot><tr><td colspan="{span}">{esc(w["standing"])}</td>'
            + "".join(f"<td>{esc(v)}</td>" for v in _values(tuple(totals), n, lang)) + "</tr></tfoot>")
    return (f'<table class="cardlearn-sheet-table"><thead>'
            f'<tr><th rowspan="2">{esc(deal or w["deal"])}</th>{group}</tr>'
            f"<tr>{who}</tr></thead><tbody>{body}</tbody>{foot}</table>")


def row_html(row: Mapping[str, Any], names: Mapping[str, str], sides: Sequence[str], lang: str = "is") -> str:
    """One deal's row of the sheet, turned round: a line per category, a column per side."""
    n = len(sides)
    head = "<td></td>" + "".join(f'<th scope="col">{esc(s)}</th>' for s in sides)
    def cells(value: Any) -> str:
        if isinstance(value, (tuple, list)) and len(value) == n:
            return "".join(f"<td>{esc(v)}</td>" for v in _values(value, n, lang, names))
        # one value for the deal (its contract, who went out): across every side's column,
        # not under the first side's name as if it were that side's
        return f'<td colspan="{n}" class="cardlearn-shared">{esc(_values(value, n, lang, names)[0])}</td>'

    body = "".join(
        f'<tr{" class=cardlearn-total" if k == "total" else ""}>'
        f'<th scope="row">{esc(names.get(k, str(k).replace("_", " ")))}</th>{cells(value)}</tr>'
        for k, value in row.items())
    return f'<table class="cardlearn-sheet-table"><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>'


def log_html(lines: Sequence[tuple[int, str, bool, str | None]], lang: str) -> str:
    """The move log: `(number, text, quiet, divider after)` per move shown; a divider (a
    deal's end) closes one numbered list and starts the next."""
    if not lines:
        return ""
    parts, items, start = [f"<b>{esc(WORDS[lang]['log'])}</b>"], [], lines[0][0]
    for n, text, quiet, divider in lines:
        items.append(f'<li{" class=cardlearn-quiet" if quiet else ""}>{esc(text)}</li>')
        if divider is not None:
            parts.append(f'<ol start="{start}">{"".join(items)}</ol>'
                         f'<div class="cardlearn-divider">{esc(divider)}</div>')
            items, start = [], n + 1
    if items:
        parts.append(f'<ol start="{start}">{"".join(items)}</ol>')
    return "".join(parts)


def hints_html(items: Sequence[tuple[str, str]], best: bool, lang: str) -> str:
    """The hint: the moves with a reason each; the first marked as the computer's choice,
    the others under "Einnig kemur til greina" (never as better than it)."""
    w = WORDS[lang]
    lines = [f"<li>{esc(said)} — {esc(why)}</li>" for said, why in items]
    if not (best and items):
        return f"<b>{esc(w['hints'])}</b><ul>{''.join(lines)}</ul>"
    said, why = items[0]
    first = f'<li class="cardlearn-hint-best">{esc(w["best"])}: {esc(said)} — {esc(why)}</li>'
    others = f"<div>{esc(w['hint_others'])}:</div><ul>{''.join(lines[1:])}</ul>" if lines[1:] else ""
    return f"<b>{esc(w['hints'])}</b><ul>{first}</ul>{others}"


# ---------------------------------------------------------------------------------------
# The parts of a snapshot drawn as HTML


def last_move_html(snap: Snapshot, pictures: bool) -> str:
    """The last move in words, with its cards unless `pictures` is off."""
    if not snap.last_move:
        return ""
    faces = faces_html(snap.last_cards, "cardlearn-last") if pictures and snap.last_cards else ""
    label = esc(WORDS[snap.lang]["last_move"])
    return f'<div class="cardlearn-label"><b>{label}:</b> {esc(snap.last_move)}</div>{faces}'


SHORT_SHEET = 3  # deals in the side column's short sheet


def short_sheet_html(rows: Sequence[Mapping[str, Any]], sides: Sequence[str], totals: Sequence[Any],
                     lang: str, deal: str = "", last: int = SHORT_SHEET) -> str:
    """The score sheet short enough for the side column: a row per side, its total in each
    of the last `last` deals (a column each, headed by the deal's number) and its standing
    (no category groups: the whole sheet was three times the column's width; and a column
    per side did not fit four seats' names, "Computer 1" …)."""
    if not rows:
        return ""
    w, n = WORDS[lang], len(sides)
    first = max(0, len(rows) - last)
    shown = list(enumerate(rows[first:], first + 1))
    per_deal = [_values(r.get("total", ""), n, lang) for _, r in shown]
    standing = _values(tuple(totals), n, lang)
    head = (f"<th>{esc(deal or w['deal'])}</th>" + "".join(f"<th>{i}</th>" for i, _ in shown)
            + f'<th class="cardlearn-total">{esc(w["standing"])}</th>')
    body = "".join(
        f'<tr><th scope="row">{esc(side)}</th>' + "".join(f"<td>{esc(v[k])}</td>" for v in per_deal)
        + f'<td class="cardlearn-total">{esc(standing[k])}</td></tr>'
        for k, side in enumerate(sides))
    return (f'<table class="cardlearn-sheet-table cardlearn-sheet-short"><thead><tr>{head}</tr></thead>'
            f"<tbody>{body}</tbody></table>")


def sheet_panel_html(snap: Snapshot) -> str:
    """The side column's score sheet, under its heading: the short sheet, and the whole
    one on request (a `<details>`, opened over the window)."""
    if not snap.sheet:
        return ""
    w = WORDS[snap.lang]
    short = short_sheet_html(snap.sheet, snap.sides, snap.scores, snap.lang, snap.deal_noun)
    return (f"<b>{esc(w['sheet'])}</b>{short}"
            f"<details><summary>{esc(w['whole_sheet'])}</summary>{sheet_table_html(snap)}</details>")


def sheet_table_html(snap: Snapshot) -> str:
    return sheet_html(snap.sheet, snap.sheet_names, snap.sides, snap.scores, snap.lang, snap.deal_noun)


def summary_text_html(snap: Snapshot) -> str:
    """The summary's heading and lines (who won it first, when the game says)."""
    summary = snap.summary
    if summary is None:
        return ""
    heading = summary.heading or WORDS[snap.lang]["deal_over"].format(n=summary.deal)
    lines = "".join(f'<div class="cardlearn-summary-line{" cardlearn-verdict" if i == 0 else ""}">'
                    f"{esc(x)}</div>" for i, x in enumerate(summary.lines))
    return f"<b>{esc(heading)}</b>{lines}"


def summary_row_html(snap: Snapshot) -> str:
    """The deal's row of the score sheet, beside the summary's words."""
    summary = snap.summary
    if summary is None:
        return ""
    return row_html(summary.row, snap.sheet_names, snap.sides, snap.lang)


def banner_html(snap: Snapshot) -> str:
    """The match's end: who won, the standing and the whole sheet."""
    banner = snap.banner
    if banner is None:
        return ""
    return (f"<div><b>{esc(banner.said)}</b></div><div>{esc(banner.standing)}</div>"
            f"{sheet_table_html(snap)}")


def say_html(n: int, polite: str, assertive: str, lang: str, title: str, words: Mapping[str, str]) -> str:
    """The hidden child the table's page script reads (`cardlearn/table/access.js`):
    utterance `n`'s words for the polite and the assertive live region, the table's language
    (for the page's `lang`) and title, and the words the script gives cards and regions."""
    data = {
        "n": n, "lang": lang, "polite": polite, "assertive": assertive,
        "title": words["page_title"].format(game=title),
        "unusable": words["card_unusable"], "last": words["card_last"], "suggested": words["card_suggested"],
        "keys": words["keys"], "to-hand": words["to_hand"],
        "felt": words["felt_region"], "side": words["side_region"],
        "hints": words["hints"], "log": words["log"], "sheet": words["sheet"],
    }
    return "<span " + " ".join(f'data-{key}="{esc(value)}"' for key, value in data.items()) + "></span>"
