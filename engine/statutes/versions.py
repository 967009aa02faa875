"""Which version of each law is in force on a date ("as of").

Several versions of a law can be ingested side by side (../shared/datasets/statutes/versions holds
older ones). A version is named by the date in its source (LawRefBook: the date of that text — the
last amendment or promulgation); the version in force on day D is the newest one dated on or before
D. Older ones are *superseded* on D and leave search.

A law whose every ingested version is dated after D is different: its text in force on D is simply
not in the corpus. Hiding it would answer from nothing; using it silently would quote a text that
did not exist yet. It stays searchable and is marked ``later_than_as_of`` so answers say so.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from enum import Enum
from typing import Any


class VersionStatus(str, Enum):
    IN_FORCE = "in_force"  # the newest version dated on or before as-of
    SUPERSEDED = "superseded"  # older than the version in force
    NOT_YET = "not_yet"  # dated after as-of while an older version applies
    LATER_THAN_AS_OF = "later_than_as_of"  # no version on or before as-of is ingested: the
    # earliest ingested one stands in for it, marked
    UNDATED = "undated"  # the source names no version date (an excerpt, a pasted text)


def parse_as_of(value: date | str | None) -> date:
    """``None`` → today; ``"2020-05-01"`` → that day. ValueError on anything else."""
    if value is None:
        return date.today()
    if isinstance(value, date):
        return value
    try:
        return date.fromisoformat(str(value).strip())
    except ValueError:
        raise ValueError(f"as-of must be a date YYYY-MM-DD, got {value!r}") from None


@dataclass
class VersionPlan:
    as_of: date
    status: dict[str, VersionStatus] = field(default_factory=dict)  # doc_id → status
    in_force: dict[str, str | None] = field(default_factory=dict)  # law_title → version used

    @property
    def excluded(self) -> set[str]:
        """Documents search leaves out on this date: versions not in force and not standing in."""
        return {d for d, s in self.status.items()
                if s in (VersionStatus.SUPERSEDED, VersionStatus.NOT_YET)}

    def of(self, doc_id: str) -> VersionStatus | None:
        return self.status.get(doc_id)

    def to_dict(self) -> dict[str, Any]:
        return {"as_of": self.as_of.isoformat(), "in_force": dict(self.in_force),
                "superseded": sorted(self.excluded)}


def plan_versions(documents: list[tuple[str, str, str | None, str | None]], as_of: date) -> VersionPlan:
    """``documents``: (doc_id, law_title, law_short, version) as Catalog.statute_documents gives."""
    plan = VersionPlan(as_of)
    by_law: dict[str, list[tuple[str, str | None]]] = {}
    for doc_id, title, _short, version in documents:
        by_law.setdefault(title, []).append((doc_id, version))
    for title, docs in by_law.items():
        dated = [(d, date.fromisoformat(v)) for d, v in docs if v]
        usable = [v for _, v in dated if v <= as_of]
        later_only = bool(dated) and not usable
        chosen = max(usable) if usable else min((v for _, v in dated), default=None)
        for doc_id, version in docs:
            if not version:
                plan.status[doc_id] = VersionStatus.UNDATED
                continue
            day = date.fromisoformat(version)
            if day == chosen:
                plan.status[doc_id] = VersionStatus.LATER_THAN_AS_OF if later_only else VersionStatus.IN_FORCE
            else:
                plan.status[doc_id] = VersionStatus.SUPERSEDED if day < chosen else VersionStatus.NOT_YET
        plan.in_force[title] = chosen.isoformat() if chosen else None
    return plan
