"""What every test process shares: one BLAS thread, as the installed command sets it (:mod:`cluesolver.cli`),
and a language chosen afresh for each test."""

import os
from collections.abc import Iterator

import pytest

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")


@pytest.fixture(autouse=True)
def _language_of_the_environment() -> Iterator[None]:
    """Each test starts speaking as its environment says: a command run with
    ``CLUESOLVER_LANG=et`` (or ``--lang et``) leaves no language behind for the next test."""
    from rulesref.core import i18n

    i18n._process.clear()
    yield
    i18n._process.clear()
