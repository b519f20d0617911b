"""A script whose helper library imports NumPy itself (the library keeps real NumPy)."""
import numpy as np
import numpy.typing as npt
from numpy.linalg import norm

import audit_helper

data = audit_helper.load_counts()
print(audit_helper.numpy_name(), type(data).__module__, data.dtype)
print(np.__name__, norm.__module__, npt.__name__)
x: npt.NDArray = np.asarray([1, 2, 3, 4], dtype=np.int32)
print((data + x).dtype, norm(np.asarray([3.0, 4.0], dtype=np.float32)).dtype)
# a weaknp array handed to the library stays one: NumPy passes np.mean to weaknp (NEP 18)
print(audit_helper.average(x).dtype)
