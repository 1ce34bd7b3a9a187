"""Byte-compile the site's Python at build time, for the browser's own CPython (docs/site.md).

Pyodide's npm package ships its standard library as sources only, and PyPI's wheels are
sources: the browser compiled every module it imported, on every page opened (IPython alone
is hundreds of modules).  This compiles them once, at build time, in Pyodide's own
interpreter run by Node, so that the bytecode is exactly the browser's (same CPython, same
magic number), as Pyodide's `py-compile` does for its own packages.  The sources stay beside
the bytecode, so that tracebacks show their lines and jedi can read them:

- a wheel gets `__pycache__/<module>.<cache tag>.pyc` beside each module, where the import
  system looks (as pip writes them), and a line for each in its RECORD;
- the standard library's zip gets `<module>.pyc` beside each `<module>.py`, which zipimport
  tries first.

The .pyc files are unchecked hash-based (PEP 552): used as they are, without comparing them
with the source's timestamp, which unpacking a wheel in the browser does not keep.

Inside Pyodide this module is the compiler (`compile_jobs`); on the host, `precompile` runs
it there.  Without Node the site is built as before, uncompiled (the same pages, slower to
start).
"""

from __future__ import annotations

import base64
import hashlib
import json
import sys
import warnings
import zipfile
from pathlib import Path

WHEEL, STDLIB = "wheel", "stdlib"  # the two kinds of archive compiled (see above)
# Run by `node --input-type=module -e`: Pyodide (its folder is argv[1]) reads and writes
# the host's files under /host; this module is run in it, then compiles the jobs (argv[3]).
NODE_SCRIPT = """
import { pathToFileURL } from "node:url";
import fs from "node:fs";
const [pyodideDir, module, jobs] = process.argv.slice(1);
const { loadPyodide } = await import(pathToFileURL(pyodideDir + "/pyodide.mjs").href);
const py = await loadPyodide({ indexURL: pyodideDir + "/" });
py.FS.mkdirTree("/host");
py.FS.mount(py.FS.filesystems.NODEFS, { root: "/" }, "/host");
py.runPython(fs.readFileSync(module, "utf8"));
py.globals.get("compile_jobs")("/host" + jobs);
"""
DATE = (1980, 1, 1, 0, 0, 0)  # new zip entries' time: the same bytes for the same inputs


# -- inside Pyodide ----------------------------------------------------------------------
def _pyc(source: bytes, filename: str) -> bytes:
    from importlib._bootstrap_external import _code_to_hash_pyc  # type: ignore[attr-defined]
    from importlib.util import source_hash

    code = compile(source, filename, "exec", dont_inherit=True)
    return bytes(_code_to_hash_pyc(code, source_hash(source), checked=False))


