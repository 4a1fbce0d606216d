"""The HTTP API (documented at ``/openapi.json``; the browser client uses nothing else).

Every refusal is a 4xx answer ``{"error": "...why..."}`` and changes nothing. The server knows
titles only through the game contract: nothing here knows any title's rules.
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path as FilePath
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends, HTTPException, Path, Query, Request, Response
from fastapi.responses import FileResponse
from pydantic import Field
from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session
from starlette.concurrency import run_in_threadpool

from ..bots.registry import bot_names, default_bot
from ..engine.errors import IllegalAction, OutremerError
from ..engine.record import Record, replay
from ..engine.registry import get_game, titles
from . import auth
from .access import may_see, no_game, visible, visible_game
from .context import Context
from .db import ACTIVE, BOT, HOTSEAT, MAX_ID, OPEN, OVER, PERSON, ActionRow, GameRow, SeatRow, User
from .facts import read_games
from .inputs import ANY, BODY, LOG_KEY_PATTERN, UNSAFE, Body, Count, Text, Token, refusals
from .limits import client_address
from .store import SEED_RANGE, LiveGame, record_from_save
from .views import (
    Page,
    Pages,
    active_now,
    choose_role,
    dumps,
    game_payload,
    held_roles,
    seats_of,
    summary,
    user_names,
)

router = APIRouter(prefix="/api", responses=refusals(*ANY))

GameId = Annotated[int, Path(ge=1, le=MAX_ID, description="a game's id")]

GameAnswer = dict[str, Any]
"""What the routes answering with a game's page document (OpenAPI): a JSON object. They send the
page's JSON text as :func:`views.game_payload` made it, parts of it computed once per state."""


def answer(text: str, status_code: int = 200) -> Response:
    """A JSON answer whose text is already made."""
    return Response(text, status_code=status_code, media_type="application/json")


# -- request bodies ----------------------------------------------------------------------------
class Credentials(Body):
    name: Text = Field(description="user name: 1-32 letters, digits, '_', '.', '-'")
    password: Text = Field(description="at least 8 characters")


class SeatSpec(Body):
    role: Text
    kind: Literal["me", "invite", "bot"] = Field(
        description="'me': the creator plays it (several 'me' seats: hotseat); 'invite': a person "
        "who joins by the seat's invite link (or from the lobby if the game is public); 'bot'"
    )
    bot: Text | None = Field(default=None, description="bot name for a 'bot' seat (default: the title's)")


class NewGame(Body):
    title: Text = Field(description="a title's slug, e.g. 'crusader-rex'")
    scenario: Text | None = None
    options: dict[str, bool] = Field(default_factory=dict)
    seats: list[SeatSpec] | None = Field(
        default=None, description="one per role; default: the creator takes the first role, bots the rest"
    )
    seed: int | None = Field(
        default=None,
        ge=0,
        lt=SEED_RANGE,
        description="only where no other person can sit (every seat 'me' or 'bot'); default: 128 random "
        "bits from the operating system",
    )
    public: bool = Field(default=True, description="listed in the lobby; open seats joinable from it")


class ImportGame(Body):
    save: dict[str, Any] = Field(description="an Outremer save file (outremer/save/2; /1 of older games)")
    seats: list[SeatSpec] | None = Field(default=None, description="default: the importer holds every seat")
    public: bool = False


class Join(Body):
    role: Text


LOG_FROM = "how many entries of this seat's log the client holds: the answer's log starts there if it can"
LOG_KEY = "the log_key of the payload those entries came with"
INVITE = "an open seat's invite token: lets its holder see a private game (as an observer)"


class ActionBody(Body):
    role: Text = Field(description="the seat acting; the user must hold it", examples=["Franks"])
    action: Any = Field(
        description="one of the seat's legal actions, as a JSON list, e.g. ['pass']", examples=[["pass"]]
    )
    version: Count | None = Field(
        default=None, description="if given, refuse (409) unless the game is at exactly this many actions"
    )
    log_from: Count = Field(default=0, description=LOG_FROM)
    log_key: str | None = Field(default=None, max_length=100, pattern=LOG_KEY_PATTERN, description=LOG_KEY)


