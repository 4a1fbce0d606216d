"""The base install on a clean machine: ``pip install .`` alone, then every command once.

``make smoke`` (the first step of ``make test``) runs this with the interpreter a fresh machine
would use. It makes a virtualenv in a temporary folder, installs a copy of the working tree into it
with the tested versions (``-c constraints.txt``), no extras and not editable (so a data file left
out of the wheel shows), and runs each command of the base install from another temporary folder,
so that the installed package is imported, not the source tree:

- ``outremer --help`` and ``outremer list``; no package of an extra (NumPy, Ray...) came along;
- ``simulate`` (two games) and ``tournament`` (one game per seating, with its ratings) of every
  registered title;
- ``play`` fed a few lines then the end of input, saving the game with ``s FILE``; ``replay`` of it;
- ``serve`` on a free port with the default database, answering ``GET /`` (the database file is
  made under ``data/``);
- ``python -m outremer.rl`` and ``tournament --ray`` each say in one line which extra to install.

Each step prints a line; the first failure prints its command and output and exits with status 1.
The temporary folders are removed in every case.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
EXTRAS = ("numpy", "gymnasium", "pettingzoo", "ray")
"""Packages of the extras (rl, cluster), which the base install must neither need nor bring."""

TOP_LEFT_OUT = {".git", ".venv", "build", "dist", "saves", "artifacts", "data", "node_modules"}
"""Folders at the top of a working tree that are not part of its source (the default database...)."""

LEFT_OUT = shutil.ignore_patterns("__pycache__", ".*_cache", ".hypothesis", "*.egg-info")
"""What is not part of the source in any folder: caches and build metadata."""


def left_out(folder: str, names: list[str]) -> set[str]:
    """The names in ``folder`` that the copy of the working tree leaves out."""
    top = TOP_LEFT_OUT if Path(folder) == ROOT else set()
    return set(LEFT_OUT(folder, names)) | (top & set(names))


PLAY_INPUT = "h\nb\n1\nl\n1\ns {save}\n"
"""The terminal game: help, the board, two actions, the log, a save; then the input ends."""

STEP_LIMIT = 600.0
"""Seconds a step may take before it is taken for hung (not a measure of speed)."""


class SmokeFailure(Exception):
    """A step of the smoke failed."""


def run(
    args: Sequence[str | Path], cwd: Path, env: dict[str, str], stdin: str = "", fail: bool = False
) -> subprocess.CompletedProcess[str]:
    """Run a command; it must exit 0 (``fail``: not 0) and print no traceback."""
    done = subprocess.run(
        [str(a) for a in args],
        cwd=cwd,
        env=env,
        input=stdin,
        capture_output=True,
        text=True,
        timeout=STEP_LIMIT,
        check=False,
    )
    failed = done.returncode != 0
    if failed != fail or "Traceback" in done.stdout + done.stderr:
        expected = "a non-zero status" if fail else "status 0"
        raise SmokeFailure(
            f"{' '.join(map(str, args))}: exit status {done.returncode}, expected {expected}, no traceback\n"
            f"--- stdout (end)\n{done.stdout[-3000:]}\n--- stderr (end)\n{done.stderr[-3000:]}"
        )
    return done


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def serve(outremer: Path, cwd: Path, env: dict[str, str]) -> None:
    """``outremer serve`` on a free port with the default database answers ``GET /`` with 200."""
    port = free_port()
    log = cwd / "serve.log"
    with log.open("w") as out:
        server = subprocess.Popen(
            [str(outremer), "serve", "--host", "127.0.0.1", "--port", str(port)],
            cwd=cwd,
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
        )
    try:
        status = None
        deadline = time.monotonic() + STEP_LIMIT
        while status is None and server.poll() is None and time.monotonic() < deadline:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=5) as response:
                    status = response.status
            except urllib.error.HTTPError as exc:  # it answered, but not 200
                status = exc.code
            except (urllib.error.URLError, ConnectionError):  # not listening yet
                time.sleep(0.2)
    finally:
        server.terminate()
        try:
            server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
    text = log.read_text()
    if status != 200 or "Traceback" in text:
        raise SmokeFailure(f"outremer serve: GET / answered {status}\n--- output (end)\n{text[-3000:]}")
    if not (cwd / "data" / "outremer.db").is_file() or (cwd / "outremer.db").exists():
        raise SmokeFailure("outremer serve: the default database is not data/outremer.db")


def one_line(done: subprocess.CompletedProcess[str], needs: str) -> None:
    """The command said, in one line on standard error, to install ``needs``."""
    lines = done.stderr.strip().splitlines()
    if len(lines) != 1 or f"pip install 'outremer[{needs}]'" not in lines[0]:
        raise SmokeFailure(f"expected one line naming outremer[{needs}], got:\n{done.stderr}")


def smoke(python: str, constraints: Path, work: Path) -> None:
    source, venv, here = work / "source", work / "venv", work / "here"
    shutil.copytree(ROOT, source, ignore=left_out)
    here.mkdir()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "VIRTUAL_ENV", "PIP_"))}
    env["PATH"] = f"{venv / 'bin'}{os.pathsep}{env.get('PATH', '')}"
    env["COLUMNS"] = "100"
    bin_ = venv / "bin"
    py, outremer = bin_ / "python", bin_ / "outremer"

    def step(name: str) -> None:
        print(f"smoke: {name}", flush=True)

    step(f"a virtualenv ({python}) with pip install -c {constraints.name} . (no extras)")
    run([python, "-m", "venv", venv], here, env)
    run([py, "-m", "pip", "install", "-q", "-c", constraints, source], here, env)
    found = run(
        [py, "-c", f"import importlib.util as u; print(*[m for m in {EXTRAS!r} if u.find_spec(m)])"],
        here,
        env,
    )
    if found.stdout.strip():
        raise SmokeFailure(f"the base install brought packages of an extra: {found.stdout.strip()}")
    where = run([py, "-c", "import outremer; print(outremer.__file__)"], here, env).stdout.strip()
    if not Path(where).is_relative_to(venv):
        raise SmokeFailure(f"outremer was imported from {where}, not from the installed package")

    step("outremer --help, --version, list")
    run([outremer, "--help"], here, env)
    run([outremer, "--version"], here, env)
    titles = list(json.loads(run([outremer, "list", "--json"], here, env).stdout))
    if not titles:
        raise SmokeFailure("outremer list names no title")
    for title in titles:
        step(f"outremer simulate {title}, outremer tournament {title}")
        run([outremer, "simulate", title, "--games", "2", "--seed", "1"], here, env)
        report = run(
            [
                outremer,
                "tournament",
                title,
                "--bots",
                "random,scripted",
                "--games",
                "1",
                "--workers",
                "1",
                "--json",
            ],
            here,
            env,
        )
        if set(json.loads(report.stdout)["ratings"]["bots"]) != {"random", "scripted"}:
            raise SmokeFailure(
                f"outremer tournament {title}: no ratings of both bots\n{report.stdout[-2000:]}"
            )

    step("outremer play crusader-rex, fed a few lines and the end of input; outremer replay of its save")
    save = here / "game.json"
    run([outremer, "play", "crusader-rex", "--seed", "1"], here, env, stdin=PLAY_INPUT.format(save=save))
    if not save.is_file():
        raise SmokeFailure("outremer play: `s FILE` saved nothing")
    if not run([outremer, "replay", save], here, env).stdout.strip():
        raise SmokeFailure("outremer replay printed nothing")

    step("outremer serve answers GET / on a free port")
    serve(outremer, here, env)

    step("the extras are named in one line: python -m outremer.rl, tournament --ray")
    one_line(run([py, "-m", "outremer.rl"], here, env, fail=True), "rl")
    ray = [outremer, "tournament", "crusader-rex", "--bots", "random", "--games", "1", "--ray", "local"]
    one_line(run(ray, here, env, fail=True), "cluster")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--constraints", type=Path, default=ROOT / "constraints.txt")
    parser.add_argument(
        "--python", default=sys.executable, help="The interpreter to make the virtualenv with."
    )
    args = parser.parse_args()
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="outremer-smoke-") as work:
        try:
            smoke(args.python, args.constraints.resolve(), Path(work))
        except (SmokeFailure, subprocess.TimeoutExpired) as exc:
            print(f"smoke FAILED: {exc}", file=sys.stderr)
            sys.exit(1)
    print(f"smoke: the base install works ({time.monotonic() - started:.0f} s)")


if __name__ == "__main__":
    main()
