"""The web companion: ``scorekeeper serve``, a live table every phone at the table can read and record on.

A front door beside ``scorekeeper.cli``: it stands on the session layer (``scorekeeper.app``) and the renderers
(``scorekeeper.render``), never on the CLI. One concept per module:

- ``guard``: who may write (the token, its cookie, the per-page form token, cross-site checks, the body limit);
- ``served``: the session (or league folder) being served, read and written under one lock, and its stamp;
- ``live``: server-sent events: every open page hears when the journal changes, whoever wrote it;
- ``forms``: the recording forms: a play picked word by word among the legal values ``expect`` lists, and parsing;
- ``play_pages``: the play pages (the pick flow, an ask in place, a refusal with its picks kept) in the table's words;
- ``words``: words for people: the next step and the plays offered, said from the game's choices and
  declarations, and any command-line form left in a game's message rewritten (``for_people``);
- ``style``: the style sheet (phone first: no word broken, tables in their own box, 44 px taps);
- ``pages``: the HTML (plain string templates, every text escaped) and the one small script;
- ``views``: the bodies of the read pages (the live table, the score sheet, the chart, the Lairs, the check);
- ``bgstats_page``: a finished game's "Open in BG Stats" link and its QR code (``/bgstats``, the table's offer);
- ``app``: the Starlette application (routes, JSON twins, writes);
- ``server``: uvicorn on a socket of our own, the address line, the QR code, a clean Ctrl-C.

May import: ``app/``, ``render/``, ``exports/``, ``core/``, ``games/`` and ``scorekeeper.errors``; never ``cli/``.
"""