class UndoBody(Body):
    role: Text = Field(description="the seat taking back its own last action; the user must hold it")
    version: Count = Field(
        description="the number of actions the user saw; refused (409) if the game moved on"
    )
    log_from: Count = Field(default=0, description=LOG_FROM)
    log_key: str | None = Field(default=None, max_length=100, pattern=LOG_KEY_PATTERN, description=LOG_KEY)


# -- dependencies ------------------------------------------------------------------------------
# Coroutines, so that FastAPI calls them in the event loop: it runs a plain function dependency in
# its thread pool, one hand-over to a thread and back for each, which cost more than the work they
# do. Only a session not remembered asks the database, in the thread pool.
async def ctx_of(request: Request) -> Context:
    ctx: Context = request.app.state.ctx
    return ctx


CtxDep = Annotated[Context, Depends(ctx_of)]


async def optional_user(request: Request, ctx: CtxDep) -> User | None:
    token = request.cookies.get(auth.COOKIE)
    known, user = ctx.sessions.recall(token)
    if known:
        return user
    return await run_in_threadpool(ctx.sessions.user, ctx.db, token)


async def required_user(user: Annotated[User | None, Depends(optional_user)]) -> User:
    if user is None:
        raise HTTPException(401, "sign in first")
    return user


MaybeUser = Annotated[User | None, Depends(optional_user)]
UserDep = Annotated[User, Depends(required_user)]


def _uid(user: User | None) -> int | None:
    return user.id if user is not None else None


# -- accounts ----------------------------------------------------------------------------------
@router.post("/register", status_code=201, tags=["accounts"], responses=refusals(*BODY, 409, 429))
def register(body: Credentials, request: Request, response: Response, ctx: CtxDep) -> dict[str, Any]:
    """Create an account (the password is stored only as an argon2id hash) and sign in."""
    auth.check_new_account(body.name, body.password)
    ctx.limiter.check_register(client_address(request))
    try:
        with ctx.db.session() as s:
            user = auth.add_user(s, body.name, auth.hash_password(body.password))
            token = auth.start_session(s, user)
    except IntegrityError as exc:
        raise HTTPException(409, f"the name {body.name!r} is taken") from exc
    auth.set_cookie(response, token, auth.cookie_secure(request, ctx.secure_cookies))
    return {"name": user.name}


@router.post("/login", tags=["accounts"], responses=refusals(*BODY, 401, 429))
def login(body: Credentials, request: Request, response: Response, ctx: CtxDep) -> dict[str, Any]:
    """Sign in: sets the session cookie. Too many failed attempts for a name or from an address
    within a while are refused (429 with ``Retry-After``), even with the right password."""
    address = client_address(request)
    ctx.limiter.check_login(body.name, address)  # counts the attempt as failed until it succeeds
    with ctx.db.session() as s:
        user = auth.find_user(s, body.name)
        if user is None or not auth.verify_password(user.password_hash, body.password):
            raise HTTPException(401, "wrong user name or password")
        token = auth.start_session(s, user)
    ctx.limiter.login_succeeded(body.name, address)
    auth.set_cookie(response, token, auth.cookie_secure(request, ctx.secure_cookies))
    return {"name": user.name}


@router.post("/logout", tags=["accounts"], responses=refusals(*UNSAFE))
def logout(request: Request, response: Response, ctx: CtxDep) -> dict[str, Any]:
    """Sign out: ends the session and clears the cookie."""
    token = request.cookies.get(auth.COOKIE)
    with ctx.db.session() as s:
        auth.end_session(s, token)
    ctx.sessions.forget(token)
    auth.clear_cookie(response, auth.cookie_secure(request, ctx.secure_cookies))
    return {"signed_out": True}


@router.get("/me", tags=["accounts"])
def me(user: MaybeUser) -> dict[str, Any]:
    """The signed-in user's name, or ``{"name": null}`` for a visitor: a page asks this before
    anyone signs in, so not being signed in is an answer here, not an error."""
    return {"name": user.name if user is not None else None}


