"""pdsh: Jake VanderPlas, Python Data Science Handbook, chapter 2 (code cells only), https://github.com/jakevdp/PythonDataScienceHandbook.

Licence: MIT (code; the text is CC-BY-NC-ND and is not copied); see licenses/PythonDataScienceHandbook-LICENSE-CODE.txt.
Extracted by corpus_extract.py from commit d66231454ef753818dc9213c9b5942e067266966; the code of each cell is unchanged.
"""

CELLS = [('pdsh:02.00:01', 'import numpy\nnumpy.__version__'),
 ('pdsh:02.00:02', 'import numpy as np'),
 ('pdsh:02.01:01', 'L = list(range(10))\nL'),
 ('pdsh:02.01:02', 'type(L[0])'),
 ('pdsh:02.01:03', 'L2 = [str(c) for c in L]\nL2'),
 ('pdsh:02.01:04', 'type(L2[0])'),
 ('pdsh:02.01:05', 'L3 = [True, "2", 3.0, 4]\n[type(item) for item in L3]'),
 ('pdsh:02.01:06', "import array\nL = list(range(10))\nA = array.array('i', L)\nA"),
 ('pdsh:02.01:07', 'import numpy as np'),
 ('pdsh:02.01:08', '# Integer array\nnp.array([1, 4, 2, 5, 3])'),
 ('pdsh:02.01:09', 'np.array([3.14, 4, 2, 3])'),
 ('pdsh:02.01:10', 'np.array([1, 2, 3, 4], dtype=np.float32)'),
 ('pdsh:02.01:11',
  '# Nested lists result in multidimensional arrays\n'
  'np.array([range(i, i + 3) for i in [2, 4, 6]])'),
 ('pdsh:02.01:12', '# Create a length-10 integer array filled with 0s\nnp.zeros(10, dtype=int)'),
 ('pdsh:02.01:13',
  '# Create a 3x5 floating-point array filled with 1s\nnp.ones((3, 5), dtype=float)'),
 ('pdsh:02.01:14', '# Create a 3x5 array filled with 3.14\nnp.full((3, 5), 3.14)'),
 ('pdsh:02.01:15',
  '# Create an array filled with a linear sequence\n'
  '# starting at 0, ending at 20, stepping by 2\n'
  '# (this is similar to the built-in range function)\n'
  'np.arange(0, 20, 2)'),
 ('pdsh:02.01:16',
  '# Create an array of five values evenly spaced between 0 and 1\nnp.linspace(0, 1, 5)'),
 ('pdsh:02.01:17',
  '# Create a 3x3 array of uniformly distributed\n'
  '# pseudorandom values between 0 and 1\n'
  'np.random.random((3, 3))'),
 ('pdsh:02.01:18',
  '# Create a 3x3 array of normally distributed pseudorandom\n'
  '# values with mean 0 and standard deviation 1\n'
  'np.random.normal(0, 1, (3, 3))'),
 ('pdsh:02.01:19',
  '# Create a 3x3 array of pseudorandom integers in the interval [0, 10)\n'
  'np.random.randint(0, 10, (3, 3))'),
 ('pdsh:02.01:20', '# Create a 3x3 identity matrix\nnp.eye(3)'),
 ('pdsh:02.01:21',
  '# Create an uninitialized array of three integers; the values will be\n'
  '# whatever happens to already exist at that memory location\n'
  'np.empty(3)'),
 ('pdsh:02.02:01',
  'import numpy as np\n'
  'rng = np.random.default_rng(seed=1701)  # seed for reproducibility\n'
  '\n'
  'x1 = rng.integers(10, size=6)  # one-dimensional array\n'
  'x2 = rng.integers(10, size=(3, 4))  # two-dimensional array\n'
  'x3 = rng.integers(10, size=(3, 4, 5))  # three-dimensional array'),
 ('pdsh:02.02:02',
  'print("x3 ndim: ", x3.ndim)\n'
  'print("x3 shape:", x3.shape)\n'
  'print("x3 size: ", x3.size)\n'
  'print("dtype:   ", x3.dtype)'),
 ('pdsh:02.02:03', 'x1'),
 ('pdsh:02.02:04', 'x1[0]'),
 ('pdsh:02.02:05', 'x1[4]'),
 ('pdsh:02.02:06', 'x1[-1]'),
 ('pdsh:02.02:07', 'x1[-2]'),
 ('pdsh:02.02:08', 'x2'),
 ('pdsh:02.02:09', 'x2[0, 0]'),
 ('pdsh:02.02:10', 'x2[2, 0]'),
 ('pdsh:02.02:11', 'x2[2, -1]'),
 ('pdsh:02.02:12', 'x2[0, 0] = 12\nx2'),
 ('pdsh:02.02:13', 'x1[0] = 3.14159  # this will be truncated!\nx1'),
 ('pdsh:02.02:14', 'x1'),
 ('pdsh:02.02:15', 'x1[:3]  # first three elements'),
 ('pdsh:02.02:16', 'x1[3:]  # elements after index 3'),
 ('pdsh:02.02:17', 'x1[1:4]  # middle subarray'),
 ('pdsh:02.02:18', 'x1[::2]  # every second element'),
 ('pdsh:02.02:19', 'x1[1::2]  # every second element, starting at index 1'),
 ('pdsh:02.02:20', 'x1[::-1]  # all elements, reversed'),
 ('pdsh:02.02:21', 'x1[4::-2]  # every second element from index 4, reversed'),
 ('pdsh:02.02:22', 'x2'),
 ('pdsh:02.02:23', 'x2[:2, :3]  # first two rows & three columns'),
 ('pdsh:02.02:24', 'x2[:3, ::2]  # three rows, every second column'),
 ('pdsh:02.02:25', 'x2[::-1, ::-1]  # all rows & columns, reversed'),
 ('pdsh:02.02:26', 'x2[:, 0]  # first column of x2'),
 ('pdsh:02.02:27', 'x2[0, :]  # first row of x2'),
 ('pdsh:02.02:28', 'x2[0]  # equivalent to x2[0, :]'),
 ('pdsh:02.02:29', 'print(x2)'),
 ('pdsh:02.02:30', 'x2_sub = x2[:2, :2]\nprint(x2_sub)'),
 ('pdsh:02.02:31', 'x2_sub[0, 0] = 99\nprint(x2_sub)'),
 ('pdsh:02.02:32', 'print(x2)'),
 ('pdsh:02.02:33', 'x2_sub_copy = x2[:2, :2].copy()\nprint(x2_sub_copy)'),
 ('pdsh:02.02:34', 'x2_sub_copy[0, 0] = 42\nprint(x2_sub_copy)'),
 ('pdsh:02.02:35', 'print(x2)'),
 ('pdsh:02.02:36', 'grid = np.arange(1, 10).reshape(3, 3)\nprint(grid)'),
 ('pdsh:02.02:37', 'x = np.array([1, 2, 3])\nx.reshape((1, 3))  # row vector via reshape'),
 ('pdsh:02.02:38', 'x.reshape((3, 1))  # column vector via reshape'),
 ('pdsh:02.02:39', 'x[np.newaxis, :]  # row vector via newaxis'),
 ('pdsh:02.02:40', 'x[:, np.newaxis]  # column vector via newaxis'),
 ('pdsh:02.02:41', 'x = np.array([1, 2, 3])\ny = np.array([3, 2, 1])\nnp.concatenate([x, y])'),
 ('pdsh:02.02:42', 'z = np.array([99, 99, 99])\nprint(np.concatenate([x, y, z]))'),
 ('pdsh:02.02:43', 'grid = np.array([[1, 2, 3],\n                 [4, 5, 6]])'),
 ('pdsh:02.02:44', '# concatenate along the first axis\nnp.concatenate([grid, grid])'),
 ('pdsh:02.02:45',
  '# concatenate along the second axis (zero-indexed)\nnp.concatenate([grid, grid], axis=1)'),
 ('pdsh:02.02:46', '# vertically stack the arrays\nnp.vstack([x, grid])'),
 ('pdsh:02.02:47',
  '# horizontally stack the arrays\n'
  'y = np.array([[99],\n'
  '              [99]])\n'
  'np.hstack([grid, y])'),
 ('pdsh:02.02:48',
  'x = [1, 2, 3, 99, 99, 3, 2, 1]\nx1, x2, x3 = np.split(x, [3, 5])\nprint(x1, x2, x3)'),
 ('pdsh:02.02:49', 'grid = np.arange(16).reshape((4, 4))\ngrid'),
 ('pdsh:02.02:50', 'upper, lower = np.vsplit(grid, [2])\nprint(upper)\nprint(lower)'),
 ('pdsh:02.02:51', 'left, right = np.hsplit(grid, [2])\nprint(left)\nprint(right)'),
 ('pdsh:02.03:01',
  'import numpy as np\n'
  'rng = np.random.default_rng(seed=1701)\n'
  '\n'
  'def compute_reciprocals(values):\n'
  '    output = np.empty(len(values))\n'
  '    for i in range(len(values)):\n'
  '        output[i] = 1.0 / values[i]\n'
  '    return output\n'
  '        \n'
  'values = rng.integers(1, 10, size=5)\n'
  'compute_reciprocals(values)'),
 ('pdsh:02.03:02',
  'big_array = rng.integers(1, 100, size=1000000)\n%timeit compute_reciprocals(big_array)'),
 ('pdsh:02.03:03', 'print(compute_reciprocals(values))\nprint(1.0 / values)'),
 ('pdsh:02.03:04', '%timeit (1.0 / big_array)'),
 ('pdsh:02.03:05', 'np.arange(5) / np.arange(1, 6)'),
 ('pdsh:02.03:06', 'x = np.arange(9).reshape((3, 3))\n2 ** x'),
 ('pdsh:02.03:07',
  'x = np.arange(4)\n'
  'print("x      =", x)\n'
  'print("x + 5  =", x + 5)\n'
  'print("x - 5  =", x - 5)\n'
  'print("x * 2  =", x * 2)\n'
  'print("x / 2  =", x / 2)\n'
  'print("x // 2 =", x // 2)  # floor division'),
 ('pdsh:02.03:08', 'print("-x     = ", -x)\nprint("x ** 2 = ", x ** 2)\nprint("x % 2  = ", x % 2)'),
 ('pdsh:02.03:09', '-(0.5*x + 1) ** 2'),
 ('pdsh:02.03:10', 'np.add(x, 2)'),
 ('pdsh:02.03:11', 'x = np.array([-2, -1, 0, 1, 2])\nabs(x)'),
 ('pdsh:02.03:12', 'np.absolute(x)'),
 ('pdsh:02.03:13', 'np.abs(x)'),
 ('pdsh:02.03:14', 'x = np.array([3 - 4j, 4 - 3j, 2 + 0j, 0 + 1j])\nnp.abs(x)'),
 ('pdsh:02.03:15', 'theta = np.linspace(0, np.pi, 3)'),
 ('pdsh:02.03:16',
  'print("theta      = ", theta)\n'
  'print("sin(theta) = ", np.sin(theta))\n'
  'print("cos(theta) = ", np.cos(theta))\n'
  'print("tan(theta) = ", np.tan(theta))'),
 ('pdsh:02.03:17',
  'x = [-1, 0, 1]\n'
  'print("x         = ", x)\n'
  'print("arcsin(x) = ", np.arcsin(x))\n'
  'print("arccos(x) = ", np.arccos(x))\n'
  'print("arctan(x) = ", np.arctan(x))'),
 ('pdsh:02.03:18',
  'x = [1, 2, 3]\n'
  'print("x   =", x)\n'
  'print("e^x =", np.exp(x))\n'
  'print("2^x =", np.exp2(x))\n'
  'print("3^x =", np.power(3., x))'),
 ('pdsh:02.03:19',
  'x = [1, 2, 4, 10]\n'
  'print("x        =", x)\n'
  'print("ln(x)    =", np.log(x))\n'
  'print("log2(x)  =", np.log2(x))\n'
  'print("log10(x) =", np.log10(x))'),
 ('pdsh:02.03:20',
  'x = [0, 0.001, 0.01, 0.1]\n'
  'print("exp(x) - 1 =", np.expm1(x))\n'
  'print("log(1 + x) =", np.log1p(x))'),
 ('pdsh:02.03:21', 'from scipy import special'),
 ('pdsh:02.03:22',
  '# Gamma functions (generalized factorials) and related functions\n'
  'x = [1, 5, 10]\n'
  'print("gamma(x)     =", special.gamma(x))\n'
  'print("ln|gamma(x)| =", special.gammaln(x))\n'
  'print("beta(x, 2)   =", special.beta(x, 2))'),
 ('pdsh:02.03:23',
  '# Error function (integral of Gaussian),\n'
  '# its complement, and its inverse\n'
  'x = np.array([0, 0.3, 0.7, 1.0])\n'
  'print("erf(x)  =", special.erf(x))\n'
  'print("erfc(x) =", special.erfc(x))\n'
  'print("erfinv(x) =", special.erfinv(x))'),
 ('pdsh:02.03:24', 'x = np.arange(5)\ny = np.empty(5)\nnp.multiply(x, 10, out=y)\nprint(y)'),
 ('pdsh:02.03:25', 'y = np.zeros(10)\nnp.power(2, x, out=y[::2])\nprint(y)'),
 ('pdsh:02.03:26', 'x = np.arange(1, 6)\nnp.add.reduce(x)'),
 ('pdsh:02.03:27', 'np.multiply.reduce(x)'),
 ('pdsh:02.03:28', 'np.add.accumulate(x)'),
 ('pdsh:02.03:29', 'np.multiply.accumulate(x)'),
 ('pdsh:02.03:30', 'x = np.arange(1, 6)\nnp.multiply.outer(x, x)'),
 ('pdsh:02.04:01', 'import numpy as np\nrng = np.random.default_rng()'),
 ('pdsh:02.04:02', 'L = rng.random(100)\nsum(L)'),
 ('pdsh:02.04:03', 'np.sum(L)'),
 ('pdsh:02.04:04',
  'big_array = rng.random(1000000)\n%timeit sum(big_array)\n%timeit np.sum(big_array)'),
 ('pdsh:02.04:05', 'min(big_array), max(big_array)'),
 ('pdsh:02.04:06', 'np.min(big_array), np.max(big_array)'),
 ('pdsh:02.04:07', '%timeit min(big_array)\n%timeit np.min(big_array)'),
 ('pdsh:02.04:08', 'print(big_array.min(), big_array.max(), big_array.sum())'),
 ('pdsh:02.04:09', 'M = rng.integers(0, 10, (3, 4))\nprint(M)'),
 ('pdsh:02.04:10', 'M.sum()'),
 ('pdsh:02.04:11', 'M.min(axis=0)'),
 ('pdsh:02.04:12', 'M.max(axis=1)'),
 ('pdsh:02.04:13', '!head -4 data/president_heights.csv'),
 ('pdsh:02.04:14',
  'import pandas as pd\n'
  "data = pd.read_csv('data/president_heights.csv')\n"
  "heights = np.array(data['height(cm)'])\n"
  'print(heights)'),
 ('pdsh:02.04:15',
  'print("Mean height:       ", heights.mean())\n'
  'print("Standard deviation:", heights.std())\n'
  'print("Minimum height:    ", heights.min())\n'
  'print("Maximum height:    ", heights.max())'),
 ('pdsh:02.04:16',
  'print("25th percentile:   ", np.percentile(heights, 25))\n'
  'print("Median:            ", np.median(heights))\n'
  'print("75th percentile:   ", np.percentile(heights, 75))'),
 ('pdsh:02.04:17',
  "%matplotlib inline\nimport matplotlib.pyplot as plt\nplt.style.use('seaborn-whitegrid')"),
 ('pdsh:02.04:18',
  'plt.hist(heights)\n'
  "plt.title('Height Distribution of US Presidents')\n"
  "plt.xlabel('height (cm)')\n"
  "plt.ylabel('number');"),
 ('pdsh:02.05:01', 'import numpy as np'),
 ('pdsh:02.05:02', 'a = np.array([0, 1, 2])\nb = np.array([5, 5, 5])\na + b'),
 ('pdsh:02.05:03', 'a + 5'),
 ('pdsh:02.05:04', 'M = np.ones((3, 3))\nM'),
 ('pdsh:02.05:05', 'M + a'),
 ('pdsh:02.05:06', 'a = np.arange(3)\nb = np.arange(3)[:, np.newaxis]\n\nprint(a)\nprint(b)'),
 ('pdsh:02.05:07', 'a + b'),
 ('pdsh:02.05:08', 'M = np.ones((2, 3))\na = np.arange(3)'),
 ('pdsh:02.05:09', 'M + a'),
 ('pdsh:02.05:10', 'a = np.arange(3).reshape((3, 1))\nb = np.arange(3)'),
 ('pdsh:02.05:11', 'a + b'),
 ('pdsh:02.05:12', 'M = np.ones((3, 2))\na = np.arange(3)'),
 ('pdsh:02.05:13', 'M + a'),
 ('pdsh:02.05:14', 'a[:, np.newaxis].shape'),
 ('pdsh:02.05:15', 'M + a[:, np.newaxis]'),
 ('pdsh:02.05:16', 'np.logaddexp(M, a[:, np.newaxis])'),
 ('pdsh:02.05:17', 'rng = np.random.default_rng(seed=1701)\nX = rng.random((10, 3))'),
 ('pdsh:02.05:18', 'Xmean = X.mean(0)\nXmean'),
 ('pdsh:02.05:19', 'X_centered = X - Xmean'),
 ('pdsh:02.05:20', 'X_centered.mean(0)'),
 ('pdsh:02.05:21',
  '# x and y have 50 steps from 0 to 5\n'
  'x = np.linspace(0, 5, 50)\n'
  'y = np.linspace(0, 5, 50)[:, np.newaxis]\n'
  '\n'
  'z = np.sin(x) ** 10 + np.cos(10 + y * x) * np.cos(x)'),
 ('pdsh:02.05:22', '%matplotlib inline\nimport matplotlib.pyplot as plt'),
 ('pdsh:02.05:23', "plt.imshow(z, origin='lower', extent=[0, 5, 0, 5])\nplt.colorbar();"),
 ('pdsh:02.06:01',
  'import numpy as np\n'
  'from vega_datasets import data\n'
  '\n'
  '# Use DataFrame operations to extract rainfall as a NumPy array\n'
  'rainfall_mm = np.array(\n'
  "    data.seattle_weather().set_index('date')['precipitation']['2015'])\n"
  'len(rainfall_mm)'),
 ('pdsh:02.06:02',
  "%matplotlib inline\nimport matplotlib.pyplot as plt\nplt.style.use('seaborn-whitegrid')"),
 ('pdsh:02.06:03', 'plt.hist(rainfall_mm, 40);'),
 ('pdsh:02.06:04', 'x = np.array([1, 2, 3, 4, 5])'),
 ('pdsh:02.06:05', 'x < 3  # less than'),
 ('pdsh:02.06:06', 'x > 3  # greater than'),
 ('pdsh:02.06:07', 'x <= 3  # less than or equal'),
 ('pdsh:02.06:08', 'x >= 3  # greater than or equal'),
 ('pdsh:02.06:09', 'x != 3  # not equal'),
 ('pdsh:02.06:10', 'x == 3  # equal'),
 ('pdsh:02.06:11', '(2 * x) == (x ** 2)'),
 ('pdsh:02.06:12', 'rng = np.random.default_rng(seed=1701)\nx = rng.integers(10, size=(3, 4))\nx'),
 ('pdsh:02.06:13', 'x < 6'),
 ('pdsh:02.06:14', 'print(x)'),
 ('pdsh:02.06:15', '# how many values less than 6?\nnp.count_nonzero(x < 6)'),
 ('pdsh:02.06:16', 'np.sum(x < 6)'),
 ('pdsh:02.06:17', '# how many values less than 6 in each row?\nnp.sum(x < 6, axis=1)'),
 ('pdsh:02.06:18', '# are there any values greater than 8?\nnp.any(x > 8)'),
 ('pdsh:02.06:19', '# are there any values less than zero?\nnp.any(x < 0)'),
 ('pdsh:02.06:20', '# are all values less than 10?\nnp.all(x < 10)'),
 ('pdsh:02.06:21', '# are all values equal to 6?\nnp.all(x == 6)'),
 ('pdsh:02.06:22', '# are all values in each row less than 8?\nnp.all(x < 8, axis=1)'),
 ('pdsh:02.06:23', 'np.sum((rainfall_mm > 10) & (rainfall_mm < 20))'),
 ('pdsh:02.06:24', 'np.sum(~( (rainfall_mm <= 10) | (rainfall_mm >= 20) ))'),
 ('pdsh:02.06:25',
  'print("Number days without rain:  ", np.sum(rainfall_mm == 0))\n'
  'print("Number days with rain:     ", np.sum(rainfall_mm != 0))\n'
  'print("Days with more than 10 mm: ", np.sum(rainfall_mm > 10))\n'
  'print("Rainy days with < 5 mm:    ", np.sum((rainfall_mm > 0) &\n'
  '                                            (rainfall_mm < 5)))'),
 ('pdsh:02.06:26', 'x'),
 ('pdsh:02.06:27', 'x < 5'),
 ('pdsh:02.06:28', 'x[x < 5]'),
 ('pdsh:02.06:29',
  '# construct a mask of all rainy days\n'
  'rainy = (rainfall_mm > 0)\n'
  '\n'
  '# construct a mask of all summer days (June 21st is the 172nd day)\n'
  'days = np.arange(365)\n'
  'summer = (days > 172) & (days < 262)\n'
  '\n'
  'print("Median precip on rainy days in 2015 (mm):   ",\n'
  '      np.median(rainfall_mm[rainy]))\n'
  'print("Median precip on summer days in 2015 (mm):  ",\n'
  '      np.median(rainfall_mm[summer]))\n'
  'print("Maximum precip on summer days in 2015 (mm): ",\n'
  '      np.max(rainfall_mm[summer]))\n'
  'print("Median precip on non-summer rainy days (mm):",\n'
  '      np.median(rainfall_mm[rainy & ~summer]))'),
 ('pdsh:02.06:30', 'bool(42), bool(0)'),
 ('pdsh:02.06:31', 'bool(42 and 0)'),
 ('pdsh:02.06:32', 'bool(42 or 0)'),
 ('pdsh:02.06:33', 'bin(42)'),
 ('pdsh:02.06:34', 'bin(59)'),
 ('pdsh:02.06:35', 'bin(42 & 59)'),
 ('pdsh:02.06:36', 'bin(42 | 59)'),
 ('pdsh:02.06:37',
  'A = np.array([1, 0, 1, 0, 1, 0], dtype=bool)\n'
  'B = np.array([1, 1, 1, 0, 1, 1], dtype=bool)\n'
  'A | B'),
 ('pdsh:02.06:38', 'A or B'),
 ('pdsh:02.06:39', 'x = np.arange(10)\n(x > 4) & (x < 8)'),
 ('pdsh:02.06:40', '(x > 4) and (x < 8)'),
 ('pdsh:02.07:01',
  'import numpy as np\n'
  'rng = np.random.default_rng(seed=1701)\n'
  '\n'
  'x = rng.integers(100, size=10)\n'
  'print(x)'),
 ('pdsh:02.07:02', '[x[3], x[7], x[2]]'),
 ('pdsh:02.07:03', 'ind = [3, 7, 4]\nx[ind]'),
 ('pdsh:02.07:04', 'ind = np.array([[3, 7],\n                [4, 5]])\nx[ind]'),
 ('pdsh:02.07:05', 'X = np.arange(12).reshape((3, 4))\nX'),
 ('pdsh:02.07:06', 'row = np.array([0, 1, 2])\ncol = np.array([2, 1, 3])\nX[row, col]'),
 ('pdsh:02.07:07', 'X[row[:, np.newaxis], col]'),
 ('pdsh:02.07:08', 'row[:, np.newaxis] * col'),
 ('pdsh:02.07:09', 'print(X)'),
 ('pdsh:02.07:10', 'X[2, [2, 0, 1]]'),
 ('pdsh:02.07:11', 'X[1:, [2, 0, 1]]'),
 ('pdsh:02.07:12', 'mask = np.array([True, False, True, False])\nX[row[:, np.newaxis], mask]'),
 ('pdsh:02.07:13',
  'mean = [0, 0]\n'
  'cov = [[1, 2],\n'
  '       [2, 5]]\n'
  'X = rng.multivariate_normal(mean, cov, 100)\n'
  'X.shape'),
 ('pdsh:02.07:14',
  '%matplotlib inline\n'
  'import matplotlib.pyplot as plt\n'
  "plt.style.use('seaborn-whitegrid')\n"
  '\n'
  'plt.scatter(X[:, 0], X[:, 1]);'),
 ('pdsh:02.07:15', 'indices = np.random.choice(X.shape[0], 20, replace=False)\nindices'),
 ('pdsh:02.07:16', 'selection = X[indices]  # fancy indexing here\nselection.shape'),
 ('pdsh:02.07:17',
  'plt.scatter(X[:, 0], X[:, 1], alpha=0.3)\n'
  'plt.scatter(selection[:, 0], selection[:, 1],\n'
  "            facecolor='none', edgecolor='black', s=200);"),
 ('pdsh:02.07:18', 'x = np.arange(10)\ni = np.array([2, 1, 8, 4])\nx[i] = 99\nprint(x)'),
 ('pdsh:02.07:19', 'x[i] -= 10\nprint(x)'),
 ('pdsh:02.07:20', 'x = np.zeros(10)\nx[[0, 0]] = [4, 6]\nprint(x)'),
 ('pdsh:02.07:21', 'i = [2, 3, 3, 4, 4, 4]\nx[i] += 1\nx'),
 ('pdsh:02.07:22', 'x = np.zeros(10)\nnp.add.at(x, i, 1)\nprint(x)'),
 ('pdsh:02.07:23',
  'rng = np.random.default_rng(seed=1701)\n'
  'x = rng.normal(size=100)\n'
  '\n'
  '# compute a histogram by hand\n'
  'bins = np.linspace(-5, 5, 20)\n'
  'counts = np.zeros_like(bins)\n'
  '\n'
  '# find the appropriate bin for each x\n'
  'i = np.searchsorted(bins, x)\n'
  '\n'
  '# add 1 to each of these bins\n'
  'np.add.at(counts, i, 1)'),
 ('pdsh:02.07:24', "# plot the results\nplt.plot(bins, counts, drawstyle='steps');"),
 ('pdsh:02.07:25',
  'print(f"NumPy histogram ({len(x)} points):")\n'
  '%timeit counts, edges = np.histogram(x, bins)\n'
  '\n'
  'print(f"Custom histogram ({len(x)} points):")\n'
  '%timeit np.add.at(counts, np.searchsorted(bins, x), 1)'),
 ('pdsh:02.07:26',
  'x = rng.normal(size=1000000)\n'
  'print(f"NumPy histogram ({len(x)} points):")\n'
  '%timeit counts, edges = np.histogram(x, bins)\n'
  '\n'
  'print(f"Custom histogram ({len(x)} points):")\n'
  '%timeit np.add.at(counts, np.searchsorted(bins, x), 1)'),
 ('pdsh:02.08:01', 'L = [3, 1, 4, 1, 5, 9, 2, 6]\nsorted(L)  # returns a sorted copy'),
 ('pdsh:02.08:02', 'L.sort()  # acts in-place and returns None\nprint(L)'),
 ('pdsh:02.08:03', "sorted('python')"),
 ('pdsh:02.08:04', 'import numpy as np\n\nx = np.array([2, 1, 4, 3, 5])\nnp.sort(x)'),
 ('pdsh:02.08:05', 'x.sort()\nprint(x)'),
 ('pdsh:02.08:06', 'x = np.array([2, 1, 4, 3, 5])\ni = np.argsort(x)\nprint(i)'),
 ('pdsh:02.08:07', 'x[i]'),
 ('pdsh:02.08:08',
  'rng = np.random.default_rng(seed=42)\nX = rng.integers(0, 10, (4, 6))\nprint(X)'),
 ('pdsh:02.08:09', '# sort each column of X\nnp.sort(X, axis=0)'),
 ('pdsh:02.08:10', '# sort each row of X\nnp.sort(X, axis=1)'),
 ('pdsh:02.08:11', 'x = np.array([7, 2, 3, 1, 6, 5, 4])\nnp.partition(x, 3)'),
 ('pdsh:02.08:12', 'np.partition(X, 2, axis=1)'),
 ('pdsh:02.08:13', 'X = rng.random((10, 2))'),
 ('pdsh:02.08:14',
  '%matplotlib inline\n'
  'import matplotlib.pyplot as plt\n'
  "plt.style.use('seaborn-whitegrid')\n"
  'plt.scatter(X[:, 0], X[:, 1], s=100);'),
 ('pdsh:02.08:15', 'dist_sq = np.sum((X[:, np.newaxis] - X[np.newaxis, :]) ** 2, axis=-1)'),
 ('pdsh:02.08:16',
  '# for each pair of points, compute differences in their coordinates\n'
  'differences = X[:, np.newaxis] - X[np.newaxis, :]\n'
  'differences.shape'),
 ('pdsh:02.08:17',
  '# square the coordinate differences\nsq_differences = differences ** 2\nsq_differences.shape'),
 ('pdsh:02.08:18',
  '# sum the coordinate differences to get the squared distance\n'
  'dist_sq = sq_differences.sum(-1)\n'
  'dist_sq.shape'),
 ('pdsh:02.08:19', 'dist_sq.diagonal()'),
 ('pdsh:02.08:20', 'nearest = np.argsort(dist_sq, axis=1)\nprint(nearest)'),
 ('pdsh:02.08:21', 'K = 2\nnearest_partition = np.argpartition(dist_sq, K + 1, axis=1)'),
 ('pdsh:02.08:22',
  'plt.scatter(X[:, 0], X[:, 1], s=100)\n'
  '\n'
  '# draw lines from each point to its two nearest neighbors\n'
  'K = 2\n'
  '\n'
  'for i in range(X.shape[0]):\n'
  '    for j in nearest_partition[i, :K+1]:\n'
  '        # plot a line from X[i] to X[j]\n'
  '        # use some zip magic to make it happen:\n'
  "        plt.plot(*zip(X[j], X[i]), color='black')"),
 ('pdsh:02.09:01', 'import numpy as np'),
 ('pdsh:02.09:02',
  "name = ['Alice', 'Bob', 'Cathy', 'Doug']\n"
  'age = [25, 45, 37, 19]\n'
  'weight = [55.0, 85.5, 68.0, 61.5]'),
 ('pdsh:02.09:03', 'x = np.zeros(4, dtype=int)'),
 ('pdsh:02.09:04',
  '# Use a compound data type for structured arrays\n'
  "data = np.zeros(4, dtype={'names':('name', 'age', 'weight'),\n"
  "                          'formats':('U10', 'i4', 'f8')})\n"
  'print(data.dtype)'),
 ('pdsh:02.09:05', "data['name'] = name\ndata['age'] = age\ndata['weight'] = weight\nprint(data)"),
 ('pdsh:02.09:06', "# Get all names\ndata['name']"),
 ('pdsh:02.09:07', '# Get first row of data\ndata[0]'),
 ('pdsh:02.09:08', "# Get the name from the last row\ndata[-1]['name']"),
 ('pdsh:02.09:09', "# Get names where age is under 30\ndata[data['age'] < 30]['name']"),
 ('pdsh:02.09:10',
  "np.dtype({'names':('name', 'age', 'weight'),\n          'formats':('U10', 'i4', 'f8')})"),
 ('pdsh:02.09:11',
  "np.dtype({'names':('name', 'age', 'weight'),\n"
  "          'formats':((np.str_, 10), int, np.float32)})"),
 ('pdsh:02.09:12', "np.dtype([('name', 'S10'), ('age', 'i4'), ('weight', 'f8')])"),
 ('pdsh:02.09:13', "np.dtype('S10,i4,f8')"),
 ('pdsh:02.09:14',
  "tp = np.dtype([('id', 'i8'), ('mat', 'f8', (3, 3))])\n"
  'X = np.zeros(1, dtype=tp)\n'
  'print(X[0])\n'
  "print(X['mat'][0])"),
 ('pdsh:02.09:15', "data['age']"),
 ('pdsh:02.09:16', 'data_rec = data.view(np.recarray)\ndata_rec.age'),
 ('pdsh:02.09:17', "%timeit data['age']\n%timeit data_rec['age']\n%timeit data_rec.age")]
