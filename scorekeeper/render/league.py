"""The league's other views rendered: head-to-head, streaks, personal bests, the last games; and what every
league view ends with (what was left out, the files skipped).

Each view is rows first (``*_rows``, also what ``--format csv`` prints as one table with a ``game`` column),
then text: one table per game under its title, in any tabulate format.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Sequence

from scorekeeper.render.report import DEFAULT_FORMAT, table, text

if TYPE_CHECKING:
    from scorekeeper.app.league_stats import Best, HeadToHead, Streak, View
    from scorekeeper.app.standings import Result, Standings


def render_view(league: "Standings", view: "View", fmt: str = DEFAULT_FORMAT) -> str:
    """The view of the league that ``view`` asks for, as text (or CSV)."""
    from scorekeeper.app import league_stats as stats

    if view.vs is not None:
        return render_vs(league, stats.head_to_head(league, *view.vs), view.vs, fmt)
    if view.streaks:
        return render_streaks(league, stats.streaks(league), fmt)
    if view.bests:
        return render_bests(league, stats.bests(league), fmt)
    if view.last is not None:
        return render_last(league, stats.last_games(league, view.last), fmt)
    return render_standings(league, fmt)


def view_json(league: "Standings", view: "View") -> dict[str, Any]:
    """The view of the league that ``view`` asks for, as JSON data (every view ends with what was skipped)."""
    from scorekeeper.app import league_stats as stats

    if view.vs is not None:
        records = stats.head_to_head(league, *view.vs)
        return {"players": list(records[0].players if records else view.vs),
                "games": [r.to_json() for r in records], **league.footer_json()}
    if view.last is not None:
        return {"last": [{"path": r.path, "game": r.game, "date": r.started, "players": list(r.players),
                          "winners": list(r.table.winners), "totals": r.totals}
                         for r in stats.last_games(league, view.last)], **league.footer_json()}
    if view.streaks or view.bests:
        found: dict[str, list[Any]] = stats.streaks(league) if view.streaks else stats.bests(league)
        return {"games": [{"game": g, "title": league.titles[g], "players": [x.to_json() for x in found[g]]}
                          for g in sorted(found, key=lambda g: league.titles[g].casefold())], **league.footer_json()}
    return league.to_json()


def standings_rows(league: "Standings", game: str, with_game: bool = False) -> list[dict[str, Any]]:
    """A game's standings as rows: player, games, wins, shared wins, win rate, average and best score."""
    rows = []
    for line in league.table(game):
        row: dict[str, Any] = {"game": league.titles[game]} if with_game else {}
        row.update({"player": line.player, "games": line.games, "wins": line.wins, "shared": line.shared,
                    "win %": round(100 * line.win_rate), "average": round(line.average, 1), "best": line.best})
        rows.append(row)
    return rows


#: the columns of ``standings --format csv``
STANDINGS_HEADERS = ("game", "player", "games", "wins", "shared", "win %", "average", "best")


def render_standings(league: "Standings", fmt: str = DEFAULT_FORMAT) -> str:
    """Each game's standings under its title, then the files skipped and why; ``csv``: one table, all games."""
    if fmt == "csv":
        rows = [row for game in league.games() for row in standings_rows(league, game, True)]
        return table(rows, fmt, headers=STANDINGS_HEADERS)
    parts: list[str] = []
    for game in league.games():
        count = len(league.counted[game])
        parts += [text(f"{league.titles[game]}: {count} finished session{'s' if count != 1 else ''}", fmt), "",
                  table(standings_rows(league, game), fmt), ""]
    return "\n".join(parts + footer(league, fmt)).rstrip("\n")


def footer(league: "Standings", fmt: str = DEFAULT_FORMAT) -> list[str]:
    """What a league view ends with: nothing counted, what ``--game``/``--since`` and the branch rule left out,
    the sessions that fail ``verify`` (left out, or counted when asked or accepted), the files skipped and why."""
    parts: list[str] = []
    if not league.counted:
        parts += ["no finished session found", ""]
    if league.left_out:
        parts += [f"left out by --game or --since: {league.left_out} finished session(s)", ""]
    if league.branches:
        parts += [f"left out as what-if branches: {league.branches} (--include-branches counts them)", ""]
    if league.imported:
        parts += [f"of them imported from BG Stats: {league.imported} (--recorded-only leaves them out)", ""]
    if league.imported_left_out:
        parts += [f"left out by --recorded-only: {league.imported_left_out} result(s) imported from BG Stats", ""]
    parts += distrust_lines(league, fmt)
    if league.skipped:
        parts += ["skipped:"] + [text(f"  {s.path}: {s.reason}", fmt) for s in league.skipped]
    return parts