# -- titles ------------------------------------------------------------------------------------
@router.get("/titles", tags=["titles"])
def list_titles() -> list[dict[str, Any]]:
    """Installed titles with their roles, scenarios, options and bots."""
    out: list[dict[str, Any]] = []
    for slug in titles():
        try:
            game = get_game(slug)
        except OutremerError as exc:
            out.append({"slug": slug, "error": str(exc)})
            continue
        out.append(
            {
                "slug": slug,
                "title": game.title,
                "roles": list(game.roles),
                "scenarios": list(game.scenarios),
                "scenario_names": {s: game.scenario_name(s) for s in game.scenarios},
                "role_names": {
                    role: game.role_name(role)
                    for scenario in game.scenarios or (None,)
                    for role in game.roles_for(scenario)
                },
                "options": [
                    {"name": o.name, "default": o.default, "help": o.help, "rule": o.rule}
                    for o in game.options
                ],
                "bots": bot_names(game),
                "default_bot": default_bot(game),
                "web": game.web_dir() is not None,
            }
        )
    return out


def _title(slug: str) -> Any:
    try:
        return get_game(slug)
    except OutremerError as exc:
        raise HTTPException(404, str(exc)) from exc


@router.get("/titles/{slug}/board", tags=["titles"], responses=refusals(404))
def title_board(slug: str) -> dict[str, Any]:
    """The title's board description for drawing (e.g. towns with coordinates and roads); 404 if none."""
    board = _title(slug).board()
    if board is None:
        raise HTTPException(404, f"{slug} has no board description")
    return dict(board)


@router.get("/titles/{slug}/roles", tags=["titles"], responses=refusals(404, 422))
def title_roles(
    slug: str, scenario: Annotated[str | None, Query()] = None, options: Annotated[str | None, Query()] = None
) -> dict[str, Any]:
    """The roles (seats) of a game of this title with ``scenario`` and ``options`` (a JSON object of
    option names and booleans): a team variant or a count of players may change them."""
    game = _title(slug)
    try:
        chosen = json.loads(options) if options else None
    except ValueError as exc:
        raise HTTPException(422, f"options must be a JSON object: {exc}") from exc
    if chosen is not None and not isinstance(chosen, dict):
        raise HTTPException(422, "options must be a JSON object of option names and booleans")
    try:
        scenario, checked = game.check_setup(scenario, chosen)
    except IllegalAction as exc:
        raise HTTPException(422, str(exc)) from exc
    roles = game.roles_for(scenario, checked)
    return {
        "scenario": scenario,
        "options": checked,
        "roles": list(roles),
        "role_names": {role: game.role_name(role) for role in roles},
    }


@router.get(
    "/titles/{slug}/web/{path:path}", tags=["titles"], response_class=FileResponse, responses=refusals(404)
)
def title_web(slug: str, path: str) -> FileResponse:
    """A file of the title's browser assets (its ``board.js`` draws the board); 404 if none."""
    root = _title(slug).web_dir()
    if root is None:
        raise HTTPException(404, f"{slug} has no browser assets")
    base = FilePath(root).resolve()
    try:  # a NUL byte or a name too long for the file system names no file either
        target = (base / path).resolve()
        found = target.is_relative_to(base) and target.is_file()
    except (OSError, ValueError):
        found = False
    if not found:
        raise HTTPException(404, f"no file {path!r} in the browser assets of {slug}")
    return FileResponse(target, headers={"Cache-Control": "no-cache"})


# -- creating, importing, joining --------------------------------------------------------------
def _seat_rows(game: Any, seat_roles: Sequence[str], specs: list[SeatSpec], creator: User) -> list[SeatRow]:
    """The seats of a new game whose roles are ``seat_roles``: one spec for each (422 if not)."""
    roles = [spec.role for spec in specs]
    unknown = [r for r in roles if r not in seat_roles]
    if unknown:
        raise HTTPException(
            422, f"this {game.slug} game has no role {unknown[0]!r}; its roles: {', '.join(seat_roles)}"
        )
    if sorted(roles) != sorted(seat_roles):
        raise HTTPException(422, f"give exactly one seat for each role: {', '.join(seat_roles)}")
    # Several seats of the creator's make a hotseat game; their one seat is simply a person's.
    mine = HOTSEAT if sum(spec.kind == "me" for spec in specs) > 1 else PERSON
    rows = []
    for spec in specs:
        if spec.kind == "bot":
            name = spec.bot or default_bot(game)
            if name not in bot_names(game):
                raise HTTPException(
                    422, f"no bot {name!r} for {game.slug}; available: {', '.join(bot_names(game))}"
                )
            rows.append(SeatRow(role=spec.role, kind=BOT, bot=name))
        elif spec.kind == "me":
            rows.append(SeatRow(role=spec.role, kind=mine, user_id=creator.id))
        else:
            rows.append(SeatRow(role=spec.role, kind=PERSON, invite_token=secrets.token_urlsafe(18)))
    return rows


