"""Every version the static site is built from, in one place (`make site`, docs/site.md).

The browser's Python is Pyodide's; jupyterlite-pyodide-kernel names the Pyodide release it
works with (`jupyterlite_pyodide_kernel.constants.PYODIDE_VERSION`), and the build checks
that it is this one.  Pyodide's npm package is its core alone (no package wheels): every
wheel the kernel loads at start-up is a pure-Python wheel from PyPI, at the version
Pyodide's own lock file names where it names one, and is served from the site itself.
"""

from __future__ import annotations

# The build tools, in a venv of their own (~/.cache/cardlearn/site/tools): not in the project's venv,
# whose JupyterLab and Voilà would load the Pyodide kernel's front-end extension and break.
# jupyterlab_widgets is ipywidgets' front end, at the version ipywidgets below asks for;
# jupyter_server indexes the contents (the notebooks).
JUPYTERLITE = "0.8.6"  # jupyterlite-core and jupyterlite-pyodide-kernel
BUILD_REQUIREMENTS = (f"jupyterlite-core=={JUPYTERLITE}", f"jupyterlite-pyodide-kernel=={JUPYTERLITE}",
                      "jupyterlab_widgets==3.0.17", "jupyter_server==2.21.1")

# The Python in the browser: the npm package `pyodide` (its tarball, checked against the
# registry's sha512).
PYODIDE = "314.0.6"
PYODIDE_PYTHON = "3.14"

# Pure-Python wheels from PyPI that the kernel and the table load: name -> version.  The
# kernel's own (piplite, pyodide-kernel, the ipykernel shim) come with
# jupyterlite-pyodide-kernel.  Not here on purpose: widgetsnbextension and
# jupyterlab_widgets (ipywidgets' front-end halves: the site's front end has its own),
# pexpect (not on emscripten), matplotlib, numpy, pillow (no pure wheels: see
# docs/site.md).
WHEELS: dict[str, str] = {
    "micropip": "0.11.1",
    "comm": "0.2.3",
    "ipython": "9.12.0",
    "ipython-pygments-lexers": "1.1.1",
    "asttokens": "3.0.1",
    "decorator": "5.2.1",
    "executing": "2.2.1",
    "matplotlib-inline": "0.2.1",
    "prompt-toolkit": "3.0.52",
    "pure-eval": "0.2.3",
    "pygments": "2.20.0",
    "six": "1.17.0",
    "stack-data": "0.6.3",
    "traitlets": "5.14.3",
    "wcwidth": "0.6.0",
    "jedi": "0.19.2",
    "parso": "0.8.6",
    "ipywidgets": "8.1.9",
}

# What each of these needs at import (the lock's `depends`; where Pyodide's lock names a
# package, its own list is used instead).
DEPENDS: dict[str, list[str]] = {
    "comm": [],
    "ipython-pygments-lexers": ["pygments"],
    "ipywidgets": ["comm", "ipython", "traitlets"],
    "pyodide-kernel": ["comm", "ipython"],
    "ipykernel": ["pyodide-kernel"],
    "piplite": ["micropip"],
    "cardlearn": ["ipywidgets"],
}
EXTRA_DEPENDS: dict[str, list[str]] = {"ipython": ["ipython-pygments-lexers", "jedi"]}