def distrust_lines(league: "Standings", fmt: str = DEFAULT_FORMAT) -> list[str]:
    """The sessions ``verify`` finds edited: those left out (``--include-tampered`` counts them), then those
    counted all the same, each with what ``verify`` says; then a blank line (nothing when there are none)."""
    left = [s for s, counted in league.distrusted if not counted]
    kept = [s for s, counted in league.distrusted if counted]
    parts: list[str] = []
    if left:
        parts += ["left out, failing 'scorekeeper verify' (--include-tampered counts them):"]
        parts += [text(f"  {s.path}: {s.reason}", fmt) for s in left] + [""]
    if kept:
        parts += ["counted, although 'scorekeeper verify' finds them edited:"]
        parts += [text(f"  {s.path}: {s.reason}", fmt) for s in kept] + [""]
    return parts


def distrust_warnings(league: "Standings") -> list[str]:
    """``distrust_lines`` as one warning a session, for a view with no footer (``--format csv``)."""
    return [f"{s.path} {'counted' if counted else 'left out'}, edited: {s.reason}" for s, counted in league.distrusted]


def _per_game(league: "Standings", found: dict[str, list[Any]], heading: str, rows: Callable[[list[Any]], list[dict[str, Any]]],
              fmt: str, headers: Sequence[str]) -> str:
    """One table per game (by title) under ``Title: heading``; ``csv``: one table with a ``game`` column."""
    games = sorted(found, key=lambda g: league.titles[g].casefold())
    if fmt == "csv":
        return table([{"game": league.titles[g], **row} for g in games for row in rows(found[g])], fmt,
                     headers=("game", *headers))
    parts: list[str] = []
    for game in games:
        parts += [text(f"{league.titles[game]}: {heading}", fmt), "", table(rows(found[game]), fmt), ""]
    return "\n".join(parts + footer(league, fmt)).rstrip("\n")


# -- head to head ----------------------------------------------------------------------------------------


def vs_rows(records: Sequence["HeadToHead"]) -> list[dict[str, Any]]:
    first, second = records[0].players if records else ("", "")
    return [{"game": r.title, "together": r.games, f"{first} wins": r.wins[0], f"{second} wins": r.wins[1],
             "shared": r.shared} for r in records]


def render_vs(league: "Standings", records: Sequence["HeadToHead"], players: tuple[str, str],
              fmt: str = DEFAULT_FORMAT) -> str:
    """Two players' record per game: sessions together, each one's wins, the wins they shared."""
    first, second = records[0].players if records else players
    headers = ("game", "together", f"{first} wins", f"{second} wins", "shared")
    if fmt == "csv":
        return table(vs_rows(records), fmt, headers=headers)
    parts = [text(f"{first} vs {second}", fmt), ""]
    parts += [table(vs_rows(records), fmt), ""] if records else [
        text(f"{first} and {second} have played no finished session together", fmt), ""]
    return "\n".join(parts + footer(league, fmt)).rstrip("\n")


# -- streaks, bests, last games --------------------------------------------------------------------------


STREAK_HEADERS = ("player", "games", "current", "longest", "last played")


def render_streaks(league: "Standings", found: dict[str, list["Streak"]], fmt: str = DEFAULT_FORMAT,
                   tz: Any = None) -> str:
    """Per game, each player's winning streaks: the current one (0 after a loss) and the longest."""
    from scorekeeper.app.standings import local_time

    def rows(lines: list["Streak"]) -> list[dict[str, Any]]:
        return [dict(zip(STREAK_HEADERS, (s.player, s.games, s.current, s.longest,
                                          local_time(s.last, tz).strftime("%Y-%m-%d")))) for s in lines]

    return _per_game(league, found, "winning streaks", rows, fmt, STREAK_HEADERS)


BEST_HEADERS = ("player", "category", "games", "best", "average")