def _insert_game(
    ctx: Context, game: Any, record: Record, state: Any, seats: list[SeatRow], creator: User, public: bool
) -> int:
    if game.outcome(state) is not None:
        status = OVER
    elif any(seat.is_open for seat in seats):
        status = OPEN
    else:
        status = ACTIVE
    with ctx.db.session() as s:
        row = GameRow(
            title=game.slug,
            scenario=record.scenario,
            options=dict(record.options),
            seed=record.seed,
            generator=record.generator,
            status=status,
            public=public,
            created_by=creator.id,
        )
        s.add(row)
        s.flush()
        for seat in seats:
            seat.game_id = row.id
            s.add(seat)
        s.flush()
        for n, (role, action) in enumerate(record.actions, start=1):
            s.add(ActionRow(game_id=row.id, n=n, role=role, action=_dumps(action), user_id=None))
        game_id = row.id
    ctx.store.put(LiveGame(game_id, game, record, state))
    return game_id


def _dumps(action: Any) -> str:
    return json.dumps(list(action))


def _check_chosen_seed(ctx: Context, seats: list[SeatRow], why: str) -> None:
    """422 if a seed the user chose (``why`` says how) would decide a game another person may sit
    in: the seed decides every hidden card and every die to come, so it is allowed only where each
    seat is the user's own or a bot's. ``ctx.test_seeds`` lifts this (test harnesses)."""
    if not ctx.test_seeds and any(seat.is_open for seat in seats):
        raise HTTPException(
            422,
            f"{why} is allowed only where no other person can sit (every seat 'me' or 'bot'): "
            "it decides every hidden card and die to come",
        )


@router.post(
    "/games", status_code=201, tags=["games"], response_model=GameAnswer, responses=refusals(*BODY, 401)
)
def create_game(body: NewGame, user: UserDep, ctx: CtxDep) -> Response:
    """Create a game; the answer is the game as the creator sees it (with invite links of open seats)."""
    try:
        game = get_game(body.title)
    except OutremerError as exc:
        raise HTTPException(422, str(exc)) from exc
    seed = body.seed if body.seed is not None else secrets.randbits(128)
    try:
        scenario, options = game.check_setup(body.scenario, body.options)
    except IllegalAction as exc:
        raise HTTPException(422, str(exc)) from exc
    roles = game.roles_for(scenario, options)
    specs = body.seats
    if specs is None:
        specs = [SeatSpec(role=roles[0], kind="me")] + [SeatSpec(role=r, kind="bot") for r in roles[1:]]
    seats = _seat_rows(game, roles, specs, user)
    if body.seed is not None:
        _check_chosen_seed(ctx, seats, "choosing the seed")
    try:
        state = game.setup(seed, scenario, options)
    except IllegalAction as exc:
        raise HTTPException(422, str(exc)) from exc
    record = Record(game.slug, seed, scenario, dict(options), [])
    game_id = _insert_game(ctx, game, record, state, seats, user, body.public)
    ctx.changed(game_id)
    return answer(_payload(ctx, game_id, user, None).text, 201)


@router.post(
    "/games/import",
    status_code=201,
    tags=["games"],
    response_model=GameAnswer,
    responses=refusals(*BODY, 401),
)
def import_game(body: ImportGame, user: UserDep, ctx: CtxDep) -> Response:
    """Import a save file: every action is replayed and checked; the importer holds every seat by
    default. The save holds the seed, so an unfinished game with an 'invite' seat is refused (422)."""
    game, record, state = record_from_save(body.save)
    roles = game.roles_for(record.scenario, record.options)
    specs = body.seats or [SeatSpec(role=r, kind="me") for r in roles]
    seats = _seat_rows(game, roles, specs, user)
    if game.outcome(state) is None:
        _check_chosen_seed(ctx, seats, "importing an unfinished game (its save holds the seed)")
    game_id = _insert_game(ctx, game, record, state, seats, user, body.public)
    ctx.changed(game_id)
    return answer(_payload(ctx, game_id, user, None).text, 201)


