"""The Kasína notebook in JupyterLab, in a real Chromium: Run → Run All Cells, then the
table that the notebook ends with is drawn and takes a click.

JupyterLab serves a temporary copy of `notebooks/`, so running the cells changes nothing
in the repository.  Screenshot: `test-output/browser/jupyterlab-kasina.png`.
"""

from __future__ import annotations

import json
import shutil
import time
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from browserkit import (
    NOTEBOOKS,
    PAGE_TIMEOUT_MS,
    TABLE,
    check_human_move,
    click_tokens,
    clickable_hand,
    jupyterlab_server,
    kasina_plan,
    screenshot,
    table_locator,
    wait_until,
    widget_error_text,
)

from cardlearn.table import WORDS

KASINA_NOTEBOOK = "01-kasina.ipynb"
RUN_ALL_TIMEOUT_MS = 360_000  # every cell of the notebook, bots' matches included (2 busy cores)
KERNEL_IDLE = ".jp-NotebookPanel .jp-Notebook-ExecutionIndicator[data-status='idle']"
# True once every code cell has run (its prompt shows a number, not "[ ]" or "[*]"); the
# text of the error outputs once Run All stopped at a failing cell (the kernel is idle, some
# cells ran, none is waiting to, some never did); false while the cells run.
ALL_CELLS_RUN_JS = """
(idle) => {
  const prompts = [...document.querySelectorAll('.jp-NotebookPanel .jp-CodeCell .jp-InputPrompt')]
    .map((p) => p.innerText);
  const ran = prompts.filter((p) => /\\[\\d+\\]/.test(p)).length;
  if (prompts.length > 0 && ran === prompts.length) return true;
  if (ran > 0 && !prompts.some((p) => p.includes('*')) && document.querySelector(idle)) {
    const errors = [...document.querySelectorAll(
      '.jp-NotebookPanel [data-mime-type="application/vnd.jupyter.stderr"]')].map((e) => e.innerText);
    return 'Run All stopped: ' + errors.join('\\n').slice(-3000);
  }
  return false;
}
"""


def start_kernel(base: str, name: str) -> str:
    """Start the notebook's kernel through the server's API; returns the kernel's id.

    JupyterLab, left to itself, starts no kernel when it opens a notebook it has not seen
    run (it asks, or starts one on the first Run), and a Run All Cells given meanwhile runs
    only the first cell.  The page opened afterwards joins this session."""
    session = {"path": name, "name": name, "type": "notebook", "kernel": {"name": "python3"}}
    request = urllib.request.Request(f"{base}/api/sessions", method="POST", data=json.dumps(session).encode(),
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.load(response)["kernel"]["id"]


def wait_for_kernel(page: Any, base: str, kernel_id: str, timeout: float = PAGE_TIMEOUT_MS / 1000) -> None:
    """Wait until the page is connected to the kernel and the kernel is idle.  (Waiting with
    the page's own timer lets Playwright serve the page's requests meanwhile.)"""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        with urllib.request.urlopen(f"{base}/api/kernels/{kernel_id}", timeout=5) as response:
            kernel = json.load(response)
        if kernel.get("connections", 0) >= 1 and kernel.get("execution_state") == "idle":
            return
        page.wait_for_timeout(250)
    raise AssertionError(f"the page did not connect to an idle kernel within {timeout:.0f} s: {kernel}")


def run_all_cells(page: Any, base: str, name: str) -> None:
    """Open notebook `name` in JupyterLab and run all its cells from the Run menu."""
    kernel_id = start_kernel(base, name)
    page.goto(f"{base}/lab/tree/{name}", wait_until="domcontentloaded", timeout=PAGE_TIMEOUT_MS)
    page.locator(".jp-NotebookPanel .jp-CodeCell").first.wait_for(timeout=PAGE_TIMEOUT_MS)
    wait_for_kernel(page, base, kernel_id)
    page.locator(KERNEL_IDLE).first.wait_for(timeout=PAGE_TIMEOUT_MS)
    page.locator(".lm-MenuBar-itemLabel", has_text="Run").first.click()
    page.locator(".lm-Menu-itemLabel", has_text="Run All Cells").first.click()
    done = page.wait_for_function(ALL_CELLS_RUN_JS, arg=KERNEL_IDLE, timeout=RUN_ALL_TIMEOUT_MS,
                                  polling=250).json_value()
    assert done is True, f"a cell of {name} failed in JupyterLab: {done}"
    page.locator(TABLE).last.wait_for(timeout=PAGE_TIMEOUT_MS)


def check_last_table_plays(page: Any) -> None:
    """The notebook's last table is drawn and a click on a legal card makes a move."""
    table_locator(page).scroll_into_view_if_needed()
    before = wait_until(page, lambda v: bool(v.zone("hand")) and bool(v.status), what="the table to draw")
    error = widget_error_text(page)
    assert error is None, f"JupyterLab shows a widget error: {error!r}"
    lang = "en" if f"{WORDS['en']['moves']}:" in before.status else "is"
    assert before.status.startswith(WORDS[lang]["your_turn"]), f"not the human's turn: {before.status!r}"
    legal, tokens = kasina_plan(before)
    assert sorted(before.enabled("hand")) == clickable_hand("kasina", legal), before
    view = click_tokens(page, before, tokens)
    check_human_move(before, view, tokens, lang)
    # The computer answers (from a timer thread in the kernel), and it is the human's turn again.
    replied = wait_until(page, lambda v: v.moves >= before.moves + 2 and v.status.startswith(
        (WORDS[lang]["your_turn"], WORDS[lang]["over"])), what="the computer's reply")
    assert replied.log[-1].startswith(WORDS[lang]["computer"]), replied.log
    screenshot(page, "jupyterlab-kasina")


@pytest.mark.browser
def test_kasina_notebook_in_jupyterlab(tab: Any, tmp_path: Path) -> None:
    assert (NOTEBOOKS / KASINA_NOTEBOOK).exists(), f"the notebook {KASINA_NOTEBOOK} is missing"
    root = tmp_path / "notebooks"
    shutil.copytree(NOTEBOOKS, root, ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
    with jupyterlab_server(root) as base:
        run_all_cells(tab.page, base, KASINA_NOTEBOOK)
        check_last_table_plays(tab.page)
        # the table's own script runs in JupyterLab too: cards named, the page left JupyterLab's
        named = tab.page.evaluate("""() => { const b = document.querySelector(
            '.cardlearn-table button.cardlearn-card.cardlearn-zone-hand');
          return {label: b.getAttribute('aria-label'), title: document.title,
                  live: !!document.getElementById('cardlearn-live-polite')}; }""")
        assert named["label"] and named["live"] and "· spil" not in named["title"], named
        assert not tab.watch.outside, f"JupyterLab asked the internet for {tab.watch.outside}"
        assert not tab.watch.widget_problems(), f"widget errors in the console: {tab.watch.widget_problems()}"
        tab.page.close()  # before the server goes, so the page does not log a lost connection
