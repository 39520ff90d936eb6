"""The bundled sample sessions as they stood part of the way through: a copy holding only the first events."""

from __future__ import annotations

import json
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def sample_until(tmp_path: Path, game: str, name: str, count: int) -> Path:
    """A copy of ``sample_sessions/GAME/NAME`` in ``tmp_path`` holding its first ``count`` events."""
    data = json.loads((ROOT / "sample_sessions" / game / name).read_text(encoding="utf-8"))
    data["events"] = {k: v for k, v in data["events"].items() if int(k) <= count}
    target = tmp_path / f"{game}-{Path(name).stem}-{count}.json"
    target.write_text(json.dumps(data), encoding="utf-8")
    return target
