"""What every test process shares: one BLAS thread, as the installed command sets it (:mod:`cluesolver.cli`)."""

import os

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
