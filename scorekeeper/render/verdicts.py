"""The application layer's answers as text: a verdict, an audit, a ruling's effects on the later plays, a
refusal, and ``verify``'s proof. The data they word is in ``scorekeeper.app`` (``verdicts``, ``consequences``,
``proof``); their JSON forms stay beside it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Sequence

from scorekeeper.core.events import ASSERT, CORE_TYPES
from scorekeeper.errors import REFUSED, BadInput, Refused, ScorekeeperError
from scorekeeper.render.effects import effects_text
from scorekeeper.render.report import rule_summary_lines, violation_lines
from scorekeeper.core.findings import Finding, blocked

if TYPE_CHECKING:
    from scorekeeper.app.consequences import Effects
    from scorekeeper.app.proof import Proof
    from scorekeeper.app.verdicts import Audit, Verdict
    from scorekeeper.core.protocol import Game, Violation

#: how many later plays a verdict names before it says how many more there are
SHOWN = 5


def verdict_lines(verdict: "Verdict", show_next: bool = True) -> list[str]:
    """The verdict as text: the recorded line, each finding, and what is expected next."""
    event = verdict.event
    out = [f"#{event.seq} {'recorded' if verdict.recorded else 'would record'}: {verdict.description}"]
    if verdict.gains:
        out.append(f"  {effects_text(verdict.gains)}")
    for finding in verdict.findings:
        label = "DISAGREES" if event.type == ASSERT else "FLAGGED" if finding.is_error else "warning"
        out.append(f"  {label} {finding.rule}: {finding.message}")
    if event.type == ASSERT and verdict.recorded and not verdict.findings:  # an agreement says so (EH-V5)
        out.append("  agrees: the journal gives the same")
    if verdict.effects:
        out += effects_lines(verdict.effects)
    if event.forced and event.type not in CORE_TYPES and verdict.applied:  # else CORE-UNAPPLIED says why
        out.append(f"  applied as the table played it; it stays flagged in check, log and audit "
                   f"('scorekeeper void {event.seq}' takes it back)")
    out += [f"  {line}" for line in verdict.ending]
    if verdict.expected and show_next:
        out.append(f"next: {verdict.expected}")
    return out


def audit_lines(audit: "Audit", game: "Game") -> list[str]:
    """The event as recorded, its corrections, its verdict and the notes after it, as text."""
    from scorekeeper.app.verdicts import describe

    recorded, outcome, seq = audit.recorded, audit.outcome, audit.recorded.seq
    lines = [f"Event #{seq}: {audit.description or describe(game, recorded)}",
             f"  recorded at {recorded.recorded_at}{' with --force' if recorded.forced else ''}",
             f"  hash {audit.record.get('hash', '')[:16]}…"]
    if outcome and outcome.amended_by:
        lines.append(f"  amended by {', '.join('#%d' % a for a in outcome.amended_by)}: "
                     f"now {describe(game, outcome.event)}")
    if outcome and outcome.voided_by:
        lines.append(f"  voided by #{outcome.voided_by}")
    lines.append(f"Verdict: {outcome.status if outcome else 'unknown'}")
    lines += [line for v in (outcome.violations if outcome else []) for line in violation_lines(v, "  ")]
    if audit.effects is not None:
        ruling = "this ruling" if audit.recorded.type in CORE_TYPES else "its amendment"
        lines.append(f"What {ruling} did to the plays after it:" if audit.effects else
                     f"{ruling.capitalize()} made no later play illegal or legal.")
        lines += effects_lines(audit.effects)
    if audit.notes_after:
        lines += ["Notes recorded after it:"] + [f"  #{e.seq} {e.get('text')}" for e in audit.notes_after]
    return lines


def effects_lines(effects: "Effects", indent: str = "  ") -> list[str]:
    """A ruling's effects, one line a play, at most ``SHOWN`` of each kind, then how many more."""
    out = [f"{indent}#{v.seq} now breaks {v.rule}: {v.message}" for v in effects.broken[:SHOWN]]
    if len(effects.broken) > SHOWN:
        out.append(f"{indent}… and {len(effects.broken) - SHOWN} more")
    if effects.settled:
        shown = ", ".join(f"#{seq}" for seq in effects.settled[:SHOWN])
        more = f" and {len(effects.settled) - SHOWN} more" if len(effects.settled) > SHOWN else ""
        out.append(f"{indent}now legal again: {shown}{more}")
    return out


