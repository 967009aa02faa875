"""Traceable summaries: key points of one document, each mapped to the blocks it came from.

    from engine.summary import summarize
    summary = summarize(engine, doc_id)          # offline, or the LLM when configured
    summary.to_dict()                            # the JSON of python -m engine summarize --json

Generators (extractive.py: offline, by document kind; llm.py: numbered blocks and [来源: n]
tags), semantic matching calibrated per document (semantic.py), fusion (fusion.py) and the value
check every point must pass (grounding.py) are put together in pipeline.py.
"""

from engine.summary.cli import add_summarize_parser, run_summarize
from engine.summary.model import (DroppedTag, Method, RejectedPoint, Summary, SummaryPoint,
                                  SummarySource)
from engine.summary.pipeline import SummaryOptions, summarize
from engine.summary.semantic import Calibration

__all__ = ["Calibration", "DroppedTag", "Method", "RejectedPoint", "Summary", "SummaryOptions",
           "SummaryPoint", "SummarySource", "add_summarize_parser", "run_summarize", "summarize"]
