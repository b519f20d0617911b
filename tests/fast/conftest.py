"""Fixtures shared by the narrow-float tests (reductions, products)."""

from __future__ import annotations

import pytest

from weaknp._fast import narrow


@pytest.fixture(params=["simd", "avx2", "portable"] if narrow.COMPILED else ["numpy"])
def conversions(request):
    """The compiled build's loops: F16C, the widest clones and table reads the CPU has
    (AVX-512BW permutes), AVX2 (gathers), and the portable C."""
    if request.param != "numpy":
        narrow.use_f16c(request.param != "portable")
        narrow.byte_simd({"simd": 2, "avx2": 1, "portable": 0}[request.param])
        narrow.use_simd({"simd": 3, "avx2": 1, "portable": 0}[request.param])
    try:
        yield request.param
    finally:
        narrow.use_f16c(True)
        narrow.byte_simd(2)
        narrow.use_simd(3)
