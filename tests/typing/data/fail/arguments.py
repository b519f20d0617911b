"""Calls mypy must reject: each line marked with the part of mypy's message it must give."""
import weaknp as wnp

x = wnp.asarray([1.0, 2.0], dtype=wnp.float32)
wnp.asarray("abc", dtyp=wnp.float32)  # E: Unexpected keyword argument "dtyp"
wnp.zeros("3")  # E: Argument 1 to "zeros" has incompatible type "str"
wnp.sum(x, axis="0")  # E: Argument "axis" to "sum" has incompatible type
wnp.exp(x, dtyp=wnp.float32)  # E: Unexpected keyword argument "dtyp"
wnp.add(x)  # E: Too few arguments for "__call__" of "_UFunc_Nin2_Nout1"
x.reshape(2.5)  # E: Argument 1 to "reshape" of "Array" has incompatible type
x.sum(keepdim=True)  # E: Unexpected keyword argument "keepdim"
wnp.linalg.norm(x, axes=0)  # E: Unexpected keyword argument "axes"
y: wnp.Array[wnp.int8] = x  # E: Incompatible types in assignment
wnp.float64(1.0).weak_typ  # E: "Array[float64]" has no attribute "weak_typ"
wnp.not_a_function(x)  # E: Module has no attribute "not_a_function"
