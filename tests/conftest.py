"""What every test process shares: one BLAS thread, as the installed command sets it (:mod:`cluesolver.cli`),
and a language chosen afresh for each test."""

import os
from collections.abc import Iterator

import pytest

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")


@pytest.fixture(autouse=True)
def _language_of_the_environment(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Each test starts speaking English whatever the locale it runs in (``LANG=et_EE.UTF-8``
    would otherwise make every command speak Estonian): ``CLUESOLVER_LANG=en``, which a test
    asking for another language overrides (``env={"CLUESOLVER_LANG": "et"}``, or
    ``monkeypatch.delenv`` to let the locale choose).  A command run with ``CLUESOLVER_LANG=et``
    (or ``--lang et``) leaves no language behind for the next test."""
    from rulesref.core import i18n

    monkeypatch.setenv("CLUESOLVER_LANG", "en")
    i18n._process.clear()
    yield
    i18n._process.clear()
