"""Case-file generator: random parameters → an interrogation/inquiry record as a PDF, and about
fifteen ground-truth questions computed from the parameters, in the schema of the dev case files
(../shared/datasets/transcripts/README.md).

    from engine.bench.casegen import generate
    case = generate(seed=7, out_dir=Path("cases"))   # cases/case_0000007.pdf + .questions.jsonl + .truth.json
    generate(7, Path("cases"), Options(kinds="new"))  # cases/case_n0000007.*: a case of the new kinds

Two families of case. The old kinds (the default, ``Options.kinds="old"``): money flows between
two parties in the layouts of the first generator — the files the CI floor and earlier
benchmarks were measured on, kept byte for byte. The new kinds of #26 (``kinds="new"``, or
``"all"`` to draw the family per seed): goods and valuations, quantities × prices, wages,
hearings with two parties, several sittings, records of every layout (newcase, story, formats,
scenarios/, newquestions).

Parts: pools (names, places), surface (how amounts, dates, IDs are written), casetypes (who pays
whom and the words of each kind of case), params (the draw), narrative (the record's paragraphs
with the spans of their values), layout (pages, footers, scans), questions (ground truth),
selfcheck (reads the PDF back). Deterministic per seed: the same seed and options give the same
bytes.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine.bench.casegen.layout import Rendered, render, settle, typeset
from engine.bench.casegen.model import CaseParams
from engine.bench.casegen.narrative import Script, write_script
from engine.bench.casegen.params import Options, draw_case, rng_for
from engine.bench.casegen.questions import Truth, build_questions
from engine.bench.casegen.selfcheck import SelfCheckError, check_case

__all__ = ["GeneratedCase", "Options", "SelfCheckError", "family", "generate", "file_stem"]


@dataclass
class GeneratedCase:
    seed: int
    params: CaseParams
    script: Script
    rendered: Rendered
    truths: list[Truth]
    records: list[dict[str, Any]]  # the questions.jsonl lines
    questions_path: Path
    truth_path: Path
    family: str = "old"  # old | new (see the module's docstring)

    @property
    def pdf(self) -> Path:
        return self.rendered.pdf

    def kinds(self) -> dict[str, str]:
        """Question id -> what it asks (total_in, nth, disputed …)."""
        return {r["id"]: t.kind for r, t in zip(self.records, self.truths)}


def file_stem(seed: int, family: str = "old") -> str:
    """case_0000007 (old kinds), case_n0000007 (new kinds): a seed's two files never share a name."""
    return f"case_{'n' if family == 'new' else ''}{seed:07d}"


def family(seed: int, options: Options) -> str:
    """old or new: the kinds of case ``seed`` draws under ``options``."""
    from engine.bench.casegen.scenarios import SCENARIOS

    if options.case_type:
        return "new" if options.case_type in SCENARIOS else "old"
    if options.kinds == "all":
        return "new" if rng_for(seed, "family").random() < 0.5 else "old"
    return options.kinds


def generate(seed: int, out_dir: Path, options: Options = Options(), *, check: bool = True) -> GeneratedCase:
    """Write the case file of ``seed`` into ``out_dir``; with ``check`` (default) read it back and
    raise SelfCheckError when any expectation is not stated where it says."""
    out_dir.mkdir(parents=True, exist_ok=True)
    if family(seed, options) == "new":
        return _generate_new(seed, out_dir, options, check)
    params = draw_case(seed, options)
    script = write_script(params, rng_for(seed, "text"), options.act_by_act)
    # A running header sentence that should wrap its ID across lines: the wording before the ID
    # decides where the line ends, so another telling is drawn (from the same seed) until it does.
    for attempt in range(1, 12):
        if not params.layout.id_wraps or ("pii", "id") in typeset(params, script).wrapped:
            break
        script = write_script(params, rng_for(seed, f"text/{attempt}"), options.act_by_act)
    stem = file_stem(seed)
    rendered = render(params, script, out_dir / f"{stem}.pdf", rng_for(seed, "layout"),
                      max_scans=options.max_scans)
    truths = build_questions(params, script, rendered, rng_for(seed, "questions"))
    return _write(seed, params, script, rendered, truths, out_dir, check, _truth(params, rendered))


