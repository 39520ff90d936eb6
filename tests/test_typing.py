"""Type hints throughout: mypy (pinned in the test extra) finds no error in the package."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_the_package_type_checks() -> None:
    result = subprocess.run([sys.executable, "-m", "mypy", "--no-error-summary", "scorekeeper"], cwd=ROOT,
                            capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stdout + result.stderr
