"""What every rule ID means, in the project's own words: a one-line summary and the rulebook section.

Each game keeps its summaries in ``scorekeeper/games/<package>/rule_summaries.py`` (``SUMMARIES``: rule ID →
(section, summary), in checklist order); the engine's own ``CORE-*`` rules are below. A look-up imports only
the game module that the ID's prefix names, so a command that shows one summary stays fast.
"""

from __future__ import annotations

import importlib
import re
from dataclasses import dataclass

from scorekeeper.errors import BadInput
from scorekeeper.games import REGISTRY, GameInfo, entry

#: the engine's own rules (``scorekeeper/core/engine.py`` and the session layer), section "Engine"
CORE: dict[str, tuple[str, str]] = {
    "CORE-PAYLOAD": ("Engine", "A play must carry the fields its event type declares, each of the right kind"),
    "CORE-TYPE": ("Engine", "Only event types that the game declares can be recorded"),
    "CORE-TARGET": ("Engine", "A void or amend must point at an event that exists and can still be corrected"),
    "CORE-ASSERT": ("Engine", "What the table asserts (a player's holdings) must match the replayed state"),
    "CORE-SET": ("Engine", "A mid-game setting must be one the game declares, with a value it accepts"),
    "CORE-UNAPPLIED": ("Engine", "A forced play the game cannot carry out at all is kept, flagged, changing nothing but the turn, which passes on"),
    "CORE-RESULT": ("Engine", "A typed result (imported) must list the session's players, each with a number as score"),
    "CORE-SHEET": ("Engine", "A typed result's score sheet must add up to each player's total"),
    "CORE-RANK": ("Engine", "A typed result's ranks must follow its scores"),
    "CORE-WINNER": ("Engine", "A typed result's winner must have the best score, unless chosen by hand"),
    "CORE-INTERNAL": ("Engine", "The game's code failed on this play: a bug to report, not a rule broken"),
}


@dataclass(frozen=True)
class RuleSummary:
    """One rule as the project explains it."""

    id: str
    section: str
    summary: str

    def to_json(self) -> dict[str, str]:
        return {"id": self.id, "summary": self.summary, "section": self.section}


class UnknownRuleError(BadInput, LookupError):
    """A rule ID that no game (and not the engine) declares."""


def _game_for(rule: str) -> GameInfo | None:
    prefix = rule.split("-", 1)[0].upper()
    return next((g for g in REGISTRY if g.rule_prefix and g.rule_prefix == prefix), None)


def _table(game: GameInfo) -> dict[str, tuple[str, str]]:
    try:
        module = importlib.import_module(f"{game.package}.rule_summaries")
    except ModuleNotFoundError:
        return {}
    table: dict[str, tuple[str, str]] = module.SUMMARIES
    return table


def game_rules(name: str) -> list[RuleSummary]:
    """Every rule of a game (a name or alias), in checklist order."""
    return [RuleSummary(rule, section, text) for rule, (section, text) in _table(entry(name)).items()]


def summary(rule: str) -> str | None:
    """The one-line summary of a rule ID (any case), or ``None`` when the project has none."""
    found = find(rule)
    return found.summary if found else None


def find(rule: str) -> RuleSummary | None:
    """A rule ID's summary and section (any case), or ``None``."""
    wanted = rule.strip().upper()
    if wanted in CORE:
        return RuleSummary(wanted, *CORE[wanted])
    game = _game_for(wanted)
    table = _table(game) if game else {}
    if wanted in table:
        return RuleSummary(wanted, *table[wanted])
    return None


def lookup(rule: str) -> RuleSummary:
    """A rule ID's summary; ``UnknownRuleError`` naming the closest IDs when there is none."""
    found = find(rule)
    if found:
        return found
    wanted = rule.strip().upper()
    game = _game_for(wanted)
    known = list(CORE) + list(_table(game) if game else [])
    import difflib  # only to suggest

    close = difflib.get_close_matches(wanted, known, n=3, cutoff=0.5)
    hint = f"; closest: {', '.join(close)}" if close else "; try: scorekeeper rules GAME"
    raise UnknownRuleError(f"unknown rule {rule!r}{hint}")



# -- searching a game's rules by words ---------------------------------------------------------------------

#: what a word is, in a summary, a section or a query
_WORD = re.compile(r"[a-z0-9]+")


def _stem(word: str) -> str:
    """A word without its plural ending, so that ``coin`` finds ``coins`` and ``bonfires`` finds ``Bonfire``."""
    for ending in ("ies", "es", "s"):
        if len(word) > len(ending) + 2 and word.endswith(ending):
            return word[: -len(ending)] + ("y" if ending == "ies" else "")
    return word


def _mentions(text: str, wanted: str) -> bool:
    return any(_stem(word).startswith(wanted) for word in _WORD.findall(text.lower()))


def _relevance(rule: RuleSummary, wanted: list[str]) -> tuple[int, int]:
    """How many of the words the rule mentions, and how well: for each word, 3 when its summary mentions it, 2
    its rulebook section, 1 its ID."""
    matched = score = 0
    for word in wanted:
        weight = (3 * _mentions(rule.summary, word) + 2 * _mentions(rule.section, word)
                  + _mentions(rule.id.replace("-", " "), word))
        matched += weight > 0
        score += weight
    return matched, score


def search(name: str, words: list[str]) -> tuple[list[RuleSummary], bool]:
    """The rules of a game (a name or alias) whose summary, rulebook section or ID mentions the words, best match
    first (checklist order among equals), and whether they mention every word: when no rule mentions them all,
    the rules that mention some of them."""
    wanted = [_stem(w) for text in words for w in _WORD.findall(text.lower())]
    if not wanted:
        raise BadInput("say which words to look for: scorekeeper rules GAME WORDS… (e.g. rules ed bonfire)")
    rated = [(rule, *_relevance(rule, wanted)) for rule in game_rules(name)]
    every = [r for r in rated if r[1] == len(wanted)]
    chosen = every or [r for r in rated if r[1] > 0]
    order = sorted(range(len(chosen)), key=lambda i: (-chosen[i][1], -chosen[i][2], i))
    return [chosen[i][0] for i in order], bool(every)
