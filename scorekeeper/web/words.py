"""Words for people: what the game expects, said for the web, never in the command line's words.

The CLI says the next step as a command to type (``Expectation.text``: ``scorekeeper fc visit SHOP (open: …)``);
the web says it from the same data, the game's choices (``Expectation.choices``) and its declarations
(``EventType.said``, ``Word.said``): "Next: Ann — visit a shop, or use a companion", and one button per play,
"Ann: visit a shop". ``for_people`` rewrites whatever command-line form is left in a game's headline, note or
message shown on a page (a ``scorekeeper …`` command, a game command such as ``fc end --flip SHOP``, a
``--flag VALUE``): the same message, in words.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Sequence

from scorekeeper.core.protocol import Choice, Expectation, Game

#: the CLI's read commands, as the web's pages name what they show
PAGES = {"score": "the Score page", "check": "the Check page", "log": "the Log", "state": "the Board page",
         "status": "the Table page", "report": "the Report", "chart": "the Chart", "verify": "verify",
         "audit": "the audit of that play", "standings": "the standings", "lairs": "the Lairs page"}
#: how the CLI names the games in its commands (``scorekeeper fc …``, ``eh``, ``ed``, ``8d``)
GAME_WORDS = r"(?:fc|eh|ed|8d|flamecraft|emberheart|eight-dragons)"
#: a flag and the value that follows it (an upper-case placeholder, a word, a file name, NAME=VALUE…)
FLAG = re.compile(r"(?<![\w-])--([a-z][a-z0-9-]*)(?:[ =]((?!--)[^\s,;()]+))?")
#: a game command at the start of a text: ``fc end --flip SHOP``, ``'ed fly'``, ``scorekeeper eh raidcard 1 G``
COMMAND = re.compile(rf"^['`]?(?:scorekeeper\s+)?{GAME_WORDS}\s+([a-z][a-z-]*)\b[^:']*['`]?")
#: ``scorekeeper CMD …`` inside a text
SCOREKEEPER = re.compile(rf"\bscorekeeper\s+(?:{GAME_WORDS}\s+)?([a-z][a-z-]*)((?:\s+(?:[A-Z][A-Z0-9_,.=-]*|-\S+|[a-z0-9][\w.,=@:-]*\d[\w.,=@:-]*))*)")
#: a parenthesis that only says how to force: ``(use --force to record it anyway)``, ``(or --force)``
FORCE_HINT = re.compile(r"\s*\((?:use |or )?--force(?: to record it anyway)?\)")
#: a command given as an example, to the end of its clause: ``(e.g. fc gather 2iron+1bread)``, ``, e.g. eh claim -t
#: strength``: the page shows the controls instead
EXAMPLE_COMMAND = re.compile(rf"\s*\((?:e\.g\.|for example)\s+(?:scorekeeper\s+)?{GAME_WORDS}\s+[a-z][^)]*\)"
                             rf"|(?:,\s*|\s+)(?:e\.g\.|for example)\s+(?:scorekeeper\s+)?{GAME_WORDS}\s+[a-z][^;.)]*")
#: a quoted command (``'scorekeeper fc setup …'``): said as its play's words
QUOTED = re.compile(rf"['\"‘“`](?:scorekeeper\s+)?{GAME_WORDS}\s+([a-z][a-z-]*)[^'\"’”`]*['\"’”`]")
#: a game command inside a text: ``then end the turn: fc end``
INLINE = re.compile(rf"(?<![\w-])['`]?{GAME_WORDS}\s+([a-z][a-z-]+)((?:\s+(?:[A-Z][\w,.=@:-]*|[a-z]*\d[\w,.=@:-]*|--?[a-z][\w-]*(?:\s+[A-Z][\w.=-]*)?))*)['`]?")


def for_people(text: str, game: Game | None = None) -> str:
    """``text`` with its command-line forms said in words: a parenthesis that only names a command goes
    (``(fc end --flip SHOP)``), one that shows a command and its result keeps the result (``(fc gather: 2iron)``
    → ``(2iron)``), ``scorekeeper score`` becomes "the Score page", a game command becomes its play's words
    (with ``game``: the declared label), and ``--flag VALUE`` becomes the flag's name and its value."""
    if not text or ("scorekeeper" not in text and "--" not in text and not re.search(GAME_WORDS + r"\s", text)):
        return text
    out = FORCE_HINT.sub("", text).replace("recorded with --force", "recorded anyway")
    out = EXAMPLE_COMMAND.sub("", out)
    out = re.sub(r"\s*\(([^()]*)\)", lambda m: _parenthesis(m.group(0), m.group(1)), out)
    out = QUOTED.sub(lambda m: _command_words(m.group(1), game), out)
    out = SCOREKEEPER.sub(lambda m: _command_words(m.group(1), game, m.group(2)), out)
    out = INLINE.sub(lambda m: _command_words(m.group(1), game), out)
    out = re.sub(r"(?<![\w-])--force\b", "“record it anyway”", out)
    out = FLAG.sub(lambda m: _flag_words(m.group(1), m.group(2)), out)
    out = out.replace("--", "—")
    return re.sub(r"[ \t]{2,}", " ", out).strip()


