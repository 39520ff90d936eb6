"""The Starlette application of ``scorekeeper serve``: the pages, their JSON twins, the writes, the live stream.

Every read and write goes through the session layer (``Session``) under ``ServedSession.lock`` on a worker
thread; every write first passes ``Guard.check_write`` (token, cross-site checks, form token) and the body
limit. A refusal writes nothing: 401/403 (who), 413/415/400 (what was sent), 409 (the rules, with the rule's
summary and, for a phone with the token, a confirmed 'record it anyway'). The JSON twins (``/api/status``,
``score``, ``check``, ``log``, ``state``; ``/api/standings`` for a league) return exactly what the CLI's
``--json`` prints, built by the same functions (``scorekeeper.render.payloads``), with what ``verify`` says of the
session beside it (a ``trust`` field in an object, and the ``X-Scorekeeper-Trust`` header); every page of a
session carries it as a banner when it is not intact.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import time
from collections import OrderedDict
from typing import Any, AsyncIterator, Awaitable, Callable, Iterable

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.middleware import Middleware
from starlette.requests import ClientDisconnect, Request
from starlette.responses import JSONResponse, RedirectResponse, Response, StreamingResponse
from starlette.routing import Route

from scorekeeper.app.session import Session, Verdict
from scorekeeper.errors import BadInput, Refused, ScorekeeperError
from scorekeeper.core.protocol import Finding, GameSetupError, MissingValueError
from scorekeeper.web import pages, play_pages, views
from scorekeeper.web.forms import BY, CHOICES, draft_sent, facts_of
from scorekeeper.web.guard import (COOKIE_SECONDS, FORM_SECONDS, LOOPBACK_NAMES, Denied, Guard, Hosts, cookie_name,
                                   new_token, port_of, read_fields)
from scorekeeper.web.live import Hub
from scorekeeper.web.served import ServedLeague, ServedSession

log = logging.getLogger("scorekeeper.web")
Handler = Callable[[Request], Awaitable[Response]]
#: on a refusal's answer: "asks" (the play leaves out a choice) or "refused" (the rules); a page gets it with 200
REFUSED_HEADER = "X-Scorekeeper-Refused"
SECURITY_HEADERS = {"X-Content-Type-Options": "nosniff", "Referrer-Policy": "same-origin", "Cache-Control": "no-store",
                    "X-Frame-Options": "DENY"}


def create_app(served: ServedSession | ServedLeague, token: str | None = None, *, interval: float | None = None,
               hosts: Iterable[str] = LOOPBACK_NAMES) -> Starlette:
    """The application serving ``served`` (a session, or a league folder), writable with ``token`` (a fresh
    128-bit one when None: read it back from ``app.state.guard.token``), answering to the host names ``hosts``
    only (``guard.allowed_hosts``; 421 for any other)."""
    guard = Guard(token or new_token())
    hub = Hub(served.stamp, interval if interval is not None else (0.5 if served.league else 0.05))

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        task = asyncio.create_task(hub.watch())
        try:
            yield
        finally:
            hub.close()
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task

    site = League(served, guard, hub) if isinstance(served, ServedLeague) else Site(served, guard, hub)
    app = Starlette(routes=site.routes(), lifespan=lifespan, middleware=[Middleware(Hosts, names=list(hosts))])
    app.state.guard, app.state.hub, app.state.served = guard, hub, served
    return app


def wants_json(request: Request) -> bool:
    return request.url.path.startswith("/api/") or "application/json" in request.headers.get("accept", "")


def int_param(request: Request, name: str) -> int | None:
    raw = request.query_params.get(name)
    if raw is None or raw == "":
        return None
    if not (raw.isascii() and raw.lstrip("-").isdigit()) or len(raw) > 9:
        raise BadInput(f"{name}={raw[:20]!r}: give a whole number")
    return int(raw)


class Base:
    """What the session's site and the league's share: the static files, the stream, answering and refusing."""

    def __init__(self, guard: Guard, hub: Hub) -> None:
        self.guard, self.hub = guard, hub

    def common_routes(self) -> list[Route]:
        return [Route("/static/live.js", self.script), Route("/static/site.css", self.css), Route("/events", self.events)]

    async def script(self, request: Request) -> Response:
        return Response(pages.SCRIPT, media_type="text/javascript", headers=SECURITY_HEADERS)

    async def css(self, request: Request) -> Response:
        return Response(pages.CSS, media_type="text/css", headers=SECURITY_HEADERS)

    async def events(self, request: Request) -> Response:
        return StreamingResponse(self.hub.stream(request.is_disconnected), media_type="text/event-stream",
                                 headers={**SECURITY_HEADERS, "X-Accel-Buffering": "no"})

    def viewer(self, request: Request) -> bool:
        """Whether this reader may write; ``Denied`` (401) for a wrong ``?t=`` (no cookie is set then)."""
        if "t" in request.query_params and not self.guard.matches(request.query_params["t"]):
            raise Denied(401, "wrong token in this address: ask the table for its address again")
        return self.guard.writer(request)

    def html(self, request: Request, body: str, status: int = 200, policy: str = pages.POLICY) -> Response:
        """An HTML answer; a visit with the right ``?t=`` also gets the cookie that carries the token from now on."""
        response = Response(body, status, media_type="text/html; charset=utf-8",
                            headers={**SECURITY_HEADERS, "Content-Security-Policy": policy})
        offered = request.query_params.get("t")
        if offered is not None and self.guard.matches(offered):
            response.set_cookie(cookie_name(port_of(request)), offered, max_age=COOKIE_SECONDS,
                                expires=COOKIE_SECONDS, httponly=True, samesite="strict", path="/")
        return response

    def wrapped(self, handler: Handler) -> Handler:
        """``handler`` with every refusal answered (never a 500 for what a client sends)."""

        async def run(request: Request) -> Response:
            try:
                return await handler(request)
            except ClientDisconnect:  # the client went away before sending its whole body: nobody to answer
                return Response(status_code=400)
            except Denied as exc:
                return self.failure(request, str(exc), exc.status)
            except (MissingValueError, GameSetupError) as exc:
                return self.failure(request, str(exc), 409)
            except ScorekeeperError as exc:
                return self.failure(request, str(exc), 409 if isinstance(exc, Refused) else 400)
            except Exception:  # a bug: logged with its traceback, one line to the client
                log.exception("error answering %s %s", request.method, request.url.path)
                return self.failure(request, "the server failed on this request (see its terminal)", 500)

        return run

    def failure(self, request: Request, message: str, status: int) -> Response:
        if wants_json(request):
            return JSONResponse({"error": message}, status, headers=SECURITY_HEADERS)
        return self.html(request, pages.layout("Scorekeeper", pages.message_body(message, status)), status)


class Site(Base):
    """The pages of one session."""

    def __init__(self, served: ServedSession, guard: Guard, hub: Hub) -> None:
        super().__init__(guard, hub)
        self.served = served
        self.once = Once()

    def routes(self) -> list[Route]:
        w = self.wrapped
        gets = {"/": self.table, "/screen": self.screen, "/score": self.score, "/chart": self.chart,
                "/lairs": self.lairs, "/log": self.log_page, "/check": self.check_page, "/state": self.state_page,
                "/report": self.report, "/play": self.play_page, "/assert": self.assert_page, "/undo": self.undo_page,
                "/api/status": self.api_status, "/api/score": self.api_score, "/api/check": self.api_check,
                "/api/log": self.api_log, "/api/state": self.api_state, "/bgstats": self.bgstats}
        posts = {"/play": self.post_play, "/note": self.post_note, "/undo": self.post_undo, "/assert": self.post_assert}
        return ([Route(path, w(h), methods=["GET"]) for path, h in gets.items()]
                + [Route(path, w(h), methods=["POST"]) for path, h in posts.items()] + self.common_routes())

    async def read(self, build: Callable[[Session], Any]) -> Any:
        """``build(session)`` on a worker thread, the session to itself."""
        def run() -> Any:
            with self.served.use() as s:
                return build(s)
        return await run_in_threadpool(run)

    def page(self, s: Session, request: Request, title: str, body: str, here: str, writer: bool, **extra: Any) -> str:
        from scorekeeper.app.trust_verdict import verdict_of

        has_lairs = s.game.name == "eight-dragons"
        return pages.layout(f"{title} — {s.game.title}", body, here=here, writer=writer, lairs=has_lairs,
                            game=f"{os.path.basename(s.path) if s.path else ''} · players {', '.join(s.players)}",
                            trust=verdict_of(s, s.replay().counted_errors), **extra)

    async def api(self, build: Callable[[Session], Any]) -> Response:
        """An ``/api/…`` answer: ``build(session)`` with what ``verify`` says beside it (a ``trust`` field, and
        the ``TRUST_HEADER``), read as one (field report TRUST-1)."""
        from scorekeeper.app.trust_verdict import TRUST_HEADER, verdict_of, with_trust

        payload, verdict = await self.read(lambda s: (build(s), verdict_of(s, s.replay().counted_errors)))
        return JSONResponse(with_trust(payload, verdict), headers={**SECURITY_HEADERS, TRUST_HEADER: verdict.status})

    # -- the live table ------------------------------------------------------------------------------

    async def table(self, request: Request, screen: bool = False) -> Response:
        """The live table. On a phone, the first screen holds what a player needs after a play: the verdict
        ("#12 recorded: …", the page opening at its top), whose turn it is and the plays to tap, then the score
        (the winner once the game is over); what else can be recorded, the last plays and the undo follow."""
        writer = self.viewer(request) and not screen
        recorded = int_param(request, "recorded")

        def build(s: Session) -> str:
            body, flash, top = views.table(s, writer=writer, screen=screen, recorded=recorded,
                                           form_token=self.guard.form_token())
            return self.page(s, request, "Big screen" if screen else "Table", body, "/screen" if screen else "/",
                             writer, screen=screen, flash=flash, top=top)

        return self.html(request, await self.read(build))

    async def undo_page(self, request: Request) -> Response:
        """The confirmation of an undo (field report WEB-7): it names the play it voids."""
        if not self.viewer(request):
            raise Denied(401, "this address only reads: open the table's address with its token (?t=…) to record")
        return self.html(request, await self.read(lambda s: self.page(
            s, request, "Undo", pages.undo_body(views.last_play(s.log()), self.guard.form_token()), "", True)))

    async def screen(self, request: Request) -> Response:
        return await self.table(request, screen=True)

    async def section(self, request: Request, title: str, here: str, heading: str,
                      inner: Callable[[Session], str]) -> Response:
        """A page of one live section: ``inner(session)`` under ``heading``."""
        writer = self.viewer(request)

        def build(s: Session) -> str:
            body = f'<main><section id="{here[1:]}" data-live><h2>{pages.e(heading)}</h2>{inner(s)}</section></main>'
            return self.page(s, request, title, body, here, writer)

        return self.html(request, await self.read(build))

    async def score(self, request: Request) -> Response:
        return await self.section(request, "Score", "/score", "Score sheet", views.score_sheet)

    async def chart(self, request: Request) -> Response:
        return await self.section(request, "Chart", "/chart", "Score over time", views.chart)

    async def lairs(self, request: Request) -> Response:
        return await self.section(request, "Lairs", "/lairs", "Lairs", views.lairs)

    async def log_page(self, request: Request) -> Response:
        return await self.section(request, "Log", "/log", "Every event, newest first",
                                  lambda s: pages.play_items(list(reversed(s.log())), game=s.game))

    async def check_page(self, request: Request) -> Response:
        return await self.section(request, "Check", "/check", "Plays that break a rule", views.check)

    async def state_page(self, request: Request) -> Response:
        return await self.section(request, "Board", "/state", "The whole board",
                                  lambda s: pages.status_body(s.game, s.status(), s.expect()))

    async def report(self, request: Request) -> Response:
        """The referee's report (``scorekeeper report``), with the live script let in and a way back."""
        self.viewer(request)

        def build(s: Session) -> str:
            from scorekeeper.render.html_report import gather, render

            return render(gather(s))

        page, policy = pages.live_report(await self.read(build))
        return self.html(request, page, policy=policy)

    # -- the JSON twins ------------------------------------------------------------------------------

    async def api_status(self, request: Request) -> Response:
        from scorekeeper.render.payloads import played_data, status_payload

        return await self.api(lambda s: status_payload(s.status(), s.replay().errors, played_data(s)))

    async def api_score(self, request: Request) -> Response:
        from scorekeeper.app.timeline import timeline
        from scorekeeper.render.payloads import score_payload

        at, explain = int_param(request, "at"), request.query_params.get("explain") in ("1", "yes", "true")
        if request.query_params.get("timeline") in ("1", "yes", "true"):
            return await self.api(lambda s: timeline(s).to_json())
        return await self.api(lambda s: score_payload(s.score_at(at), at, explain))

    async def api_check(self, request: Request) -> Response:
        from scorekeeper.render.report import violations_json

        return await self.api(lambda s: violations_json(s.replay().violations))

    async def api_log(self, request: Request) -> Response:
        from scorekeeper.app.log_filter import LogFilterError, filter_log

        q = request.query_params
        last = int_param(request, "last")

        def build(s: Session) -> Any:
            try:
                return filter_log(s.log(), last=last, player=q.get("player"), type=q.get("type"),
                                  rejected=q.get("rejected") in ("1", "yes", "true"))
            except LogFilterError as exc:
                raise BadInput(str(exc)) from None

        return await self.api(build)

    async def api_state(self, request: Request) -> Response:
        from scorekeeper.render.payloads import state_payload

        at = int_param(request, "at")
        return await self.api(lambda s: state_payload(at, s.snapshot(at)))

    # -- recording -----------------------------------------------------------------------------------

    async def play_page(self, request: Request) -> Response:
        """A play by taps: the picks so far in the address (``type=…&player=…&WORD=VALUE…``), the next pick offered
        as buttons among the legal values, Record once the play can be said (``forms.pick_flow``)."""
        if not self.viewer(request):
            raise Denied(401, "this address only reads: open the table's address with its token (?t=…) to record")
        sent = [(k, v) for k, v in request.query_params.multi_items() if k != "t"]

        def build(s: Session) -> str:
            body = play_pages.pick_body(s.game, s.players, s.expect(), sent, self.guard.form_token())
            return self.page(s, request, "Record a play", body, "", True)

        return self.html(request, await self.read(build))

    async def assert_page(self, request: Request) -> Response:
        if not self.viewer(request):
            raise Denied(401, "this address only reads: open the table's address with its token (?t=…) to record")
        return self.html(request, await self.read(lambda s: self.page(
            s, request, "Assert", pages.assert_body(s.players, list(s.game.observable_keys()), self.guard.form_token()),
            "", True)))

    async def write(self, request: Request, act: Callable[[Session, dict[str, str], bool], Verdict],
                    again: Callable[[Session, dict[str, str], Refused], str | None] | None = None) -> Response:
        """A write: the body read within its limit, the writer checked, its form token spent (a repeated post is
        answered with what the first one did, and writes nothing), ``act`` run under the lock, the streams woken; a
        refusal answered with its rules: to a script 409 and the CLI's JSON, to a page 200 (field report WEB-17) and
        the page again (``again``: the play's form, its picks kept) or the refusal with a confirmed 'record it anyway'."""
        fields = await read_fields(request)
        self.guard.check_write(request, fields)
        key = self.guard.once_key(request, fields)
        if key is None:
            answer = await self.written(request, fields, act, again)
        else:  # a refusal (409 until here) spends no form token: it wrote nothing
            answer = await self.once.run(key, lambda: self.written(request, fields, act, again))
        if answer.status_code == 409 and answer.headers.get(REFUSED_HEADER) and not wants_json(request):
            answer.status_code = 200
        return answer

    async def written(self, request: Request, fields: dict[str, str],
                      act: Callable[[Session, dict[str, str], bool], Verdict],
                      again: Callable[[Session, dict[str, str], Refused], str | None] | None = None) -> Response:
        force = fields.get("force", "") == "yes"
        if force and fields.get("confirm", "") != "yes":
            raise BadInput("recording a refused play anyway must be confirmed: tick 'the table agrees' (confirm=yes)")

        def run(s: Session) -> Verdict | tuple[Refused, dict[str, Any], str | None]:
            try:
                return act(s, fields, force)
            except Refused as exc:
                page = again(s, fields, exc) if again is not None and not wants_json(request) else None
                return exc, s.expect().to_json(), page

        done = await self.read(run)
        if not isinstance(done, Verdict):
            refusal, expected, page = done
            if wants_json(request):  # the CLI's --json refusal, its message the first line only
                from scorekeeper.render.verdicts import refusal_json

                return JSONResponse({**refusal_json(refusal), "message": str(refusal), "expected": expected}, 409,
                                    headers=SECURITY_HEADERS)
            if page is None:
                body = play_pages.refusal_body(str(refusal), refusal.findings, request.url.path, fields,
                                               self.guard.form_token())
                page = pages.layout("Refused", body, writer=True)
            answer = self.html(request, page, 409)
            answer.headers[REFUSED_HEADER] = "asks" if getattr(refusal, "asks", False) else "refused"
            return answer
        self.hub.poke()
        if wants_json(request):
            return JSONResponse(done.to_json(), headers=SECURITY_HEADERS)
        return RedirectResponse(f"/?recorded={done.event.seq}#play-{done.event.seq}", 303, headers=SECURITY_HEADERS)

    async def post_play(self, request: Request) -> Response:
        """A play, posted by the pick flow or field by field (``forms.draft_sent``); a page that posted by choices
        gets its form again when the game asks more or the rules refuse it, what was picked kept."""
        def again(s: Session, f: dict[str, str], refusal: Refused) -> str | None:
            if f.get(BY) != CHOICES or s.game.declaration(f.get("type", "")) is None:
                return None
            body = play_pages.pick_body(s.game, s.players, s.expect(), list(f.items()), self.guard.form_token(), refusal)
            return self.page(s, request, "Record a play", body, "", True)

        return await self.write(request, lambda s, f, force: s.record(draft_sent(s.game, s.players, f), force=force),
                                again)

    async def post_note(self, request: Request) -> Response:
        return await self.write(request, lambda s, f, force: s.note(f.get("text", "")))

    async def post_undo(self, request: Request) -> Response:
        """An undo: from a page, only confirmed (``confirm=yes``, the box of ``/undo``: field report WEB-7)."""
        def undo(s: Session, f: dict[str, str], force: bool) -> Verdict:
            if not wants_json(request) and f.get("confirm", "") != "yes":
                raise BadInput("an undo must be confirmed: tick the box on the Undo page")
            last = views.last_play(s.log())
            if f.get("seq") and (last is None or str(last["seq"]) != f["seq"]):  # someone recorded meanwhile
                raise BadInput(f"nothing undone: #{f['seq']} is no longer the last play; look at the table again")
            return s.undo(force=force)

        return await self.write(request, undo)

    async def post_assert(self, request: Request) -> Response:
        return await self.write(request, lambda s, f, force: s.assert_facts(f.get("player") or None,
                                                                            facts_of(f.get("facts", ""))))

    async def bgstats(self, request: Request) -> Response:
        """A finished game's "Open in BG Stats": the link and its QR code (``bgstats_page``)."""
        from scorekeeper.web.bgstats_page import bgstats_body

        return await self.section(request, "BG Stats", "/bgstats", "Open in BG Stats", bgstats_body)


