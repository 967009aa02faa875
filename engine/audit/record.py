"""One audit record as read back from the chain: its body and whether its own hash holds."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

ASK_KIND = "ask"  # the kind of a record written for an answer; every other kind is an event


@dataclass
class AuditRecord:
    seq: int
    body: dict[str, Any]
    prev_hash: str
    hash: str
    hash_ok: bool  # this record's own hash matches its body (the links are verify()'s job)

    @property
    def id(self) -> str:
        return self.body["id"]

    @property
    def kind(self) -> str:
        return self.body["kind"]

    @property
    def created_at(self) -> str:
        return self.body["created_at"]

    @property
    def user(self) -> str | None:
        return self.body.get("user")

    @property
    def status(self) -> str | None:
        return self.body.get("status")

    @property
    def question(self) -> str | None:
        return self.body.get("question")

    def to_dict(self, *, with_body: bool = True) -> dict[str, Any]:
        out = {"id": self.id, "seq": self.seq, "kind": self.kind, "created_at": self.created_at,
               "user": self.user, "status": self.status, "question": self.question,
               "unmasked": self.body.get("unmasked", False), "prev_hash": self.prev_hash,
               "hash": self.hash, "hash_ok": self.hash_ok}
        if with_body:
            out["body"] = self.body
        return out
