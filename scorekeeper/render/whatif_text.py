"""What-if rulings as text (``scorekeeper.app.whatif`` holds the data): a branch just made, the proof of the
history a branch shares with its parent, and the comparison of two sessions for 80 columns."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from scorekeeper.app.whatif import display
from scorekeeper.render.report import table

if TYPE_CHECKING:
    from scorekeeper.app.whatif import Branch, Comparison, SharedHistory, Side


def branch_lines(made: "Branch") -> list[str]:
    """What the branch holds, that the current session is unchanged, and how to try the ruling there."""
    kept = (f"the parent's events 1 to {made.link.events} (of {made.parent_events})" if made.link.events
            else f"none of the parent's {made.parent_events} events")
    out = [f"{display(made.target)}: a what-if branch of {display(made.parent_path)}",
           f"it holds {kept}; the current session is unchanged",
           f"try the other ruling there: scorekeeper … --session {display(made.target)}"]
    try:
        out.append(f"next: {made.session.expect().text}")
    except Exception:  # a hint must never stop a command
        pass
    return out


def shared_history_lines(shared: "SharedHistory") -> list[str]:
    """Where the branch forked, and whether the history it shares with its parent was proved."""
    out = [f"branch of {display(shared.parent)}, {shared.link.forked()}"]
    if shared.problem is not None:
        out.append(f"SHARED HISTORY {'DIFFERS' if shared.checked else 'NOT PROVED'}: {shared.problem}")
    elif not shared.checked:
        out.append(f"shared history not checked: {shared.reason}")
    elif shared.link.events:
        out.append(f"shared history intact: #1 to #{shared.link.events} are the parent's, as it was at the fork")
    else:
        out.append("shared history intact: the parent's metadata, as it was at the fork")
    return out


def comparison_text(result: "Comparison") -> str:
    """The comparison as text for 80 columns."""
    a, b = result.a, result.b
    lines = [f"A: {display(a.name)} ({len(a.log)} events)", f"B: {display(b.name)} ({len(b.log)} events)"]
    if result.relation:
        lines.append(result.relation["text"])
    rows, last = [], None
    for row in result.scores:
        rows.append({"player": _clip(row["player"], 14) if row["player"] != last else "",
                     "category": _clip(row["category"], 22), "A": _number(row["a"]), "B": _number(row["b"]),
                     "B-A": _signed(row["diff"])})
        last = row["player"]
    lines += ["", table(rows, "simple"), "", f"A: {_result(a)}", f"B: {_result(b)}", ""]
    if result.parting is None:
        lines.append("The journals are the same play for play.")
    else:
        seq = result.parting["seq"]
        lines.append(f"The journals part at #{seq}:")
        for side in ("a", "b"):
            text = result.parting[side] or f"(ends at #{seq - 1})"
            lines.append(_clip(f"  {side.upper()}: {text}", 80))
    if not result.verdicts:
        lines.append("No event they both hold has a different verdict.")
        return "\n".join(lines)
    lines += [f"Verdicts that differ ({len(result.verdicts)}):"]
    shown = [{"#": v["seq"], "event": _clip(v["event"], 30), "A": _clip(v["a"]["verdict"], 20),
              "B": _clip(v["b"]["verdict"], 20)} for v in result.verdicts]
    lines.append(table(shown, "simple"))
    return "\n".join(lines)


def _result(side: "Side") -> str:
    """Who wins or leads the side's game, in words."""
    winners = side.table.winners
    if not winners:
        return "no winner yet"
    names = " and ".join(winners)
    if side.table.final:
        return f"{names} {'wins' if len(winners) == 1 else 'share the victory'} (final score)"
    return f"{names} {'leads' if len(winners) == 1 else 'lead'} (provisional score)"


def _clip(text: str, width: int) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"


def _number(value: Any) -> str:
    return "—" if value is None else str(value)


def _signed(value: Any) -> str:
    if value is None:
        return "—"
    return "" if value == 0 else f"{value:+}"
