"""Bad input the engine refuses before doing any work, as typed errors.

The limits themselves live in the settings (``Settings.limits``: question length, file size), so
the engine, the CLI and the pages all read one value. Callers tell bad input from failures by
type: an ``InputError`` is the user's to fix (the CLI prints its message and exits 2, a page
shows it as a warning), anything else is a bug or a broken store. Files are refused with an
``IngestError`` instead (engine/ingest/loaders), because a batch goes on past a bad file.
"""

from __future__ import annotations

import unicodedata

from engine.config import LimitSettings

# What shows nothing: spaces and line breaks, format characters (zero-width space, joiners, word
# joiner, BOM, soft hyphen, bidi marks), controls, unassigned and private code points, combining
# marks with nothing to combine with, and the few letters drawn blank (Hangul fillers, the
# Braille blank).
_INVISIBLE_CATEGORIES = frozenset({"Zs", "Zl", "Zp", "Cc", "Cf", "Cn", "Co", "Cs", "Mn", "Me"})
_BLANK_LETTERS = frozenset("\u115f\u1160\u3164\uffa0\u2800")


class InputError(ValueError):
    """Input a user must correct; nothing was stored or changed. ``str()`` is one line."""


class EmptyQuestion(InputError):
    def __init__(self) -> None:
        super().__init__("问题为空 (the question is empty)")


class QuestionTooLong(InputError):
    def __init__(self, length: int, limit: int) -> None:
        self.length, self.limit = length, limit
        super().__init__(f"问题过长：{length} 个字符，上限为 {limit} "
                         f"(the question has {length} characters; the limit is {limit})")


class UnknownDocument(InputError):
    def __init__(self, doc_id: str) -> None:
        self.doc_id = doc_id
        super().__init__(f"没有这个文件 (no document {doc_id})")


def is_blank(text: str | None) -> bool:
    """True when ``text`` has nothing a reader could see: empty, spaces, or only invisible
    characters such as zero-width spaces. Such a question is an empty one, wherever it comes in."""
    return all(ch in _BLANK_LETTERS or unicodedata.category(ch) in _INVISIBLE_CATEGORIES
               for ch in text or "")


def check_question(question: str | None, limits: LimitSettings) -> str:
    """The question stripped of surrounding whitespace, or the typed reason it is refused."""
    text = (question or "").strip()
    if is_blank(text):
        raise EmptyQuestion()
    if len(text) > limits.question_chars:
        raise QuestionTooLong(len(text), limits.question_chars)
    return text
