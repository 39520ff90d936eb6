"""Corrections and annotations: void, undo (one or several), amend, an assertion of what the table shows, a
mid-game setting change, and the note that accepts a broken hash chain. Each is a new event recorded through
``Recording.record_many``: the journal stays append-only."""

from __future__ import annotations

import json
from typing import Any, Mapping, Sequence

from scorekeeper.app.reading import Reading
from scorekeeper.app.recording import Recording
from scorekeeper.app.verdicts import Verdict
from scorekeeper.core.engine import Replay
from scorekeeper.core.events import AMEND, ASSERT, NOTE, SET, VOID
from scorekeeper.core.strictjson import assignments
from scorekeeper.errors import BadInput, Refused
from scorekeeper.core.protocol import Draft


class Corrections(Recording, Reading):
    """The corrections and annotations of a session (see the module's docstring)."""

    def void(self, seq: int, reason: str = "", *, force: bool = False) -> Verdict:
        """Void event ``seq``: it stays in the journal but no longer counts (a void of a void restores)."""
        self.event(seq)
        return self.record(Draft(VOID, None, {"target": seq, "reason": reason}), force=force)

    def undo(self, reason: str = "undo", *, force: bool = False) -> Verdict:
        """Void the newest event that still counts."""
        return self.undo_many(1, reason, force=force)[0]

    def undo_many(self, count: int, reason: str = "undo", *, force: bool = False) -> list[Verdict]:
        """Void the ``count`` newest events that still count, newest first: one atomic step under one lock.

        All ``count`` voids are recorded, or none (``Refused`` when fewer events still count).
        """
        if count < 1:
            raise BadInput(f"--count {count}: undo at least one event")

        def newest_effective(replayed: Replay) -> list[Draft]:
            targets = [o.seq for o in reversed(replayed.timeline)
                       if o.status != "voided" and o.event.type != VOID][:count]
            if not targets:
                raise Refused("nothing to undo: no event in the journal still counts")
            if len(targets) < count:
                raise Refused(f"nothing undone: only {len(targets)} event(s) still count, not {count}; "
                              f"undo --count {len(targets)} voids them all")
            return [Draft(VOID, None, {"target": t, "reason": reason}) for t in targets]

        return self.record_many(newest_effective, force=force)

    def amend(self, seq: int, changes: Mapping[str, Any], player: str | None = None, *,
              force: bool = False) -> Verdict:
        """Correct fields of event ``seq`` (the original stays; the amendment is a new event)."""
        self.event(seq)
        payload: dict[str, Any] = {"target": seq, "changes": dict(changes)}
        if player:
            payload["player"] = self.player(player)
        return self.record(Draft(AMEND, None, payload), force=force)

    def amend_words(self, seq: int, words: Sequence[str], player: str | None = None, *,
                    force: bool = False) -> Verdict:
        """``amend``'s words: each is offered first to the game's own shorthand (``Game.amendment``: 8 Dragons'
        ``T45@0,2r1``, one tile of a batch moved or turned, field report ED-F3), on event ``seq`` as amended so
        far and by the words before it, under the lock; any other word is KEY=VALUE (a JSON value, or text)."""
        self.event(seq)
        who = self.player(player) if player else None

        def draft(current: Replay) -> Draft:
            changes: dict[str, Any] = {}
            event = next((o.event for o in current.timeline if o.seq == seq), None) or self.event(seq)  # as amended
            for word in words:
                own = self.game.amendment(event.amended(changes), word)
                changes.update(own if own is not None else assignments([word], "space=4"))
            return Draft(AMEND, None, {"target": seq, "changes": changes} | ({"player": who} if who else {}))

        return self.record(draft, force=force)

    def assert_facts(self, player: str | None, facts: Mapping[str, Any]) -> Verdict:
        """Record what the table shows; replay flags where journal and table disagree.

        A key the game cannot read (unknown, or a player's value without a player) is refused here
        (``BadInput``, listing the known keys), so that it never stands in the journal as a disagreement.
        """
        return self.assert_many([(player, facts)])[0]

    def assert_many(self, groups: Sequence[tuple[str | None, Mapping[str, Any]]]) -> list[Verdict]:
        """Record what the table shows about several players (and the game): one assertion event per group of
        ``(player or None, facts)``, all in one atomic write under the lock, or none (field report FC-V11). Every
        group is checked first as ``assert_facts`` checks one; each assertion is judged after the ones before it."""
        drafts = [self._assertion(player, facts) for player, facts in groups]
        return self.record_many(lambda current: drafts)

    def assert_words(self, words: Sequence[str]) -> list[Verdict]:
        """``assert_many`` of the words as typed (``Mara score=19 coins=5 Jonas score=19``: see
        ``assertion_groups``); a word that is not key=value is shown an example key of this game."""
        example = next(iter(self.game.observable_keys()), "KEY") + "=3"
        return self.assert_many(assertion_groups(words, example))

    def _assertion(self, player: str | None, facts: Mapping[str, Any]) -> Draft:
        """The assertion of ``facts`` about ``player`` (None: the game), its keys checked (see ``assert_facts``)."""
        from scorekeeper.core.protocol import ObservationError

        who = self.player(player) if player else None
        if not facts:
            raise BadInput(f"say what the table shows{' for ' + who if who else ''} as KEY=VALUE; "
                           f"known keys: {self._known_keys()}")
        state = self.state
        for key, stated in facts.items():
            try:
                impossible = _impossible(stated, self.game.observe(state, who, key), self.game.observable_values(key))
            except ObservationError as exc:
                known = "" if "known" in str(exc) else f" (known keys: {self._known_keys()})"
                raise BadInput(f"assert {key}: {exc}{known}") from None
            except (TypeError, ValueError, KeyError, AttributeError, IndexError):
                raise BadInput(f"assert {key}: this game cannot read {key!r}"
                               f"{' for ' + who if who else ' without a player'}; known keys: {self._known_keys()}") from None
            if impossible:
                typed = stated if isinstance(stated, str) else json.dumps(stated)
                raise BadInput(f"assert {key}={typed}: {impossible}")
        return Draft(ASSERT, who, {"facts": dict(facts)})

    def _known_keys(self) -> str:
        return ", ".join(self.game.observable_keys()) or "none"

    def set_setting(self, key: str, raw: str, *, force: bool = False) -> Verdict:
        """Change a mutable setting mid-game (recorded as an event)."""
        from scorekeeper.core.settings import find

        setting = find(self.game.settings, key)
        if not setting.mutable:
            raise Refused(f"setting {key} is fixed when the session is created (scorekeeper new … --set {key}=…)")
        return self.record(Draft(SET, None, {"key": key, "value": setting.parse(raw)}), force=force)  # checked

    def accept_broken_chain(self, reason: str = "") -> Verdict:
        """Record a note that accepts exactly what ``verify`` finds wrong with the history as it stands (the
        chain's breaks, the witness's finding: ``Trust.acceptance``), so that recording can go on; this
        machine's witness starts again from the file as accepted. A later edit refuses writing again."""
        payload = self.acceptance()
        if payload is None:
            raise Refused("the hash chain is intact: there is no break to accept")
        if reason:
            payload["text"] += f" ({reason})"
        verdict = self.record_many(lambda current: [Draft(NOTE, None, payload)], accept_broken_chain=True)[0]
        self.witness_from_here()
        return verdict


