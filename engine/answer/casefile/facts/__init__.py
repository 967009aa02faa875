"""The case ledger (derived facts of case files): statements, money events, corrections."""

from engine.answer.casefile.facts.build import LEDGER_VERSION, build_ledger, corrections_of, versions_of
from engine.answer.casefile.facts.model import (Anchor, CaseLedger, Correction, Event, Statement, Value, ledger_from_record,
                                 ledger_to_record)

__all__ = ["LEDGER_VERSION", "Anchor", "CaseLedger", "Correction", "Event", "Statement", "Value",
           "build_ledger", "corrections_of", "ledger_from_record", "ledger_to_record", "versions_of"]
