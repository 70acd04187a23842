"""The site's readiness tests ask the same broker the workers' tests start."""

from tests.simulations.conftest import broker  # noqa: F401 - the fixture, shared
