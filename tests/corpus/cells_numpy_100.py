"""numpy_100: Nicolas P. Rougier, 100 NumPy exercises, https://github.com/rougier/numpy-100.

Licence: MIT; see licenses/numpy-100-LICENSE.txt.
Extracted by corpus_extract.py from commit 6447594ad639908dc979446a4ec7f0f2e62fb23b; the code of each cell is unchanged.
"""

CELLS = [('numpy_100:001', 'import numpy as np'),
 ('numpy_100:002', 'print(np.__version__)\nnp.show_config()'),
 ('numpy_100:003', 'Z = np.zeros(10)\nprint(Z)'),
 ('numpy_100:004',
  'Z = np.zeros((10,10))\n'
  'print("%d bytes" % (Z.size * Z.itemsize))\n'
  '\n'
  '# Simpler alternative\n'
  'print("%d bytes" % Z.nbytes)'),
 ('numpy_100:005', '%run `python -c "import numpy; numpy.info(numpy.add)"`'),
 ('numpy_100:006', 'Z = np.zeros(10)\nZ[4] = 1\nprint(Z)'),
 ('numpy_100:007', 'Z = np.arange(10,50)\nprint(Z)'),
 ('numpy_100:008', 'Z = np.arange(50)\nZ = Z[::-1]\nprint(Z)'),
 ('numpy_100:009', 'Z = np.arange(9).reshape(3, 3)\nprint(Z)'),
 ('numpy_100:010', 'nz = np.nonzero([1,2,0,0,4,0])\nprint(nz)'),
 ('numpy_100:011', 'Z = np.eye(3)\nprint(Z)'),
 ('numpy_100:012', 'Z = np.random.random((3,3,3))\nprint(Z)'),
 ('numpy_100:013',
  'Z = np.random.random((10,10))\nZmin, Zmax = Z.min(), Z.max()\nprint(Zmin, Zmax)'),
 ('numpy_100:014', 'Z = np.random.random(30)\nm = Z.mean()\nprint(m)'),
 ('numpy_100:015', 'Z = np.ones((10,10))\nZ[1:-1,1:-1] = 0\nprint(Z)'),
 ('numpy_100:016',
  'Z = np.ones((5,5))\n'
  "Z = np.pad(Z, pad_width=1, mode='constant', constant_values=0)\n"
  'print(Z)\n'
  '\n'
  '# Using fancy indexing\n'
  'Z[:, [0, -1]] = 0\n'
  'Z[[0, -1], :] = 0\n'
  'print(Z)'),
 ('numpy_100:017',
  'print(0 * np.nan)\n'
  'print(np.nan == np.nan)\n'
  'print(np.inf > np.nan)\n'
  'print(np.nan - np.nan)\n'
  'print(np.nan in set([np.nan]))\n'
  'print(0.3 == 3 * 0.1)'),
 ('numpy_100:018', 'Z = np.diag(1+np.arange(4),k=-1)\nprint(Z)'),
 ('numpy_100:019', 'Z = np.zeros((8,8),dtype=int)\nZ[1::2,::2] = 1\nZ[::2,1::2] = 1\nprint(Z)'),
 ('numpy_100:020', 'print(np.unravel_index(99,(6,7,8)))'),
 ('numpy_100:021', 'Z = np.tile( np.array([[0,1],[1,0]]), (4,4))\nprint(Z)'),
 ('numpy_100:022', 'Z = np.random.random((5,5))\nZ = (Z - np.mean (Z)) / (np.std (Z))\nprint(Z)'),
 ('numpy_100:023',
  'color = np.dtype([("r", np.ubyte),\n'
  '                  ("g", np.ubyte),\n'
  '                  ("b", np.ubyte),\n'
  '                  ("a", np.ubyte)])'),
 ('numpy_100:024',
  'Z = np.matmul(np.ones((5, 3)), np.ones((3, 2)))\n'
  'print(Z)\n'
  '\n'
  '# Alternative solution, in Python 3.5 and above\n'
  'Z = np.ones((5,3)) @ np.ones((3,2))\n'
  'print(Z)'),
 ('numpy_100:025',
  '# Author: Evgeni Burovski\n\nZ = np.arange(11)\nZ[(3 < Z) & (Z < 8)] *= -1\nprint(Z)'),
 ('numpy_100:026',
  '# Author: Jake VanderPlas\n'
  '\n'
  'print(sum(range(5),-1))\n'
  'from numpy import *\n'
  'print(sum(range(5),-1))'),
 ('numpy_100:027', 'Z**Z\n2 << Z >> 2\nZ <- Z\n1j*Z\nZ/1/1\nZ<Z>Z'),
 ('numpy_100:028',
  'print(np.array(0) / np.array(0))\n'
  'print(np.array(0) // np.array(0))\n'
  'print(np.array([np.nan]).astype(int).astype(float))'),
 ('numpy_100:029',
  '# Author: Charles R Harris\n'
  '\n'
  'Z = np.random.uniform(-10,+10,10)\n'
  'print(np.copysign(np.ceil(np.abs(Z)), Z))\n'
  '\n'
  '# More readable but less efficient\n'
  'print(np.where(Z>0, np.ceil(Z), np.floor(Z)))'),
 ('numpy_100:030',
  'Z1 = np.random.randint(0,10,10)\nZ2 = np.random.randint(0,10,10)\nprint(np.intersect1d(Z1,Z2))'),
 ('numpy_100:031',
  '# Suicide mode on\n'
  'defaults = np.seterr(all="ignore")\n'
  'Z = np.ones(1) / 0\n'
  '\n'
  '# Back to sanity\n'
  '_ = np.seterr(**defaults)\n'
  '\n'
  '# Equivalently with a context manager\n'
  'with np.errstate(all="ignore"):\n'
  '    np.arange(3) / 0'),
 ('numpy_100:032', 'np.sqrt(-1) == np.emath.sqrt(-1)'),
 ('numpy_100:033',
  "yesterday = np.datetime64('today') - np.timedelta64(1)\n"
  "today     = np.datetime64('today')\n"
  "tomorrow  = np.datetime64('today') + np.timedelta64(1)"),
 ('numpy_100:034', "Z = np.arange('2016-07', '2016-08', dtype='datetime64[D]')\nprint(Z)"),
 ('numpy_100:035',
  'A = np.ones(3)*1\n'
  'B = np.ones(3)*2\n'
  'np.add(A,B,out=B)\n'
  'np.divide(A,2,out=A)\n'
  'np.negative(A,out=A)\n'
  'np.multiply(A,B,out=A)'),
 ('numpy_100:036',
  'Z = np.random.uniform(0,10,10)\n'
  '\n'
  'print(Z - Z%1)\n'
  'print(Z // 1)\n'
  'print(np.floor(Z))\n'
  'print(Z.astype(int))\n'
  'print(np.trunc(Z))'),
 ('numpy_100:037',
  'Z = np.zeros((5,5))\n'
  'Z += np.arange(5)\n'
  'print(Z)\n'
  '\n'
  '# without broadcasting\n'
  'Z = np.tile(np.arange(0, 5), (5,1))\n'
  'print(Z)'),
 ('numpy_100:038',
  'def generate():\n'
  '    for x in range(10):\n'
  '        yield x\n'
  'Z = np.fromiter(generate(),dtype=float,count=-1)\n'
  'print(Z)'),
 ('numpy_100:039', 'Z = np.linspace(0,1,11,endpoint=False)[1:]\nprint(Z)'),
 ('numpy_100:040', 'Z = np.random.random(10)\nZ.sort()\nprint(Z)'),
 ('numpy_100:041', '# Author: Evgeni Burovski\n\nZ = np.arange(10)\nnp.add.reduce(Z)'),
 ('numpy_100:042',
  'A = np.random.randint(0,2,5)\n'
  'B = np.random.randint(0,2,5)\n'
  '\n'
  '# Assuming identical shape of the arrays and a tolerance for the comparison of values\n'
  'equal = np.allclose(A,B)\n'
  'print(equal)\n'
  '\n'
  '# Checking both the shape and the element values, no tolerance (values have to be exactly '
  'equal)\n'
  'equal = np.array_equal(A,B)\n'
  'print(equal)'),
 ('numpy_100:043', 'Z = np.zeros(10)\nZ.flags.writeable = False\nZ[0] = 1'),
 ('numpy_100:044',
  'Z = np.random.random((10,2))\n'
  'X,Y = Z[:,0], Z[:,1]\n'
  'R = np.sqrt(X**2+Y**2)\n'
  'T = np.arctan2(Y,X)\n'
  'print(R)\n'
  'print(T)'),
 ('numpy_100:045', 'Z = np.random.random(10)\nZ[Z.argmax()] = 0\nprint(Z)'),
 ('numpy_100:046',
  "Z = np.zeros((5,5), [('x',float),('y',float)])\n"
  "Z['x'], Z['y'] = np.meshgrid(np.linspace(0,1,5),\n"
  '                             np.linspace(0,1,5))\n'
  'print(Z)'),
 ('numpy_100:047',
  '# Author: Evgeni Burovski\n'
  '\n'
  'X = np.arange(8)\n'
  'Y = X + 0.5\n'
  'C = 1.0 / np.subtract.outer(X, Y)\n'
  'print(np.linalg.det(C))'),
 ('numpy_100:048',
  'for dtype in [np.int8, np.int32, np.int64]:\n'
  '   print(np.iinfo(dtype).min)\n'
  '   print(np.iinfo(dtype).max)\n'
  'for dtype in [np.float32, np.float64]:\n'
  '   print(np.finfo(dtype).min)\n'
  '   print(np.finfo(dtype).max)\n'
  '   print(np.finfo(dtype).eps)'),
 ('numpy_100:049', 'np.set_printoptions(threshold=float("inf"))\nZ = np.zeros((40,40))\nprint(Z)'),
 ('numpy_100:050',
  'Z = np.arange(100)\n'
  'v = np.random.uniform(0,100)\n'
  'index = (np.abs(Z-v)).argmin()\n'
  'print(Z[index])'),
 ('numpy_100:051',
  "Z = np.zeros(10, [ ('position', [ ('x', float, 1),\n"
  "                                  ('y', float, 1)]),\n"
  "                   ('color',    [ ('r', float, 1),\n"
  "                                  ('g', float, 1),\n"
  "                                  ('b', float, 1)])])\n"
  'print(Z)'),
 ('numpy_100:052',
  'Z = np.random.random((10,2))\n'
  'X,Y = np.atleast_2d(Z[:,0], Z[:,1])\n'
  'D = np.sqrt( (X-X.T)**2 + (Y-Y.T)**2)\n'
  'print(D)\n'
  '\n'
  '# Much faster with scipy\n'
  'import scipy\n'
  '# Thanks Gavin Heverly-Coulson (#issue 1)\n'
  'import scipy.spatial\n'
  '\n'
  'Z = np.random.random((10,2))\n'
  'D = scipy.spatial.distance.cdist(Z,Z)\n'
  'print(D)'),
 ('numpy_100:053',
  '# Thanks Vikas (https://stackoverflow.com/a/10622758/5989906)\n'
  '# & unutbu (https://stackoverflow.com/a/4396247/5989906)\n'
  'Z = (np.random.rand(10)*100).astype(np.float32)\n'
  'Y = Z.view(np.int32)\n'
  'Y[:] = Z\n'
  'print(Y)'),
 ('numpy_100:054',
  'from io import StringIO\n'
  '\n'
  '# Fake file\n'
  "s = StringIO('''1, 2, 3, 4, 5\n"
  '\n'
  '                6,  ,  , 7, 8\n'
  '\n'
  '                 ,  , 9,10,11\n'
  "''')\n"
  'Z = np.genfromtxt(s, delimiter=",", dtype = int, filling_values = 0)\n'
  'print(Z)'),
 ('numpy_100:055',
  'Z = np.arange(9).reshape(3,3)\n'
  'for index, value in np.ndenumerate(Z):\n'
  '    print(index, value)\n'
  'for index in np.ndindex(Z.shape):\n'
  '    print(index, Z[index])'),
 ('numpy_100:056',
  'X, Y = np.meshgrid(np.linspace(-1,1,10), np.linspace(-1,1,10))\n'
  'D = np.sqrt(X*X+Y*Y)\n'
  'sigma, mu = 1.0, 0.0\n'
  'G = np.exp(-( (D-mu)**2 / ( 2.0 * sigma**2 ) ) )\n'
  'print(G)'),
 ('numpy_100:057',
  '# Author: Divakar\n'
  '\n'
  'n = 10\n'
  'p = 3\n'
  'Z = np.zeros((n,n))\n'
  'np.put(Z, np.random.choice(range(n*n), p, replace=False),1)\n'
  'print(Z)'),
 ('numpy_100:058',
  '# Author: Warren Weckesser\n'
  '\n'
  'X = np.random.rand(5, 10)\n'
  '\n'
  '# Recent versions of numpy\n'
  'Y = X - X.mean(axis=1, keepdims=True)\n'
  '\n'
  '# Older versions of numpy\n'
  'Y = X - X.mean(axis=1).reshape(-1, 1)\n'
  '\n'
  'print(Y)'),
 ('numpy_100:059',
  '# Author: Steve Tjoa\n'
  '\n'
  'Z = np.random.randint(0,10,(3,3))\n'
  'print(Z)\n'
  'print(Z[Z[:,1].argsort()])'),
 ('numpy_100:060',
  '# Author: Warren Weckesser\n'
  '\n'
  '# null : 0 \n'
  'Z = np.random.randint(0,3,(3,10))\n'
  'print((~Z.any(axis=0)).any())\n'
  '\n'
  '# null : np.nan\n'
  'Z=np.array([\n'
  '    [0,1,np.nan],\n'
  '    [1,2,np.nan],\n'
  '    [4,5,np.nan]\n'
  '])\n'
  'print(np.isnan(Z).all(axis=0))'),
 ('numpy_100:061',
  'Z = np.random.uniform(0,1,10)\nz = 0.5\nm = Z.flat[np.abs(Z - z).argmin()]\nprint(m)'),
 ('numpy_100:062',
  'A = np.arange(3).reshape(3,1)\n'
  'B = np.arange(3).reshape(1,3)\n'
  'it = np.nditer([A,B,None])\n'
  'for x,y,z in it: z[...] = x + y\n'
  'print(it.operands[2])'),
 ('numpy_100:063',
  'class NamedArray(np.ndarray):\n'
  '    def __new__(cls, array, name="no name"):\n'
  '        obj = np.asarray(array).view(cls)\n'
  '        obj.name = name\n'
  '        return obj\n'
  '    def __array_finalize__(self, obj):\n'
  '        if obj is None: return\n'
  '        self.name = getattr(obj, \'name\', "no name")\n'
  '\n'
  'Z = NamedArray(np.arange(10), "range_10")\n'
  'print (Z.name)'),
 ('numpy_100:064',
  '# Author: Brett Olsen\n'
  '\n'
  'Z = np.ones(10)\n'
  'I = np.random.randint(0,len(Z),20)\n'
  'Z += np.bincount(I, minlength=len(Z))\n'
  'print(Z)\n'
  '\n'
  '# Another solution\n'
  '# Author: Bartosz Telenczuk\n'
  'np.add.at(Z, I, 1)\n'
  'print(Z)'),
 ('numpy_100:065',
  '# Author: Alan G Isaac\n\nX = [1,2,3,4,5,6]\nI = [1,3,9,3,4,1]\nF = np.bincount(I,X)\nprint(F)'),
 ('numpy_100:066',
  '# Author: Fisher Wang\n'
  '\n'
  'w, h = 256, 256\n'
  'I = np.random.randint(0, 4, (h, w, 3)).astype(np.ubyte)\n'
  'colors = np.unique(I.reshape(-1, 3), axis=0)\n'
  'n = len(colors)\n'
  'print(n)\n'
  '\n'
  '# Faster version\n'
  '# Author: Mark Setchell\n'
  '# https://stackoverflow.com/a/59671950/2836621\n'
  '\n'
  'w, h = 256, 256\n'
  'I = np.random.randint(0,4,(h,w,3), dtype=np.uint8)\n'
  '\n'
  '# View each pixel as a single 24-bit integer, rather than three 8-bit bytes\n'
  'I24 = np.dot(I.astype(np.uint32),[1,256,65536])\n'
  '\n'
  '# Count unique colours\n'
  'n = len(np.unique(I24))\n'
  'print(n)'),
 ('numpy_100:067',
  'A = np.random.randint(0,10,(3,4,3,4))\n'
  '# solution by passing a tuple of axes (introduced in numpy 1.7.0)\n'
  'sum = A.sum(axis=(-2,-1))\n'
  'print(sum)\n'
  '# solution by flattening the last two dimensions into one\n'
  "# (useful for functions that don't accept tuples for axis argument)\n"
  'sum = A.reshape(A.shape[:-2] + (-1,)).sum(axis=-1)\n'
  'print(sum)'),
 ('numpy_100:068',
  '# Author: Jaime Fernández del Río\n'
  '\n'
  'D = np.random.uniform(0,1,100)\n'
  'S = np.random.randint(0,10,100)\n'
  'D_sums = np.bincount(S, weights=D)\n'
  'D_counts = np.bincount(S)\n'
  'D_means = D_sums / D_counts\n'
  'print(D_means)\n'
  '\n'
  '# Pandas solution as a reference due to more intuitive code\n'
  'import pandas as pd\n'
  'print(pd.Series(D).groupby(S).mean())'),
 ('numpy_100:069',
  '# Author: Mathieu Blondel\n'
  '\n'
  'A = np.random.uniform(0,1,(5,5))\n'
  'B = np.random.uniform(0,1,(5,5))\n'
  '\n'
  '# Slow version\n'
  'np.diag(np.dot(A, B))\n'
  '\n'
  '# Fast version\n'
  'np.sum(A * B.T, axis=1)\n'
  '\n'
  '# Faster version\n'
  'np.einsum("ij,ji->i", A, B)'),
 ('numpy_100:070',
  '# Author: Warren Weckesser\n'
  '\n'
  'Z = np.array([1,2,3,4,5])\n'
  'nz = 3\n'
  'Z0 = np.zeros(len(Z) + (len(Z)-1)*(nz))\n'
  'Z0[::nz+1] = Z\n'
  'print(Z0)'),
 ('numpy_100:071', 'A = np.ones((5,5,3))\nB = 2*np.ones((5,5))\nprint(A * B[:,:,None])'),
 ('numpy_100:072',
  '# Author: Eelco Hoogendoorn\n\nA = np.arange(25).reshape(5,5)\nA[[0,1]] = A[[1,0]]\nprint(A)'),
 ('numpy_100:073',
  '# Author: Nicolas P. Rougier\n'
  '\n'
  'faces = np.random.randint(0,100,(10,3))\n'
  'F = np.roll(faces.repeat(2,axis=1),-1,axis=1)\n'
  'F = F.reshape(len(F)*3,2)\n'
  'F = np.sort(F,axis=1)\n'
  "G = F.view( dtype=[('p0',F.dtype),('p1',F.dtype)] )\n"
  'G = np.unique(G)\n'
  'print(G)'),
 ('numpy_100:074',
  '# Author: Jaime Fernández del Río\n'
  '\n'
  'C = np.bincount([1,1,2,3,4,4,6])\n'
  'A = np.repeat(np.arange(len(C)), C)\n'
  'print(A)'),
 ('numpy_100:075',
  '# Author: Jaime Fernández del Río\n'
  '\n'
  'def moving_average(a, n=3) :\n'
  '    ret = np.cumsum(a, dtype=float)\n'
  '    ret[n:] = ret[n:] - ret[:-n]\n'
  '    return ret[n - 1:] / n\n'
  'Z = np.arange(20)\n'
  'print(moving_average(Z, n=3))\n'
  '\n'
  '# Author: Jeff Luo (@Jeff1999)\n'
  '# make sure your NumPy >= 1.20.0\n'
  '\n'
  'from numpy.lib.stride_tricks import sliding_window_view\n'
  '\n'
  'Z = np.arange(20)\n'
  'print(sliding_window_view(Z, window_shape=3).mean(axis=-1))'),
 ('numpy_100:076',
  '# Author: Joe Kington / Erik Rigtorp\n'
  'from numpy.lib import stride_tricks\n'
  '\n'
  'def rolling(a, window):\n'
  '    shape = (a.size - window + 1, window)\n'
  '    strides = (a.strides[0], a.strides[0])\n'
  '    return stride_tricks.as_strided(a, shape=shape, strides=strides)\n'
  'Z = rolling(np.arange(10), 3)\n'
  'print(Z)\n'
  '\n'
  '# Author: Jeff Luo (@Jeff1999)\n'
  '\n'
  'Z = np.arange(10)\n'
  'print(sliding_window_view(Z, window_shape=3))'),
 ('numpy_100:077',
  '# Author: Nathaniel J. Smith\n'
  '\n'
  'Z = np.random.randint(0,2,100)\n'
  'np.logical_not(Z, out=Z)\n'
  '\n'
  'Z = np.random.uniform(-1.0,1.0,100)\n'
  'np.negative(Z, out=Z)'),
 ('numpy_100:078',
  'P0 = np.random.uniform(-10,10,(10,2))\n'
  'P1 = np.random.uniform(-10,10,(10,2))\n'
  'p  = np.random.uniform(-10,10,( 1,2))\n'
  '\n'
  'def distance_faster(P0,P1,p):\n'
  '    #Author: Hemanth Pasupuleti\n'
  '    #Reference: https://mathworld.wolfram.com/Point-LineDistance2-Dimensional.html\n'
  '\n'
  '    v = P1- P0 \n'
  '    v[:,[0,1]] = v[:,[1,0]]\n'
  '    v[:,1]*=-1 \n'
  '    norm = np.linalg.norm(v,axis=1)   \n'
  '    r = P0 - p\n'
  '    d = np.abs(np.einsum("ij,ij->i",r,v)) / norm \n'
  '\n'
  '    return d\n'
  '\n'
  'print(distance_faster(P0, P1, p))\n'
  '\n'
  '##--------------- OR ---------------##\n'
  'def distance_slower(P0, P1, p):\n'
  '    T = P1 - P0\n'
  '    L = (T**2).sum(axis=1)\n'
  '    U = -((P0[:,0]-p[...,0])*T[:,0] + (P0[:,1]-p[...,1])*T[:,1]) / L\n'
  '    U = U.reshape(len(U),1)\n'
  '    D = P0 + U*T - p\n'
  '    return np.sqrt((D**2).sum(axis=1))\n'
  '\n'
  'print(distance_slower(P0, P1, p))'),
 ('numpy_100:079',
  '# Author: Italmassov Kuanysh\n'
  '\n'
  '# based on distance function from previous question\n'
  'P0 = np.random.uniform(-10, 10, (10,2))\n'
  'P1 = np.random.uniform(-10,10,(10,2))\n'
  'p = np.random.uniform(-10, 10, (10,2))\n'
  'print(np.array([distance(P0,P1,p_i) for p_i in p]))\n'
  '\n'
  '# Author: Yang Wu (Broadcasting)\n'
  'def distance_points_to_lines(p: np.ndarray, p_1: np.ndarray, p_2: np.ndarray) -> np.ndarray:\n'
  '    x_0, y_0 = p.T  # Shape -> (n points, )\n'
  '    x_1, y_1 = p_1.T  # Shape -> (n lines, )\n'
  '    x_2, y_2 = p_2.T  # Shape -> (n lines, )\n'
  '\n'
  '    # Displacement vector coordinates from p_1 -> p_2\n'
  '    dx = x_2 - x_1  # Shape -> (n lines, )\n'
  '    dy = y_2 - y_1  # Shape -> (n lines, )\n'
  '\n'
  "    # The 'cross product' term\n"
  '    cross_term = x_2 * y_1 - y_2 * x_1  # Shape -> (n lines, )\n'
  '\n'
  '    # Broadcast x_0, y_0 (n points, 1) and dx, dy, cross_term (1, n lines) -> (n points, n '
  'lines)\n'
  '    numerator = np.abs(\n'
  '        dy[np.newaxis, :] * x_0[:, np.newaxis]\n'
  '        - dx[np.newaxis, :] * y_0[:, np.newaxis]\n'
  '        + cross_term[np.newaxis, :]\n'
  '    )\n'
  '    denominator = np.sqrt(dx**2 + dy**2)  # Shape -> (n lines, )\n'
  '\n'
  '    # Shape (n points, n lines) / (1, n_lines) -> (n points, n lines)\n'
  '    return numerator / denominator[np.newaxis, :]\n'
  '\n'
  'distance_points_to_lines(p, P0, P1)'),
 ('numpy_100:080',
  '# Author: Nicolas Rougier\n'
  '\n'
  'Z = np.random.randint(0,10,(10,10))\n'
  'shape = (5,5)\n'
  'fill  = 0\n'
  'position = (1,1)\n'
  '\n'
  'R = np.ones(shape, dtype=Z.dtype)*fill\n'
  'P  = np.array(list(position)).astype(int)\n'
  'Rs = np.array(list(R.shape)).astype(int)\n'
  'Zs = np.array(list(Z.shape)).astype(int)\n'
  '\n'
  'R_start = np.zeros((len(shape),)).astype(int)\n'
  'R_stop  = np.array(list(shape)).astype(int)\n'
  'Z_start = (P-Rs//2)\n'
  'Z_stop  = (P+Rs//2)+Rs%2\n'
  '\n'
  'R_start = (R_start - np.minimum(Z_start,0)).tolist()\n'
  'Z_start = (np.maximum(Z_start,0)).tolist()\n'
  'R_stop = np.maximum(R_start, (R_stop - np.maximum(Z_stop-Zs,0))).tolist()\n'
  'Z_stop = (np.minimum(Z_stop,Zs)).tolist()\n'
  '\n'
  'r = tuple([slice(start,stop) for start,stop in zip(R_start,R_stop)])\n'
  'z = tuple([slice(start,stop) for start,stop in zip(Z_start,Z_stop)])\n'
  'R[r] = Z[z]\n'
  'print(Z)\n'
  'print(R)'),
 ('numpy_100:081',
  '# Author: Stefan van der Walt\n'
  '\n'
  'Z = np.arange(1,15,dtype=np.uint32)\n'
  'R = stride_tricks.as_strided(Z,(11,4),(4,4))\n'
  'print(R)\n'
  '\n'
  '# Author: Jeff Luo (@Jeff1999)\n'
  '\n'
  'Z = np.arange(1, 15, dtype=np.uint32)\n'
  'print(sliding_window_view(Z, window_shape=4))'),
 ('numpy_100:082',
  '# Author: Stefan van der Walt\n'
  '\n'
  'Z = np.random.uniform(0,1,(10,10))\n'
  'U, S, V = np.linalg.svd(Z) # Singular Value Decomposition\n'
  'threshold = len(S) * S.max() * np.finfo(S.dtype).eps\n'
  'rank = np.sum(S > threshold)\n'
  'print(rank)\n'
  '\n'
  '# alternative solution:\n'
  '# Author: Jeff Luo (@Jeff1999)\n'
  '\n'
  'rank = np.linalg.matrix_rank(Z)\n'
  'print(rank)'),
 ('numpy_100:083', 'Z = np.random.randint(0,10,50)\nprint(np.bincount(Z).argmax())'),
 ('numpy_100:084',
  '# Author: Chris Barker\n'
  '\n'
  'Z = np.random.randint(0,5,(10,10))\n'
  'n = 3\n'
  'i = 1 + (Z.shape[0]-3)\n'
  'j = 1 + (Z.shape[1]-3)\n'
  'C = stride_tricks.as_strided(Z, shape=(i, j, n, n), strides=Z.strides + Z.strides)\n'
  'print(C)\n'
  '\n'
  '# Author: Jeff Luo (@Jeff1999)\n'
  '\n'
  'Z = np.random.randint(0,5,(10,10))\n'
  'print(sliding_window_view(Z, window_shape=(3, 3)))'),
 ('numpy_100:085',
  '# Author: Eric O. Lebigot\n'
  '# Note: only works for 2d array and value setting using indices\n'
  '\n'
  'class Symetric(np.ndarray):\n'
  '    def __setitem__(self, index, value):\n'
  '        i,j = index\n'
  '        super(Symetric, self).__setitem__((i,j), value)\n'
  '        super(Symetric, self).__setitem__((j,i), value)\n'
  '\n'
  'def symetric(Z):\n'
  '    return np.asarray(Z + Z.T - np.diag(Z.diagonal())).view(Symetric)\n'
  '\n'
  'S = symetric(np.random.randint(0,10,(5,5)))\n'
  'S[2,3] = 42\n'
  'print(S)'),
 ('numpy_100:086',
  '# Author: Stefan van der Walt\n'
  '\n'
  'p, n = 10, 20\n'
  'M = np.ones((p,n,n))\n'
  'V = np.ones((p,n,1))\n'
  'S = np.tensordot(M, V, axes=[[0, 2], [0, 1]])\n'
  'print(S)\n'
  '\n'
  '# It works, because:\n'
  '# M is (p,n,n)\n'
  '# V is (p,n,1)\n'
  '# Thus, summing over the paired axes 0 and 0 (of M and V independently),\n'
  '# and 2 and 1, to remain with a (n,1) vector.'),
 ('numpy_100:087',
  '# Author: Robert Kern\n'
  '\n'
  'Z = np.ones((16,16))\n'
  'k = 4\n'
  'S = np.add.reduceat(np.add.reduceat(Z, np.arange(0, Z.shape[0], k), axis=0),\n'
  '                                       np.arange(0, Z.shape[1], k), axis=1)\n'
  'print(S)\n'
  '\n'
  '# alternative solution:\n'
  '# Author: Sebastian Wallkötter (@FirefoxMetzger)\n'
  '\n'
  'Z = np.ones((16,16))\n'
  'k = 4\n'
  '\n'
  'windows = np.lib.stride_tricks.sliding_window_view(Z, (k, k))\n'
  'S = windows[::k, ::k, ...].sum(axis=(-2, -1))\n'
  '\n'
  '# alternative solution (by @Gattocrucco)\n'
  'S = Z.reshape(4, 4, 4, 4).sum((1, 3))'),
 ('numpy_100:088',
  '# Author: Nicolas Rougier\n'
  '\n'
  'def iterate(Z):\n'
  '    # Count neighbours\n'
  '    N = (Z[0:-2,0:-2] + Z[0:-2,1:-1] + Z[0:-2,2:] +\n'
  '         Z[1:-1,0:-2]                + Z[1:-1,2:] +\n'
  '         Z[2:  ,0:-2] + Z[2:  ,1:-1] + Z[2:  ,2:])\n'
  '\n'
  '    # Apply rules\n'
  '    birth = (N==3) & (Z[1:-1,1:-1]==0)\n'
  '    survive = ((N==2) | (N==3)) & (Z[1:-1,1:-1]==1)\n'
  '    Z[...] = 0\n'
  '    Z[1:-1,1:-1][birth | survive] = 1\n'
  '    return Z\n'
  '\n'
  'Z = np.random.randint(0,2,(50,50))\n'
  'for i in range(100): Z = iterate(Z)\n'
  'print(Z)'),
 ('numpy_100:089',
  'Z = np.arange(10000)\n'
  'np.random.shuffle(Z)\n'
  'n = 5\n'
  '\n'
  '# Slow\n'
  'print (Z[np.argsort(Z)[-n:]])\n'
  '\n'
  '# Fast\n'
  'print (Z[np.argpartition(-Z,n)[:n]])'),
 ('numpy_100:090',
  '# Author: Stefan Van der Walt\n'
  '\n'
  'def cartesian(arrays):\n'
  '    arrays = [np.asarray(a) for a in arrays]\n'
  '    shape = (len(x) for x in arrays)\n'
  '\n'
  '    ix = np.indices(shape, dtype=int)\n'
  '    ix = ix.reshape(len(arrays), -1).T\n'
  '\n'
  '    for n, arr in enumerate(arrays):\n'
  '        ix[:, n] = arrays[n][ix[:, n]]\n'
  '\n'
  '    return ix\n'
  '\n'
  'print (cartesian(([1, 2, 3], [4, 5], [6, 7])))'),
 ('numpy_100:091',
  'Z = np.array([("Hello", 2.5, 3),\n'
  '              ("World", 3.6, 2)])\n'
  'R = np.core.records.fromarrays(Z.T,\n'
  "                               names='col1, col2, col3',\n"
  "                               formats = 'S8, f8, i8')\n"
  'print(R)'),
 ('numpy_100:092',
  '# Author: Ryan G.\n'
  '\n'
  'x = np.random.rand(int(5e7))\n'
  '\n'
  '%timeit np.power(x,3)\n'
  '%timeit x*x*x\n'
  "%timeit np.einsum('i,i,i->i',x,x,x)"),
 ('numpy_100:093',
  '# Author: Gabe Schwartz\n'
  '\n'
  'A = np.random.randint(0,5,(8,3))\n'
  'B = np.random.randint(0,5,(2,2))\n'
  '\n'
  'C = (A[..., np.newaxis, np.newaxis] == B)\n'
  'rows = np.where(C.any((3,1)).all(1))[0]\n'
  'print(rows)'),
 ('numpy_100:094',
  '# Author: Robert Kern\n'
  '\n'
  'Z = np.random.randint(0,5,(10,3))\n'
  'print(Z)\n'
  '# solution for arrays of all dtypes (including string arrays and record arrays)\n'
  'E = np.all(Z[:,1:] == Z[:,:-1], axis=1)\n'
  'U = Z[~E]\n'
  'print(U)\n'
  '# soluiton for numerical arrays only, will work for any number of columns in Z\n'
  'U = Z[Z.max(axis=1) != Z.min(axis=1),:]\n'
  'print(U)'),
 ('numpy_100:095',
  '# Author: Warren Weckesser\n'
  '\n'
  'I = np.array([0, 1, 2, 3, 15, 16, 32, 64, 128])\n'
  'B = ((I.reshape(-1,1) & (2**np.arange(8))) != 0).astype(int)\n'
  'print(B[:,::-1])\n'
  '\n'
  '# Author: Daniel T. McDonald\n'
  '\n'
  'I = np.array([0, 1, 2, 3, 15, 16, 32, 64, 128], dtype=np.uint8)\n'
  'print(np.unpackbits(I[:, np.newaxis], axis=1))'),
 ('numpy_100:096',
  '# Author: Jaime Fernández del Río\n'
  '\n'
  'Z = np.random.randint(0,2,(6,3))\n'
  'T = np.ascontiguousarray(Z).view(np.dtype((np.void, Z.dtype.itemsize * Z.shape[1])))\n'
  '_, idx = np.unique(T, return_index=True)\n'
  'uZ = Z[idx]\n'
  'print(uZ)\n'
  '\n'
  '# Author: Andreas Kouzelis\n'
  '# NumPy >= 1.13\n'
  'uZ = np.unique(Z, axis=0)\n'
  'print(uZ)'),
 ('numpy_100:097',
  '# Author: Alex Riley\n'
  '# Make sure to read: http://ajcr.net/Basic-guide-to-einsum/\n'
  '\n'
  'A = np.random.uniform(0,1,10)\n'
  'B = np.random.uniform(0,1,10)\n'
  '\n'
  "np.einsum('i->', A)       # np.sum(A)\n"
  "np.einsum('i,i->i', A, B) # A * B\n"
  "np.einsum('i,i', A, B)    # np.inner(A, B)\n"
  "np.einsum('i,j->ij', A, B)    # np.outer(A, B)"),
 ('numpy_100:098',
  '# Author: Bas Swinckels\n'
  '\n'
  'phi = np.arange(0, 10*np.pi, 0.1)\n'
  'a = 1\n'
  'x = a*phi*np.cos(phi)\n'
  'y = a*phi*np.sin(phi)\n'
  '\n'
  'dr = (np.diff(x)**2 + np.diff(y)**2)**.5 # segment lengths\n'
  'r = np.zeros_like(x)\n'
  'r[1:] = np.cumsum(dr)                # integrate path\n'
  'r_int = np.linspace(0, r.max(), 200) # regular spaced path\n'
  'x_int = np.interp(r_int, r, x)       # integrate path\n'
  'y_int = np.interp(r_int, r, y)'),
 ('numpy_100:099',
  '# Author: Evgeni Burovski\n'
  '\n'
  'X = np.asarray([[1.0, 0.0, 3.0, 8.0],\n'
  '                [2.0, 0.0, 1.0, 1.0],\n'
  '                [1.5, 2.5, 1.0, 0.0]])\n'
  'n = 4\n'
  'M = np.logical_and.reduce(np.mod(X, 1) == 0, axis=-1)\n'
  'M &= (X.sum(axis=-1) == n)\n'
  'print(X[M])'),
 ('numpy_100:100',
  '# Author: Jessica B. Hamrick\n'
  '\n'
  'X = np.random.randn(100) # random 1D array\n'
  'N = 1000 # number of bootstrap samples\n'
  'idx = np.random.randint(0, X.size, (N, X.size))\n'
  'means = X[idx].mean(axis=1)\n'
  'confint = np.percentile(means, [2.5, 97.5])\n'
  'print(confint)')]