def _parenthesis(whole: str, inner: str) -> str:
    """A parenthesis of a message: dropped when it only names a command, its result kept when it shows one."""
    stripped = inner.strip()
    command = COMMAND.match(stripped)
    if command is None and not stripped.startswith("scorekeeper "):
        flag = FLAG.match(stripped)
        return "" if flag is not None and flag.end() == len(stripped) else whole  # ``(--good TYPE)`` goes
    if ":" in stripped:  # ``fc gather: 2iron`` → ``2iron``
        rest = stripped.split(":", 1)[1].strip()
        return f" ({rest})" if rest else ""
    return "" if command is None or command.end() >= len(stripped) else whole


def _command_words(command: str, game: Game | None, args: str = "") -> str:
    if command in PAGES:
        return PAGES[command]
    if command == "set":  # ``scorekeeper set colour_tracks_confirmed=yes``: the setting, as the table says it
        return f"the setting {args.strip()}".strip()
    if game is not None:
        for declared in game.events:
            names = {declared.name.lower(), declared.name.lower().replace("_", "-"), declared.name.lower().split("_")[0]}
            if command in names:
                return f"“{declared.said}”"
    return f"“{command.replace('-', ' ')}”"


def _flag_words(name: str, value: str | None) -> str:
    """``--pay GOOD`` → ``pay good``: the flag's own name (the sentence around it was written for it), and its
    value, a placeholder in lower case."""
    said = name.replace("-", " ")
    if not value:
        return said
    placeholder = value.isupper() or ("=" in value and value.replace("=", "").isupper())
    return f"{said} {value.lower() if placeholder else value}"


# -- what the game expects, for the web -----------------------------------------------------------------------


@dataclass(frozen=True)
class Offer:
    """One play the game offers now, as a button says it: its event type, who makes it, its words for people."""

    event: str
    player: str | None
    said: str

    @property
    def button(self) -> str:
        """The button's words: "Ann: visit a shop"."""
        return f"{self.player}: {self.said}" if self.player else self.said[:1].upper() + self.said[1:]

    @property
    def query(self) -> str:
        """The play form's query string (not escaped)."""
        return f"type={self.event}" + (f"&player={self.player}" if self.player else "")


def offers(game: Game, expected: Expectation) -> list[Offer]:
    """The plays the game offers now, one per (event type, player), in the game's order; once it is over, only what
    the game still lists to record (Flamecraft's moon dragons judged, 8 Dragons' chests placed), else none."""
    grouped: dict[tuple[str, str | None], list[Choice]] = {}
    for choice in expected.choices:
        grouped.setdefault((choice.event, choice.player), []).append(choice)
    return [Offer(event, player, said_of(game, event, choices)) for (event, player), choices in grouped.items()]


def said_of(game: Game, event: str, choices: Sequence[Choice]) -> str:
    """A play in a few words: its declared label, with the one value its first word can take when it has only
    one ("cast an enchantment PU-5", "gather iron"); a player or a piece is not that word."""
    declared = game.declaration(event)
    said = declared.said if declared is not None else event.replace("_", " ").lower()
    words = declared.draft_words if declared is not None else ()
    first = next((w for w in words if w.name not in ("player", "piece", "to")), None)  # what the play is about
    for word in [first] if first is not None else []:
        values = list(dict.fromkeys(v for c in choices for v in c.values.get(word.name, ())))
        if len(values) == 1 and values[0] not in said:
            described = next((c.words.get(values[0]) for c in choices if c.words.get(values[0])), None)
            return f"{said} {values[0]}" + (f" ({described})" if described else "")
    return said


def next_words(game: Game, expected: Expectation, buttons: bool = False) -> str:
    """The Next band: who plays and what they may do, "Ann — gather, or enchant PU-5"; several players each
    with theirs, "the table" for a play nobody in particular makes; the game over said as such."""
    found = offers(game, expected)
    if expected.finished and not found:
        return "the game is over: the final score is below"
    if not found:
        return f"{expected.player}: nothing the game can list; record what the table played" if expected.player \
            else "nothing the game can list; record what the table played"
    by_player: dict[str | None, list[str]] = {}
    for offer in found:
        by_player.setdefault(offer.player, []).append(offer.said)
    order = sorted(by_player, key=lambda p: (p != expected.player, p is None))  # whose turn it is first
    if buttons:  # the plays are the buttons right below: the band names who, not the plays again (WEB-10)
        said = f"{_either([who or 'the table' for who in order])} — a play below"
    else:
        said = "; ".join(f"{who or 'the table'} — {_either(by_player[who])}" for who in order)
    return f"the game is over; still to record: {said}" if expected.finished else said


def _either(things: Sequence[str]) -> str:
    things = list(dict.fromkeys(things))
    return things[0] if len(things) == 1 else ", ".join(things[:-1]) + ", or " + things[-1]


def other_plays(game: Game, expected: Expectation) -> list[tuple[str, str]]:
    """The event types the game offers now (for "Another play": a play for someone the buttons do not name),
    each with its words; once the game is over, only what it still lists."""
    seen: dict[str, str] = {}
    for choice in expected.choices:
        if choice.event not in seen:
            declared = game.declaration(choice.event)
            seen[choice.event] = declared.said if declared is not None else choice.event.lower()
    return list(seen.items())