def render_bests(league: "Standings", found: dict[str, list["Best"]], fmt: str = DEFAULT_FORMAT) -> str:
    """Per game, each player's best and average score in each scoring category and in total."""
    def rows(cells: list["Best"]) -> list[dict[str, Any]]:
        return [dict(zip(BEST_HEADERS, (b.player, b.category, len(b.scores), b.best, round(b.average, 1))))
                for b in cells]

    return _per_game(league, found, "personal bests and averages", rows, fmt, BEST_HEADERS)


LAST_HEADERS = ("date", "game", "players", "winner", "scores")


def last_rows(results: Sequence["Result"], tz: Any = None) -> list[dict[str, Any]]:
    from scorekeeper.app.standings import local_time

    return [dict(zip(LAST_HEADERS, (local_time(r.started, tz).strftime("%Y-%m-%d %H:%M"),
                                    r.title + (" (BG Stats)" if r.imported else ""),
                                    ", ".join(r.players), ", ".join(r.table.winners),
                                    ", ".join(str(r.totals[p]) for p in r.players if p in r.totals))))
            for r in results]


def render_last(league: "Standings", results: Sequence["Result"], fmt: str = DEFAULT_FORMAT, tz: Any = None) -> str:
    """The last games, the latest first: when, which game, who played, who won, the scores (seat order)."""
    if fmt == "csv":
        return table(last_rows(results, tz), fmt, headers=LAST_HEADERS)
    count = len(results)
    parts = [f"the last {count} game{'s' if count != 1 else ''}", "", table(last_rows(results, tz), fmt), ""] if results else []
    return "\n".join(parts + footer(league, fmt)).rstrip("\n")


# -- the sessions list -----------------------------------------------------------------------------------

#: the ``sessions`` list fits this many columns: a long path gives up its start (after an ellipsis)
SESSIONS_WIDTH = 80
#: the narrowest a path is cut to, the widest a winner's or a problem's text is shown
PATH_SHOWN_MIN, WINNER_SHOWN, PROBLEM_SHOWN = 12, 12, 24


def render_sessions(rows: Sequence[dict[str, Any]]) -> str:
    """The rows of ``league_index.listed`` as text that fits ``SESSIONS_WIDTH`` columns: the game, the path (its
    end, when it is long), the winner, the scores from the highest (``so far`` while the game is on), when it
    was last used (local time, to the minute). The path gives up what the rest needs."""
    from scorekeeper import games
    from scorekeeper.app.standings import local_time
    from scorekeeper.render.report import widest

    def title(name: Any) -> str:
        try:
            return games.entry(str(name)).title
        except games.UnknownGameError:
            return str(name or "")

    def scores(row: dict[str, Any]) -> str:
        if row["problem"]:
            return clip(str(row["problem"]), PROBLEM_SHOWN)
        if row.get("trust") and not row["trust"]["ok"]:
            return f"FAILS VERIFY at #{row['trust']['first_bad_seq']}"
        shown = " ".join(str(t) for t in sorted(row["totals"].values(), reverse=True))
        return shown if row["finished"] else f"so far: {shown}"

    def drawn(path_width: int) -> str:
        return table([{"": "*" if r["current"] else "",
                       "game": title(r["game"]) + (" (BG Stats)" if r.get("imported") else ""), "path": clip(r["path"], path_width, True),
                       "winner": clip(", ".join(r["winners"]), WINNER_SHOWN), "scores": scores(r),
                       "last used": local_time(str(r["last_used"])).strftime("%Y-%m-%d %H:%M") if r["last_used"] else ""}
                      for r in rows])

    path_width = max(len(r["path"]) for r in rows)
    output = drawn(path_width)
    while widest(output) > SESSIONS_WIDTH and path_width > PATH_SHOWN_MIN:
        path_width = max(PATH_SHOWN_MIN, path_width - (widest(output) - SESSIONS_WIDTH))
        output = drawn(path_width)
    lead = "fails 'scorekeeper verify': "  # each edited session, its path's end, then what verify found
    edited = [line for r in rows if r.get("trust") and not r["trust"]["ok"]
              for line in (lead + clip(r["path"], SESSIONS_WIDTH - len(lead), True), f"  {r['trust']['message']}")]
    return "\n".join([output, *([""] + edited if edited else [])])


def clip(text: str, width: int, keep_end: bool = False) -> str:
    """``text`` cut to ``width`` characters with an ellipsis: its end kept (a path's file name), or its start."""
    if len(text) <= width:
        return text
    return "…" + text[-(width - 1):] if keep_end else text[: width - 1] + "…"