@router.get("/games", tags=["games"], responses=refusals(401, 422))
def list_games(
    user: MaybeUser,
    ctx: CtxDep,
    status: Annotated[Literal["open", "active", "over"] | None, Query()] = "open",
    mine: bool = False,
    limit: Annotated[int, Query(ge=1, le=200)] = 50,
) -> list[dict[str, Any]]:
    """Browse games, newest first: by default the public games with an open seat (the lobby);
    ``mine=true`` lists the signed-in user's games (created or seated) of any visibility."""
    q = select(GameRow.id).order_by(GameRow.updated.desc(), GameRow.id.desc())
    if status is not None:
        q = q.where(GameRow.status == status)
    if mine:
        if user is None:
            raise HTTPException(401, "sign in to list your games")
        seated = select(SeatRow.game_id).where(SeatRow.user_id == user.id)
        q = q.where((GameRow.created_by == user.id) | GameRow.id.in_(seated))
    else:
        q = q.where(GameRow.public.is_(True))
    with ctx.db.engine.connect() as conn:  # the ids, then their seats and players: two queries
        ids = list(conn.execute(q.limit(limit)).scalars())
    return [
        summary(game, game.seats, game.names, _uid(user), active_now(ctx.store, game))
        for game in read_games(ctx.db, ids)
    ]


def _take_seat(ctx: Context, seat_id: int, user: User) -> int:
    """Give an open seat to ``user``; the game starts when its last open seat is taken."""
    with ctx.db.session() as s:
        seat = s.get(SeatRow, seat_id)
        if seat is None:
            raise HTTPException(404, "no such seat")
        game_id = seat.game_id
        row = s.get(GameRow, game_id)
        if row is None or row.status != OPEN or seat.kind != PERSON or seat.user_id is not None:
            raise HTTPException(409, f"the seat {seat.role!r} of game {game_id} is not open")
        seat.user_id = user.id
        s.flush()
        if all(other.user_id is not None for other in seats_of(s, game_id) if other.kind == PERSON):
            row.status = ACTIVE
    ctx.changed(game_id)
    return game_id


def _invited_seat(s: Session, token: str, user: User | None) -> tuple[SeatRow, GameRow]:
    """The seat an invite token is for and its game; 404 if there is none, or if the seat is taken
    and the game is private to others (a spent invitation to a private game opens nothing)."""
    seat = s.execute(select(SeatRow).where(SeatRow.invite_token == token)).scalar_one_or_none()
    row = s.get(GameRow, seat.game_id) if seat is not None else None
    if seat is None or row is None or not may_see(s, row, _uid(user), token):
        raise HTTPException(404, "no such invitation")
    return seat, row


@router.get("/invites/{token}", tags=["games"], responses=refusals(404, 422))
def show_invite(token: Token, user: MaybeUser, ctx: CtxDep) -> dict[str, Any]:
    """What an invite link is for, without taking the seat: ``role`` and the game as listed in the
    lobby (404 ``no such invitation`` for a wrong token, or a spent one to a private game)."""
    with ctx.db.session() as s:
        seat, row = _invited_seat(s, token, user)
        seats = seats_of(s, row.id)
        return {
            "role": seat.role,
            "game": summary(
                row, seats, user_names(s, seats, [row.created_by]), _uid(user), active_now(ctx.store, row)
            ),
        }


@router.post(
    "/invites/{token}",
    tags=["games"],
    response_model=GameAnswer,
    responses=refusals(*UNSAFE, 401, 404, 409, 422),
)
def join_by_invite(token: Token, user: UserDep, ctx: CtxDep) -> Response:
    """Take the seat an invite link is for (409 if it is taken or the game has started; 404 as for a
    wrong token if it is taken and the game is private to the user)."""
    with ctx.db.session() as s:
        seat_id = _invited_seat(s, token, user)[0].id
    game_id = _take_seat(ctx, seat_id, user)
    return answer(_payload(ctx, game_id, user, None).text)


