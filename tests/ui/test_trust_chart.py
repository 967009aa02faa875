"""The case badge's trust score on the Benchmark page (ui/trust_chart.py): its card's operating
points as shares, the shipped point marked; pure, no Streamlit session."""

from __future__ import annotations

import json
from pathlib import Path

from ui.trust_chart import CASE_TRUST, MADE_UP, REAL, trust_chart, trust_frame

CARD = {"card": {"keep": 0.97, "operating_points": [
    {"keep": 0.99, "threshold": 0.01, "real_wrong_kept": 23, "real_kept": 576, "real_wrong": 23,
     "made_up_wrong_kept": 1006, "made_up_wrong": 1065},
    {"keep": 0.97, "threshold": 0.04, "real_wrong_kept": 22, "real_kept": 564, "real_wrong": 23,
     "made_up_wrong_kept": 806, "made_up_wrong": 1065}]}}


def test_each_operating_point_gives_both_shares_and_the_shipped_one_is_marked():
    frame = trust_frame(CARD)
    assert len(frame) == 4
    shipped = frame[frame["shipped"]]
    assert set(shipped["keep"]) == {0.97}
    real = frame[(frame["measure"] == REAL) & (frame["keep"] == 0.97)].iloc[0]
    assert real["value"] == round(22 / 564, 4) and (real["count"], real["total"]) == (22, 564)
    made_up = frame[(frame["measure"] == MADE_UP) & (frame["keep"] == 0.99)].iloc[0]
    assert made_up["value"] == round(1006 / 1065, 4)


def test_nothing_to_draw_without_a_card():
    assert trust_frame(None).empty and trust_frame({"card": {}}).empty


def test_the_chart_draws_the_points_in_percent():
    spec = trust_chart(trust_frame(CARD)).to_dict()
    values = [row["value"] for row in spec["datasets"][next(iter(spec["datasets"]))]]
    assert all(0 <= v <= 100 for v in values) and max(values) > 90


def test_the_published_card_is_the_shipped_model():
    repo = Path(__file__).resolve().parents[2]
    published = json.loads(CASE_TRUST.path().read_text("utf-8"))
    model = json.loads((repo / "engine" / "answer" / "casefile" / "models" / "trust.json").read_text("utf-8"))
    assert published == model and not trust_frame(published).empty
