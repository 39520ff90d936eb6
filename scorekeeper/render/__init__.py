"""Everything a person reads, made from the application layer's data: no rule and no write in it.

- text that never drives the terminal (``visible``), tables fitted to the width (``fitting``, ``plain_table``,
  ``wrapping``, ``report``), a command's help in one line (``help_text``);
- the screens: ``status``/``state``/``audit`` (``status_screen``), a verdict, an audit, a refusal and ``verify``'s
  proof (``verdicts``, ``effects``), a what-if (``whatif_text``), the club's tables (``league``), what an import
  did (``imported``), when and where a game was played (``played``);
- what is drawn: the score over time (``chart``), the referee's HTML report (``report_data``, ``html_report``,
  ``lair_map``), a QR code (``qr``), the JSON a machine reads (``payloads``).

May import: ``app/``, ``core/``, ``games/`` and ``scorekeeper.errors``; never ``cli/`` or ``web/``
(``tests/core/test_layers.py``).
"""
