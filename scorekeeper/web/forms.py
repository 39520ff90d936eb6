"""The recording forms: a play picked word by word among the legal values the game lists now, and the parsing of
what a phone (or a script) sends.

A play is made of the words its type declares (``EventType.draft_words``); each word's legal values are those of
the game's choices (``Expectation.choices``) that agree with the words picked so far (``pick_flow``), as the shell's
completion narrows them. The picks travel in the page's address (``Picks.query``) and the posted play is a
``Draft`` of ``{word: value or list of strings}`` (``draft_of_picks``): the game completes and judges it, as it
does a typed one. A script may still post a play field by field, each typed as its kind says (``draft_of``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping, Sequence

from scorekeeper.errors import BadInput
from scorekeeper.core.protocol import PLAYER_NONE, PLAYER_REQUIRED, Draft, Expectation, Field, Game, Word

#: a form's own fields, never a payload field
RESERVED = frozenset({"type", "player", "force", "confirm", "form_token"})


@dataclass
class Input:
    """One input of a form: its name, label, kind, the legal values (a choice) or none (typed), its default."""

    name: str
    label: str
    kind: str
    required: bool = False
    choices: list[str] = field(default_factory=list)
    default: str = ""
    hint: str = ""


HINTS = {"int": "a whole number", "num": "a number", "bool": "yes or no", "str": "text",
         "list": "comma-separated words, or JSON [..]", "dict": 'JSON, for example {"G": 2}', "any": "a word, a number or JSON"}


def draft_sent(game: Game, players: Sequence[str], sent: Mapping[str, str]) -> Draft:
    """The play a post sent: by the pick flow (``_by=choices``: ``draft_of_picks``; a word that cannot be read is
    refused, as the rules refuse) or field by field, each typed as its kind says (``draft_of``)."""
    from scorekeeper.errors import Refused

    if sent.get(BY) != CHOICES:
        return draft_of(game, players, sent)
    try:
        return draft_of_picks(game, players, picks_of(game, list(sent.items())))
    except BadInput as exc:
        raise Refused(str(exc)) from None


def draft_of(game: Game, players: Sequence[str], sent: Mapping[str, str]) -> Draft:
    """The play a form sent (``BadInput`` naming the field that cannot be read)."""
    type = sent.get("type", "")
    declared = game.declaration(type)
    if declared is None:
        raise BadInput(f"{game.title} has no play {type[:40]!r}")
    player_text = sent.get("player", "").strip()
    player = None
    if player_text:
        if declared.player == PLAYER_NONE:
            raise BadInput(f"{type} concerns no player")
        from scorekeeper.core.protocol import resolve_player

        player = resolve_player(players, player_text)
    payload = {f.name: value_of(f, sent[f.name]) for f in declared.fields if sent.get(f.name, "").strip()}
    return Draft(declared.name, player, payload)


def value_of(f: Field, text: str) -> Any:
    """The value of field ``f`` typed as ``text`` (``BadInput`` when it is not of the field's kind)."""
    from scorekeeper.core.strictjson import command_value

    text = text.strip()
    wrong = BadInput(f"{f.name}: {text[:40]!r} is not {HINTS.get(f.kind, 'a value')}")
    if f.kind in ("int", "num"):
        value = command_value(text)
        if isinstance(value, bool) or not isinstance(value, (int, float)) or (f.kind == "int" and not isinstance(value, int)):
            raise wrong
        return value
    if f.kind == "bool":
        words = {"yes": True, "true": True, "1": True, "no": False, "false": False, "0": False}
        if text.lower() not in words:
            raise wrong
        return words[text.lower()]
    if f.kind == "str":
        return text
    if f.kind == "list":
        if text.startswith("["):
            value = command_value(text)
            if not isinstance(value, list):
                raise wrong
            return value
        return [part.strip() for part in text.split(",") if part.strip()]
    value = command_value(text)
    if f.kind == "dict" and not isinstance(value, dict):
        raise wrong
    return value


def facts_of(text: str) -> dict[str, Any]:
    """An assertion's facts, one ``KEY=VALUE`` a line (or separated by spaces), as the CLI reads them."""
    from scorekeeper.core.strictjson import assignments

    return assignments(text.split(), "flame=3")



# -- plays by choices: the pick flow a thumb can do ---------------------------------------------------------------

#: the pick flow's own query keys, never a word: the play, its player, the words a ``many`` word is done with or an
#: optional word is skipped, and the marker of a post made by choices
FLOW_KEYS = frozenset({"type", "player", "_done", "_by", "t", "force", "confirm", "form_token"})
#: the mark of a play posted by the pick flow (``_by=choices``): its words as picked, not its fields as typed
BY, CHOICES = "_by", "choices"


@dataclass
class Picks:
    """What a phone has picked so far for one play: its type, its player, a value (or, for a ``many`` word, a list)
    per word, and the words it is done with (a ``many`` word finished, an optional word skipped)."""

    type: str
    player: str | None = None
    words: dict[str, str | list[str]] = field(default_factory=dict)
    done: list[str] = field(default_factory=list)

    def query(self, **change: Any) -> str:
        """These picks as the address's query (``type=…&player=…&WORD=VALUE…``), with ``change`` applied: a word set
        to None is dropped, ``player=None`` drops the player, ``add=(word, value)`` adds one pick of a ``many`` word,
        ``remove=(word, index)`` removes one, ``finish=word`` marks a word done."""
        from urllib.parse import urlencode

        player = change["player"] if "player" in change else self.player
        words = {k: (list(v) if isinstance(v, list) else v) for k, v in self.words.items()}
        done = list(self.done)
        for name, value in change.items():
            if name in ("player", "add", "remove", "finish"):
                continue
            if value is None:
                words.pop(name, None)
                done = [d for d in done if d != name]
            else:
                words[name] = value
        if "add" in change:
            name, value = change["add"]
            held = words.get(name)
            words[name] = [*(held if isinstance(held, list) else [held] if held else []), value]
        if "remove" in change:
            name, index = change["remove"]
            held = words.get(name)
            if isinstance(held, list):
                words[name] = held[:index] + held[index + 1:]
            done = [d for d in done if d != name]
        if "finish" in change and change["finish"] not in done:
            done.append(change["finish"])
        pairs: list[tuple[str, str]] = [("type", self.type)] + ([("player", player)] if player else [])
        for name, value in words.items():
            pairs += [(name, v) for v in (value if isinstance(value, list) else [value])]
        pairs += [("_done", d) for d in done]
        return urlencode(pairs)


def picks_of(game: Game, pairs: Sequence[tuple[str, str]]) -> Picks:
    """The picks an address (or a form posted by choices) carries: ``pairs`` as sent, a ``many`` word repeated (or,
    posted, one JSON list); ``BadInput`` for a play the game does not declare."""
    import json

    first = {k: v for k, v in reversed(list(pairs))}
    type = first.get("type", "")
    declared = game.declaration(type)
    if declared is None:
        raise BadInput(f"{game.title} has no play {type[:40]!r}")
    picks = Picks(declared.name, first.get("player", "").strip() or None)
    words = {w.name: w for w in declared.draft_words}
    for name, value in pairs:
        word = words.get(name)
        if name in FLOW_KEYS or word is None:
            if name == "_done" and value in words and value not in picks.done:
                picks.done.append(value)
            continue
        value = value.strip()[:2000]
        if not value:
            continue
        if word.many:
            items: list[str] = [value]
            if value.startswith("["):
                try:
                    loaded = json.loads(value)
                except ValueError:
                    raise BadInput(f"{word.said}: {value[:40]!r} is not a list") from None
                if not isinstance(loaded, list):
                    raise BadInput(f"{word.said}: {value[:40]!r} is not a list")
                items = [v if isinstance(v, str) else json.dumps(v) for v in loaded]
            held = picks.words.get(name)
            picks.words[name] = [*(held if isinstance(held, list) else []), *items]
        else:
            picks.words[name] = value
    return picks


def draft_of_picks(game: Game, players: Sequence[str], picks: Picks) -> Draft:
    """The ``Draft`` the picks make: ``{word: value or list of strings}``, as the game's words say it (a game that
    declares no words takes one word per field: such a value is read as its field's kind, as the CLI reads it)."""
    from scorekeeper.core.protocol import resolve_player

    declared = game.declaration(picks.type)
    assert declared is not None
    player = None
    if picks.player:
        if declared.player == PLAYER_NONE:
            raise BadInput(f"{declared.said} concerns no player")
        player = resolve_player(players, picks.player)
    payload: dict[str, Any] = dict(picks.words)
    if declared.words is None:  # the words are the fields: each read as its kind (a list's items as they were sent)
        kinds = {f.name: f for f in declared.fields}
        payload = {k: ([_item(x) for x in v] if isinstance(v, list) else value_of(kinds[k], v)) if k in kinds else v
                   for k, v in payload.items()}
    return Draft(declared.name, player, payload)


def _item(text: str) -> Any:
    """An item of a list field sent as JSON (an object or a list stays one), else the word as it is."""
    from scorekeeper.core.strictjson import command_value

    return command_value(text) if text[:1] in "{[" else text


@dataclass
class Flow:
    """Where a play by choices stands: the words picked, the word to pick next with its legal values, the words to
    type, and whether it can be recorded now."""

    picks: Picks
    said: str
    description: str
    #: the player to pick (a button each), empty once picked or when the play concerns no player
    players: list[str]
    #: (word, value) in the order the play says them
    picked: list[tuple[Word, str | list[str]]]
    #: the word to pick now and its legal values (agreeing with the picks so far), with a few words on some values
    current: Word | None = None
    values: list[str] = field(default_factory=list)
    notes: dict[str, str] = field(default_factory=dict)
    #: words typed (names, faces no catalog holds): text fields in the form that records the play
    typed: list[Word] = field(default_factory=list)
    #: words a play may leave out that can only be typed (a face no catalog holds): folded away in that form
    more: list[Word] = field(default_factory=list)
    ready: bool = False


def pick_flow(game: Game, players: Sequence[str], expected: Expectation, picks: Picks,
              asked: Sequence[str] = ()) -> Flow:
    """The pick flow of ``picks`` now: the choices of its type (and player) narrowed to those that agree with each
    pick (a pick no choice offers, typed or to be forced, narrows nothing), the next word to pick, the words to type.
    A word the game ``asked`` for comes first; a required word with a single legal value is picked for the player."""
    declared = game.declaration(picks.type)
    assert declared is not None
    mine = [c for c in expected.choices if c.event == declared.name]
    who: list[str] = []
    if declared.player != PLAYER_NONE and not picks.player:
        named = list(dict.fromkeys(c.player for c in mine if c.player))
        who = named if named and all(c.player for c in mine) else list(players)
        if len(who) == 1 and (named or declared.player == PLAYER_REQUIRED):
            picks.player, who = who[0], []
    choices = [c for c in mine if c.player in (None, picks.player)] if picks.player else mine
    words = list(declared.draft_words)
    for word in words:
        value = picks.words.get(word.name)
        if value is None:
            continue
        wanted = value if isinstance(value, list) else [value]
        narrowed = [c for c in choices if all(v in c.values.get(word.name, ()) for v in wanted)]
        choices = narrowed or choices
    flow = Flow(picks, declared.said, declared.description, who,
                [(w, picks.words[w.name]) for w in words if w.name in picks.words])
    order = [w for w in words if w.name in asked] + [w for w in words if w.name not in asked]
    later: list[Word] = []
    for word in order:
        if word.name in picks.done or (word.name in picks.words and not word.many):
            continue
        legal = list(dict.fromkeys(v for c in choices for v in c.values.get(word.name, ())))
        if not legal:  # typed: a word of one value in the recording form, one of several an item at a time
            if word.many and (word.name in asked or word.required) and flow.current is None:
                flow.current = word
            elif word.many and word.typed:
                later.append(word)  # offered once no word with listed values is left to pick
            elif not word.many and (word.name in asked or word.required):
                flow.typed.append(word)
            elif not word.many and word.typed:
                flow.more.append(word)
            continue
        if (word.required and len(legal) == 1 and not word.many and word.name not in asked
                and not picks.words.get(word.name)):
            picks.words[word.name] = legal[0]
            flow.picked = [(w, picks.words[w.name]) for w in words if w.name in picks.words]
            continue
        if flow.current is None:
            flow.current, flow.values = word, legal
            flow.notes = {v: t for c in choices for v, t in c.words.items() if v in legal}
    if flow.current is None and later:
        flow.current = later[0]
    needed = [w for w in words if w.required and w.name not in picks.words and w not in flow.typed]
    flow.ready = not (who and declared.player == PLAYER_REQUIRED) and not needed and not (flow.current is not None and flow.current.required
                                                 and flow.current.name not in picks.words)
    return flow