def assertion_groups(words: Sequence[str], example: str) -> list[tuple[str | None, dict[str, Any]]]:
    """``assert``'s words as (player, facts) groups: each word without ``=`` names a player and the
    ``KEY=VALUE`` words after it are about that player (``Mara score=19 coins=5 Jonas score=19``); those before
    any name are about the game. ``BadInput`` on a word that is not key=value (``example`` shows one)."""
    groups: list[tuple[str | None, list[str]]] = []
    for word in words:
        if "=" not in word:
            groups.append((word, []))
        elif groups:
            groups[-1][1].append(word)
        else:
            groups.append((None, [word]))
    return [(player, assignments(pairs, example)) for player, pairs in groups]


def _impossible(stated: Any, actual: Any, choices: Sequence[str]) -> str:
    """Why ``stated`` can never be a value of a key whose value now is ``actual`` ('' when it can be): a count
    takes a whole number, a yes/no a yes or a no, a key with few values one of them."""
    if choices:
        return "" if str(stated).lower() in choices else f"it is one of {', '.join(choices)}"
    if isinstance(actual, bool):
        return "" if str(stated).lower() in ("yes", "no", "true", "false") else "it is yes or no"
    if isinstance(actual, int) and (isinstance(stated, bool) or not isinstance(stated, int)):
        return "it is a whole number"
    return ""
