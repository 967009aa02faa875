"""Why an answer needs review, in one sentence, for the status line under the badge.

The first conflict (冲突：第2笔 13000 元 vs 12000 元，合计随之为 42000 / 41000 元), else the first
check that failed (未核实：…), else the first gap the answer names (材料缺口：…). Built from the
answer's own parts (its conflict's versions and ledger rows, its checks), already masked as the
answer is; pure, no Streamlit. ``target`` names the panel that explains it (the status line links
there).
"""

from __future__ import annotations

from dataclasses import dataclass

from engine import Answer, Conflict, join_pdf_lines
from ui.labels import CONFLICT_NAMES, label, named
from ui.ledger import amount_cell, category_text, conflict_versions, masker

CONFLICTS = "conflicts"  # the 冲突 / 不确定 panel
CHECKS = "checks"  # the failed checks, under the conclusion
GAPS = "gaps"  # the 材料缺口 panel
REASON_CHARS = 70  # one line of the answer column, roughly


@dataclass(frozen=True)
class ReviewReason:
    text: str
    target: str  # CONFLICTS | CHECKS


def _short(text: str, limit: int = REASON_CHARS) -> str:
    text = " ".join(join_pdf_lines(text).split())
    return text if len(text) <= limit else text[:limit - 1] + "…"


def conflict_summary(answer: Answer, conflict: Conflict, *, totals: bool = True) -> str:
    """第2笔 13000 元 vs 12000 元，合计随之为 42000 / 41000 — from the versions' ledger rows and the
    recomputations under each (``totals=False``: without the sums); the conflict's own first
    clause when its sides are not rows."""
    versions = [v for v in conflict_versions(answer, conflict) if v.row is not None]
    amounts = [amount_cell(None, v.row).text for v in versions]
    if len(versions) > 1 and all(a != "—" for a in amounts):
        mask = masker(answer)
        what = category_text(versions[0].row, with_kind=False)
        text = f"{what} " + " vs ".join(dict.fromkeys(amounts))
        sums = [str(calc.result) for v in versions for _, calc in v.results]
        if totals and len(set(sums)) > 1:
            text += label(f"，合计随之为 {' / '.join(dict.fromkeys(sums))}",
                          f", the total {' / '.join(dict.fromkeys(sums))} accordingly")
        return mask(text)
    first = conflict.description.split("：")[0] if "：" in conflict.description[:30] else conflict.description
    return _short(first)


def review_reason(answer: Answer) -> ReviewReason | None:
    """Why ``answer`` is not 已核验, in one sentence; None when nothing explains it (or it is)."""
    if answer.status.value != "needs_review":
        return None
    if answer.conflicts:
        conflict = answer.conflicts[0]
        kind = named(CONFLICT_NAMES, conflict.kind)
        more = len(answer.conflicts) - 1
        return ReviewReason(f"{kind}{label('冲突', ' conflict')}：{conflict_summary(answer, conflict)}"
                            + (label(f"（另有 {more} 处）", f" (+{more})") if more else ""), CONFLICTS)
    problems = check_problems(answer)
    if problems:
        more = len(problems) - 1
        return ReviewReason(f"{label('未核实', 'unverified')}：{_short(problems[0])}"
                            + (label(f"（另有 {more} 项）", f" (+{more})") if more else ""), CHECKS)
    if answer.gaps:  # e.g. the closest article speaks of another conduct than the one asked
        more = len(answer.gaps) - 1
        return ReviewReason(f"{label('材料缺口', 'gap')}：{_short(answer.gaps[0].description)}"
                            + (label(f"（另有 {more} 项）", f" (+{more})") if more else ""), GAPS)
    return None


def check_problems(answer: Answer) -> list[str]:
    """The checks that failed, in words: ungrounded values, unknown citations, then the
    verifier's and the composer's own findings (already masked)."""
    problems = list(answer.checks.unsupported)
    if not answer.checks.numbers_grounded:
        problems.insert(0, label("结论中有数字或日期未在引用原文中找到", "a number or date is not in the quotes"))
    if not answer.checks.citations_valid:
        problems.insert(0, label("结论引用了不存在的证据编号", "the conclusion cites evidence that does not exist"))
    trust = answer.checks.trust or {}
    if trust.get("demoted"):  # the learned trust score held the badge back (engine/answer/casefile/trust.py)
        problems.append(trust["note"])
    return problems
