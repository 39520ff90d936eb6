"""``scorekeeper serve``: the web companion (``scorekeeper.web``) on this session, or on a league folder."""
import click
from scorekeeper.cli.common import open_session, session_option, witness_hook
from scorekeeper.cli.session import command

@command("serve")
@session_option
@click.option("--league", type=click.Path(exists=True, file_okay=False), help="Serve the standings of this folder.")
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Where to listen: lan (this machine's address on the room's network, for the phones), "
                   "0.0.0.0 (every network) or an address; off this machine: a warning.")
@click.option("--port", default=0, type=click.IntRange(0, 65535), help="The port (default: any free one).")
@click.option("--token", help="The token that admits a phone to record (default: 128 random bits).")
def serve(session: str | None, league: str | None, host: str, port: int, token: str | None) -> None:
    """A live table on the web that every phone at the table reads and records on; Ctrl-C stops it.

    Example: scorekeeper serve --host lan (its first line: the table's address with its token; then its QR code)"""
    from scorekeeper.web.server import serve as run
    run(None if league else open_session(session).path, league, host, port, token, witness_hook())
