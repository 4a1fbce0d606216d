"""What an operator asks of a running server: whether it is healthy, and how its routes fare."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter
from fastapi.responses import JSONResponse
from sqlalchemy import text
from sqlalchemy.exc import SQLAlchemyError

from .api import CtxDep
from .inputs import ANY, refusals

router = APIRouter(prefix="/api", tags=["operations"], responses=refusals(*ANY))


@router.get("/health", responses={503: {"description": "the database does not answer"}})
def health(ctx: CtxDep) -> Any:
    """``{"status": "ok", ...}`` when the server and its database answer (a load balancer's or a
    monitor's check); 503 with ``"status": "unavailable"`` when the database does not. Also the
    games in memory and the seconds since the server started."""
    try:
        with ctx.db.session() as s:
            s.execute(text("SELECT 1"))
    except SQLAlchemyError as exc:
        return JSONResponse(
            {"status": "unavailable", "error": f"the database does not answer: {type(exc).__name__}"}, 503
        )
    return {"status": "ok", "live_games": len(ctx.store.cached()), "uptime_s": round(ctx.metrics.uptime(), 1)}


@router.get("/metrics")
def metrics(ctx: CtxDep) -> dict[str, Any]:
    """Each route's requests since the server started (by method and path template, never a game
    id): answered, refused (4xx), failed (5xx), and the latency of the most recent in milliseconds."""
    return ctx.metrics.snapshot()
