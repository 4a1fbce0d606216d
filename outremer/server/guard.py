"""Refuse cross-site requests: a defence in depth behind ``SameSite=Lax`` cookies and JSON bodies.

A pure ASGI middleware. An unsafe request (POST, PUT, PATCH, DELETE) is refused (403) when its
``Origin`` header names another origin than the request's own (scheme, host and port), or, without
``Origin``, when ``Sec-Fetch-Site`` says ``cross-site``; one with a body that is not
``application/json`` is refused (415), which no HTML form can send. A WebSocket handshake whose
``Origin`` is another site's is refused the same way (cross-site WebSocket hijacking), with an HTTP
403 where the server can send one, else by closing with code 4403. Clients that send neither header
(scripts, tests) pass: they carry no victim's cookies.
"""

from __future__ import annotations

from collections.abc import Iterable
from urllib.parse import urlsplit

from starlette.datastructures import Headers
from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Receive, Scope, Send

UNSAFE = frozenset({"POST", "PUT", "PATCH", "DELETE"})
DEFAULT_PORTS = {"http": 80, "https": 443}
CROSS_SITE = "cross-site request refused"
NOT_JSON = "a request body must be JSON: send it with Content-Type: application/json"

Origin = tuple[str, str, int]


def parse_origin(text: str) -> Origin | None:
    """``(scheme, host, port)`` of an origin such as ``https://example.org:8443``; None if malformed
    (or ``null``)."""
    try:
        parts = urlsplit(text.strip())
        port = parts.port
    except ValueError:
        return None
    scheme = parts.scheme.lower()
    if scheme not in DEFAULT_PORTS or not parts.hostname:
        return None
    return scheme, parts.hostname.lower(), port if port is not None else DEFAULT_PORTS[scheme]


def own_origin(scope: Scope, headers: Headers) -> Origin | None:
    """The origin the request was sent to: its scheme and its ``Host`` header (or the server's)."""
    scheme = {"ws": "http", "wss": "https"}.get(scope.get("scheme", "http"), scope.get("scheme", "http"))
    host = headers.get("host")
    if host is None and scope.get("server"):
        name, port = scope["server"]
        host = f"[{name}]:{port}" if ":" in name else f"{name}:{port}"
    return parse_origin(f"{scheme}://{host}") if host else None


def is_json(content_type: str) -> bool:
    return content_type.split(";", 1)[0].strip().lower() == "application/json"


class CrossSiteGuard:
    """Refuse cross-site unsafe requests and WebSocket handshakes, and unsafe bodies that are not JSON.

    ``trusted_origins``: further origins allowed (e.g. the public ``https://`` address of a server
    behind a proxy that rewrites ``Host``).
    """

    def __init__(self, app: ASGIApp, trusted_origins: Iterable[str] = ()) -> None:
        self.app = app
        self.trusted = {o for o in map(parse_origin, trusted_origins) if o is not None}

    def cross_site(self, scope: Scope, headers: Headers) -> bool:
        origin = headers.get("origin")
        if origin is None:
            return headers.get("sec-fetch-site", "").strip().lower() == "cross-site"
        theirs = parse_origin(origin)
        return theirs is None or (theirs != own_origin(scope, headers) and theirs not in self.trusted)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope["method"] in UNSAFE:
            headers = Headers(scope=scope)
            if self.cross_site(scope, headers):
                await JSONResponse({"error": CROSS_SITE}, status_code=403)(scope, receive, send)
                return
            has_body = headers.get("content-length", "0").strip() not in ("", "0") or (
                "transfer-encoding" in headers
            )
            if has_body and not is_json(headers.get("content-type", "")):
                await JSONResponse({"error": NOT_JSON}, status_code=415)(scope, receive, send)
                return
        elif scope["type"] == "websocket" and self.cross_site(scope, Headers(scope=scope)):
            await receive()  # the websocket.connect message
            if "websocket.http.response" in scope.get("extensions", {}):
                await JSONResponse({"error": CROSS_SITE}, status_code=403)(scope, receive, send)
            else:
                await send({"type": "websocket.close", "code": 4403, "reason": CROSS_SITE})
            return
        await self.app(scope, receive, send)