@router.post(
    "/games/{game_id}/join",
    tags=["games"],
    response_model=GameAnswer,
    responses=refusals(*BODY, 401, 403, 404, 409),
)
def join_from_lobby(game_id: GameId, body: Join, user: UserDep, ctx: CtxDep) -> Response:
    """Take an open seat of a public game."""
    with ctx.db.session() as s:
        row = visible_game(s, game_id, user.id)
        if not row.public:
            raise HTTPException(403, "this game is private: join by its invite link")
        seat = next((x for x in seats_of(s, game_id) if x.role == body.role), None)
        if seat is None:
            raise HTTPException(422, f"game {game_id} has no seat {body.role!r}")
        seat_id = seat.id
    _take_seat(ctx, seat_id, user)
    return answer(_payload(ctx, game_id, user, body.role).text)


# -- playing -----------------------------------------------------------------------------------
def _payload(
    ctx: Context,
    game_id: int,
    user: User | None,
    role: str | None,
    log_from: int = 0,
    log_key: str | None = None,
    live: LiveGame | None = None,
) -> Page:
    """The viewer's page of the game as stored now; or, given ``live``, the copy in memory this
    process has just changed (an action's or an undo's answer: the game as that change left it, or
    later), with no look at the stored actions."""
    if live is None:
        live = ctx.store.current(game_id)
    with live.lock:
        row = ctx.facts.now(game_id)
        if row is None:
            raise no_game(game_id)
        chosen = choose_role(row.seats, live, _uid(user), role)
        return game_payload(row, live, _uid(user), chosen, log_from=log_from, log_key=log_key)


@router.get("/games/{game_id}", tags=["play"], response_model=GameAnswer, responses=refusals(403, 404, 422))
def get_game_view(
    game_id: GameId,
    user: MaybeUser,
    ctx: CtxDep,
    role: Annotated[
        str | None, Query(description="which of your seats to view (default: one to act)")
    ] = None,
    log_from: Annotated[int, Query(ge=0, le=MAX_ID, description=LOG_FROM)] = 0,
    log_key: Annotated[
        str | None, Query(max_length=100, pattern=LOG_KEY_PATTERN, description=LOG_KEY)
    ] = None,
    invite: Annotated[str | None, Query(max_length=100, description=INVITE)] = None,
) -> Response:
    """The game as the signed-in user's seat sees it (observer's view for anyone else): the view,
    the log, whose turn it is, and the seat's legal actions. With ``role``, ``log_from`` and
    ``log_key`` from an earlier answer, the log holds only the entries after those (``log_from``
    in the answer says where it starts: 0 when the whole log had to be sent). A private game is
    seen only by its players and holders of its invitation: 404 for anyone else, as for no game."""
    visible(ctx.facts, game_id, _uid(user), invite)
    return answer(_payload(ctx, game_id, user, role, log_from, log_key).text)


def _check_seat(ctx: Context, game_id: int, role: str, user: User) -> None:
    """404 no game (or a private one the user may not see), 422 no such role, 403 not the user's
    seat, 409 the game is not under way."""
    row = visible(ctx.facts, game_id, user.id)
    held = held_roles(row.seats, user.id)
    live = ctx.store.live(game_id)
    if role not in live.roles:
        raise HTTPException(422, f"{role!r} is not a role of this game: {', '.join(live.roles)}")
    if role not in held:
        raise HTTPException(403, f"you do not hold the seat {role!r} in game {game_id}")
    if row.status == OPEN:
        raise HTTPException(409, "the game has not started: some seats wait for players")
    with live.lock:  # the facts kept may say under way of a game whose last action is in memory
        over = row.status == OVER or Pages.of(live).outcome is not None
    if over:
        raise HTTPException(409, GAME_OVER)


GAME_OVER = "the game is over"


@contextmanager
def _over_said(ctx: Context, game_id: int) -> Iterator[None]:
    """A 409 of the store's on a game another process has just ended says that it is over (as
    :func:`_check_seat` would have, had the facts kept for the game known it): the status is
    read again, on this refusal only."""
    try:
        yield
    except HTTPException as exc:
        if exc.status_code == 409:
            row = ctx.facts.now(game_id)
            if row is not None and row.status == OVER:
                raise HTTPException(409, GAME_OVER) from exc
        raise


