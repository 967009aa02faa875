"""Saving derived indexes: each writer its own temporary file, renamed atomically over the target."""

from __future__ import annotations

import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from engine.store.pickled import load_fields, save_fields

REPO = Path(__file__).resolve().parents[2]


@dataclass
class Saved:
    writer: str
    payload: object


class _SavesAnotherWhilePickled:
    """A field whose pickling runs a second writer's whole save to the same path — what another
    process does when it rebuilds the same index at the same moment."""

    def __init__(self, path: Path):
        self.path = path

    def __reduce__(self):
        save_fields(Saved("B", list(range(1000))), self.path)
        return (list, ([1, 2, 3],))


@pytest.mark.unit
def test_a_save_in_the_middle_of_another_neither_fails_nor_corrupts_it(tmp_path):
    path = tmp_path / "bm25.pkl"
    save_fields(Saved("A", _SavesAnotherWhilePickled(path)), path)  # one shared temp name fails here

    loaded = load_fields(Saved, path)
    assert loaded == Saved("A", [1, 2, 3])  # the last rename wins, whole
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bm25.pkl"]  # no temporary left behind


@pytest.mark.unit
def test_temporary_names_are_the_writers_own(tmp_path, monkeypatch):
    used: list[str] = []
    real_replace = os.replace

    def spy(src, dst):
        used.append(Path(src).name)
        return real_replace(src, dst)

    monkeypatch.setattr(os, "replace", spy)
    path = tmp_path / "dense.pkl"
    save_fields(Saved("A", 1), path)
    save_fields(Saved("B", 2), path)
    assert len(used) == 2 and used[0] != used[1]
    assert all(name.startswith(f".dense.pkl.{os.getpid()}.") and name.endswith(".tmp") for name in used)
    assert load_fields(Saved, path) == Saved("B", 2)


@pytest.mark.unit
def test_a_failed_save_leaves_the_old_file_and_no_temporary(tmp_path):
    path = tmp_path / "bm25.pkl"
    save_fields(Saved("old", 1), path)

    class Unpicklable:
        def __reduce__(self):
            raise RuntimeError("boom")

    with pytest.raises(RuntimeError):
        save_fields(Saved("new", Unpicklable()), path)
    assert load_fields(Saved, path) == Saved("old", 1)
    assert [p.name for p in tmp_path.iterdir()] == ["bm25.pkl"]


SAVER = """
import sys
from pathlib import Path
from engine.store.pickled import save_fields
from tests.store.test_pickled import Saved
path = Path(sys.argv[1])
for n in range(60):
    save_fields(Saved(sys.argv[2], list(range(20000))), path)
"""


@pytest.mark.integration
def test_processes_saving_the_same_index_at_once_never_fail(tmp_path):
    path = tmp_path / "bm25.pkl"
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    procs = [subprocess.Popen([sys.executable, "-c", SAVER, str(path), f"w{n}"], cwd=REPO, env=env,
                              stderr=subprocess.PIPE, text=True) for n in range(3)]
    errors = [p.communicate(timeout=60)[1] for p in procs]
    assert [p.returncode for p in procs] == [0, 0, 0], errors
    loaded = load_fields(Saved, path)
    assert loaded is not None and loaded.writer in {"w0", "w1", "w2"} and len(loaded.payload) == 20000
    assert [p.name for p in tmp_path.iterdir()] == ["bm25.pkl"]
