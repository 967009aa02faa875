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

from scripts.corpus.casegen.scenarios import goods, supply, wages

SCENARIOS = {module.key: module for module in (goods, supply, wages)}