def refusal_text(error: ScorekeeperError) -> str:
    """An error's message; for a refused play (``app.verdicts.PlayRefused``), the whole refusal: each broken
    rule and why with its summary below, or the later plays a ruling would make illegal and how to record it
    anyway. An incomplete play (every error an ask) is its one prompt line: no summary, no ``--force``."""
    from scorekeeper.app.verdicts import PlayRefused

    if not isinstance(error, PlayRefused) or error.asks:  # an incomplete play: the prompt alone (UX-12)
        return str(error)
    if error.first is not None and error.effects is not None:
        return "\n".join([str(error), *amend_refusal_lines(error.target, error.first, error.effects)])
    if error.effects is not None:
        tail = ("use --force to record it all the same (the later plays stay, flagged in 'scorekeeper check')"
                + ("" if error.branch else ", or try it first on a branch ('scorekeeper branch')"))
        return "\n".join([str(error), *effects_lines(error.effects), tail])
    findings = [f for f in error.findings if isinstance(f, Finding)]
    # a block cannot be carried out even forced (a card not there, a choice not named): --force would only
    # record an inert play for a referee to clean up, so it is offered for breaches only (field report UX-12)
    head = str(error) if blocked(findings) else f"{error} (use --force to record it anyway)"
    rules = dict.fromkeys(f.rule for f in findings)
    return "\n".join([head, *[line for rule in rules for line in rule_summary_lines(rule, "  ")]])


def refusal_json(error: Refused) -> dict[str, Any]:
    """A refusal as ``--json`` prints it: its kind (``ask``: an incomplete play, a choice to add, exit 2; else
    ``refused``), its whole text (``refusal_text``) and its rule findings."""
    return {"refused": True, "kind": "ask" if error.asks else "refused",
            "message": refusal_text(error),
            "violations": [{"rule": f.rule, "message": f.message} for f in error.findings]}


def labelled(error: ScorekeeperError, label: str, after: str = "") -> ScorekeeperError:
    """The refusal of one play among several, named by its ``label`` (``Astrid: refused: …``) and followed by
    ``after`` (what became of the plays before it): a refusal stays one (exit 1), an incomplete play a prompt
    (exit 2, shown as it is), any other error is bad input."""
    from scorekeeper.app.verdicts import PlayRefused

    message = f"{label}: {refusal_text(error)}{after}"
    if isinstance(error, PlayRefused) and error.asks:
        error.args = (message,)
        return error
    return Refused(message) if error.exit_code == REFUSED else BadInput(message)


def amend_refusal_lines(target: int, first: "Violation", effects: "Effects") -> list[str]:
    """Under an amendment's refusal (its first line names the first later play it makes impossible): that play's
    rule, what the amended play itself breaks, how many later plays break a rule after it, and what to do."""
    own = [v for v in effects.broken if v.seq == target]
    later = len([v for v in effects.broken if v.seq != target]) - 1
    out = rule_summary_lines(first.rule, "  ")
    out += [f"  #{target} as amended breaks {v.rule}: {v.message} (forced, it is carried out all the same)" for v in own]
    if later:
        out.append(f"  {later} later play(s) after #{first.seq} break a rule too (after recording: "
                   f"'scorekeeper audit' of the amendment lists them)")
    if effects.settled:
        from scorekeeper.app.consequences import Effects

        out += effects_lines(Effects(settled=effects.settled))
    return out + ["use --force to record it all the same (the amended play is carried out as the table played "
                  "it; the later plays stay, flagged in 'scorekeeper check'), or try it first on a branch "
                  "('scorekeeper branch')"]


def proof_lines(proof: "Proof") -> list[str]:
    """What ``verify`` proved, as text: the chain, the shared history of a branch, the witness."""
    from scorekeeper.render.whatif_text import shared_history_lines

    journal = proof.session.journal
    out = [f"intact: {len(journal.records)} events, head hash {journal.head_hash}" if proof.problem is None
           else f"TAMPERED at #{proof.problem.seq}: {proof.problem.message}"]
    if proof.shared is not None:
        out += shared_history_lines(proof.shared)
    out += [f"unreadable: #{seq}: {what} (replay skips it, 'check' flags it; take it back with: void {seq})"
            for seq, what in proof.unreadable]
    return out + list(proof.seen.lines) + proof.notices


def broken_note(errors: int, counted: int) -> str:
    """What the score made of the plays that break a rule: ``counted`` of the ``errors`` were forced by the
    table and count as played; the others were not counted."""
    if not counted:
        return f"{errors} recorded play(s) break a rule and were not counted"
    if counted == errors:
        return f"{errors} recorded play(s) break a rule, forced: they count as played"
    return (f"{errors} recorded play(s) break a rule: {counted} forced count as played, "
            f"{errors - counted} not counted")


def journal_warning(errors: "Sequence[Violation]", counted: int) -> str:
    """The warning under a score: the plays that break a rule (``broken_note``), and apart from them the
    assertions that disagree with the journal, which break no rule of the game (field report EH-V5); '' for
    none."""
    disagree = sum(1 for v in errors if v.rule == "CORE-ASSERT")
    parts = [broken_note(len(errors) - disagree, counted)] if len(errors) > disagree else []
    if disagree:
        parts.append(f"{disagree} assertion(s) disagree with the journal")
    return "; ".join(parts)
