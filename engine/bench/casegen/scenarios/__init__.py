"""Scenarios of the new kinds. Each module is one kind of case file and has:

    key, record (讯问 | 询问 | 庭审), subject_role, ABSENT (kind -> question, patterns that would state it)
    draw(ground, subject) -> facts          the scenario's parameters (newcase.Ground: rng, names, sittings)
    people(facts) -> {role: name}           names the header and the labels need
    tell(story, sitting)                    what is said in that sitting
    ask(asker)                              its questions (newquestions.Asker), computed from the facts
    check(case, truths) -> [problems]       its figures recomputed independently of ask()
    values(case) -> {key: newcase.Fact}     every figure and day of its facts, by where it is printed
    truth(facts) -> dict                    the facts for the .truth.json
"""

from __future__ import annotations

from datetime import date, timedelta

from engine.bench.casegen import pools
from engine.bench.casegen.formats import draw_format
from engine.bench.casegen.model import Layout
from engine.bench.casegen.newcase import Ground, NewCase, draw_sittings
from engine.bench.casegen.params import _person, rng_for
from engine.bench.casegen.scenarios import goods, supply, wages

SCENARIOS = {module.key: module for module in (goods, supply, wages)}


def draw_new_case(seed: int, case_type: str | None = None) -> NewCase:
    rng = rng_for(seed, "new/params")
    scenario = SCENARIOS[case_type or rng.choice(sorted(SCENARIOS))]
    taken: set[str] = set()
    city = rng.choice(pools.CITIES)
    district = rng.choice(pools.DISTRICTS)
    hearing = scenario.record == "庭审"
    unit = f"{city}市{district}区人民法院" if hearing else f"{city}市公安局{district}分局"
    subject = _person(rng, taken)
    askers = tuple(pools.person_name(rng, rng.choice("男女"), taken) for _ in range(2 if not hearing else 3))
    recorder = pools.person_name(rng, rng.choice("男女"), taken) if hearing else rng.choice(askers)
    first_day = date(2021, 3, 1) + timedelta(days=rng.randrange(0, 1370))
    role = scenario.subject_role
    sittings = draw_sittings(rng, first_day, unit, role, hearing, askers, recorder)
    ground = Ground(rng, taken, city, first_day, sittings)
    facts = scenario.draw(ground, subject)
    fmt = draw_format(rng, hearing)
    size = rng.choice((13.0, 13.5, 14.0))
    layout = Layout(qa_style=f"{fmt.labels}/{fmt.separator}", header_style=fmt.header,
                    footer_style=rng.randrange(4), id_wraps=False, size=size,
                    leading=round(size * rng.choice((1.8, 1.9, 2.0)), 1))
    absent = rng.sample(sorted(scenario.ABSENT), 2)
    absent_name = ground.name()
    return NewCase(seed=seed, kind=scenario.key, record=scenario.record, subject=subject, subject_role=role,
                   city=city, unit=unit, sittings=sittings, format=fmt, layout=layout, facts=facts,
                   absent=absent, absent_name=absent_name, people=scenario.people(facts), scenario=scenario)

