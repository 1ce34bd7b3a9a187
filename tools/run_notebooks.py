"""Execute notebooks in place so that their stored outputs are reproducible.

    python tools/run_notebooks.py notebooks/*.ipynb

Like `jupyter nbconvert --execute --inplace`, but stores no timings, no widget state and
no widget views (their model ids are random on every run; nbval ignores them anyway, and
each widget's text form stays), so running twice gives the same bytes.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import nbformat
from nbclient import NotebookClient

WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"


def merged_streams(outputs: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """One output per run of stdout (or stderr) text: how the kernel splits a print into
    messages depends on timing, so it must not show in the stored notebook."""
    merged: list[dict[str, Any]] = []
    for output in outputs:
        last = merged[-1] if merged else None
        if (output.get("output_type") == "stream" and last is not None
                and last.get("output_type") == "stream" and last.get("name") == output.get("name")):
            last["text"] += output["text"]
        else:
            merged.append(output)
    return merged


def run(path: Path) -> None:
    nb = nbformat.read(path, as_version=4)
    client = NotebookClient(nb, timeout=600, kernel_name="python3", record_timing=False,
                            store_widget_state=False, resources={"metadata": {"path": str(path.parent)}})
    client.execute()
    for cell in nb.cells:
        cell.metadata.pop("execution", None)
        for output in cell.get("outputs", []):
            output.get("data", {}).pop(WIDGET_VIEW, None)
        if "outputs" in cell:
            cell.outputs = merged_streams(cell.outputs)
    nb.metadata.pop("widgets", None)
    nbformat.write(nb, path)
    print(f"executed {path}")


if __name__ == "__main__":
    for name in sys.argv[1:]:
        run(Path(name))
