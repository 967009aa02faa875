from tests.pg_server import pg_admin_url, shared_urls  # noqa: F401  (fixtures: a real PostgreSQL server)
