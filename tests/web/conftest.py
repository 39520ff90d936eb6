"""Fixtures of the web companion's tests: a session file of each kind, and an in-process client of its app."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any, Callable, Iterator

import pytest
from starlette.testclient import TestClient

from scorekeeper.app.session import Session
from scorekeeper.web.app import create_app
from scorekeeper.web.served import ServedSession
from tests.web.plays import SAMPLES, SHORT_GAMES

TOKEN = "test-token-0123456789"
BEARER = {"Authorization": f"Bearer {TOKEN}", "Accept": "application/json"}


def copy_of(tmp_path: Path, sample: str) -> Path:
    """A copy of a bundled sample session (tests never write the samples)."""
    target = tmp_path / Path(sample).name
    shutil.copyfile(SAMPLES / sample, target)
    return target


def club_of(tmp_path: Path) -> Path:
    """A league folder holding a finished bundled session of each game."""
    folder = tmp_path / "club"
    folder.mkdir()
    for sample in ["flamecraft/3p-complete.json", "eight-dragons/2p-aurea.json", "emberheart/four-players.json"]:
        copy_of(folder, sample)
    return folder


def fresh(tmp_path: Path, game: str) -> Path:
    """A new session of ``game`` with the players and settings of its short game's sample, no play yet."""
    sample = Session.open(SAMPLES / SHORT_GAMES[game][0])
    path = tmp_path / f"{game}.json"
    Session.from_meta(path, sample.journal.meta)
    return path


@pytest.fixture
def client_of() -> Iterator[Callable[[Path], TestClient]]:
    """Opens an in-process client of the app serving a session file (its lifespan running)."""
    opened: list[Any] = []

    def make(path: Path) -> TestClient:
        client = TestClient(create_app(ServedSession(path), TOKEN), base_url="http://127.0.0.1:8000")
        client.__enter__()
        opened.append(client)
        return client

    yield make
    for client in opened:
        client.__exit__(None, None, None)
