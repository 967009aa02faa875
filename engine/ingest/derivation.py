"""Which reading of a document its stored chunks are: the derivation version.

Everything ingest derives from a document's bytes — the pages' text view, the chunks (and so
their embeddings, facts, statute identity, and the ledger and references built from them) — is
stored once. When a release changes what the loaders or chunkers produce, documents stored
before keep their old reading; ``DERIVATION_VERSION`` says which one a stored document has, so
they can be listed as stale and derived again from their kept original (``Engine.reindex``).

Bump it whenever a change to engine/ingest/loaders, engine/ingest/chunkers (the turn and
transcript chunkers, the segmenter, kind detection), enrichment or anchoring changes the chunks
or pages an existing file gets. Documents stored before the version was recorded read as 0.

The version lives in the document row's ``meta`` (``derivation``), beside ``derived_at`` (when it
was derived: a shared catalog's replicas tell a re-derived document from the one they hold by it).
"""

from __future__ import annotations

from datetime import datetime, timezone
from typing import Any

from engine.types import DocumentRecord

DERIVATION_VERSION = 7  # 7: a speaker label of up to 14 characters (被告委托诉讼代理人温启明：); 1: first recorded (chunkers as of 2026-11-27); 2: hearing turns (shortened
# labels 审/原代/被, also glued to the words; colons inside a speaker's words; a bench turn opening with no question);
# 3: an arbitration hearing's bench (仲裁员, 首席仲裁员) asks like a court's (engine/ingest/chunkers/turns.py)
# 4: bare 问/答 markers of a scanned page (OCR lost the separator) are turns in a record written with one; a header
# whose keys run on without a colon (询问时间…，询问地点…) keeps its session fields (engine/ingest/chunkers/header.py)
# 5: where the record has few bare markers (one scanned page), a bare 问 that asks something and a bare 答 right
# after a question are turns too; 6: a header table drawn with bars at both ends (｜时间｜…｜) — each row is a
# field of its own, never joined to the title or the row before (engine/ingest/chunkers/header.py)


def current_version() -> int:
    # Read at call time, so a test may bump the module's constant.
    return DERIVATION_VERSION


def derivation_of(record: DocumentRecord) -> int:
    """The derivation version a stored document was read with (0: before versions were recorded)."""
    value = record.meta.get("derivation", 0)
    return value if isinstance(value, int) else 0


def is_stale(record: DocumentRecord) -> bool:
    """Read by an older release's loaders and chunkers: deriving it again may change its chunks.
    A document stored by a newer release is not stale here (an older one must not downgrade it)."""
    return derivation_of(record) < current_version()


def derivation_meta() -> dict[str, Any]:
    """What a newly derived document records in its ``meta``."""
    return {"derivation": current_version(),
            "derived_at": datetime.now(timezone.utc).isoformat(timespec="microseconds")}
