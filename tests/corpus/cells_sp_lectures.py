"""sp_lectures: Scientific Python Lectures, the NumPy chapter (intro/numpy), https://github.com/scipy-lectures/scientific-python-lectures.

Licence: CC-BY 4.0; see licenses/scientific-python-lectures-LICENSE.md.
Extracted by corpus_extract.py from commit 817a97d8d9a26eeb4e735a402420cd34dd7e89fc; the code of each cell is unchanged.
"""

CELLS = [('sp_lectures:advanced_operations:001', 'import numpy as np\nimport matplotlib.pyplot as plt'),
 ('sp_lectures:advanced_operations:002', 'p = np.poly1d([3, 2, -1])\np(0)'),
 ('sp_lectures:advanced_operations:003', 'p.roots'),
 ('sp_lectures:advanced_operations:004', 'p.order'),
 ('sp_lectures:advanced_operations:005',
  'x = np.linspace(0, 1, 20)\n'
  'rng = np.random.default_rng()\n'
  'y = np.cos(x) + 0.3*rng.random(20)\n'
  'p = np.poly1d(np.polyfit(x, y, 3))\n'
  '\n'
  't = np.linspace(0, 1, 200) # use a larger number of points for smoother plotting\n'
  "plt.plot(x, y, 'o', t, p(t), '-');"),
 ('sp_lectures:advanced_operations:006',
  'p = np.polynomial.Polynomial([-1, 2, 3]) # coefs in different order!\np(0)'),
 ('sp_lectures:advanced_operations:007', 'p.roots()'),
 ('sp_lectures:advanced_operations:008',
  "p.degree()  # In general polynomials do not always expose 'order'"),
 ('sp_lectures:advanced_operations:009',
  'x = np.linspace(-1, 1, 2000)\n'
  'rng = np.random.default_rng()\n'
  'y = np.cos(x) + 0.3*rng.random(2000)\n'
  'p = np.polynomial.Chebyshev.fit(x, y, 90)'),
 ('sp_lectures:advanced_operations:010', "plt.plot(x, y, 'r.')\nplt.plot(x, p(x), 'k-', lw=3)"),
 ('sp_lectures:advanced_operations:011', "data = np.loadtxt('data/populations.txt')\ndata"),
 ('sp_lectures:advanced_operations:012',
  "np.savetxt('pop2.txt', data)\ndata2 = np.loadtxt('pop2.txt')"),
 ('sp_lectures:advanced_operations:013', 'pwd'),
 ('sp_lectures:advanced_operations:014', 'cd data'),
 ('sp_lectures:advanced_operations:015', 'ls'),
 ('sp_lectures:advanced_operations:016', 'cd ..'),
 ('sp_lectures:advanced_operations:017',
  "img = plt.imread('data/elephant.png')\nimg.shape, img.dtype"),
 ('sp_lectures:advanced_operations:018',
  "# Plot and save the original figure\nplt.imshow(img)\nplt.savefig('plot.png')"),
 ('sp_lectures:advanced_operations:019',
  '# Plot and save the red channel of the image.\n'
  "plt.imsave('red_elephant.png', img[:,:,0], cmap=plt.cm.gray)"),
 ('sp_lectures:advanced_operations:020', "plt.imshow(plt.imread('red_elephant.png'))"),
 ('sp_lectures:advanced_operations:021',
  'import imageio.v3 as iio\n'
  '\n'
  '# Lower resolution (every sixth pixel in each dimension).\n'
  "iio.imwrite('tiny_elephant.png', (img[::6,::6] * 255).astype(np.uint8))\n"
  "plt.imshow(plt.imread('tiny_elephant.png'), interpolation='nearest')"),
 ('sp_lectures:advanced_operations:022',
  "data = np.ones((3, 3))\nnp.save('pop.npy', data)\ndata3 = np.load('pop.npy')"),
 ('sp_lectures:advanced_operations:023',
  'data = np.loadtxt("data/populations.txt")\n'
  'reduced_data = data[5:, :-1]\n'
  'np.savetxt("pop2.txt", reduced_data)'),
 ('sp_lectures:array_object:001', '# Our usual import.\nimport numpy as np'),
 ('sp_lectures:array_object:002', 'import numpy as np\n\na = np.array([0, 1, 2, 3])\na'),
 ('sp_lectures:array_object:003', 'L = range(1000)\n%timeit [i**2 for i in L]'),
 ('sp_lectures:array_object:004', 'a = np.arange(1000)\n%timeit a**2'),
 ('sp_lectures:array_object:005', 'help(np.array)'),
 ('sp_lectures:array_object:006', 'import numpy as np'),
 ('sp_lectures:array_object:007', 'a = np.array([0, 1, 2, 3])\na'),
 ('sp_lectures:array_object:008', 'a.ndim'),
 ('sp_lectures:array_object:009', 'a.shape'),
 ('sp_lectures:array_object:010', 'len(a)'),
 ('sp_lectures:array_object:011', 'b = np.array([[0, 1, 2], [3, 4, 5]])    # 2 x 3 array\nb'),
 ('sp_lectures:array_object:012', 'b.ndim'),
 ('sp_lectures:array_object:013', 'b.shape'),
 ('sp_lectures:array_object:014', 'len(b)     # returns the size of the first dimension'),
 ('sp_lectures:array_object:015', 'c = np.array([[[1], [2]], [[3], [4]]])\nc'),
 ('sp_lectures:array_object:016', 'c.shape'),
 ('sp_lectures:array_object:017', 'a = np.arange(10) # 0 .. n-1  (!)\na'),
 ('sp_lectures:array_object:018', 'b = np.arange(1, 9, 2) # start, end (exclusive), step\nb'),
 ('sp_lectures:array_object:019', 'c = np.linspace(0, 1, 6)   # start, end, num-points\nc'),
 ('sp_lectures:array_object:020', 'd = np.linspace(0, 1, 5, endpoint=False)\nd'),
 ('sp_lectures:array_object:021', 'a = np.ones((3, 3))  # reminder: (3, 3) is a tuple\na'),
 ('sp_lectures:array_object:022', 'b = np.zeros((2, 2))\nb'),
 ('sp_lectures:array_object:023', 'c = np.eye(3)\nc'),
 ('sp_lectures:array_object:024', 'd = np.diag(np.array([1, 2, 3, 4]))\nd'),
 ('sp_lectures:array_object:025',
  'rng = np.random.default_rng(27446968)\na = rng.random(4)       # uniform in [0, 1]\na'),
 ('sp_lectures:array_object:026', 'b = rng.standard_normal(4)      # Gaussian\nb'),
 ('sp_lectures:array_object:027', 'np.arange(1, 6)'),
 ('sp_lectures:array_object:028', 'np.arange(-5, 0)'),
 ('sp_lectures:array_object:029', 'np.arange(2, 10, 2)'),
 ('sp_lectures:array_object:030', 'np.linspace(0, 10, 15)'),
 ('sp_lectures:array_object:031', 'a = np.array([1, 2, 3])\na.dtype'),
 ('sp_lectures:array_object:032', 'b = np.array([1., 2., 3.])\nb.dtype'),
 ('sp_lectures:array_object:033', 'c = np.array([1, 2, 3], dtype=float)\nc.dtype'),
 ('sp_lectures:array_object:034', 'a = np.ones((3, 3))\na.dtype'),
 ('sp_lectures:array_object:035', 'e = np.array([True, False, False, True])\ne.dtype'),
 ('sp_lectures:array_object:036',
  "f = np.array(['Bonjour', 'Hello', 'Hallo'])\n"
  'f.dtype     # <--- strings containing max. 7 letters'),
 ('sp_lectures:array_object:037', '%matplotlib'),
 ('sp_lectures:array_object:038', 'import matplotlib.pyplot as plt  # the tidy way'),
 ('sp_lectures:array_object:039',
  '# Example data\n'
  'x = np.linspace(0, 2 * np.pi)\n'
  'y = np.cos(x)\n'
  '\n'
  'plt.plot(x, y)       # line plot\n'
  'plt.show()           # <-- shows the plot (not needed with interactive plots)'),
 ('sp_lectures:array_object:040', 'plt.plot(x, y)       # line plot'),
 ('sp_lectures:array_object:041',
  'x = np.linspace(0, 3, 20)\ny = np.linspace(0, 9, 20)\nplt.plot(x, y)       # line plot'),
 ('sp_lectures:array_object:042', "plt.plot(x, y, 'o')  # dot plot"),
 ('sp_lectures:array_object:043',
  'rng = np.random.default_rng(27446968)\n'
  'image = rng.random((30, 30))\n'
  'plt.imshow(image, cmap=plt.cm.hot)\n'
  'plt.colorbar()'),
 ('sp_lectures:array_object:044', 'a = np.arange(10)\na'),
 ('sp_lectures:array_object:045', 'a[0], a[2], a[-1]'),
 ('sp_lectures:array_object:046', 'a[::-1]'),
 ('sp_lectures:array_object:047', 'a = np.diag(np.arange(3))\na'),
 ('sp_lectures:array_object:048', 'a[1, 1]'),
 ('sp_lectures:array_object:049', 'a[2, 1] = 10 # third line, second column\na'),
 ('sp_lectures:array_object:050', 'a[1]'),
 ('sp_lectures:array_object:051', 'a = np.arange(10)\na'),
 ('sp_lectures:array_object:052', 'a[2:9:3] # [start:end:step]'),
 ('sp_lectures:array_object:053', 'a[:4]'),
 ('sp_lectures:array_object:054', 'a[1:3]'),
 ('sp_lectures:array_object:055', 'a[::2]'),
 ('sp_lectures:array_object:056', 'a[3:]'),
 ('sp_lectures:array_object:057', 'a = np.arange(10)\na[5:] = 10\na'),
 ('sp_lectures:array_object:058', 'b = np.arange(5)\na[5:] = b[::-1]\na'),
 ('sp_lectures:array_object:059', 'a = np.ones((4, 4), dtype=int)\na[3, 1] = 6\na[2, 3] = 2\na'),
 ('sp_lectures:array_object:060', 'b = np.zeros((6, 5))\nb[1:] = np.diag(np.arange(2, 7))\nb'),
 ('sp_lectures:array_object:061',
  'block = np.array([[4, 3], [2, 1]])\na = np.tile(block, (2, 3))\na'),
 ('sp_lectures:array_object:062', 'a = np.arange(10)\na'),
 ('sp_lectures:array_object:063', 'b = a[::2]\nb'),
 ('sp_lectures:array_object:064', 'np.may_share_memory(a, b)'),
 ('sp_lectures:array_object:065', 'b[0] = 12\nb'),
 ('sp_lectures:array_object:066', 'a   # (!)'),
 ('sp_lectures:array_object:067',
  'a = np.arange(10)\nc = a[::2].copy()  # force a copy\nc[0] = 12\na'),
 ('sp_lectures:array_object:068', 'np.may_share_memory(a, c)'),
 ('sp_lectures:array_object:069', 'is_prime = np.ones((100,), dtype=bool)'),
 ('sp_lectures:array_object:070', 'is_prime[:2] = 0'),
 ('sp_lectures:array_object:071',
  'N_max = int(np.sqrt(len(is_prime) - 1))\n'
  'for j in range(2, N_max + 1):\n'
  '    is_prime[2*j::j] = False'),
 ('sp_lectures:array_object:072',
  'rng = np.random.default_rng(27446968)\na = rng.integers(0, 21, 15)\na'),
 ('sp_lectures:array_object:073', '(a % 3 == 0)'),
 ('sp_lectures:array_object:074',
  'mask = (a % 3 == 0)\n'
  'extract_from_a = a[mask] # or,  a[a%3==0]\n'
  'extract_from_a           # extract a sub-array with the mask'),
 ('sp_lectures:array_object:075', 'a[a % 3 == 0] = -1\na'),
 ('sp_lectures:array_object:076', 'a = np.arange(0, 100, 10)\na'),
 ('sp_lectures:array_object:077', 'a[[2, 3, 2, 4, 2]]  # note: [2, 3, 2, 4, 2] is a Python list'),
 ('sp_lectures:array_object:078', 'a[[9, 7]] = -100\na'),
 ('sp_lectures:array_object:079', 'a = np.arange(10)\nidx = np.array([[3, 4], [9, 7]])\nidx.shape'),
 ('sp_lectures:array_object:080', 'a[idx]'),
 ('sp_lectures:array_object:081', 'a = np.arange(12).reshape(3,4)\na'),
 ('sp_lectures:array_object:082',
  'i = np.array([[0, 1], [1, 2]])\na[i, 2]  # same as a[i, 2 * np.ones((2, 2), dtype=int)]'),
 ('sp_lectures:elaborate_arrays:001', 'import numpy as np\nimport matplotlib.pyplot as plt'),
 ('sp_lectures:elaborate_arrays:002', 'np.array([1, 2, 3]) + 1.5'),
 ('sp_lectures:elaborate_arrays:003', 'a = np.array([1, 2, 3])\na.dtype'),
 ('sp_lectures:elaborate_arrays:004', 'a[0] = 1.9     # <-- float is truncated to integer\na'),
 ('sp_lectures:elaborate_arrays:005',
  'a = np.array([1.7, 1.2, 1.6])\nb = a.astype(int)  # <-- truncates to integer\nb'),
 ('sp_lectures:elaborate_arrays:006',
  'a = np.array([1.2, 1.5, 1.6, 2.5, 3.5, 4.5])\n'
  'b = np.around(a)\n'
  'b                    # still floating-point'),
 ('sp_lectures:elaborate_arrays:007', 'c = np.around(a).astype(int)\nc'),
 ('sp_lectures:elaborate_arrays:008', 'np.array([1], dtype=int).dtype'),
 ('sp_lectures:elaborate_arrays:009', 'np.iinfo(np.int32).max, 2**31 - 1'),
 ('sp_lectures:elaborate_arrays:010', 'np.iinfo(np.uint32).max, 2**32 - 1'),
 ('sp_lectures:elaborate_arrays:011', 'np.finfo(np.float32).eps'),
 ('sp_lectures:elaborate_arrays:012', 'np.finfo(np.float64).eps'),
 ('sp_lectures:elaborate_arrays:013', 'np.float32(1e-8) + np.float32(1) == 1'),
 ('sp_lectures:elaborate_arrays:014', 'np.float64(1e-8) + np.float64(1) == 1'),
 ('sp_lectures:elaborate_arrays:015',
  "samples = np.zeros((6,), dtype=[('sensor_code', 'S4'),\n"
  "                                ('position', float), ('value', float)])\n"
  'samples.ndim'),
 ('sp_lectures:elaborate_arrays:016', 'samples.shape'),
 ('sp_lectures:elaborate_arrays:017', 'samples.dtype.names'),
 ('sp_lectures:elaborate_arrays:018',
  "samples[:] = [('ALFA',   1, 0.37), ('BETA', 1, 0.11), ('TAU', 1,   0.13),\n"
  "              ('ALFA', 1.5, 0.37), ('ALFA', 3, 0.11), ('TAU', 1.2, 0.13)]\n"
  'samples'),
 ('sp_lectures:elaborate_arrays:019', "samples['sensor_code']"),
 ('sp_lectures:elaborate_arrays:020', "samples['value']"),
 ('sp_lectures:elaborate_arrays:021', 'samples[0]'),
 ('sp_lectures:elaborate_arrays:022', "samples[0]['sensor_code'] = 'TAU'\nsamples[0]"),
 ('sp_lectures:elaborate_arrays:023', "samples[['position', 'value']]"),
 ('sp_lectures:elaborate_arrays:024', "samples[samples['sensor_code'] == b'ALFA']"),
 ('sp_lectures:elaborate_arrays:025', 'x = np.ma.array([1, 2, 3, 4], mask=[0, 1, 0, 1])\nx'),
 ('sp_lectures:elaborate_arrays:026', 'y = np.ma.array([1, 2, 3, 4], mask=[0, 1, 1, 1])\nx + y'),
 ('sp_lectures:elaborate_arrays:027', 'np.ma.sqrt([1, -1, 2, -2])'),
 ('sp_lectures:exercises:001', 'import numpy as np\nimport matplotlib.pyplot as plt'),
 ('sp_lectures:exercises:002', 'import numpy as np\na = np.arange(25).reshape(5, 5)'),
 ('sp_lectures:exercises:003',
  'import numpy as np\n'
  'from numpy import newaxis\n'
  '\n'
  '# Part 1.\n'
  '\n'
  'a = np.arange(1, 16).reshape(3, -1).T\n'
  'print(a)'),
 ('sp_lectures:exercises:004',
  'import scipy as sp\nface = sp.datasets.face(gray=True)  # 2D grayscale image'),
 ('sp_lectures:exercises:005',
  'import matplotlib.pyplot as plt\nface = sp.datasets.face(gray=True)\nplt.imshow(face)'),
 ('sp_lectures:exercises:006', 'plt.imshow(face, cmap=plt.cm.gray)'),
 ('sp_lectures:exercises:007', 'crop_face = face[100:-100, 100:-100]'),
 ('sp_lectures:exercises:008',
  'sy, sx = face.shape\ny, x = np.ogrid[0:sy, 0:sx] # x and y indices of pixels\ny.shape, x.shape'),
 ('sp_lectures:exercises:009',
  'centerx, centery = (660, 300) # center of the image\n'
  'mask = ((y - centery)**2 + (x - centerx)**2) > 230**2 # circle'),
 ('sp_lectures:exercises:010', 'face[mask] = 0\nplt.imshow(face)'),
 ('sp_lectures:exercises:011',
  "data = np.loadtxt('data/populations.txt')\n"
  'year, hares, lynxes, carrots = data.T  # trick: columns to variables'),
 ('sp_lectures:exercises:012',
  'import matplotlib.pyplot as plt\n'
  '\n'
  'plt.axes([0.2, 0.1, 0.5, 0.8])\n'
  'plt.plot(year, hares, year, lynxes, year, carrots)\n'
  "plt.legend(('Hare', 'Lynx', 'Carrot'), loc=(1.05, 0.5))"),
 ('sp_lectures:exercises:013',
  'import numpy as np\n'
  '\n'
  'data = np.loadtxt("data/populations.txt")\n'
  'year, hares, lynxes, carrots = data.T\n'
  'populations = data[:, 1:]\n'
  '\n'
  'print("       Hares, Lynxes, Carrots")\n'
  'print("Mean:", populations.mean(axis=0))\n'
  'print("Std:", populations.std(axis=0))\n'
  '\n'
  'j_max_years = np.argmax(populations, axis=0)\n'
  'print("Max. year:", year[j_max_years])\n'
  '\n'
  'max_species = np.argmax(populations, axis=1)\n'
  'species = np.array(["Hare", "Lynx", "Carrot"])\n'
  'print("Max species:")\n'
  'print(year)\n'
  'print(species[max_species])\n'
  '\n'
  'above_50000 = np.any(populations > 50000, axis=1)\n'
  'print("Any above 50000:", year[above_50000])\n'
  '\n'
  'j_top_2 = np.argsort(populations, axis=0)[:2]\n'
  'print("Top 2 years with lowest populations for each:")\n'
  'print(year[j_top_2])\n'
  '\n'
  'hare_grad = np.gradient(hares, 1.0)\n'
  'print("diff(Hares) vs. Lynxes correlation", np.corrcoef(hare_grad, lynxes)[0, 1])\n'
  '\n'
  'import matplotlib.pyplot as plt\n'
  '\n'
  'plt.plot(year, hare_grad, year, -lynxes)\n'
  'plt.savefig("plot.png")'),
 ('sp_lectures:exercises:014', 'def f(a, b, c):\n    return some_result'),
 ('sp_lectures:exercises:015',
  'import numpy as np\n'
  'from numpy import newaxis\n'
  '\n'
  '\n'
  'def f(a, b, c):\n'
  '    return a**b - c\n'
  '\n'
  '\n'
  'a = np.linspace(0, 1, 24)\n'
  'b = np.linspace(0, 1, 12)\n'
  'c = np.linspace(0, 1, 6)\n'
  '\n'
  'samples = f(a[:, newaxis, newaxis], b[newaxis, :, newaxis], c[newaxis, newaxis, :])\n'
  '\n'
  '# or,\n'
  '#\n'
  '# a, b, c = np.ogrid[0:1:24j, 0:1:12j, 0:1:6j]\n'
  '# samples = f(a, b, c)\n'
  '\n'
  'integral = samples.mean()\n'
  '\n'
  'print("Approximation:", integral)\n'
  'print("Exact:", np.log(2) - 0.5)'),
 ('sp_lectures:exercises:016',
  'N_max = 50\n'
  'some_threshold = 50\n'
  '\n'
  'c = x + 1j*y\n'
  '\n'
  'z = 0\n'
  'for j in range(N_max):\n'
  '    z = z**2 + c'),
 ('sp_lectures:exercises:017', 'mask = np.ones((3, 3))'),
 ('sp_lectures:exercises:018',
  'import numpy as np\n'
  'import matplotlib.pyplot as plt\n'
  'from numpy import newaxis\n'
  '\n'
  '\n'
  'def compute_mandelbrot(N_max, some_threshold, nx, ny):\n'
  '    # A grid of c-values\n'
  '    x = np.linspace(-2, 1, nx)\n'
  '    y = np.linspace(-1.5, 1.5, ny)\n'
  '\n'
  '    c = x[:, newaxis] + 1j * y[newaxis, :]\n'
  '\n'
  '    # Mandelbrot iteration\n'
  '\n'
  '    z = c\n'
  '    for j in range(N_max):\n'
  '        z = z**2 + c\n'
  '\n'
  '    mandelbrot_set = abs(z) < some_threshold\n'
  '\n'
  '    return mandelbrot_set\n'
  '\n'
  '# Save\n'
  '\n'
  'mandelbrot_set = compute_mandelbrot(50, 50.0, 601, 401)\n'
  '\n'
  'plt.imshow(mandelbrot_set.T, extent=[-2, 1, -1.5, 1.5])  # type: ignore[arg-type]\n'
  'plt.gray()\n'
  'plt.savefig("mandelbrot.png")'),
 ('sp_lectures:exercises:019',
  'import numpy as np\n'
  '\n'
  'rng = np.random.default_rng(27446968)\n'
  '\n'
  'n_states = 5\n'
  'n_steps = 50\n'
  'tolerance = 1e-5\n'
  '\n'
  '# Random transition matrix and state vector\n'
  'P = rng.random(size=(n_states, n_states))\n'
  'p = rng.random(n_states)\n'
  '\n'
  '# Normalize rows in P\n'
  'P /= P.sum(axis=1)[:, np.newaxis]\n'
  '\n'
  '# Normalize p\n'
  'p /= p.sum()\n'
  '\n'
  '# Take steps\n'
  'for k in range(n_steps):\n'
  '    p = P.T @ p\n'
  '\n'
  'p_50 = p\n'
  'print(p_50)\n'
  '\n'
  '# Compute stationary state\n'
  'w, v = np.linalg.eig(P.T)\n'
  '\n'
  'j_stationary = np.argmin(abs(w - 1.0))\n'
  'p_stationary = v[:, j_stationary].real\n'
  'p_stationary /= p_stationary.sum()\n'
  'print(p_stationary)\n'
  '\n'
  '# Compare\n'
  'if all(abs(p_50 - p_stationary) < tolerance):\n'
  '    print("Tolerance satisfied in infty-norm")\n'
  '\n'
  'if np.linalg.norm(p_50 - p_stationary) < tolerance:\n'
  '    print("Tolerance satisfied in 2-norm")'),
 ('sp_lectures:operations:001', 'import numpy as np\nimport matplotlib.pyplot as plt'),
 ('sp_lectures:operations:002', 'a = np.array([1, 2, 3, 4])\na + 1'),
 ('sp_lectures:operations:003', '2 ** a'),
 ('sp_lectures:operations:004', 'b = np.ones(4) + 1\na - b'),
 ('sp_lectures:operations:005', 'a * b'),
 ('sp_lectures:operations:006', 'j = np.arange(5)\n2**(j + 1) - j'),
 ('sp_lectures:operations:007', 'a = np.arange(10000)\n%timeit a + 1'),
 ('sp_lectures:operations:008', 'l = range(10000)\n%timeit [i+1 for i in l]'),
 ('sp_lectures:operations:009',
  'c = np.ones((3, 3))\nc * c                   # NOT matrix multiplication!'),
 ('sp_lectures:operations:010', 'c @ c'),
 ('sp_lectures:operations:011', 'a = np.array([1, 2, 3, 4])\nb = np.array([4, 2, 2, 4])\na == b'),
 ('sp_lectures:operations:012', 'a > b'),
 ('sp_lectures:operations:013',
  'a = np.array([1, 2, 3, 4])\n'
  'b = np.array([4, 2, 2, 4])\n'
  'c = np.array([1, 2, 3, 4])\n'
  'np.array_equal(a, b)'),
 ('sp_lectures:operations:014', 'np.array_equal(a, c)'),
 ('sp_lectures:operations:015',
  'a = np.array([1, 1, 0, 0], dtype=bool)\n'
  'b = np.array([1, 0, 1, 0], dtype=bool)\n'
  'np.logical_or(a, b)'),
 ('sp_lectures:operations:016', 'np.logical_and(a, b)'),
 ('sp_lectures:operations:017', 'a = np.arange(5)\nnp.sin(a)'),
 ('sp_lectures:operations:018', 'np.exp(a)'),
 ('sp_lectures:operations:019', 'np.log(np.exp(a))'),
 ('sp_lectures:operations:020', 'a = np.arange(4)\na + np.array([1, 2])'),
 ('sp_lectures:operations:021', 'a = np.triu(np.ones((3, 3)), 1)   # see help(np.triu)\na'),
 ('sp_lectures:operations:022', 'a.T'),
 ('sp_lectures:operations:023', 'a = np.arange(9).reshape(3, 3)\na.T[0, 2] = 999\na.T'),
 ('sp_lectures:operations:024', 'a'),
 ('sp_lectures:operations:025', 'x = np.array([1, 2, 3, 4])\nnp.sum(x)'),
 ('sp_lectures:operations:026', 'x.sum()'),
 ('sp_lectures:operations:027', 'x = np.array([[1, 1], [2, 2]])\nx'),
 ('sp_lectures:operations:028', 'x.sum(axis=0)   # columns (first dimension)'),
 ('sp_lectures:operations:029', 'x[:, 0].sum(), x[:, 1].sum()'),
 ('sp_lectures:operations:030', 'x.sum(axis=1)   # rows (second dimension)'),
 ('sp_lectures:operations:031', 'x[0, :].sum(), x[1, :].sum()'),
 ('sp_lectures:operations:032',
  'rng = np.random.default_rng(27446968)\nx = rng.random((2, 2, 2))\nx.sum(axis=2)[0, 1]'),
 ('sp_lectures:operations:033', 'x[0, 1, :].sum()'),
 ('sp_lectures:operations:034', 'x = np.array([1, 3, 2])\nx.min()'),
 ('sp_lectures:operations:035', 'x.max()'),
 ('sp_lectures:operations:036', 'x.argmin()  # index of minimum'),
 ('sp_lectures:operations:037', 'x.argmax()  # index of maximum'),
 ('sp_lectures:operations:038', 'np.all([True, True, False])'),
 ('sp_lectures:operations:039', 'np.any([True, True, False])'),
 ('sp_lectures:operations:040', 'a = np.zeros((100, 100))\nnp.any(a != 0)'),
 ('sp_lectures:operations:041', 'np.all(a == a)'),
 ('sp_lectures:operations:042',
  'a = np.array([1, 2, 3, 2])\n'
  'b = np.array([2, 2, 3, 2])\n'
  'c = np.array([6, 4, 4, 5])\n'
  '((a <= b) & (b <= c)).all()'),
 ('sp_lectures:operations:043',
  'x = np.array([1, 2, 3, 1])\ny = np.array([[1, 2, 3], [5, 6, 1]])\nx.mean()'),
 ('sp_lectures:operations:044', 'np.median(x)'),
 ('sp_lectures:operations:045', 'np.median(y, axis=-1) # last axis'),
 ('sp_lectures:operations:046', 'x.std()          # full population standard dev.'),
 ('sp_lectures:operations:047',
  'n_stories = 1000 # number of walkers\n'
  't_max = 200      # time during which we follow the walker'),
 ('sp_lectures:operations:048',
  't = np.arange(t_max)\n'
  'rng = np.random.default_rng()\n'
  'steps = 2 * rng.integers(0, 1 + 1, (n_stories, t_max)) - 1 # +1 because the high value is '
  'exclusive\n'
  'np.unique(steps) # Verification: all steps are 1 or -1'),
 ('sp_lectures:operations:049',
  'positions = np.cumsum(steps, axis=1) # axis = 1: dimension of time\nsq_distance = positions**2'),
 ('sp_lectures:operations:050', 'mean_sq_distance = np.mean(sq_distance, axis=0)'),
 ('sp_lectures:operations:051',
  'plt.figure(figsize=(4, 3))\n'
  "plt.plot(t, np.sqrt(mean_sq_distance), 'g.', t, np.sqrt(t), 'y-')\n"
  'plt.xlabel(r"$t$")\n'
  'plt.ylabel(r"$\\sqrt{\\langle (\\delta x)^2 \\rangle}$")\n'
  'plt.tight_layout() # provide sufficient space for labels'),
 ('sp_lectures:operations:052', 'arr = np.array([[99, 12], [11, 2]])\narr'),
 ('sp_lectures:operations:053',
  '# Without axis=, operation applied over whole (flatted, 1D) array.\nnp.min(arr)'),
 ('sp_lectures:operations:054', '# Operate along first axis (rows).\nnp.min(arr, axis=0)'),
 ('sp_lectures:operations:055', '# Operate along second axis (columns).\nnp.min(arr, axis=1)'),
 ('sp_lectures:operations:056', "an_array = np.loadtxt('data/an_array.txt')"),
 ('sp_lectures:operations:057',
  '# 1. Verify if all elements in `an array` are equal to 1:\n'
  'np.all(an_array == 1)\n'
  '\n'
  '# 2. Verify if any elements in an array are equal to 1\n'
  'np.any(an_array == 1)\n'
  '\n'
  '# 3. Compute mean and standard deviation.\n'
  "print('Mean', np.mean(an_array))\n"
  "print('STD', np.std(an_array))"),
 ('sp_lectures:operations:058',
  '# 4. Challenge: write a function `my_std` that computes the standard deviation\n'
  '# of the elements in the array, where you are only allowed to use `np.sum` from\n'
  '# Numpy in your function.\n'
  '\n'
  'def my_std(a):\n'
  '    n = a.size\n'
  '    m = np.sum(a) / n\n'
  '    return np.sqrt(np.sum((a - m) ** 2) / n)\n'
  '\n'
  '# Check we get the same answers from our function as for Numpy.\n'
  'assert np.allclose(my_std(an_array), np.std(an_array))\n'
  'assert np.allclose(my_std(an_array.ravel()), np.std(an_array))\n'
  '\n'
  'rng = np.random.default_rng()\n'
  'for i in range(10):\n'
  '    another_array = rng.uniform(size=(10, 4))\n'
  '    assert np.allclose(my_std(another_array), np.std(another_array))'),
 ('sp_lectures:operations:059', 'a = np.tile(np.arange(0, 40, 10), (3, 1)).T\na'),
 ('sp_lectures:operations:060', 'b = np.array([0, 1, 2])\na + b'),
 ('sp_lectures:operations:061',
  'a = np.ones((4, 5))\n'
  'a[0] = 2  # we assign an array of dimension 0 to an array of dimension 1\n'
  'a'),
 ('sp_lectures:operations:062', 'a = np.arange(0, 40, 10)\na.shape'),
 ('sp_lectures:operations:063', 'a = a[:, np.newaxis]  # adds a new axis -> 2D array\na.shape'),
 ('sp_lectures:operations:064', 'a'),
 ('sp_lectures:operations:065', 'a + b'),
 ('sp_lectures:operations:066',
  'mileposts = np.array([0, 198, 303, 736, 871, 1175, 1475, 1544,\n'
  '       1913, 2448])\n'
  'distance_array = np.abs(mileposts - mileposts[:, np.newaxis])\n'
  'distance_array'),
 ('sp_lectures:operations:067',
  'x, y = np.arange(5), np.arange(5)[:, np.newaxis]\n'
  'distance = np.sqrt(x ** 2 + y ** 2)\n'
  'distance'),
 ('sp_lectures:operations:068', 'plt.pcolor(distance)\nplt.colorbar()'),
 ('sp_lectures:operations:069', 'x, y = np.ogrid[0:5, 0:5]\nx, y'),
 ('sp_lectures:operations:070', 'x.shape, y.shape\ndistance = np.sqrt(x ** 2 + y ** 2)'),
 ('sp_lectures:operations:071', 'x, y = np.mgrid[0:4, 0:4]\nx'),
 ('sp_lectures:operations:072', 'y'),
 ('sp_lectures:operations:073', 'a = np.array([[1, 2, 3], [4, 5, 6]])\na.ravel()'),
 ('sp_lectures:operations:074', 'a.T'),
 ('sp_lectures:operations:075', 'a.T.ravel()'),
 ('sp_lectures:operations:076', 'a.shape'),
 ('sp_lectures:operations:077', 'b = a.ravel()\nb = b.reshape((2, 3))\nb'),
 ('sp_lectures:operations:078', 'a.reshape((2, -1))    # unspecified (-1) value is inferred'),
 ('sp_lectures:operations:079', 'b[0, 0] = 99\na'),
 ('sp_lectures:operations:080', 'a = np.zeros((3, 2))\nb = a.T.reshape(3*2)\nb[0] = 9\na'),
 ('sp_lectures:operations:081', 'z = np.array([1, 2, 3])\nz'),
 ('sp_lectures:operations:082', 'z[:, np.newaxis]'),
 ('sp_lectures:operations:083', 'z[np.newaxis, :]'),
 ('sp_lectures:operations:084', 'a = np.arange(4*3*2).reshape(4, 3, 2)\na.shape'),
 ('sp_lectures:operations:085', 'a[0, 2, 1]'),
 ('sp_lectures:operations:086', 'b = a.transpose(1, 2, 0)\nb.shape'),
 ('sp_lectures:operations:087', 'b[2, 1, 0]'),
 ('sp_lectures:operations:088', 'b[2, 1, 0] = -1\na[0, 2, 1]'),
 ('sp_lectures:operations:089', 'a = np.arange(4)\na.resize((8,))\na'),
 ('sp_lectures:operations:090', 'b = a\na.resize((4,))'),
 ('sp_lectures:operations:091', 'a = np.array([[4, 3, 5], [1, 2, 1]])\nb = np.sort(a, axis=1)\nb'),
 ('sp_lectures:operations:092', 'a.sort(axis=1)\na'),
 ('sp_lectures:operations:093', 'a = np.array([4, 3, 1, 2])\nj = np.argsort(a)\nj'),
 ('sp_lectures:operations:094', 'a[j]'),
 ('sp_lectures:operations:095',
  'a = np.array([4, 3, 1, 2])\nj_max = np.argmax(a)\nj_min = np.argmin(a)\nj_max, j_min')]
