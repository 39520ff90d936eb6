"""Write the golden files of the Emberheart sample sessions: ``score --json`` and ``check --json`` output.

Run after re-recording the samples (``sample_sessions/make_emberheart.sh`` does both).
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT))

from click.testing import CliRunner  # noqa: E402

from scorekeeper.cli import main  # noqa: E402

GOLDEN = Path(__file__).resolve().parent / "golden"


def outputs(session: Path) -> dict[str, object]:
    env = {"SCOREKEEPER_HOME": tempfile.mkdtemp(), "SCOREKEEPER_SESSION": ""}
    runner = CliRunner()
    score = runner.invoke(main, ["score", "--json", "--session", str(session)], env=env, catch_exceptions=False)
    check = runner.invoke(main, ["check", "--json", "--session", str(session)], env=env, catch_exceptions=False)
    return {"score": json.loads(score.stdout), "check": json.loads(check.stdout)}


def main_() -> None:
    GOLDEN.mkdir(exist_ok=True)
    for session in sorted((ROOT / "sample_sessions").glob("emberheart-*.json")):
        data = outputs(session)
        for kind, value in data.items():
            target = GOLDEN / f"{session.stem}.{kind}.json"
            target.write_text(json.dumps(value, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
            print(f"wrote {target.relative_to(ROOT)}")


if __name__ == "__main__":
    os.chdir(ROOT)
    main_()
