"""The opt-in variant of the old kinds (Options.act_by_act): each payment told act by act — its
date in a sentence of its own, then how and to whom, then how much — while the default keeps every
seed's text as it was."""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

import pytest

from engine.bench.casegen import Options, generate
from engine.bench.casegen.narrative import write_script
from engine.bench.casegen.params import draw_case, rng_for


def _text(seed: int, act_by_act: bool) -> str:
    params = draw_case(seed, Options(act_by_act=act_by_act))
    script = write_script(params, rng_for(seed, "text"), act_by_act)
    return "\n".join(getattr(p, "text", "") for p in script.paragraphs)


# the narrative of seeds 7 (fraud) and 8 (loan) before the variant existed (main at 667f069)
DEFAULT_TEXT = {7: "ac3de33439b300b9e12b074ca146487a4519fef45a70b2f91ad4d946e9002018",
                8: "c000d4428ce1022c4f8732df7f4843d688d3b6c1b7e47529da601b9a0089942a"}


@pytest.mark.unit
@pytest.mark.parametrize("seed", sorted(DEFAULT_TEXT))
def test_the_default_keeps_each_seeds_text(seed):
    assert hashlib.sha256(_text(seed, False).encode()).hexdigest() == DEFAULT_TEXT[seed]


@pytest.mark.unit
@pytest.mark.parametrize("seed", [7, 8])
def test_each_payment_opens_with_its_date_in_a_sentence_of_its_own(seed):
    text = _text(seed, True)
    assert text != _text(seed, False)
    opened = re.findall(r"(?:第[一二三四五六七八九十]+(?:次|笔)|头一次|最开始那次|最后一次)(?:是)?[^，。]{4,24}。", text)
    assert len(opened) >= 2


@pytest.mark.integration
def test_the_variant_passes_its_self_check(tmp_path: Path):
    """generate() reads every expected value back where the questions say it is printed."""
    for seed in (7, 8):
        case = generate(seed, tmp_path, Options(max_scans=0, act_by_act=True))
        assert case.family == "old" and case.records