def _generate_new(seed: int, out_dir: Path, options: Options, check: bool) -> GeneratedCase:
    from engine.bench.casegen.scenarios import draw_new_case
    from engine.bench.casegen.newquestions import build_new_questions
    from engine.bench.casegen.story import write_new_script

    case = draw_new_case(seed, options.case_type)
    script = settle(case, write_new_script(case, rng_for(seed, "new/text")))
    stem = file_stem(seed, "new")
    rendered = render(case, script, out_dir / f"{stem}.pdf", rng_for(seed, "new/layout"), max_scans=options.max_scans)
    truths = build_new_questions(case, script, rendered, rng_for(seed, "new/questions"))
    return _write(seed, case, script, rendered, truths, out_dir, check, _new_truth(case, rendered))


def _write(seed: int, params, script: Script, rendered: Rendered, truths: list[Truth], out_dir: Path,
           check: bool, truth: dict[str, Any]) -> GeneratedCase:
    """Questions and parameters beside the PDF; with ``check``, the file read back."""
    family = "old" if isinstance(params, CaseParams) else "new"
    stem = file_stem(seed, family)
    records = [t.record(f"g{seed}-{i:02d}-{t.kind}") for i, t in enumerate(truths, start=1)]
    questions_path = out_dir / f"{stem}.questions.jsonl"
    questions_path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records), "utf-8")
    truth_path = out_dir / f"{stem}.truth.json"
    truth["kinds"] = {r["id"]: t.kind for r, t in zip(records, truths)}
    truth_path.write_text(json.dumps(truth, ensure_ascii=False, indent=1), "utf-8")
    case = GeneratedCase(seed, params, script, rendered, truths, records, questions_path, truth_path, family)
    if check:
        problems = check_case(params, script, rendered, truths)
        if problems:
            raise SelfCheckError(f"seed {seed}: " + "; ".join(problems))
    return case


def _new_truth(case, rendered: Rendered) -> dict[str, Any]:
    from engine.bench.casegen.scenarios import SCENARIOS

    f = case.format
    return {
        "seed": case.seed, "family": "new", "case_type": case.kind, "record": case.record,
        "subject": case.subject.name, "subject_role": case.subject_role, "people": case.people,
        "facts": SCENARIOS[case.kind].truth(case.facts),
        "sittings": [{"number": s.number, "kind": s.kind, "start": s.start.isoformat(), "place": s.place,
                      "page": rendered.page_of.get(("header", s.number, "date"))} for s in case.sittings],
        "absent": case.absent,
        "layout": {"separator": f.separator, "labels": f.labels, "header": f.header, "placement": f.placement,
                   "splits_wanted": list(f.splits), "wrapped": [list(k) for k in rendered.wrapped],
                   "pages": rendered.pages, "scans": {str(k): v for k, v in rendered.scans.items()}},
    }


def _truth(params: CaseParams, rendered: Rendered) -> dict[str, Any]:
    """The parameters behind the file, for a person checking a question by hand."""
    page = rendered.page_of.get
    d = params.dispute
    return {
        "seed": params.seed, "case_type": params.case_type, "subject_role": params.subject_role,
        "subject": params.subject.name, "counterpart": params.counterpart, "payer": params.payer,
        "payee": params.payee,
        "flows": [{"id": f.id, "role": f.role, "amount": f.amount, "amount_text": f.amount_text.surface,
                   "approx_amount": f.amount_text.approx, "date": f.when.iso, "precision": f.when.precision,
                   "date_text": f.when.surface, "means": f.means_surface, "place": f.place,
                   "session": f.session, "page": page(("flow", f.id, "amount"))} for f in params.flows],
        "dispute": None if d is None else {
            "flow": d.flow_id, "field": d.field, "where": d.where, "reference": d.reference,
            "corrected": d.corrected_amount if d.field == "amount" else d.corrected_when.iso,
            "page": page(("dispute", "new"))},
        "interest": None if params.interest is None else {"monthly": params.interest.monthly,
                                                          "months": params.interest.months},
        "agreed": params.agreed[0] if params.agreed else None,
        "medical": params.medical[0] if params.medical else None,
        "sessions": [{"number": s.number, "start": s.start.isoformat(), "place": s.place} for s in params.sessions],
        "gaps": params.gaps, "yes_no": params.yes_no, "absent": params.absent,
        "layout": {"qa_style": params.layout.qa_style, "header_style": params.layout.header_style,
                   "footer_style": params.layout.footer_style, "id_wraps": params.layout.id_wraps,
                   "pages": rendered.pages, "scans": {str(k): v for k, v in rendered.scans.items()}},
    }
