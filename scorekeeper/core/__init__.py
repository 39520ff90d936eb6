"""The core: what every session stands on, with no game and no front door in it.

- the protocol a game implements and the engine drives (``protocol``: ``Game``, ``Draft``, ``Expectation``,
  ``Status``; ``findings``: what a play finds wrong, breach, block or ask; ``declarations``: the event types a game
  declares; ``score_table``: a scoring table and its ranks; ``game_info``: a game as the registry names it;
  ``tally_event``: the ``TALLY`` event the games share; ``tallying``: a tally's state laid over and the guided
  walk; ``keys``: declared key sets);
- the engine (``engine``: ``step``, ``Fold``, ``replay``; ``whole_state``: a tally, a join or an adjustment judged
  by the game's ``check_state``) and the events (``events``: the journal line and the core corrections;
  ``result``: a result typed rather than played, a results-only session's one event);
- the journal (``journal``, ``journal_format``, ``journal_storage``: a file read and appended to under the lock,
  atomic, hash-chained) and its ``witness``;
- the settings a rulebook leaves open (``settings``), the state codec (``state_codec``, ``plain_state``), strict
  JSON (``strictjson``), a file the user names (``input_file``), the code's fingerprint (``code_version``),
  SHA-256 and its HMAC (``sha256``), ``adjusting`` (the shape of an ``adjust``), the methods ``dataclasses``
  writes, kept compiled (``dataclass_methods``).

May import: the standard library and ``scorekeeper.errors``; never ``games/`` (the registry and the game packages
sit above it), ``app/`` or a front door (``tests/core/test_layers.py``).
"""
