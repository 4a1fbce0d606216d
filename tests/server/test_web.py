"""The browser client's files and a title's web assets, served generically."""

from __future__ import annotations

from fastapi import FastAPI
from fastapi.testclient import TestClient


def test_index_and_static_files(app: FastAPI) -> None:
    with TestClient(app) as client:
        page = client.get("/")
        assert page.status_code == 200 and "text/html" in page.headers["content-type"]
        assert '<script type="module" src="/static/app.js">' in page.text
        for name in ("app.js", "api.js", "game.js"):
            js = client.get(f"/static/{name}")
            assert js.status_code == 200 and "javascript" in js.headers["content-type"]
        assert client.get("/static/style.css").status_code == 200


def test_title_web_assets_and_board(app: FastAPI) -> None:
    with TestClient(app) as client:
        titles = {t["slug"]: t for t in client.get("/api/titles").json()}
        assert titles["crusader-rex"]["web"] is True
        js = client.get("/api/titles/crusader-rex/web/board.js")
        assert js.status_code == 200 and "javascript" in js.headers["content-type"]
        assert "export function draw" in js.text
        for bad in ("../game.py", "..%2Fgame.py", "nothing.js"):
            assert client.get(f"/api/titles/crusader-rex/web/{bad}").status_code == 404
        assert client.get("/api/titles/no-such-title/web/board.js").status_code == 404
        board = client.get("/api/titles/crusader-rex/board").json()
        towns = {t["name"]: t for t in board["towns"]}
        assert towns["Acre"]["lat"] and towns["Acre"]["lon"] and towns["Jerusalem"]["victory"]
        assert {r["type"] for r in board["roads"]} == {"major", "minor", "iron-bridge"}
        assert [s["name"] for s in board["staging"]] == ["England", "France", "Germania"]
