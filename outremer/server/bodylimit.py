"""Cap the size of request bodies before anything parses them: a pure ASGI middleware.

A request whose ``Content-Length`` exceeds the cap, or whose streamed body grows past it, is
refused with a JSON 413 before the application sees a byte of it; a ``Content-Length`` that is no
number is refused with a 400. The body of an accepted request is read here and handed on whole.
"""

from __future__ import annotations

from starlette.datastructures import Headers
from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

MAX_BODY = 1 << 20
"""The default cap, in bytes: a save file of a long game is a few tens of kilobytes."""


class BodyLimit:
    """Refuse (413) HTTP requests whose body is larger than ``max_bytes``."""

    def __init__(self, app: ASGIApp, max_bytes: int = MAX_BODY) -> None:
        self.app = app
        self.max_bytes = max_bytes

    def _too_large(self) -> JSONResponse:
        return JSONResponse({"error": f"the request body is larger than {self.max_bytes} bytes"}, 413)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = Headers(scope=scope).get("content-length")
        if declared is not None:
            try:
                length = int(declared)
            except ValueError:
                length = -1
            if length < 0:
                await JSONResponse({"error": "Content-Length is not a number of bytes"}, 400)(
                    scope, receive, send
                )
                return
            if length > self.max_bytes:
                await self._too_large()(scope, receive, send)
                return
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] != "http.request":  # the client went away
                return
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > self.max_bytes:
                await self._too_large()(scope, receive, send)
                return
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        body = b"".join(chunks)
        handed = False

        async def replay() -> Message:
            nonlocal handed
            if handed:
                return await receive()  # after the body: only the client's disconnect
            handed = True
            return {"type": "http.request", "body": body, "more_body": False}

        await self.app(scope, replay, send)
