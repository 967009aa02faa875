"""Schemas generated from one definition per store (engine/store/catalog_schema.py,
engine/audit/schema.py, the located columns of engine/contract_facts/store.py) say byte for byte what each
profile shipped with when they were written out by hand: no home's stored schema changes, and a home
made before still opens with the same tables.

The files in shipped_ddl/ are the DDL as it stood in engine/store/catalog.py (SCHEMA),
engine/store/shared_catalog.py (PG_SCHEMA), engine/audit.py (SCHEMA), engine/audit_pg.py
(PG_SCHEMA) and engine/contract_facts/store.py (SCHEMA) before the definitions were shared.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from engine.audit import AuditLog
from engine.audit.schema import POSTGRES as AUDIT_POSTGRES, SQLITE as AUDIT_SQLITE, audit_schema
from engine.contract_facts.store import SCHEMA as FACTS_SCHEMA, FactStore
from engine.store.catalog import Catalog
from engine.store.catalog_schema import POSTGRES, SQLITE, catalog_schema

SHIPPED = Path(__file__).parent / "shipped_ddl"


def shipped(name: str) -> str:
    return (SHIPPED / name).read_text(encoding="utf-8")


CATALOG_SQLITE = shipped("catalog.sqlite.sql")
CATALOG_POSTGRES = shipped("catalog.postgresql.sql")
AUDIT_SQLITE_DDL = shipped("audit.sqlite.sql")
AUDIT_POSTGRES_DDL = shipped("audit.postgresql.sql")
CONTRACT_FACTS = shipped("contract_facts.sqlite.sql")


@pytest.mark.parametrize("generated, shipped", [
    (catalog_schema(SQLITE), CATALOG_SQLITE), (catalog_schema(POSTGRES), CATALOG_POSTGRES),
    (audit_schema(AUDIT_SQLITE), AUDIT_SQLITE_DDL), (audit_schema(AUDIT_POSTGRES), AUDIT_POSTGRES_DDL),
    (FACTS_SCHEMA, CONTRACT_FACTS)], ids=["catalog-sqlite", "catalog-postgres", "audit-sqlite",
                                          "audit-postgres", "contract-facts"])
def test_the_generated_ddl_is_what_shipped(generated, shipped):
    assert generated == shipped


def _tables(path) -> list[tuple[str, str, str]]:
    with sqlite3.connect(path) as conn:
        return conn.execute("SELECT type, name, sql FROM sqlite_master ORDER BY type, name").fetchall()


def test_a_home_made_with_the_old_ddl_opens_with_the_same_tables(tmp_path):
    """SQLite keeps each CREATE statement's text: a catalog file made by the hand-written DDL and
    one made by the stores as they are now hold the same statements, and opening the old one
    adds or changes nothing."""
    old = tmp_path / "old" / "catalog.sqlite"
    old.parent.mkdir()
    with sqlite3.connect(old) as conn:
        conn.executescript(CATALOG_SQLITE + CONTRACT_FACTS)
    before = _tables(old)
    Catalog(old).close()
    FactStore(old).close()
    assert _tables(old) == before

    new = tmp_path / "new" / "catalog.sqlite"
    Catalog(new).close()
    FactStore(new).close()
    assert _tables(new) == before


def test_an_audit_log_made_with_the_old_ddl_holds_the_same_statements(tmp_path):
    old = tmp_path / "old.sqlite"
    with sqlite3.connect(old) as conn:
        conn.executescript(AUDIT_SQLITE_DDL)
    new = tmp_path / "home" / "audit.sqlite"
    AuditLog(new, key_file=tmp_path / "secrets.toml").close()
    audit_tables = [row for row in _tables(new) if row[1].startswith("audit")]
    assert audit_tables == _tables(old)