def _record_line(path: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{path},sha256={digest},{len(data)}"


def compile_zip(src: str, dst: str, kind: str) -> int:
    """`src` (a wheel or the standard library's zip, as `kind` says) with the bytecode of its
    modules, into `dst`: the number of modules compiled.  A module this CPython cannot
    compile (a Python 2 test file, say) is left as it is."""
    stdlib_zip = next(p for p in sys.path if p.endswith(".zip"))  # /lib/python3NN.zip
    tag = sys.implementation.cache_tag
    added: list[tuple[str, bytes]] = []
    record: tuple[zipfile.ZipInfo, bytes] | None = None
    with zipfile.ZipFile(src) as zin, zipfile.ZipFile(dst, "w", zipfile.ZIP_DEFLATED,
                                                      compresslevel=9) as zout:
        for info in zin.infolist():
            data = zin.read(info)
            name = info.filename
            if kind != STDLIB and name.endswith(".dist-info/RECORD"):
                record = (info, data)  # written last, with the new files
                continue
            pyc = None
            if name.endswith(".py") and not name.split("/")[0].endswith((".dist-info", ".data")):
                try:
                    with warnings.catch_warnings():
                        warnings.simplefilter("ignore")  # SyntaxWarnings of old escapes
                        pyc = _pyc(data, f"{stdlib_zip}/{name}" if kind == STDLIB else name)
                except (SyntaxError, ValueError):
                    pass
            zout.writestr(info, data)
            if pyc is not None:
                folder, _, module = name.rpartition("/")
                cached = (f"{folder}/" if folder else "") + f"__pycache__/{module[:-3]}.{tag}.pyc"
                added.append((cached if kind == WHEEL else name + "c", pyc))
        for path, pyc in added:
            entry = zipfile.ZipInfo(path, DATE)
            entry.compress_type = zipfile.ZIP_DEFLATED  # a ZipInfo's own default is to store
            zout.writestr(entry, pyc)
        if record is not None:
            info, data = record
            lines = data.decode().splitlines() + [_record_line(path, pyc) for path, pyc in added]
            zout.writestr(info, "".join(line + "\n" for line in lines))
    return len(added)


def compile_jobs(jobs_file: str) -> None:
    for src, dst, kind in json.loads(Path(jobs_file).read_text()):
        count = compile_zip("/host" + src, "/host" + dst, kind)
        print(f"{Path(src).name}: {count} modules", flush=True)


# -- on the host -------------------------------------------------------------------------
def precompile(pyodide: Path, files: dict[Path, str], cache: Path) -> dict[Path, Path]:
    """Each file (a wheel, or Pyodide's standard library zip: `files` gives its kind)
    compiled, kept in `cache` by its content, this module's and Pyodide's version: {file:
    its compiled copy}.  Empty when Node is missing or fails (said why): the site is then
    built with the files as they are."""
    import shutil
    import subprocess
    import tempfile

    node = shutil.which("node")
    if node is None:
        print("site: no Node.js here: the site's Python is not precompiled (its pages start slower)")
        return {}
    key = hashlib.sha256(Path(__file__).read_bytes() + (pyodide / "package.json").read_bytes())
    out = {}
    jobs = []
    for path, kind in files.items():
        digest = key.copy()
        digest.update(path.read_bytes())
        target = cache / digest.hexdigest()[:24] / path.name
        out[path] = target
        if target.is_file():
            target.parent.touch()  # in use: not pruned below
        else:
            target.parent.mkdir(parents=True, exist_ok=True)
            jobs.append((str(path.resolve()), str(target.resolve()) + ".part", kind))
    _prune(cache, keep={p.parent for p in out.values()})
    if not jobs:
        return out
    print(f"site: byte-compiling {len(jobs)} archives in Pyodide (Node)", flush=True)
    with tempfile.NamedTemporaryFile("w", suffix=".json", dir=cache) as jobs_file:
        jobs_file.write(json.dumps(jobs))
        jobs_file.flush()
        cmd = [node, "--input-type=module", "-e", NODE_SCRIPT, str(pyodide.resolve()),
               str(Path(__file__).resolve()), str(Path(jobs_file.name).resolve())]
        result = subprocess.run(cmd, capture_output=True, text=True)
    if result.returncode != 0:
        # Node prints Pyodide's whole minified module on an error: its last lines say why.
        tail = "\n".join(result.stderr.strip().splitlines()[-12:])[-2000:]
        print(f"site: byte-compiling failed; the site's Python is not precompiled:\n{tail}")
        return {}
    for _, part, _ in jobs:
        Path(part).chmod(0o644)  # (Node wrote it 0666)
        Path(part).rename(part.removesuffix(".part"))  # whole, so a later build may reuse it
    return out


def _prune(cache: Path, keep: set[Path], days: float = 30) -> None:
    """Drop compiled copies no build has used for `days` (each cardlearn wheel built is new)."""
    import shutil
    import time

    for folder in cache.iterdir():
        if folder.is_dir() and folder not in keep and time.time() - folder.stat().st_mtime > days * 86400:
            shutil.rmtree(folder, ignore_errors=True)
