"""Build the course as a static JupyterLite site into `site/` (`make site`; docs/site.md).

    python tools/site/build.py [--out site] [--force]

Everything the pupil's browser loads is in `site/`: the JupyterLite app, the Pyodide
runtime (npm package `pyodide`), a `pyodide-lock.json` of our own listing only the wheels
this build puts beside it (with their own sha256), cardlearn's wheel and ipywidgets.  The
kernel loads all of them at start-up from there (`loadPyodideOptions.packages`), so
nothing is fetched from the internet when a page opens, and no PyPI fallback is tried.

Downloads (the npm tarball, the PyPI wheels) and the build tools' venv are kept in
`~/.cache/cardlearn/site/` (see `_cache`); a build whose
inputs (these tools, the package, the notebooks, the images, the pins) have not changed
since the last one leaves `site/` as it is (`site/.inputs` holds their digest).
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import html
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any
from urllib.parse import quote

sys.path.insert(0, str(Path(__file__).parent))
import pins
import pyc

from cardlearn.games.extras import page_index
from cardlearn.stored import FOLDER, INDEX, PAGE_WORDS  # where the wheel's stored files go

ROOT = Path(__file__).resolve().parents[2]
OUT = ROOT / "site"


def _cache() -> Path:
    """Where downloads and the build tools' venv are kept: `$CARDLEARN_SITE_CACHE`, else
    beside the lab's cache (`$XDG_CACHE_HOME/cardlearn/site`, `~/.cache/cardlearn/site`),
    outside the tree so that another checkout (CI's fresh clone) builds from it at once."""
    override = os.environ.get("CARDLEARN_SITE_CACHE")
    if override:
        return Path(override)
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "cardlearn" / "site"


CACHE = _cache()
NPM = "https://registry.npmjs.org"
KERNEL_PLUGIN = "@jupyterlite/pyodide-kernel-extension:kernel"
# The classroom pages by game, with their titles, as the pages' index names them: the games
# whose INFO has a `page` (cardlearn.games.extras).
PAGES = page_index()["names"]
PAGE_DELAY = 0.3  # the bots' pause on a classroom page, as pages/*.ipynb give it
# The Pyodide files the kernel loads (the npm package also has docs, type files, maps).
STDLIB = "python_stdlib.zip"
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", STDLIB, "package.json")


class SiteError(RuntimeError):
    """The site cannot be built (a registry out of reach, a version that does not fit)."""


def say(msg: str) -> None:
    print(f"site: {msg}", flush=True)


# -- what the site is built from ---------------------------------------------------------
def inputs() -> list[Path]:
    """Every file the site is made from, in a fixed order."""
    files = [*sorted((ROOT / "tools" / "site").glob("*.py")), ROOT / "pyproject.toml", ROOT / "README.md"]
    files += sorted(p for p in (ROOT / "cardlearn").rglob("*.py"))
    files += sorted((ROOT / "notebooks").rglob("*.ipynb")) + sorted((ROOT / "images").glob("*"))
    files += sorted((ROOT / "pages").glob("*.ipynb"))
    return [p for p in files if p.is_file() and ".ipynb_checkpoints" not in p.parts]


def digest() -> str:
    h = hashlib.sha256()
    for path in inputs():
        h.update(str(path.relative_to(ROOT)).encode() + b"\0" + path.read_bytes() + b"\0")
    h.update(json.dumps([pins.PYODIDE, pins.WHEELS, pins.BUILD_REQUIREMENTS]).encode())
    return h.hexdigest()


def up_to_date(out: Path) -> bool:
    stamp = out / ".inputs"
    return stamp.is_file() and stamp.read_text().strip() == digest() and (out / "index.html").is_file()


# -- downloads ---------------------------------------------------------------------------
def _get(url: str, timeout: float = 60) -> bytes:
    try:
        with urllib.request.urlopen(url, timeout=timeout) as response:
            return bytes(response.read())
    except OSError as err:
        raise SiteError(f"cannot fetch {url}: {err}") from err


def fetch_pyodide() -> Path:
    """The npm package `pyodide` at `pins.PYODIDE`, unpacked: its folder."""
    folder = CACHE / f"pyodide-{pins.PYODIDE}"
    if (folder / "pyodide.mjs").is_file():
        return folder
    tarball = CACHE / f"pyodide-{pins.PYODIDE}.tgz"
    meta = json.loads(_get(f"{NPM}/pyodide/{pins.PYODIDE}"))
    algo, _, want = meta["dist"]["integrity"].partition("-")
    if algo != "sha512":
        raise SiteError(f"npm's integrity for pyodide is {algo}, not sha512")
    def sha512(data: bytes) -> str:
        return base64.b64encode(hashlib.sha512(data).digest()).decode()

    if not tarball.is_file() or sha512(tarball.read_bytes()) != want:
        say(f"fetching pyodide {pins.PYODIDE} from the npm registry")
        data = _get(meta["dist"]["tarball"], timeout=300)
        if sha512(data) != want:
            raise SiteError("the pyodide tarball does not match the registry's sha512")
        tarball.parent.mkdir(parents=True, exist_ok=True)
        tarball.write_bytes(data)
    staging = Path(tempfile.mkdtemp(dir=CACHE))
    with tarfile.open(tarball) as tar:
        tar.extractall(staging, filter="data")
    shutil.rmtree(folder, ignore_errors=True)
    (staging / "package").rename(folder)
    shutil.rmtree(staging)
    return folder


def fetch_wheels() -> dict[str, Path]:
    """The pinned pure-Python wheels (pip, from the package index), by name."""
    folder = CACHE / "wheels"
    folder.mkdir(parents=True, exist_ok=True)
    found = {name: _wheel_in(folder, name, version) for name, version in pins.WHEELS.items()}
    missing = [f"{n}=={pins.WHEELS[n]}" for n, p in found.items() if p is None]
    if missing:
        say(f"fetching {len(missing)} wheels from the package index")
        cmd = [sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary=:all:",
               "--python-version", pins.PYODIDE_PYTHON, "--implementation", "py", "--abi", "none",
               "--platform", "any", "--dest", str(folder), *missing]
        if subprocess.run(cmd).returncode != 0:
            raise SiteError(f"pip could not download {' '.join(missing)}")
    wheels = {}
    for name, version in pins.WHEELS.items():
        path = _wheel_in(folder, name, version)
        if path is None:
            raise SiteError(f"no pure-Python wheel of {name} {version}")
        wheels[name] = path
    return wheels


def _norm(name: str) -> str:
    return name.lower().replace("-", "_").replace(".", "_")


def _wheel_in(folder: Path, name: str, version: str) -> Path | None:
    for path in folder.glob("*.whl"):
        dist, ver, *_ = path.name.split("-")
        if _norm(dist) == _norm(name) and ver == version and path.name.endswith("-none-any.whl"):
            return path
    return None


# -- the stored pictures and cardlearn's wheel -------------------------------------------
def gather_pictures(notebooks: list[Path]) -> list[tuple[str, bytes]]:
    """(what the cell printed, its PNG) for every notebook cell that prints text and shows
    a PNG: the pictures a plotting function shows where matplotlib is missing
    (`cardlearn.stored`)."""
    found = []
    for path in notebooks:
        for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
            outputs = cell.get("outputs", [])
            streams = [o["text"] for o in outputs
                       if o.get("output_type") == "stream" and o.get("name") == "stdout"]
            printed = "".join("".join(t) if isinstance(t, list) else t for t in streams)
            pngs = [o["data"]["image/png"] for o in outputs if "image/png" in o.get("data", {})]
            if printed.strip() and pngs:
                png = pngs[-1]
                found.append((printed, base64.b64decode("".join(png) if isinstance(png, list) else png)))
    return found


def write_pictures(folder: Path, pictures: list[tuple[str, bytes]]) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    index = []
    for text, png in pictures:
        name = hashlib.sha256(png).hexdigest()[:16] + ".png"
        (folder / name).write_bytes(png)
        index.append({"text": text, "png": name})
    (folder / INDEX).write_text(json.dumps(index, ensure_ascii=False, indent=0), encoding="utf-8")


# The classroom pages' link to their guided first deal ("Lærðu spilið" / "Learn the game",
# `cardlearn-learn`).  In Voilà it is `?learn=1`, the page's own address with a query; the
# REPL passes no query to the kernel, and JupyterLab turns a relative link in a markdown
# output into one to a file under files/.  So on the site the link is to such a file, a page
# of our own in files/learn/ (`learn_page`) that goes on at once to the REPL running the
# guided deal, in the language of the words the link stands in.
LEARN_HREF = re.compile(r'href="\?learn=1[^"]*"')  # "?learn=1", "?learn=1&amp;lang=en"
# JupyterLab also takes over a click on such a link (to open the file in the app, which the
# REPL cannot): the page's click on the learn link is kept from it, and the browser follows
# the link as any other.  (Run once per page: a widget's HTML may be drawn again.)
LEARN_SCRIPT = ("if(!window.cardlearnLearn){window.cardlearnLearn=1;document.addEventListener('click',"
                "e=>{if(e.target.closest&&e.target.closest('a.cardlearn-learn'))e.stopPropagation()},true)}")


def learn_file(game: str, lang: str) -> str:
    return f"learn/{game}-{lang}.html"


def page_words() -> dict[str, str]:
    """Per classroom page, the words under its table: its markdown cells (the game at a
    glance in Icelandic and in English, each marked with its language), as one text, the
    link to the guided deal made the site's (`LEARN_HREF`)."""
    found = {}
    for game in PAGES:
        cells = json.loads((ROOT / "pages" / f"{game}.ipynb").read_text(encoding="utf-8"))["cells"]
        texts = []
        for cell in cells:
            if cell["cell_type"] != "markdown":
                continue
            text = "".join(cell["source"])
            lang = "en" if "cardlearn-page-en" in text else "is"
            # target: JupyterLab opens a link it takes for a file's in a new tab otherwise
            texts.append(LEARN_HREF.sub(f'href="{learn_file(game, lang)}" target="_self"', text))
        found[game] = "\n\n".join(texts)
    return found


def learn_page(game: str, lang: str) -> str:
    """files/learn/<game>-<lang>.html: on at once to the REPL with `game`'s guided deal
    (the REPL's address is relative to the site's root, two folders up)."""
    url = html.escape("../../" + page_url(game, learn=lang))
    words = {"is": "Lærðu spilið", "en": "Learn the game"}[lang]
    return (f'<!DOCTYPE html>\n<html lang="{lang}"><head><meta charset="utf-8">'
            f'<meta http-equiv="refresh" content="0; url={url}"><title>{words}</title></head>'
            f'<body><p><a href="{url}">{words}</a></p></body></html>\n')


def build_cardlearn(pictures: list[tuple[str, bytes]], out: Path) -> Path:
    """cardlearn's wheel, with the stored pictures and the classroom pages' words in
    `cardlearn/_stored/`, into `out`."""
    shutil.rmtree(out, ignore_errors=True)
    out.mkdir(parents=True)
    with tempfile.TemporaryDirectory() as tmp:
        src = Path(tmp) / "src"
        shutil.copytree(ROOT / "cardlearn", src / "cardlearn",
                        ignore=shutil.ignore_patterns("__pycache__", "*.pyc", FOLDER))
        for name in ("pyproject.toml", "README.md"):
            shutil.copy2(ROOT / name, src / name)
        write_pictures(src / "cardlearn" / FOLDER, pictures)
        words = src / "cardlearn" / FOLDER / PAGE_WORDS
        words.mkdir()
        for game, text in page_words().items():
            (words / f"{game}.md").write_text(text, encoding="utf-8")
        cmd = [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--wheel-dir", str(out),
               str(src)]
        if subprocess.run(cmd).returncode != 0:
            raise SiteError("pip could not build cardlearn's wheel")
    [wheel] = out.glob("cardlearn-*.whl")
    return wheel


def tools() -> Path:
    """The build tools' venv (`pins.BUILD_REQUIREMENTS`), made once: its python."""
    venv = CACHE / "tools"
    python = venv / "bin" / "python"
    stamp = venv / ".requirements"
    want = "\n".join(pins.BUILD_REQUIREMENTS)
    if python.is_file() and stamp.is_file() and stamp.read_text() == want:
        return python
    say(f"installing the build tools (jupyterlite) into {venv}")
    shutil.rmtree(venv, ignore_errors=True)
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    if subprocess.run([str(python), "-m", "pip", "install", "--quiet", *pins.BUILD_REQUIREMENTS]).returncode:
        shutil.rmtree(venv, ignore_errors=True)
        raise SiteError(f"pip could not install {' '.join(pins.BUILD_REQUIREMENTS)}")
    stamp.write_text(want)
    return python


def kernel_wheels(python: Path) -> dict[str, Path]:
    """piplite, pyodide-kernel and the ipykernel shim, as jupyterlite-pyodide-kernel ships them."""
    ask = ("import sys, jupyterlite_pyodide_kernel.constants as c;"
           "print(c.PYODIDE_VERSION, c.PYODIDE_KERNEL_NPM_NAME, sys.prefix)")
    version, npm_name, prefix = subprocess.run([str(python), "-c", ask], capture_output=True, text=True,
                                               check=True).stdout.split()
    if version != pins.PYODIDE:
        raise SiteError(f"jupyterlite-pyodide-kernel expects Pyodide {version}, "
                        f"pins.PYODIDE is {pins.PYODIDE}")
    folder = Path(prefix) / "share" / "jupyter" / "labextensions" / npm_name / "static" / "pypi"
    wheels = {}
    for name in ("piplite", "pyodide-kernel", "ipykernel"):
        [path] = [p for p in folder.glob("*.whl") if _norm(p.name.split("-")[0]) == _norm(name)]
        wheels[name] = path
    return wheels


def _imports(wheel: Path) -> list[str]:
    """The top-level modules a wheel installs (for the lock's `imports`)."""
    import zipfile

    names = set()
    with zipfile.ZipFile(wheel) as z:
        for item in z.namelist():
            top = item.split("/")[0]
            if ".dist-info" in top or ".data" in top:
                continue
            names.add(top.removesuffix(".pyc").removesuffix(".py"))  # a module, or its bytecode only
    return sorted(n for n in names if n.isidentifier() and n != "__pycache__")


def lock(npm_lock: dict[str, Any], wheels: dict[str, Path]) -> dict[str, Any]:
    """A pyodide-lock.json that lists exactly `wheels` (put beside it), with their own hashes;
    versions checked against Pyodide's own lock where it names the package."""
    theirs = npm_lock["packages"]
    packages = {}
    for name, path in wheels.items():
        version = path.name.split("-")[1]
        own = theirs.get(name, {})
        if name in pins.WHEELS and own and own.get("version") != version:
            raise SiteError(f"{name}: Pyodide's lock names {own.get('version')}, pins.WHEELS {version}")
        ours = {_norm(n): n for n in wheels}  # Pyodide's lock writes prompt_toolkit and prompt-toolkit
        needs = own.get("depends", pins.DEPENDS.get(name, [])) + pins.EXTRA_DEPENDS.get(name, [])
        unknown = [d for d in needs if _norm(d) not in ours]
        if unknown:
            raise SiteError(f"{name} needs {unknown}, which the site does not have")
        depends = [ours[_norm(d)] for d in needs]
        packages[name] = {
            "name": name, "version": version, "file_name": path.name, "install_dir": "site",
            "sha256": hashlib.sha256(path.read_bytes()).hexdigest(), "package_type": "package",
            "imports": own.get("imports", _imports(path)), "depends": sorted(set(depends)),
            "unvendored_tests": False,
        }
    return {"info": npm_lock["info"], "packages": dict(sorted(packages.items()))}


# -- the site ----------------------------------------------------------------------------
def notebooks() -> list[Path]:
    return sorted((ROOT / "notebooks").glob("*.ipynb")) + sorted((ROOT / "notebooks" / "is").glob("*.ipynb"))


def title(path: Path) -> str:
    for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
        if cell["cell_type"] == "markdown":
            first = "".join(cell["source"]).strip().splitlines()[0]
            return first.lstrip("#").strip()
    return path.stem


REPL_STYLE = (".jp-CodeConsole .jp-InputPrompt, .jp-CodeConsole .jp-OutputPrompt, "
              ".jp-CodeConsole .jp-OutputArea-promptOverlay {display: none} "
              ".jp-CodeConsole-promptCell {display: none}")


def page_url(game: str, learn: str | None = None) -> str:
    """A classroom page: JupyterLite's REPL with no toolbar, no banner and the code hidden,
    running a plain table (no room: the browser has no rooms' database), or with `learn` (a
    language) the game's guided first deal, and under it the page's words, as on the
    classroom page in Voilà (the game at a glance)."""
    # The REPL's prompts ("[1]:") and its input line hidden, so that the table has the whole
    # width of a 1024 px projector (with the prompt's gutter a Kínaskák hand of 14 was cut
    # off at the left, its first card under the felt's edge).  A widget carries the style, as
    # the table's own stylesheet: an HTML output's <style> would be sanitised away; and the
    # learn link's script (`LEARN_SCRIPT`), as the table's own script runs (look.py).
    script = f'<img alt="" hidden src="data:," onerror="{html.escape(LEARN_SCRIPT)}">'
    head = f"<style>{REPL_STYLE}</style>{script}"
    table = (f'from cardlearn import learn; display(learn("{game}", "{learn}", delay={PAGE_DELAY}))'
             if learn else f'from cardlearn import play; display(play("{game}", delay={PAGE_DELAY}))')
    code = (f'import ipywidgets; from IPython.display import display; display(ipywidgets.HTML('
            f'{head!r}, layout={{"display": "none"}})); {table}; '
            f'from cardlearn.stored import show_page_words; show_page_words("{game}")')
    return (f"repl/?kernel=python&hideCodeInput=1&showBanner=0&promptCellPosition=bottom"
            f"&code={quote(code)}")


def start_page() -> str:
    """site/index.html: every notebook (both languages) and every classroom page, by name.
    The page is Icelandic (`lang="is"`), its English twins marked `lang="en"` (WCAG 3.1.2);
    one <h1>, a heading per part, the games a <nav> in <main>; every link at least 44 px
    high, and a 3 px yellow focus ring (#ffd54f, 4.5:1 against the felt)."""
    def item(href: str, text: str, css: str) -> str:
        return f'<li><a class="{css}" href="{html.escape(href)}">{html.escape(text)}</a></li>'

    games = [item(page_url(g), name, f"cardlearn-game-{g}") for g, name in PAGES.items()
             if (ROOT / "pages" / f"{g}.ipynb").is_file()]
    course: dict[str, list[str]] = {"is": [], "en": []}
    for path in notebooks():
        rel = path.relative_to(ROOT).as_posix()
        lang = "is" if path.parent.name == "is" else "en"
        course[lang].append(item(f"notebooks/?path={quote(rel)}", title(path),
                                 f"cardlearn-notebook-{lang}-{path.stem}"))
    nl = "\n        "
    return f"""<!DOCTYPE html>
<html lang="is">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1.0">
    <title>Spil / Card games</title>
    <!-- JupyterLite's apps read the site's settings from every index.html up to here: this
         one is the root, and adds none (it does not load the app itself). -->
    <script id="jupyter-config-data" type="application/json" data-jupyter-lite-root=".">
      {{}}
    </script>
    <style>
      body {{ font-family: "DejaVu Sans", Arial, sans-serif; background: #1e6b3c; color: #fff; margin: 0; }}
      main {{ max-width: 720px; margin: 40px auto; padding: 0 16px; }}
      h1 {{ font-size: 2em; margin-bottom: 4px; }}
      h2 {{ font-size: 1.3em; margin: 28px 0 8px; }}
      h3 {{ font-size: 1.1em; margin: 18px 0 4px; }}
      p {{ margin-top: 0; opacity: .9; }}
      ul {{ list-style: none; padding: 0; }}
      li a {{ display: block; box-sizing: border-box; min-height: 44px; margin: 10px 0; padding: 14px 18px;
             border-radius: 10px; background: #fffdf5; color: #1e3d2a; font-size: 1.4em; font-weight: bold;
             text-decoration: none; }}
      ul.cardlearn-course-list li a {{ font-size: 1.05em; padding: 12px 16px; }}
      li a:hover, li a:focus {{ background: #ffd54f; }}
      a:focus-visible {{ outline: 3px solid #ffd54f; outline-offset: 2px; }}
    </style>
  </head>
  <body>
    <main>
      <h1>Spil / <span lang="en">Card games</span></h1>
      <nav aria-labelledby="cardlearn-games-heading">
      <h2 id="cardlearn-games-heading">Veldu leik · <span lang="en">Choose a game</span></h2>
      <p>Python keyrir í vafranum: fyrsta opnun tekur smástund ·
         <span lang="en">Python runs in the browser: the first page takes a moment</span></p>
      <ul class="cardlearn-index">
        {nl.join(games)}
      </ul>
      </nav>
      <section aria-labelledby="cardlearn-course-heading">
      <h2 id="cardlearn-course-heading">Námskeiðið · <span lang="en">The course</span></h2>
      <h3>Á íslensku</h3>
      <ul class="cardlearn-course-list" lang="is">
        {nl.join(course["is"])}
      </ul>
      <h3 lang="en">In English</h3>
      <ul class="cardlearn-course-list" lang="en">
        {nl.join(course["en"])}
      </ul>
      </section>
    </main>
  </body>
</html>
"""


# JupyterLite's service worker lets the kernel see the browser's files as a drive (/drive).
# A classroom page reads none, but with the drive mounted as the kernel's working folder every
# import first asks the drive whether the module is there, one request through the service
# worker each (about 90 at start-up, 0.5-1 s): the REPL app, which only the classroom pages
# use, goes without it.  (The notebooks keep it: they read images and save files.)
SERVICE_WORKER_PLUGIN = "@jupyterlite/application-extension:service-worker-manager"


def without_drive(config_file: Path) -> None:
    """An app's jupyter-lite.json, its service worker turned off (`SERVICE_WORKER_PLUGIN`)."""
    config = json.loads(config_file.read_text())
    data = config.setdefault("jupyter-config-data", {})
    data["disabledExtensions"] = [*data.get("disabledExtensions", []), SERVICE_WORKER_PLUGIN]
    config_file.write_text(json.dumps(config, indent=1))


def lay_out(lite: Path, pyodide: Path, wheels: dict[str, Path], the_lock: dict[str, Any],
            stdlib: Path) -> Path:
    """The lite folder `jupyter lite build` reads: its config, the Pyodide folder with our
    lock, wheels and standard library (`stdlib`: Pyodide's, or its precompiled copy), and
    the contents (the repository's notebooks/ and images/, so that a notebook finds the
    images as it does at home: `lessons.repository_path`)."""
    shutil.rmtree(lite, ignore_errors=True)
    static = lite / "static" / "pyodide"
    static.mkdir(parents=True)
    for name in PYODIDE_FILES:
        shutil.copy2(stdlib if name == STDLIB else pyodide / name, static / name)
    for path in wheels.values():
        shutil.copy2(path, static / path.name)
    (static / "pyodide-lock.json").write_text(json.dumps(the_lock, indent=1))
    contents = lite / "contents"
    (contents / "notebooks" / "is").mkdir(parents=True)
    for path in notebooks():
        shutil.copy2(path, contents / path.relative_to(ROOT))
    shutil.copy2(ROOT / "notebooks" / "README.md", contents / "notebooks" / "README.md")
    shutil.copytree(ROOT / "images", contents / "images")
    settings = {
        KERNEL_PLUGIN: {
            # Everything at once, from the site: no piplite.install, no PyPI.
            "loadPyodideOptions": {"packages": sorted(the_lock["packages"])},
            "disablePyPIFallback": True,
        }
    }
    config = {"jupyter-lite-schema-version": 0,
              "jupyter-config-data": {"appName": "cardlearn", "litePluginSettings": settings}}
    (lite / "jupyter-lite.json").write_text(json.dumps(config, indent=1))
    build_config = {"LiteBuildConfig": {
        "apps": ["lab", "notebooks", "repl", "tree"], "no_sourcemaps": True,
        # The front-end extensions are the tools venv's own: the Pyodide kernel's and
        # ipywidgets' (jupyterlab_widgets), nothing else.
        "contents": [str(contents)],
    }}
    (lite / "jupyter_lite_config.json").write_text(json.dumps(build_config, indent=1))
    return contents


def build(out: Path, force: bool = False) -> Path:
    """Build the site into `out` unless it is up to date; one build at a time per `out` (two
    test workers may ask at once: the second waits, then finds it up to date)."""
    import fcntl

    out.parent.mkdir(parents=True, exist_ok=True)
    with open(out.with_name(out.name + ".lock"), "w") as lock_file:
        fcntl.flock(lock_file, fcntl.LOCK_EX)
        return _build(out, force)


def _build(out: Path, force: bool) -> Path:
    started = time.monotonic()
    if not force and up_to_date(out):
        say(f"{out.relative_to(ROOT) if out.is_relative_to(ROOT) else out} is up to date")
        return out
    CACHE.mkdir(parents=True, exist_ok=True)
    python = tools()
    pyodide = fetch_pyodide()
    npm_lock = json.loads((pyodide / "pyodide-lock.json").read_text())
    wheels = {**fetch_wheels(), **kernel_wheels(python)}
    work = out.with_name(out.name + ".work")  # this tree's own: two checkouts may build at once
    wheels["cardlearn"] = build_cardlearn(gather_pictures(notebooks()), work / "wheel")
    # The wheels and the standard library with their bytecode: the browser need not compile
    # them on every page opened (pyc.py; as they are where Node is missing).
    kinds = {path: pyc.WHEEL for path in wheels.values()} | {pyodide / STDLIB: pyc.STDLIB}
    compiled = pyc.precompile(pyodide, kinds, CACHE / "pyc")
    wheels = {name: compiled.get(path, path) for name, path in wheels.items()}
    the_lock = lock(npm_lock, wheels)
    lite = work / "lite"
    lay_out(lite, pyodide, wheels, the_lock, compiled.get(pyodide / STDLIB, pyodide / STDLIB))
    staging = out.with_name(out.name + ".new")
    shutil.rmtree(staging, ignore_errors=True)
    say("jupyter lite build")
    cmd = [str(python), "-m", "jupyterlite_core", "build", "--lite-dir", str(lite),
           "--output-dir", str(staging)]
    result = subprocess.run(cmd, cwd=lite, capture_output=True, text=True)
    if result.returncode != 0:
        sys.stderr.write(result.stdout[-4000:] + result.stderr[-4000:])
        raise SiteError("jupyter lite build failed")
    (staging / "index.html").write_text(start_page(), encoding="utf-8")
    without_drive(staging / "repl" / "jupyter-lite.json")
    for game in PAGES:
        for lang in ("is", "en"):
            learn = staging / "files" / learn_file(game, lang)
            learn.parent.mkdir(parents=True, exist_ok=True)
            learn.write_text(learn_page(game, lang), encoding="utf-8")
    (staging / ".inputs").write_text(digest() + "\n")
    shutil.rmtree(out, ignore_errors=True)
    staging.rename(out)
    say(f"built {out} in {time.monotonic() - started:.0f} s")
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=OUT, help="where the site goes (default: site/)")
    parser.add_argument("--force", action="store_true", help="build even if up to date")
    args = parser.parse_args(argv)
    try:
        build(args.out.resolve(), args.force)
    except SiteError as err:
        print(f"site: {err}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
