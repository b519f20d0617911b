"""The ``dtype`` fixture of the ecosystem tests (helpers: ``eco.py``)."""

import pytest
from eco import DTYPES


@pytest.fixture(params=DTYPES)
def dtype(request):
    return request.param
