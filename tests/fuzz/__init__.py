"""The fuzz of the whole product from the outside: seeded, reproducible, one kind of hostility per module.

* ``arguments`` — every command of every game and every session command with hostile arguments;
* ``shell`` — the ``play`` shell fed from a pipe: hostile lines (very long, NULs, unbalanced quotes, controls);
* ``specials`` — a FIFO, a device, a link or a folder as every path the product reads or writes;
* ``payloads`` — hostile payload shapes hand-edited into a session file (the chain recomputed, or not);
* ``corrections`` — a correction, assertion, note or setting of the wrong shape chained validly onto a session;
* ``interrupt`` — Ctrl-C (SIGINT) sent to a running ``scorekeeper`` process at a random moment.

Every case runs in a ``sandbox`` (a fresh folder, home and cache, in a forked child with a time and memory limit)
and is judged by the one ``oracle``. ``python -m tests.fuzz --seed N --cases N`` runs a longer fuzz by hand and
prints the figures of docs/fuzz.md; tests/core/test_fuzz_kinds.py runs a few cases of each kind in the suite.
"""
