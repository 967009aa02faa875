"""What the subject and judged routes read from the answer pipeline's ``Answerer``.

A protocol rather than the class itself: engine/answer/pipeline.py imports both routes, so a type
taken from it (even under TYPE_CHECKING) would close an import cycle."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from engine.answer.llm import StatementCheck
    from engine.config import Settings
    from engine.retrieve.search import Searcher
    from engine.store.index import Index


class AnswerTools(Protocol):
    searcher: Searcher
    index: Index
    settings: Settings
    check_statements: StatementCheck | None
