"""The application layer: what a command does, with no Click and no text layout in it.

- a session (``session``: ``Session``, put together from ``session_core``, ``session_checks``, ``opening``,
  ``reading``, ``recording``, ``corrections``, ``trust``, ``place``; ``workspace``: what a process keeps open);
- what a play came to (``verdicts``, ``consequences``) and the end of the game it brings (``ending``), the values
  legal now (``completion``), a line typed at the table (``table_line``), the log's filters (``log_filter``), the
  rules' summaries (``rule_summaries``);
- proof that the history was not edited (``trust``, ``proof``) and the one verdict every reader carries
  (``trust_verdict``), the replay cache (``replay_cache``), when and where a game was played (``played``);
- the what-ifs (``whatif``), the timeline (``timeline``), a tallied end state (``tally``, ``tally_walk``, the walk's
  kept answers ``tally_kept``), moving sessions in and out (``transfer``, ``creation``);
- the club: standings over a folder, a session's result as the league reads it, its index and its statistics
  (``standings``, ``league_result``, ``league_index``, ``league_stats``), the players' aliases (``aliases``);
- a club's BG Stats history brought in (``bgstats_file`` reads the export, ``bgstats_import`` writes the
  sessions, ``bgstats_ids`` the ids shared with the export) as results-only sessions (``results_only``).

May import: ``core/``, ``games/`` (the registry: a game's package is loaded through it) and ``scorekeeper.errors``;
never ``render/``, ``exports/``, ``cli/`` or ``web/`` (``tests/core/test_layers.py``).
"""
