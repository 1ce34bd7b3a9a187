"""How the table looks: one stylesheet (the felt, card sizes that scale with the screen,
the marks for usable, selected, unusable and last-moved cards) and the HTML of the parts
that are drawn, not clicked: backs, seat labels, the score sheet, the log, the hints, the
end-of-deal summary and the match banner.  Pure functions of plain values, no widgets.

CSS hooks (for tests and pages): the root has `cardlearn-table`, every card picture
`cardlearn-card` (a face `cardlearn-card-<code>`, a back `cardlearn-back`), the message
line `cardlearn-message`; a card of the last move also has `cardlearn-last`, an unusable
one `cardlearn-unusable`.
"""

from __future__ import annotations

import base64
import html
import re
from collections.abc import Iterable, Mapping, Sequence
from functools import lru_cache
from typing import Any

from cardlearn.cards import Card, make_deck
from cardlearn.draw import FONT, TABLE_GREEN, card_svg
from cardlearn.grammar import number
from cardlearn.table.words import WORDS

# Card width: at least 70 px (readable on a 1024 × 768 projector), growing with the
# window so that three rows of cards and the buttons still fit its height.
CARD_WIDTH = "clamp(70px, min(7vw, 9.6vh), 132px)"
# Words read from the back of a classroom: at least 18 px (status, captions, prompt, messages,
# last move, end panel); a little more on a larger screen.
TEXT = "clamp(18px, 1.75vw, 24px)"


def css_name(text: Any) -> str:
    """A string made safe for a CSS class name."""
    return re.sub(r"[^A-Za-z0-9_-]", "-", str(text))


def esc(text: Any) -> str:
    return html.escape(str(text))


def _picture(svg: str) -> str:
    return "url(data:image/svg+xml;base64," + base64.b64encode(svg.encode()).decode() + ")"


