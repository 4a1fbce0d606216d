"""A throwaway PostgreSQL cluster for the server tests (Debian's PostgreSQL, started here).

``make test`` installs Debian's ``postgresql`` when it is missing. The cluster lives in a temporary
folder, listens on 127.0.0.1 at a free port, trusts local connections, and is stopped at the end.
As root (CI), the server runs as the ``postgres`` user, since PostgreSQL refuses to run as root.
"""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
from pathlib import Path

import psycopg

USER = "outremer"


def _bin(name: str) -> str:
    found = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}")) or [shutil.which(name) or ""]
    if not found[-1]:
        raise RuntimeError(f"PostgreSQL's {name} is not installed (make test installs Debian's postgresql)")
    return found[-1]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class Cluster:
    """One PostgreSQL server in ``root``; ``database()`` makes a fresh database and gives its URL."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.data = root / "data"
        self.port = _free_port()
        self.count = 0
        self.as_postgres = ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []

    def _run(self, *args: str) -> None:
        subprocess.run([*self.as_postgres, *args], check=True, capture_output=True, timeout=120)

    def start(self) -> None:
        self.root.mkdir(parents=True, exist_ok=True)
        if self.as_postgres:
            shutil.chown(self.root, "postgres", "postgres")
        self._run(_bin("initdb"), "-D", str(self.data), "-A", "trust", "-U", USER, "-E", "UTF8", "--no-sync")
        options = f"-p {self.port} -k {self.root} -c listen_addresses=127.0.0.1 -c fsync=off"
        self._run(
            _bin("pg_ctl"), "-D", str(self.data), "-o", options, "-w", "-l", str(self.root / "log"), "start"
        )

    def stop(self) -> None:
        self._run(_bin("pg_ctl"), "-D", str(self.data), "-m", "immediate", "-w", "stop")

    def database(self) -> str:
        self.count += 1
        name = f"test_{self.count}"
        with psycopg.connect(
            f"host=127.0.0.1 port={self.port} user={USER} dbname=postgres", autocommit=True
        ) as c:
            c.execute(f'CREATE DATABASE "{name}"')
        return f"postgresql+psycopg://{USER}@127.0.0.1:{self.port}/{name}"