class Once:
    """Form tokens spent by a write: a post repeating one (a double tap, a resent form) is answered with what the
    first post did and writes nothing. A post that wrote nothing (a refusal) does not spend its token. Tokens are
    remembered for ``FORM_SECONDS``, as long as a form token is good for (``Guard.form_token_ok``)."""

    def __init__(self, seconds: float = FORM_SECONDS) -> None:
        self.seconds = seconds
        self._done: dict[str, Response] = {}
        #: one lock per form token posted, with when it was first posted (oldest first)
        self._locks: OrderedDict[str, tuple[float, asyncio.Lock]] = OrderedDict()

    async def run(self, key: str, write: Callable[[], Awaitable[Response]]) -> Response:
        self._forget()
        lock = self._locks.setdefault(key, (time.monotonic(), asyncio.Lock()))[1]
        async with lock:  # a second tap waits for the first to finish
            done = self._done.get(key)
            if done is not None:
                return _again(done)
            response = await write()
            if response.status_code < 400:
                self._done[key] = response
            return response

    def _forget(self) -> None:
        """Tokens posted longer ago than a form token is good for: never accepted again anyway."""
        now = time.monotonic()
        while self._locks:
            key, (first, lock) = next(iter(self._locks.items()))
            if now - first <= self.seconds or lock.locked():
                return
            del self._locks[key]
            self._done.pop(key, None)


def _again(first: Response) -> Response:
    """The answer of a repeated post: the first one's status, headers and body."""
    headers = {k: v for k, v in first.headers.items() if k.lower() not in ("content-length", "set-cookie")}
    return Response(first.body, first.status_code, headers=headers)


class League(Base):
    """The live standings of a folder of sessions (read only)."""

    def __init__(self, served: ServedLeague, guard: Guard, hub: Hub) -> None:
        super().__init__(guard, hub)
        self.served = served

    def routes(self) -> list[Route]:
        return [Route("/", self.wrapped(self.page), methods=["GET"]),
                Route("/api/standings", self.wrapped(self.api), methods=["GET"]), *self.common_routes()]

    async def page(self, request: Request) -> Response:
        league = await run_in_threadpool(self.served.standings)
        body = pages.standings_body(league.to_json())
        return self.html(request, pages.layout(f"Standings — {self.served.folder.name}", body, here="/", league=True,
                                               game=f"every finished session under {self.served.folder.name}"))

    async def api(self, request: Request) -> Response:
        league = await run_in_threadpool(self.served.standings)
        return JSONResponse(league.to_json(), headers=SECURITY_HEADERS)