@router.post(
    "/games/{game_id}/action",
    tags=["play"],
    response_model=GameAnswer,
    responses=refusals(*BODY, 401, 403, 404, 409),
)
def post_action(game_id: GameId, body: ActionBody, user: UserDep, ctx: CtxDep) -> Response:
    """Take an action for a seat the user holds. Checked against that seat and the legal actions of
    this moment; stored durably before the answer. 403 not your seat, 409 not legal now (or the game
    is not under way, or ``version`` is stale), 422 malformed."""
    _check_seat(ctx, game_id, body.role, user)
    with _over_said(ctx, game_id):
        live, canon = ctx.store.act(
            game_id, body.role, body.action, user_id=user.id, expected_version=body.version
        )
    ctx.changed(game_id, current=True)
    page = _payload(ctx, game_id, user, body.role, body.log_from, body.log_key, live)
    return answer(f'{{"accepted":{dumps(list(canon))},"version":{live.version},"game":{page.text}}}')


@router.post(
    "/games/{game_id}/undo",
    tags=["play"],
    response_model=GameAnswer,
    responses=refusals(*BODY, 401, 403, 404, 409),
)
def post_undo(game_id: GameId, body: UndoBody, user: UserDep, ctx: CtxDep) -> Response:
    """Take back the seat's own last action (the payload's ``can_undo``): allowed if that seat took
    it, it drew no randomness and revealed nothing, and the seat was still to act after it. Never a
    bot's action. The action is deleted from storage before the answer. 403 not your seat, 409 not
    allowed now (or the game is not under way, or ``version`` is stale)."""
    _check_seat(ctx, game_id, body.role, user)
    with _over_said(ctx, game_id):
        live = ctx.store.undo(game_id, body.role, expected_version=body.version)
    version = live.version
    ctx.changed(game_id, current=True)
    page = _payload(ctx, game_id, user, body.role, body.log_from, body.log_key, live)
    return answer(f'{{"accepted":true,"version":{version},"game":{page.text}}}')


# -- saves and replays -------------------------------------------------------------------------
@router.get("/games/{game_id}/save", tags=["saves"], responses=refusals(403, 404, 422))
def export_game(game_id: GameId, user: MaybeUser, ctx: CtxDep) -> dict[str, Any]:
    """The game's save file (setup and every action). A save holds the seed, which decides every
    hidden card and die to come: it is given for a finished game, or to a user who plays every
    non-bot seat; anyone else gets 403 until the game is over (404 if the game is private to them)."""
    with ctx.db.session() as s:
        row = visible_game(s, game_id, _uid(user))
        if row.status != OVER:
            seats = seats_of(s, game_id)
            people = [seat for seat in seats if seat.kind != BOT]
            if user is None or any(seat.user_id != user.id for seat in people):
                raise HTTPException(
                    403,
                    "a save file holds the seed, which decides every hidden card and die to come: "
                    "it is available once the game is over",
                )
    live = ctx.store.current(game_id)  # another process's last action too
    with live.lock:
        return live.record.to_json()


@router.get("/games/{game_id}/replay", tags=["saves"], responses=refusals(404, 409, 422))
def replay_game(
    game_id: GameId,
    user: MaybeUser,
    ctx: CtxDep,
    upto: Annotated[
        int | None, Query(ge=0, le=MAX_ID, description="actions to replay (default: all)")
    ] = None,
) -> dict[str, Any]:
    """A finished game's public (observer's) view and log after its first ``upto`` actions (a
    private game's only for its players: 404 for anyone else, as for no game)."""
    with ctx.db.session() as s:
        if visible_game(s, game_id, _uid(user)).status != OVER:
            raise HTTPException(409, "a replay is available once the game is over")
    live = ctx.store.current(game_id)  # another process's last action too
    with live.lock:
        record = replace(live.record, options=dict(live.record.options), actions=list(live.record.actions))
    total = len(record.actions)
    step = total if upto is None else upto
    if step > total:
        raise HTTPException(422, f"the game has {total} actions; upto must be 0..{total}")
    state = replay(live.game, record, step)
    outcome = live.game.outcome(state)
    return {
        "upto": step,
        "total": total,
        "view": live.game.view(state, None),
        "log": live.game.log(state, None),
        "active_roles": list(live.game.active_roles(state)),
        "outcome": outcome.to_json() if outcome is not None else None,
    }
