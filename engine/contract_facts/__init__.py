"""Contract facts (layer 3 for contracts): typed fields with their source spans, party entities,
and a typed query tool over them that answers corpus-level questions (a question's ``FactQuery`` is
read with the question: ``read_question(text).corpus``, engine/question/corpus.py).

    ensure_facts(engine)                       # extract what is missing (lazily, per contract)
    extract_contract_facts(engine, doc_id)     # extract one contract now (rules; LLM when given)
    read_question("哪些合同适用中国法律？").corpus -> FactQuery | None
    answer_fact_question(engine, query, question) -> Answer
    run_fact_query(fact_store(engine), query) -> FactQueryResult

Modules: model (types), text/document (flat text, sentences, located values), extract_en /
extract_zh / clauses (rules), parties (names, entity resolution), store (SQLite tables in the
catalog file), query, answer, llm_extract, cli.
"""

from engine.contract_facts.answer import answer_fact_question
from engine.contract_facts.model import (Alignment, ClauseFact, ContractFacts, ExtractionMode, FieldValue, Party,
                                EXTRACTOR_VERSION, FIELD_NAMES)
from engine.contract_facts.query import (Aggregation, AmountFilter, Comparison, DateRange, FactQuery, FactQueryResult,
                                GroupBy, run_fact_query)
from engine.contract_facts.service import (all_contract_facts, ensure_facts, extract_contract_facts, fact_store,
                                  load_contract_facts)

__all__ = ["Aggregation", "Alignment", "AmountFilter", "ClauseFact", "Comparison", "ContractFacts", "DateRange",
           "EXTRACTOR_VERSION", "ExtractionMode", "FIELD_NAMES", "FactQuery", "FactQueryResult", "FieldValue",
           "GroupBy", "Party", "all_contract_facts", "answer_fact_question", "ensure_facts",
           "extract_contract_facts", "fact_store", "load_contract_facts", "run_fact_query"]
