"""Tables derived from a catalog's chunks, kept in the catalog's own SQLite file.

The case ledger (engine/answer/casefile/facts/store.py) and the statute reference graph (engine/statutes/graph.py)
live beside the chunks they are built from, so their rows can reference ``documents``/``chunks``
with ON DELETE CASCADE and never outlive them. Each opens the file the same way: its own
connection per thread with foreign keys on, its tables created once, one shared instance per
catalog per process.
"""

from __future__ import annotations

import threading
import weakref
from typing import ClassVar, TypeVar

from engine.store.catalog import Catalog
from engine.store.sqlite import ThreadLocalSQLite

S = TypeVar("S", bound="CatalogSidecar")


class CatalogSidecar(ThreadLocalSQLite):
    """Subclasses set ``SCHEMA`` (run once per instance, ``CREATE ... IF NOT EXISTS``) and
    ``WHAT`` (named in the error raised once the catalog is gone)."""

    PRAGMAS = ("journal_mode=WAL", "synchronous=NORMAL", "foreign_keys=ON")
    SCHEMA: ClassVar[str] = ""
    WHAT: ClassVar[str] = "store"

    # One instance per catalog and per subclass (each subclass gets its own map: a ledger store
    # must never be handed out as a reference graph). Weak keys, so a shared instance does not
    # keep its catalog alive.
    _shared: ClassVar["weakref.WeakKeyDictionary[Catalog, CatalogSidecar]"]
    _shared_lock: ClassVar[threading.Lock]

    def __init_subclass__(cls, **kwargs) -> None:
        super().__init_subclass__(**kwargs)
        cls._shared = weakref.WeakKeyDictionary()
        cls._shared_lock = threading.Lock()

    def __init__(self, catalog: Catalog):
        super().__init__(catalog.path)
        # Weak, so that the shared instance (a WeakKeyDictionary value) does not keep its catalog
        # alive forever: the store lives as long as the catalog it reads.
        self._catalog = weakref.ref(catalog)
        with self._write_lock:  # executescript commits on its own: no BEGIN around it
            self._conn().executescript(self.SCHEMA)

    @classmethod
    def for_catalog(cls: type[S], catalog: Catalog) -> S:
        with cls._shared_lock:
            store = cls._shared.get(catalog)
            if store is None:
                store = cls._shared[catalog] = cls(catalog)
            return store  # type: ignore[return-value]

    @property
    def catalog(self) -> Catalog:
        catalog = self._catalog()
        if catalog is None:
            raise RuntimeError(f"the catalog of this {self.WHAT} is gone")
        return catalog