@lru_cache(maxsize=1)
def stylesheet() -> str:
    """The one <style> of a table: sent once per table, so that a redraw changes only
    classes and a few texts (a handful of small widget messages)."""
    faces = "".join(f".cardlearn-card-{css_name(str(c))}{{background-image:{_picture(card_svg(c))}}}"
                    for c in (*make_deck(), Card.parse("JK")))
    back = f".cardlearn-widget .cardlearn-back{{background-image:{_picture(card_svg('AS', face_up=False))}}}"
    w = ".cardlearn-widget"
    rules = f"""
{w}{{--cw:{CARD_WIDTH};--ch:calc(var(--cw) * 10 / 7);--big:{TEXT};font-family:{FONT};max-width:100%;
  gap:4px;font-size:var(--big)}}
{w} .widget-html-content, {w} .widget-html{{font-size:inherit;line-height:1.3;height:auto}}
{w} .cardlearn-header{{align-items:center;flex-wrap:wrap;gap:4px;justify-content:flex-end}}
{w} .cardlearn-header button{{padding:0 10px;font-size:16px;height:32px}}
{w} .cardlearn-heading{{flex:none}}
{w} .cardlearn-heading .widget-html,
{w} .cardlearn-heading .widget-html-content{{height:auto;line-height:1.25}}
{w} .cardlearn-hints .widget-html-content{{line-height:1.3}}
{w} .cardlearn-title{{font-size:var(--big)}}
{w} .cardlearn-status{{font-size:var(--big)}}
{w} table.cardlearn-scoreboard{{border-collapse:collapse;margin:4px 0;width:100%;font-size:var(--big)}}
{w} table.cardlearn-scoreboard th{{background:{TABLE_GREEN};color:#fff;text-align:left;padding:2px 6px;
  font-weight:bold}}
{w} table.cardlearn-scoreboard .cardlearn-better{{font-weight:normal;white-space:normal}}
{w} table.cardlearn-scoreboard td{{border-bottom:1px solid #c9c9c9;padding:1px 6px}}
{w} table.cardlearn-scoreboard td.cardlearn-score{{text-align:right;font-weight:bold;font-size:1.2em}}
/* The felt and the side column side by side down to a 1024 px projector: hints, log and the
   scoreboard stay in view beside the table instead of below it. */
{w} .cardlearn-main{{flex-wrap:nowrap;align-items:flex-start;gap:8px;width:100%}}
@media (max-width: 900px) {{ {w} .cardlearn-main{{flex-wrap:wrap}}
  {w} .cardlearn-side{{flex:1 1 100% !important}} }}
{w} .cardlearn-felt{{flex:1 1 auto;min-width:0;background:radial-gradient(ellipse at center,#237a45 0%,
  {TABLE_GREEN} 70%);
  color:#fff;border-radius:16px;padding:6px 10px;border:6px solid #5d3a1a;box-sizing:border-box;
  grid-template-columns:auto 1fr auto;
  grid-template-areas:"top top top" "left middle right" "bottom bottom bottom";
  display:grid !important;gap:4px 10px;align-items:start}}
{w} .cardlearn-felt{{position:relative}}
{w} .cardlearn-felt.cardlearn-teacher-on{{border:6px dashed #ffd54f}}
{w} .cardlearn-summary{{width:auto;max-width:100%;font-size:var(--big);gap:16px;align-items:flex-start;
  flex-wrap:wrap;justify-content:center}}
/* The panel's words take the whole row when the deal's table does not fit beside them
   (English names, four seats): at 300 px they ran to seven lines and the table below the
   window.  Áfram keeps its own width. */
{w} .cardlearn-summary-words{{flex:1 1 300px;gap:4px}}
{w} .cardlearn-summary-words > button{{align-self:flex-start}}
{w} .cardlearn-summary-table{{flex:0 1 auto;min-width:0}}
{w} .cardlearn-summary table.cardlearn-sheet-table th{{white-space:normal}}
{w} .cardlearn-side .cardlearn-last-move{{text-align:left;background:rgba(30,107,60,.12);border-radius:6px;
  padding:2px 6px}}
{w} .cardlearn-side .cardlearn-last-move .cardlearn-label{{color:inherit;text-align:left}}
{w} .cardlearn-side:has(.cardlearn-hints ul) .cardlearn-log{{max-height:24vh}}
{w} .cardlearn-summary .cardlearn-verdict{{font-weight:bold}}
{w} .cardlearn-summary button{{font-size:var(--big);height:40px;min-width:140px}}
{w} .cardlearn-summary table.cardlearn-sheet-table td, {w} .cardlearn-summary table.cardlearn-sheet-table th{{
  padding:0 6px;font-size:var(--big)}}
{w} .cardlearn-banner{{position:absolute !important;top:6px;left:50%;transform:translateX(-50%);z-index:6;
  max-width:96%;max-height:calc(100% - 12px);overflow:auto;font-size:var(--big)}}
{w} .cardlearn-right .cardlearn-last-move .cardlearn-faces{{flex-wrap:nowrap !important;
  max-width:calc(2 * var(--cw) + 16px)}}
{w} .cardlearn-right .cardlearn-last-move .cardlearn-card + .cardlearn-card{{
  margin-left:calc(var(--cw) * -0.75) !important}}
{w} .cardlearn-right .cardlearn-last-move{{max-width:calc(2 * var(--cw) + 16px)}}
{w} .cardlearn-top{{grid-area:top;justify-content:center;flex-wrap:wrap;gap:24px}}
{w} .cardlearn-left{{grid-area:left}} {w} .cardlearn-right{{grid-area:right}}
{w} .cardlearn-middle{{grid-area:middle;align-items:center;min-height:calc(var(--ch) + 24px);min-width:0}}
{w} .cardlearn-bottom{{grid-area:bottom;align-items:center}}
{w} .cardlearn-zones{{flex-wrap:wrap;justify-content:center;gap:2px 12px;align-items:flex-start}}
{w} .cardlearn-row{{flex-wrap:wrap;justify-content:center;align-items:flex-end;min-height:var(--ch)}}
{w} .cardlearn-row:empty{{min-height:0}}
{w} .cardlearn-side{{flex:0 0 clamp(240px, 25vw, 420px);min-width:0;font-size:16px;gap:6px;
  max-height:calc(100vh - 56px);overflow-y:auto;overflow-x:hidden;position:sticky;top:0}}
{w} .cardlearn-side .cardlearn-title{{font-size:var(--big)}}
{w} .cardlearn-hints{{max-height:45vh;overflow-y:auto}}
{w} .cardlearn-hints ul{{margin:2px 0;padding-left:1.1em}}
/* The log keeps its newest line in view: a column laid out from the bottom scrolls from there. */
{w} .cardlearn-log{{max-height:40vh;overflow-y:auto;display:flex !important;flex-direction:column-reverse}}
{w} .cardlearn-seat-label{{max-width:calc(var(--cw) * 1.6)}}
{w} .cardlearn-middle .cardlearn-zones{{gap:2px 6px}}
{w} .cardlearn-middle .cardlearn-row button.cardlearn-card{{margin:0 1px !important}}
/* A target with no cards of its own (Kozel's "lay face down") takes a row of its own in the
   middle, so that the trick and the last trick each keep a row with what stands beside them. */
{w} .cardlearn-middle .cardlearn-zones > .cardlearn-bare-target{{flex:1 1 100%;align-items:center}}
{w} .cardlearn-left .cardlearn-backs .cardlearn-card + .cardlearn-card,
{w} .cardlearn-right .cardlearn-backs .cardlearn-card + .cardlearn-card{{
  margin-left:calc(var(--cw) * -0.82) !important}}
{w} .cardlearn-top .cardlearn-seat-label{{max-width:none}}
{w} .cardlearn-label, {w} .cardlearn-seat-label{{color:#fff;font-size:var(--big);text-align:center;
  line-height:1.25}}
{w} .cardlearn-label b, {w} .cardlearn-seat-label b{{font-size:var(--big)}}
{w} .cardlearn-to-move .cardlearn-seat-label b,
  {w} .cardlearn-bottom.cardlearn-to-move .cardlearn-hand-label b{{
  color:#ffd54f}}
{w} .cardlearn-card{{width:var(--cw) !important;height:var(--ch) !important;min-width:var(--cw);flex:none;
  display:inline-block;padding:0 !important;margin:0 3px !important;background-color:transparent;
  background-size:var(--cw) var(--ch);background-repeat:no-repeat;background-position:center top;
  border:none !important;border-radius:6px;box-shadow:0 1px 3px rgba(0,0,0,.45);color:transparent;
  vertical-align:bottom;transition:transform .1s;box-sizing:border-box}}
{w} .cardlearn-backs .cardlearn-card + .cardlearn-card{{margin-left:calc(var(--cw) * -0.72) !important}}
{w} .cardlearn-fan .cardlearn-card + .cardlearn-card{{margin-left:calc(var(--cw) * -0.6) !important}}
{w} .cardlearn-top .cardlearn-fan .cardlearn-card + .cardlearn-card{{
  margin-left:calc(var(--cw) * -0.35) !important}}
{w} .cardlearn-packed button.cardlearn-card + button.cardlearn-card{{
  margin-left:calc(var(--cw) * -0.42) !important}}
{w} .cardlearn-packed{{flex-wrap:nowrap}}
{w} .cardlearn-packed-more button.cardlearn-card + button.cardlearn-card{{
  margin-left:calc(var(--cw) * -0.64) !important}}
{w} .cardlearn-packed-most button.cardlearn-card + button.cardlearn-card{{
  margin-left:calc(var(--cw) * -0.76) !important}}
{w} .cardlearn-packed button.cardlearn-captioned{{text-align:left;padding-left:3px !important}}
/* In a packed row of the middle (a trick, a last trick) a new run (a seat's cards under its
   own caption) starts with more of its first card showing: packed tight, four cards of a last
   trick left 68 px for a caption, and "Computer 1Computer 2Computer 3" ran together.  (Not in
   a seat's melds: a Kínaskák run's captioned jokers then pushed the hand below the window.) */
{w} .cardlearn-middle .cardlearn-packed button.cardlearn-card
  + button.cardlearn-card.cardlearn-captioned:not(.cardlearn-run){{
  margin-left:calc(var(--cw) * -0.3) !important}}
{w} .cardlearn-pile-open{{font-size:16px;height:28px}}
{w} .cardlearn-pile{{align-items:center}}
{w} .cardlearn-pile-head{{align-items:center;gap:6px}}
/* A seat's own cards (melds, cards shown) drawn compact: the top of each card, its index and
   suit, overlapped; still 70 px wide and clickable. */
{w} .cardlearn-compact button.cardlearn-card{{height:calc(var(--ch) * 0.55) !important}}
{w} .cardlearn-compact{{min-height:calc(var(--ch) * 0.55)}}
{w} .cardlearn-compact button.cardlearn-card.cardlearn-captioned{{
  height:calc(var(--ch) * 0.55 + 22px) !important;padding-top:calc(var(--ch) * 0.55) !important}}
{w} .cardlearn-bottom .cardlearn-zones > .widget-vbox{{flex-direction:row;align-items:center;gap:4px}}
{w} .cardlearn-top.cardlearn-crowded{{flex-wrap:nowrap;gap:10px;justify-content:space-around}}
{w} .cardlearn-top.cardlearn-crowded > .cardlearn-seat{{flex:1 1 0;min-width:0}}
{w} .cardlearn-top.cardlearn-crowded .cardlearn-backs .cardlearn-card{{
  height:calc(var(--ch) * 0.45) !important}}
{w} .cardlearn-top.cardlearn-crowded .cardlearn-zones{{gap:2px 6px}}
{w} .cardlearn-top.cardlearn-crowded .cardlearn-compact button.cardlearn-card{{
  height:calc(var(--ch) * 0.42) !important}}
{w} .cardlearn-top.cardlearn-crowded .cardlearn-compact{{min-height:calc(var(--ch) * 0.42)}}
{w} .cardlearn-top.cardlearn-crowded .cardlearn-compact button.cardlearn-card + button.cardlearn-card{{
  margin-left:calc(var(--cw) * -0.74) !important}}
{w} .cardlearn-zones button.cardlearn-target{{min-height:24px;height:24px;font-size:16px;line-height:20px}}
{w} button.cardlearn-card{{cursor:pointer;outline-offset:-1px}}
{w} button.cardlearn-card.cardlearn-unusable{{filter:brightness(.72) grayscale(.6);cursor:help}}
{w} button.cardlearn-card.mod-info{{outline:3px solid #64b5f6}}
{w} button.cardlearn-card.mod-success, {w} button.cardlearn-card.mod-success:focus,
{w} button.cardlearn-card.mod-success:focus-visible{{outline:4px solid #ffd54f;transform:translateY(-12px);
  box-shadow:0 6px 12px rgba(0,0,0,.5)}}
{w} button.cardlearn-card:focus-visible{{outline:3px dashed #ffffff}}
{w} .cardlearn-card.cardlearn-last{{box-shadow:0 0 0 4px #ff9800,0 1px 3px rgba(0,0,0,.45) !important}}
{w} .cardlearn-card.cardlearn-captioned{{height:calc(var(--ch) + 22px) !important;
  padding-top:var(--ch) !important;
  color:#fff !important;font-size:16px;line-height:22px;white-space:nowrap;overflow:hidden;box-shadow:none}}
/* Cards under one caption (a run: a seat's two-card lead, the answers to it, a last trick)
   show it under the first only, over the run's later cards (their caption band is empty).
   (A packed row keeps its width: a run started farther on pushed Kozel's trick off the
   stock's row, and the pupil's hand below a 768 px window.) */
{w} .cardlearn-card.cardlearn-captioned:has(+ .cardlearn-run){{overflow:visible}}
/* A caption with a note takes two lines under a card as wide as its face ("Tölva 2 ·" over
   "á grúfu"), every card of the row alike. */
{w} .cardlearn-captions-2 button.cardlearn-card.cardlearn-captioned{{height:calc(var(--ch) + 34px) !important;
  white-space:normal;font-size:15px;line-height:16px;overflow:visible}}
{w} .cardlearn-card.cardlearn-teacher-card{{outline:2px dashed #ffd54f}}
{w} button.cardlearn-target{{border:2px dashed #ffffff;background:rgba(255,255,255,.12);color:#fff;
  min-height:28px;width:auto}}
{w} button.cardlearn-target.cardlearn-unusable{{opacity:.5}}
{w} .cardlearn-message{{min-height:1.3em;font-weight:bold;color:#ffe082;text-align:center;
  font-size:var(--big)}}
{w} .cardlearn-actions .cardlearn-message{{flex:1 1 100%;min-height:0;text-align:center}}
{w} .cardlearn-actions .cardlearn-message:empty,
{w} .cardlearn-actions .cardlearn-message:has(.widget-html-content:empty){{display:none !important}}
{w} .cardlearn-bottom .cardlearn-zones .cardlearn-compact button.cardlearn-card{{
  height:calc(var(--ch) * 0.5) !important}}
{w} .cardlearn-actions{{justify-content:center;flex-wrap:wrap;gap:4px}}
{w} .cardlearn-actions button{{width:auto;min-width:110px;font-size:var(--big);height:36px}}
{w} .cardlearn-last-move{{text-align:center;font-size:var(--big)}}
{w} .cardlearn-panel{{background:#fffdf5;color:#222;border-radius:10px;padding:6px 12px;
  box-shadow:0 3px 10px rgba(0,0,0,.5);max-width:100%;overflow-x:auto}}
{w} .cardlearn-banner{{background:#ffd54f;color:#222;font-size:1.2em;text-align:center}}
{w} .cardlearn-teacher-note{{background:#ffd54f;color:#222;border-radius:6px;padding:2px 10px;
  font-weight:bold}}
{w} table.cardlearn-sheet-table{{border-collapse:collapse;font-size:13px;margin:4px 0}}
{w} table.cardlearn-sheet-table th, {w} table.cardlearn-sheet-table td{{border:1px solid #c9c9c9;
  padding:2px 6px;
  text-align:center}}
{w} table.cardlearn-sheet-table thead th{{background:{TABLE_GREEN};color:#fff}}
{w} table.cardlearn-sheet-table tbody tr:nth-child(even){{background:#f1f6f2}}
{w} table.cardlearn-sheet-table .cardlearn-total{{font-weight:bold}}
{w} table.cardlearn-sheet-table tfoot td{{font-weight:bold;background:#fff3c4}}
{w} .cardlearn-log ol{{margin:2px 0;padding-left:2.6em}}
{w} .cardlearn-sheet{{overflow-x:auto;max-width:100%}}
{w} .cardlearn-log li.cardlearn-quiet{{opacity:.6}}
{w} .cardlearn-divider{{border-top:1px solid #888;margin:4px 0;padding-top:2px;font-weight:bold;
  color:#2e5d3a}}
{w} .cardlearn-hints li.cardlearn-hint-best{{font-weight:bold}}
{w} .cardlearn-ask{{align-items:center;gap:6px;background:#fff3c4;border-radius:8px;padding:4px 8px}}
"""
    return "<style>" + rules + faces + back + "</style>"


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
        f"<tr><td>{i}</td>" + "".join(
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
    head = "<th></th>" + "".join(f"<th>{esc(s)}</th>" for s in sides)
    def cells(value: Any) -> str:
        if isinstance(value, (tuple, list)) and len(value) == n:
            return "".join(f"<td>{esc(v)}</td>" for v in _values(value, n, lang, names))
        # one value for the deal (its contract, who went out): across every side's column,
        # not under the first side's name as if it were that side's
        return f'<td colspan="{n}" class="cardlearn-shared">{esc(_values(value, n, lang, names)[0])}</td>'

    body = "".join(
        f'<tr{" class=cardlearn-total" if k == "total" else ""}>'
        f'<td>{esc(names.get(k, str(k).replace("_", " ")))}</td>{cells(value)}</tr>'
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
    """The legal moves with a reason each; the first marked as the computer's choice."""
    w = WORDS[lang]
    lis = []
    for i, (said, why) in enumerate(items):
        if i == 0 and best:
            lis.append(f'<li class="cardlearn-hint-best">{esc(w["best"])}: {esc(said)} — {esc(why)}</li>')
        else:
            lis.append(f"<li>{esc(said)} — {esc(why)}</li>")
    return f"<b>{esc(w['hints'])}</b><ul>{''.join(lis)}</ul>"
