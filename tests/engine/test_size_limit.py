"""Sizes are said in the unit of their limit (engine/units.py): a 50 MiB limit reads "50 MiB"."""

from __future__ import annotations

import pytest

from engine import Engine
from engine.units import format_size, too_large, unit_of
from tests.engine.conftest import settings_for

MiB = 1024 * 1024


@pytest.mark.unit
@pytest.mark.parametrize("size, limit, text", [
    (60 * MiB, 50 * MiB, "60 MiB > 50 MiB limit"),
    (50 * MiB + 1, 50 * MiB, "50.1 MiB > 50 MiB limit"),  # over the limit never reads as equal
    (int(52.4e6) + MiB, 50 * MiB, "51.0 MiB > 50 MiB limit"),
    (50_000_001, 50_000_000, "50.1 MB > 50 MB limit"),
    (3 * 1024 + 1, 2048, "3.1 KiB > 2 KiB limit"),
    (1001, 999, "1001 B > 999 B limit"),
])
def test_too_large_is_said_in_the_unit_of_the_limit(size, limit, text):
    assert too_large(size, limit) == text


@pytest.mark.unit
def test_units():
    assert unit_of(50 * MiB) == ("MiB", MiB) and unit_of(2 * 1024 ** 3) == ("GiB", 1024 ** 3)
    assert format_size(50 * MiB) == "50 MiB" and format_size(1536) == "1.5 KiB"


@pytest.mark.integration
def test_a_file_over_the_default_limit_is_refused_in_mib(tmp_path):
    engine = Engine(settings=settings_for(tmp_path / "home"))
    assert engine.settings.limits.file_bytes == 50 * MiB
    big = tmp_path / "big.pdf"
    with open(big, "wb") as fh:  # sparse: 55 MiB on paper, nothing on disk
        fh.truncate(55 * MiB)
    report = engine.ingest([big]).documents[0]
    assert report.status.value == "failed"
    assert "55 MiB > 50 MiB limit" in report.error and " MB" not in report.error
    assert engine.docs().documents == []
