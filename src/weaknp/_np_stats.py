"""NumPy-compatible statistics: intentionally empty, the functions live in ``_np_reduce``.

Layer 5b: may import the standard's section modules (layer 5) and anything below.

NumPy's statistics, the ``nan*`` reductions, ``cumsum``/``cumprod``, order statistics
(``median``/``percentile``/``quantile`` and their ``nan`` forms), ``average``,
``cov``/``corrcoef``, ``bincount``, the histograms and the whole-array comparisons
(``isclose``/``allclose``/``array_equal``/``array_equiv``) were delivered first in
``weaknp._np_reduce``, which ``_numpy_compat`` imports last (its names win).  Defining them
here again would be dead code, so this module exports nothing; its tests
(``tests/unit/test_np_stats.py``, ``tests/differential/test_np_stats_vs_jax.py``) check the
public ``weaknp.<name>`` functions, wherever they are defined.
"""

from __future__ import annotations

__all__: list[str] = []
