"""numpy_tutorials: NumPy developers, NumPy tutorials (content/*.md, code cells), https://github.com/numpy/numpy-tutorials.

Licence: BSD-3-Clause; see licenses/numpy-tutorials-LICENSE.txt.
Extracted by corpus_extract.py from commit d8a82a1b792f24a52eebcf0ae5ec73ccacfef685; the code of each cell is unchanged.
"""

CELLS = [('numpy_tutorials:mooreslaw-tutorial:001', 'import matplotlib.pyplot as plt\nimport numpy as np'),
 ('numpy_tutorials:mooreslaw-tutorial:002',
  'A_M = np.log(2) / 2\n'
  'B_M = np.log(2250) - A_M * 1971\n'
  'Moores_law = lambda year: np.exp(B_M) * np.exp(A_M * year)'),
 ('numpy_tutorials:mooreslaw-tutorial:003',
  'ML_1971 = Moores_law(1971)\n'
  'ML_1973 = Moores_law(1973)\n'
  'print("In 1973, G. Moore expects {:.0f} transistors on Intels chips".format(ML_1973))\n'
  'print("This is x{:.2f} more transistors than 1971".format(ML_1973 / ML_1971))'),
 ('numpy_tutorials:mooreslaw-tutorial:004', '! head transistor_data.csv'),
 ('numpy_tutorials:mooreslaw-tutorial:005',
  'data = np.loadtxt("transistor_data.csv", delimiter=",", usecols=[1, 2], skiprows=1)'),
 ('numpy_tutorials:mooreslaw-tutorial:006',
  'year = data[:, 1]  # grab the second column and assign\n'
  'transistor_count = data[:, 0]  # grab the first column and assign\n'
  '\n'
  'print("year:\\t\\t", year[:10])\n'
  'print("trans. cnt:\\t", transistor_count[:10])'),
 ('numpy_tutorials:mooreslaw-tutorial:007', 'yi = np.log(transistor_count)'),
 ('numpy_tutorials:mooreslaw-tutorial:008',
  'model = np.polynomial.Polynomial.fit(year, yi, deg=1)'),
 ('numpy_tutorials:mooreslaw-tutorial:009', 'model = model.convert()\nmodel'),
 ('numpy_tutorials:mooreslaw-tutorial:010', 'B, A = model'),
 ('numpy_tutorials:mooreslaw-tutorial:011',
  'print(f"Rate of semiconductors added on a chip every 2 years: {np.exp(2 * A):.2f}")'),
 ('numpy_tutorials:mooreslaw-tutorial:012',
  'transistor_count_predicted = np.exp(B) * np.exp(A * year)\n'
  'transistor_Moores_law = Moores_law(year)\n'
  '\n'
  'plt.style.use("fivethirtyeight")\n'
  '\n'
  'fig, ax = plt.subplots()\n'
  'ax.semilogy(year, transistor_count, "s", label="MOS transistor count")\n'
  'ax.semilogy(year, transistor_count_predicted, label="linear regression")\n'
  '\n'
  '\n'
  'ax.plot(year, transistor_Moores_law, label="Moore\'s Law")\n'
  'ax.set_title(\n'
  '    "MOS transistor count per microprocessor\\n"\n'
  '    + "every two years \\n"\n'
  '    + "Transistor count was x{:.2f} higher".format(np.exp(A * 2))\n'
  ')\n'
  'ax.set_xlabel("year introduced")\n'
  'ax.set_ylabel("# of transistors\\nper microprocessor")\n'
  'ax.legend(loc="center left", bbox_to_anchor=(1, 0.5))'),
 ('numpy_tutorials:mooreslaw-tutorial:013',
  'transistor_count2017 = transistor_count[year == 2017]\n'
  'print(\n'
  '    transistor_count2017.max(), transistor_count2017.min(), transistor_count2017.mean()\n'
  ')\n'
  'y = np.linspace(2016.5, 2017.5)\n'
  'your_model2017 = np.exp(B) * np.exp(A * y)\n'
  'Moore_Model2017 = Moores_law(y)\n'
  '\n'
  'fig, ax = plt.subplots()\n'
  'ax.plot(\n'
  '    2017 * np.ones(np.sum(year == 2017)),\n'
  '    transistor_count2017,\n'
  '    "ro",\n'
  '    label="2017",\n'
  '    alpha=0.2,\n'
  ')\n'
  'ax.plot(2017, transistor_count2017.mean(), "g+", markersize=20, mew=6)\n'
  '\n'
  'ax.plot(y, your_model2017, label="Your prediction")\n'
  'ax.plot(y, Moore_Model2017, label="Moores law")\n'
  'ax.set_ylabel("# of transistors\\nper microprocessor")\n'
  'ax.legend()'),
 ('numpy_tutorials:mooreslaw-tutorial:014',
  'notes = "the arrays in this file are the result of a linear regression model\\n"\n'
  'notes += "the arrays include\\nyear: year of manufacture\\n"\n'
  'notes += "transistor_count: number of transistors reported by manufacturers in a given '
  'year\\n"\n'
  'notes += "transistor_count_predicted: linear regression model = '
  'exp({:.2f})*exp({:.2f}*year)\\n".format(\n'
  '    B, A\n'
  ')\n'
  'notes += "transistor_Moores_law: Moores law =exp({:.2f})*exp({:.2f}*year)\\n".format(\n'
  '    B_M, A_M\n'
  ')\n'
  'notes += "regression_csts: linear regression constants A and B for '
  'log(transistor_count)=A*year+B"\n'
  'print(notes)'),
 ('numpy_tutorials:mooreslaw-tutorial:015',
  'np.savez(\n'
  '    "mooreslaw_regression.npz",\n'
  '    notes=notes,\n'
  '    year=year,\n'
  '    transistor_count=transistor_count,\n'
  '    transistor_count_predicted=transistor_count_predicted,\n'
  '    transistor_Moores_law=transistor_Moores_law,\n'
  '    regression_csts=(A, B),\n'
  ')'),
 ('numpy_tutorials:mooreslaw-tutorial:016', 'results = np.load("mooreslaw_regression.npz")'),
 ('numpy_tutorials:mooreslaw-tutorial:017', 'print(results["regression_csts"][1])'),
 ('numpy_tutorials:mooreslaw-tutorial:018', '! ls'),
 ('numpy_tutorials:mooreslaw-tutorial:019',
  'head = "the columns in this file are the result of a linear regression model\\n"\n'
  'head += "the columns include\\nyear: year of manufacture\\n"\n'
  'head += "transistor_count: number of transistors reported by manufacturers in a given year\\n"\n'
  'head += "transistor_count_predicted: linear regression model = '
  'exp({:.2f})*exp({:.2f}*year)\\n".format(\n'
  '    B, A\n'
  ')\n'
  'head += "transistor_Moores_law: Moores law =exp({:.2f})*exp({:.2f}*year)\\n".format(\n'
  '    B_M, A_M\n'
  ')\n'
  'head += "year:, transistor_count:, transistor_count_predicted:, transistor_Moores_law:"\n'
  'print(head)'),
 ('numpy_tutorials:mooreslaw-tutorial:020',
  'output = np.block(\n'
  '    [\n'
  '        year[:, np.newaxis],\n'
  '        transistor_count[:, np.newaxis],\n'
  '        transistor_count_predicted[:, np.newaxis],\n'
  '        transistor_Moores_law[:, np.newaxis],\n'
  '    ]\n'
  ')'),
 ('numpy_tutorials:mooreslaw-tutorial:021',
  'np.savetxt("mooreslaw_regression.csv", X=output, delimiter=",", header=head)'),
 ('numpy_tutorials:mooreslaw-tutorial:022', '! head mooreslaw_regression.csv'),
 ('numpy_tutorials:save-load-arrays:001', 'import numpy as np'),
 ('numpy_tutorials:save-load-arrays:002', 'x = np.arange(10)\ny = x ** 2\nprint(x)\nprint(y)'),
 ('numpy_tutorials:save-load-arrays:003', 'np.savez("x_y-squared.npz", x_axis=x, y_axis=y)'),
 ('numpy_tutorials:save-load-arrays:004', 'del x, y'),
 ('numpy_tutorials:save-load-arrays:005', '%whos'),
 ('numpy_tutorials:save-load-arrays:006',
  'load_xy = np.load("x_y-squared.npz")\n\nprint(load_xy.files)'),
 ('numpy_tutorials:save-load-arrays:007', '%whos'),
 ('numpy_tutorials:save-load-arrays:008',
  'x = load_xy["x_axis"]\ny = load_xy["y_axis"]\nprint(x)\nprint(y)'),
 ('numpy_tutorials:save-load-arrays:009',
  'array_out = np.block([x[:, np.newaxis], y[:, np.newaxis]])\n'
  'print("the output array has shape ", array_out.shape, " with values:")\n'
  'print(array_out)'),
 ('numpy_tutorials:save-load-arrays:010',
  'np.savetxt("x_y-squared.csv", X=array_out, header="x, y", delimiter=",")'),
 ('numpy_tutorials:save-load-arrays:011', '!head x_y-squared.csv'),
 ('numpy_tutorials:save-load-arrays:012', 'del x, y'),
 ('numpy_tutorials:save-load-arrays:013', 'load_xy = np.loadtxt("x_y-squared.csv", delimiter=",")'),
 ('numpy_tutorials:save-load-arrays:014', 'load_xy.shape'),
 ('numpy_tutorials:save-load-arrays:015',
  'x = load_xy[:, 0]\ny = load_xy[:, 1]\nprint(x)\nprint(y)'),
 ('numpy_tutorials:tutorial-air-quality-analysis:001',
  'import numpy as np\nfrom numpy.random import default_rng\nfrom scipy import stats'),
 ('numpy_tutorials:tutorial-air-quality-analysis:002', '! head air-quality-data.csv'),
 ('numpy_tutorials:tutorial-air-quality-analysis:003',
  'pollutant_data = np.loadtxt("air-quality-data.csv", dtype=float, delimiter=",",\n'
  '                            skiprows=1, usecols=range(1, 8))\n'
  'pollutants_A = pollutant_data[:, 0:5]\n'
  'pollutants_B = pollutant_data[:, 5:]\n'
  '\n'
  'print(pollutants_A.shape)\n'
  'print(pollutants_B.shape)'),
 ('numpy_tutorials:tutorial-air-quality-analysis:004', 'np.all(np.isfinite(pollutant_data))'),
 ('numpy_tutorials:tutorial-air-quality-analysis:005',
  'AQI = np.array([0, 51, 101, 201, 301, 401, 501])\n'
  '\n'
  'breakpoints = {\n'
  "    'PM2.5': np.array([0, 31, 61, 91, 121, 251]),\n"
  "    'PM10': np.array([0, 51, 101, 251, 351, 431]),\n"
  "    'NO2': np.array([0, 41, 81, 181, 281, 401]),\n"
  "    'NH3': np.array([0, 201, 401, 801, 1201, 1801]),\n"
  "    'SO2': np.array([0, 41, 81, 381, 801, 1601]),\n"
  "    'CO': np.array([0, 1.1, 2.1, 10.1, 17.1, 35]),\n"
  "    'O3': np.array([0, 51, 101, 169, 209, 749])\n"
  '}'),
 ('numpy_tutorials:tutorial-air-quality-analysis:006',
  'def moving_mean(a, n):\n'
  '    ret = np.cumsum(a, dtype=float, axis=0)\n'
  '    ret[n:] = ret[n:] - ret[:-n]\n'
  '    return ret[n - 1:] / n\n'
  '\n'
  'pollutants_A_24hr_avg = moving_mean(pollutants_A, 24)\n'
  'pollutants_B_8hr_avg = moving_mean(pollutants_B, 8)[-(pollutants_A_24hr_avg.shape[0]):]'),
 ('numpy_tutorials:tutorial-air-quality-analysis:007',
  'pollutants = np.concatenate((pollutants_A_24hr_avg, pollutants_B_8hr_avg), axis=1)'),
 ('numpy_tutorials:tutorial-air-quality-analysis:008',
  'def compute_indices(pol, con):\n'
  '    bp = breakpoints[pol]\n'
  '    \n'
  "    if pol == 'CO':\n"
  '        inc = 0.1\n'
  '    else:\n'
  '        inc = 1\n'
  '    \n'
  '    if bp[0] <= con < bp[1]:\n'
  '        Bl = bp[0]\n'
  '        Bh = bp[1] - inc\n'
  '        Ih = AQI[1] - inc\n'
  '        Il = AQI[0]\n'
  '\n'
  '    elif bp[1] <= con < bp[2]:\n'
  '        Bl = bp[1]\n'
  '        Bh = bp[2] - inc\n'
  '        Ih = AQI[2] - inc\n'
  '        Il = AQI[1]\n'
  '\n'
  '    elif bp[2] <= con < bp[3]:\n'
  '        Bl = bp[2]\n'
  '        Bh = bp[3] - inc\n'
  '        Ih = AQI[3] - inc\n'
  '        Il = AQI[2]\n'
  '\n'
  '    elif bp[3] <= con < bp[4]:\n'
  '        Bl = bp[3]\n'
  '        Bh = bp[4] - inc\n'
  '        Ih = AQI[4] - inc\n'
  '        Il = AQI[3]\n'
  '\n'
  '    elif bp[4] <= con < bp[5]:\n'
  '        Bl = bp[4]\n'
  '        Bh = bp[5] - inc\n'
  '        Ih = AQI[5] - inc\n'
  '        Il = AQI[4]\n'
  '\n'
  '    elif bp[5] <= con:\n'
  '        Bl = bp[5]\n'
  '        Bh = bp[5] + bp[4] - (2 * inc)\n'
  '        Ih = AQI[6]\n'
  '        Il = AQI[5]\n'
  '\n'
  '    else:\n'
  '        print("Concentration out of range!")\n'
  '        \n'
  '    return ((Ih - Il) / (Bh - Bl)) * (con - Bl) + Il'),
 ('numpy_tutorials:tutorial-air-quality-analysis:009',
  'vcompute_indices = np.vectorize(compute_indices)'),
 ('numpy_tutorials:tutorial-air-quality-analysis:010',
  "sub_indices = np.stack((vcompute_indices('PM2.5', pollutants[..., 0]),\n"
  "                        vcompute_indices('PM10', pollutants[..., 1]),\n"
  "                        vcompute_indices('NO2', pollutants[..., 2]),\n"
  "                        vcompute_indices('NH3', pollutants[..., 3]),\n"
  "                        vcompute_indices('SO2', pollutants[..., 4]),\n"
  "                        vcompute_indices('CO', pollutants[..., 5]),\n"
  "                        vcompute_indices('O3', pollutants[..., 6])), axis=1)"),
 ('numpy_tutorials:tutorial-air-quality-analysis:011', 'aqi_array = np.max(sub_indices, axis=1)'),
 ('numpy_tutorials:tutorial-air-quality-analysis:012',
  'datetime = np.loadtxt("air-quality-data.csv", dtype=\'M8[h]\', delimiter=",",\n'
  '                         skiprows=1, usecols=(0, ))[-(pollutants_A_24hr_avg.shape[0]):]'),
 ('numpy_tutorials:tutorial-air-quality-analysis:013',
  "after_lock = aqi_array[np.where(datetime >= np.datetime64('2020-03-24T00'))]\n"
  '\n'
  'before_lock = aqi_array[np.where(datetime <= '
  "np.datetime64('2020-03-21T00'))][-(after_lock.shape[0]):]\n"
  '\n'
  'print(after_lock.shape)\n'
  'print(before_lock.shape)'),
 ('numpy_tutorials:tutorial-air-quality-analysis:014',
  'rng = default_rng()\n'
  '\n'
  'before_sample = rng.choice(before_lock, size=30, replace=False)\n'
  'after_sample = rng.choice(after_lock, size=30, replace=False)'),
 ('numpy_tutorials:tutorial-air-quality-analysis:015',
  'def t_test(x, y):\n'
  '    diff = y - x\n'
  '    var = np.var(diff, ddof=1)\n'
  '    num = np.mean(diff)\n'
  '    denom = np.sqrt(var / len(x))\n'
  '    return np.divide(num, denom)\n'
  '\n'
  't_value = t_test(before_sample, after_sample)'),
 ('numpy_tutorials:tutorial-air-quality-analysis:016',
  'dof = len(before_sample) - 1\n'
  '\n'
  'p_value = stats.distributions.t.cdf(t_value, dof)\n'
  '\n'
  'print("The t value is {} and the p value is {}.".format(t_value, p_value))'),
 ('numpy_tutorials:tutorial-deep-learning-on-mnist:001',
  'data_sources = {\n'
  '    "training_images": "train-images-idx3-ubyte.gz",  # 60,000 training images.\n'
  '    "test_images": "t10k-images-idx3-ubyte.gz",  # 10,000 test images.\n'
  '    "training_labels": "train-labels-idx1-ubyte.gz",  # 60,000 training labels.\n'
  '    "test_labels": "t10k-labels-idx1-ubyte.gz",  # 10,000 test labels.\n'
  '}'),
 ('numpy_tutorials:tutorial-deep-learning-on-mnist:002',
  '# Use responsibly! When running notebooks locally, be sure to keep local\n'
  '# copies of the datasets to prevent unnecessary server requests\n'
  'headers = {\n'
  '    "User-Agent": "Mozilla/5.0 (X11; Linux x86_64; rv:10.0) Gecko/20100101 Firefox/10.0"\n'
  '}\n'
  'request_opts = {\n'
  '    "headers": headers,\n'
  '    "params": {"raw": "true"},\n'
  '}'),
 ('numpy_tutorials:tutorial-deep-learning-on-mnist:003',
  'import requests\n'
  'import os\n'
  '\n'
  'data_dir = "../_data"\n'
  'os.makedirs(data_dir, exist_ok=True)\n'
  '\n'
  'base_url = "https://ossci-datasets.s3.amazonaws.com/mnist/"\n'
  '\n'
  'for fname in data_sources.values():\n'
  '    fpath = os.path.join(data_dir, fname)\n'
  '    if not os.path.exists(fpath):\n'
  '        print("Downloading file: " + fname)\n'
  '        resp = requests.get(base_url + fname, stream=True, **request_opts)\n'
  '        resp.raise_for_status()  # Ensure download was succesful\n'
  '        with open(fpath, "wb") as fh:\n'
  '            for chunk in resp.iter_content(chunk_size=128):\n'
  '                fh.write(chunk)'),
 ('numpy_tutorials:tutorial-deep-learning-on-mnist:004',
  'import gzip\n'
  'import numpy as np\n'
  '\n'
  'mnist_dataset = {}\n'
  '\n'
  '# Images\n'
  'for key in ("training_images", "test_images"):\n'
  '    with gzip.open(os.path.join(data_dir, data_sources[key]), "rb") as mnist_file:\n'
  '        mnist_dataset[key] = np.frombuffer(\n'
  '            mnist_file.read(), np.uint8, offset=16\n'
  '        ).reshape(-1, 28 * 28)\n'
  '# Labels\n'
  'for key in ("training_labels", "test_labels"):\n'
  '    with gzip.open(os.path.join(data_dir, data_sources[key]), "rb") as mnist_file:\n'
  '        mnist_dataset[key] = np.frombuffer(mnist_file.read(), np.uint8, offset=8)'),
 ('numpy_tutorials:tutorial-deep-learning-on-mnist:005',
  'x_train, y_train, x_test, y_test = (\n'
  '    mnist_dataset["training_images"],\n'
  '    mnist_dataset["training_labels"],\n'
  '    mnist_dataset["test_images"],\n'
  '    mnist_dataset["test_labels"],\n'
  ')'),
 ('numpy_tutorials:tutorial-deep-learning-on-mnist:006',
  'print(\n'
  '    "The shape of training images: {} and training labels: {}".format(\n'
  '        x_train.shape, y_train.shape\n'
  '    )\n'
  ')\n'
  'print(\n'
  '    "The shape of test images: {} and test labels: {}".format(\n'
  '        x_test.shape, y_test.shape\n'
  '    )\n'
  ')'),
 ('numpy_tutorials:tutorial-deep-learning-on-mnist:007',
  'import matplotlib.pyplot as plt\n'
  '\n'
  '# Take the 60,000th image (indexed at 59,999) from the training set,\n'
  '# reshape from (784, ) to (28, 28) to have a valid shape for displaying purposes.\n'
  'mnist_image = x_train[59999, :].reshape(28, 28)\n'
  '\n'
  'fig, ax = plt.subplots()\n'
  '# Set the color mapping to grayscale to have a black background.\n'
  'ax.imshow(mnist_image, cmap="gray")'),
 ('numpy_tutorials:tutorial-deep-learning-on-mnist:008',
  '# Display 5 random images from the training set.\n'
  'num_examples = 5\n'
  'seed = 147197952744\n'
  'rng = np.random.default_rng(seed)\n'
  '\n'
  'fig, axes = plt.subplots(1, num_examples)\n'
  'for sample, ax in zip(rng.choice(x_train, size=num_examples, replace=False), axes):\n'
  '    ax.imshow(sample.reshape(28, 28), cmap="gray")'),
 ('numpy_tutorials:tutorial-deep-learning-on-mnist:009',
  '# Display the label of the 60,000th image (indexed at 59,999) from the training set.\n'
  'y_train[59999]'),
 ('numpy_tutorials:tutorial-deep-learning-on-mnist:010',
  'print("The data type of training images: {}".format(x_train.dtype))\n'
  'print("The data type of test images: {}".format(x_test.dtype))'),
 ('numpy_tutorials:tutorial-deep-learning-on-mnist:011',
  'training_sample, test_sample = 1000, 1000\n'
  'training_images = x_train[0:training_sample] / 255\n'
  'test_images = x_test[0:test_sample] / 255'),
 ('numpy_tutorials:tutorial-deep-learning-on-mnist:012',
  'print("The data type of training images: {}".format(training_images.dtype))\n'
  'print("The data type of test images: {}".format(test_images.dtype))'),
 ('numpy_tutorials:tutorial-deep-learning-on-mnist:013',
  'print("The data type of training labels: {}".format(y_train.dtype))\n'
  'print("The data type of test labels: {}".format(y_test.dtype))'),
 ('numpy_tutorials:tutorial-deep-learning-on-mnist:014',
  'def one_hot_encoding(labels, dimension=10):\n'
  '    # Define a one-hot variable for an all-zero vector\n'
  '    # with 10 dimensions (number labels from 0 to 9).\n'
  '    one_hot_labels = labels[..., None] == np.arange(dimension)[None]\n'
  '    # Return one-hot encoded labels.\n'
  '    return one_hot_labels.astype(np.float64)'),
 ('numpy_tutorials:tutorial-deep-learning-on-mnist:015',
  'training_labels = one_hot_encoding(y_train[:training_sample])\n'
  'test_labels = one_hot_encoding(y_test[:test_sample])'),
 ('numpy_tutorials:tutorial-deep-learning-on-mnist:016',
  'print("The data type of training labels: {}".format(training_labels.dtype))\n'
  'print("The data type of test labels: {}".format(test_labels.dtype))'),
 ('numpy_tutorials:tutorial-deep-learning-on-mnist:017',
  'print(training_labels[0])\nprint(training_labels[1])\nprint(training_labels[2])'),
 ('numpy_tutorials:tutorial-deep-learning-on-mnist:018',
  'print(y_train[0])\nprint(y_train[1])\nprint(y_train[2])'),
 ('numpy_tutorials:tutorial-deep-learning-on-mnist:019',
  'seed = 884736743\nrng = np.random.default_rng(seed)'),
 ('numpy_tutorials:tutorial-deep-learning-on-mnist:020',
  "# Define ReLU that returns the input if it's positive and 0 otherwise.\n"
  'def relu(x):\n'
  '    return (x >= 0) * x\n'
  '\n'
  '\n'
  '# Set up a derivative of the ReLU function that returns 1 for a positive input\n'
  '# and 0 otherwise.\n'
  'def relu2deriv(output):\n'
  '    return output >= 0'),
 ('numpy_tutorials:tutorial-deep-learning-on-mnist:021',
  'learning_rate = 0.005\nepochs = 20\nhidden_size = 100\npixels_per_image = 784\nnum_labels = 10'),
 ('numpy_tutorials:tutorial-deep-learning-on-mnist:022',
  'weights_1 = 0.2 * rng.random((pixels_per_image, hidden_size)) - 0.1\n'
  'weights_2 = 0.2 * rng.random((hidden_size, num_labels)) - 0.1'),
 ('numpy_tutorials:tutorial-deep-learning-on-mnist:023',
  '# To store training and test set losses and accurate predictions\n'
  '# for visualization.\n'
  'store_training_loss = []\n'
  'store_training_accurate_pred = []\n'
  'store_test_loss = []\n'
  'store_test_accurate_pred = []\n'
  '\n'
  '# This is a training loop.\n'
  '# Run the learning experiment for a defined number of epochs (iterations).\n'
  'for j in range(epochs):\n'
  '\n'
  '    #################\n'
  '    # Training step #\n'
  '    #################\n'
  '\n'
  '    # Set the initial loss/error and the number of accurate predictions to zero.\n'
  '    training_loss = 0.0\n'
  '    training_accurate_predictions = 0\n'
  '\n'
  '    # For all images in the training set, perform a forward pass\n'
  '    # and backpropagation and adjust the weights accordingly.\n'
  '    for i in range(len(training_images)):\n'
  '        # Forward propagation/forward pass:\n'
  '        # 1. The input layer:\n'
  '        #    Initialize the training image data as inputs.\n'
  '        layer_0 = training_images[i]\n'
  '        # 2. The hidden layer:\n'
  '        #    Take in the training image data into the middle layer by\n'
  '        #    matrix-multiplying it by randomly initialized weights.\n'
  '        layer_1 = np.dot(layer_0, weights_1)\n'
  "        # 3. Pass the hidden layer's output through the ReLU activation function.\n"
  '        layer_1 = relu(layer_1)\n'
  '        # 4. Define the dropout function for regularization.\n'
  '        dropout_mask = rng.integers(low=0, high=2, size=layer_1.shape)\n'
  "        # 5. Apply dropout to the hidden layer's output.\n"
  '        layer_1 *= dropout_mask * 2\n'
  '        # 6. The output layer:\n'
  '        #    Ingest the output of the middle layer into the the final layer\n'
  '        #    by matrix-multiplying it by randomly initialized weights.\n'
  '        #    Produce a 10-dimension vector with 10 scores.\n'
  '        layer_2 = np.dot(layer_1, weights_2)\n'
  '\n'
  '        # Backpropagation/backward pass:\n'
  '        # 1. Measure the training error (loss function) between the actual\n'
  '        #    image labels (the truth) and the prediction by the model.\n'
  '        training_loss += np.sum((training_labels[i] - layer_2) ** 2)\n'
  '        # 2. Increment the accurate prediction count.\n'
  '        training_accurate_predictions += int(\n'
  '            np.argmax(layer_2) == np.argmax(training_labels[i])\n'
  '        )\n'
  '        # 3. Differentiate the loss function/error.\n'
  '        layer_2_delta = training_labels[i] - layer_2\n'
  '        # 4. Propagate the gradients of the loss function back through the hidden layer.\n'
  '        layer_1_delta = np.dot(weights_2, layer_2_delta) * relu2deriv(layer_1)\n'
  '        # 5. Apply the dropout to the gradients.\n'
  '        layer_1_delta *= dropout_mask\n'
  '        # 6. Update the weights for the middle and input layers\n'
  '        #    by multiplying them by the learning rate and the gradients.\n'
  '        weights_1 += learning_rate * np.outer(layer_0, layer_1_delta)\n'
  '        weights_2 += learning_rate * np.outer(layer_1, layer_2_delta)\n'
  '\n'
  '    # Store training set losses and accurate predictions.\n'
  '    store_training_loss.append(training_loss)\n'
  '    store_training_accurate_pred.append(training_accurate_predictions)\n'
  '\n'
  '    ###################\n'
  '    # Evaluation step #\n'
  '    ###################\n'
  '\n'
  '    # Evaluate model performance on the test set at each epoch.\n'
  '\n'
  '    # Unlike the training step, the weights are not modified for each image\n'
  '    # (or batch). Therefore the model can be applied to the test images in a\n'
  '    # vectorized manner, eliminating the need to loop over each image\n'
  '    # individually:\n'
  '\n'
  '    results = relu(test_images @ weights_1) @ weights_2\n'
  '\n'
  '    # Measure the error between the actual label (truth) and prediction values.\n'
  '    test_loss = np.sum((test_labels - results) ** 2)\n'
  '\n'
  '    # Measure prediction accuracy on test set\n'
  '    test_accurate_predictions = np.sum(\n'
  '        np.argmax(results, axis=1) == np.argmax(test_labels, axis=1)\n'
  '    )\n'
  '\n'
  '    # Store test set losses and accurate predictions.\n'
  '    store_test_loss.append(test_loss)\n'
  '    store_test_accurate_pred.append(test_accurate_predictions)\n'
  '\n'
  '    # Summarize error and accuracy metrics at each epoch\n'
  '    print(\n'
  '        (\n'
  '            f"Epoch: {j}\\n"\n'
  '            f"  Training set error: {training_loss / len(training_images):.3f}\\n"\n'
  '            f"  Training set accuracy: {training_accurate_predictions / '
  'len(training_images)}\\n"\n'
  '            f"  Test set error: {test_loss / len(test_images):.3f}\\n"\n'
  '            f"  Test set accuracy: {test_accurate_predictions / len(test_images)}"\n'
  '        )\n'
  '    )'),
 ('numpy_tutorials:tutorial-deep-learning-on-mnist:024',
  'epoch_range = np.arange(epochs) + 1  # Starting from 1\n'
  '\n'
  '# The training set metrics.\n'
  'training_metrics = {\n'
  '    "accuracy": np.asarray(store_training_accurate_pred) / len(training_images),\n'
  '    "error": np.asarray(store_training_loss) / len(training_images),\n'
  '}\n'
  '\n'
  '# The test set metrics.\n'
  'test_metrics = {\n'
  '    "accuracy": np.asarray(store_test_accurate_pred) / len(test_images),\n'
  '    "error": np.asarray(store_test_loss) / len(test_images),\n'
  '}\n'
  '\n'
  '# Display the plots.\n'
  'fig, axes = plt.subplots(nrows=1, ncols=2, figsize=(15, 5))\n'
  'for ax, metrics, title in zip(\n'
  '    axes, (training_metrics, test_metrics), ("Training set", "Test set")\n'
  '):\n'
  '    # Plot the metrics\n'
  '    for metric, values in metrics.items():\n'
  '        ax.plot(epoch_range, values, label=metric.capitalize())\n'
  '    ax.set_title(title)\n'
  '    ax.set_xlabel("Epochs")\n'
  '    ax.legend()'),
 ('numpy_tutorials:tutorial-ma:001',
  'import numpy as np\n'
  'import os\n'
  '\n'
  '# The os.getcwd() function returns the current folder; you can change\n'
  '# the filepath variable to point to the folder where you saved the .csv file\n'
  'filepath = os.getcwd()\n'
  'filename = os.path.join(filepath, "who_covid_19_sit_rep_time_series.csv")'),
 ('numpy_tutorials:tutorial-ma:002',
  '# Note we are using skip_header and usecols to read only portions of the\n'
  '# data file into each variable.\n'
  '# Read just the dates for columns 4-18 from the first row\n'
  'dates = np.genfromtxt(\n'
  '    filename,\n'
  '    dtype=np.str_,\n'
  '    delimiter=",",\n'
  '    max_rows=1,\n'
  '    usecols=range(4, 18),\n'
  '    encoding="utf-8-sig",\n'
  ')\n'
  '# Read the names of the geographic locations from the first two\n'
  '# columns, skipping the first six rows\n'
  'locations = np.genfromtxt(\n'
  '    filename,\n'
  '    dtype=np.str_,\n'
  '    delimiter=",",\n'
  '    skip_header=6,\n'
  '    usecols=(0, 1),\n'
  '    encoding="utf-8-sig",\n'
  ')\n'
  '# Read the numeric data from just the first 14 days\n'
  'nbcases = np.genfromtxt(\n'
  '    filename,\n'
  '    dtype=np.int_,\n'
  '    delimiter=",",\n'
  '    skip_header=6,\n'
  '    usecols=range(4, 18),\n'
  '    encoding="utf-8-sig",\n'
  ')'),
 ('numpy_tutorials:tutorial-ma:003',
  'import matplotlib.pyplot as plt\n'
  '\n'
  'selected_dates = [0, 3, 11, 13]\n'
  '\n'
  'fig, ax = plt.subplots()\n'
  'ax.plot(dates, nbcases.T, "--")\n'
  'ax.set_xticks(selected_dates, dates[selected_dates])\n'
  'ax.set_title("COVID-19 cumulative cases from Jan 21 to Feb 3 2020")'),
 ('numpy_tutorials:tutorial-ma:004',
  'totals_row = 35\n'
  'locations = np.delete(locations, (totals_row), axis=0)\n'
  'nbcases = np.delete(nbcases, (totals_row), axis=0)\n'
  '\n'
  'china_total = nbcases[locations[:, 1] == "China"].sum(axis=0)\n'
  'china_total'),
 ('numpy_tutorials:tutorial-ma:005', 'nbcases'),
 ('numpy_tutorials:tutorial-ma:006',
  'from numpy import ma\n\nnbcases_ma = ma.masked_values(nbcases, -1)'),
 ('numpy_tutorials:tutorial-ma:007', 'nbcases_ma'),
 ('numpy_tutorials:tutorial-ma:008',
  'fig, ax = plt.subplots()\n'
  'ax.plot(dates, nbcases_ma[1:].T, "--")\n'
  'ax.set_xticks(selected_dates, dates[selected_dates])\n'
  'ax.set_title("COVID-19 cumulative cases from Jan 21 to Feb 3 2020")'),
 ('numpy_tutorials:tutorial-ma:009',
  'china_masked = nbcases_ma[locations[:, 1] == "China"].sum(axis=0)\nchina_masked'),
 ('numpy_tutorials:tutorial-ma:010', 'china_total = china_masked.data\nchina_total'),
 ('numpy_tutorials:tutorial-ma:011',
  'china_mask = (\n'
  '    (locations[:, 1] == "China")\n'
  '    & (locations[:, 0] != "Hong Kong")\n'
  '    & (locations[:, 0] != "Taiwan")\n'
  '    & (locations[:, 0] != "Macau")\n'
  '    & (locations[:, 0] != "Unspecified*")\n'
  ')'),
 ('numpy_tutorials:tutorial-ma:012', 'china_mask.nonzero()'),
 ('numpy_tutorials:tutorial-ma:013',
  'china_total = nbcases_ma[china_mask].sum(axis=0)\nchina_total'),
 ('numpy_tutorials:tutorial-ma:014',
  'fig, ax = plt.subplots()\n'
  'ax.plot(dates, china_total.T, "--")\n'
  'ax.set_xticks(selected_dates, dates[selected_dates])\n'
  'ax.set_title("COVID-19 cumulative cases from Jan 21 to Feb 3 2020 - Mainland China")'),
 ('numpy_tutorials:tutorial-ma:015',
  'china_total.mask\ninvalid = china_total[china_total.mask]\ninvalid'),
 ('numpy_tutorials:tutorial-ma:016', 'valid = china_total[~china_total.mask]\nvalid'),
 ('numpy_tutorials:tutorial-ma:017', 'dates[~china_total.mask]'),
 ('numpy_tutorials:tutorial-ma:018',
  't = np.arange(len(china_total))\n'
  'model = np.polynomial.Polynomial.fit(t[~china_total.mask], valid, deg=3)\n'
  '\n'
  'fig, ax = plt.subplots()\n'
  'ax.plot(t, china_total)\n'
  'ax.plot(t, model(t), "--")'),
 ('numpy_tutorials:tutorial-ma:019',
  'fig, ax = plt.subplots()\n'
  'ax.plot(t, china_total)\n'
  'ax.plot(t[china_total.mask], model(t)[china_total.mask], "--", color="orange")\n'
  'ax.plot(7, model(7), "r*")\n'
  '\n'
  'ax.set_xticks([0, 7, 13], dates[[0, 7, 13]])\n'
  'ax.set_yticks([0, model(7), 10000, 17500])\n'
  'ax.legend(["Mainland China", "Cubic estimate", "7 days after start"])\n'
  'ax.set_title(\n'
  '    "COVID-19 cumulative cases from Jan 21 to Feb 3 2020 - Mainland China\\n"\n'
  '    "Cubic estimate for 7 days after start"\n'
  ')'),
 ('numpy_tutorials:tutorial-plotting-fractals:001',
  'import numpy as np\n'
  'import matplotlib.pyplot as plt\n'
  'from mpl_toolkits.axes_grid1 import make_axes_locatable'),
 ('numpy_tutorials:tutorial-plotting-fractals:002', 'def f(z):\n    return np.square(z) - 1'),
 ('numpy_tutorials:tutorial-plotting-fractals:003', 'f(0)'),
 ('numpy_tutorials:tutorial-plotting-fractals:004', 'z = [4, 1-0.2j, 1.6]\nf(z)'),
 ('numpy_tutorials:tutorial-plotting-fractals:005',
  'x, y = np.meshgrid(np.linspace(-10, 10, 20), np.linspace(-10, 10, 20))\n'
  'mesh = x + (1j * y)  # Make mesh of complex plane'),
 ('numpy_tutorials:tutorial-plotting-fractals:006',
  'output = np.abs(f(mesh))  # Take the absolute value of the output (for plotting)\n'
  '\n'
  'fig = plt.figure()\n'
  "ax = plt.axes(projection='3d')\n"
  '\n'
  'ax.scatter(x, y, output, alpha=0.2)\n'
  '\n'
  "ax.set_xlabel('Real axis')\n"
  "ax.set_ylabel('Imaginary axis')\n"
  "ax.set_zlabel('Absolute value')\n"
  "ax.set_title('One Iteration: $ f(z) = z^2 - 1$');"),
 ('numpy_tutorials:tutorial-plotting-fractals:007',
  'output = np.abs(f(f(mesh)))\n'
  '\n'
  "ax = plt.axes(projection='3d')\n"
  '\n'
  'ax.scatter(x, y, output, alpha=0.2)\n'
  '\n'
  "ax.set_xlabel('Real axis')\n"
  "ax.set_ylabel('Imaginary axis')\n"
  "ax.set_zlabel('Absolute value')\n"
  "ax.set_title('Two Iterations: $ f(z) = z^2 - 1$');"),
 ('numpy_tutorials:tutorial-plotting-fractals:008',
  'selected_values = np.array([0.4 + 0.4j, 0.41 + 0.4j, 0.4 + 0.41j])\n'
  'num_iter = 9\n'
  '\n'
  'outputs = np.zeros((num_iter+1, selected_values.shape[0]), dtype=complex)\n'
  'outputs[0] = selected_values\n'
  '\n'
  'for i in range(num_iter):\n'
  '    outputs[i+1] = f(outputs[i])  # Apply 10 iterations, save each output\n'
  '\n'
  'fig, axes = plt.subplots(1, selected_values.shape[0], figsize=(16, 6))\n'
  "axes[1].set_xlabel('Real axis')\n"
  "axes[0].set_ylabel('Imaginary axis')\n"
  '\n'
  'for ax, data in zip(axes, outputs.T):\n'
  '    cycle = ax.scatter(data.real, data.imag, c=range(data.shape[0]), alpha=0.6)\n'
  "    ax.set_title(f'Mapping of iterations on {data[0]}')\n"
  '\n'
  'fig.colorbar(cycle, ax=axes, location="bottom", label=\'Iteration\');'),
 ('numpy_tutorials:tutorial-plotting-fractals:009',
  'def divergence_rate(mesh, num_iter=10, radius=2):\n'
  '\n'
  '    z = mesh.copy()\n'
  '    diverge_len = np.zeros(mesh.shape)  # Keep tally of the number of iterations\n'
  '\n'
  '    # Iterate on element if and only if |element| < radius (Otherwise assume divergence)\n'
  '    for i in range(num_iter):\n'
  '        conv_mask = np.abs(z) < radius\n'
  '        diverge_len[conv_mask] += 1\n'
  '        z[conv_mask] = f(z[conv_mask])\n'
  '\n'
  '    return diverge_len'),
 ('numpy_tutorials:tutorial-plotting-fractals:010',
  'x, y = np.meshgrid(np.linspace(-2, 2, 400), np.linspace(-2, 2, 400))\n'
  'mesh = x + (1j * y)\n'
  '\n'
  'output = divergence_rate(mesh)\n'
  '\n'
  'fig, ax = plt.subplots(figsize=(5, 5))\n'
  '\n'
  "ax.set_title('$f(z) = z^2 -1$')\n"
  "ax.set_xlabel('Real axis')\n"
  "ax.set_ylabel('Imaginary axis')\n"
  '\n'
  'im = ax.imshow(output, extent=[-2, 2, -2, 2])\n'
  'divider = make_axes_locatable(ax)\n'
  'cax = divider.append_axes("right", size="5%", pad=0.1)\n'
  "plt.colorbar(im, cax=cax, label='Number of iterations');"),
 ('numpy_tutorials:tutorial-plotting-fractals:011',
  'def julia(mesh, c=-1, num_iter=10, radius=2):\n'
  '\n'
  '    z = mesh.copy()\n'
  '    diverge_len = np.zeros(z.shape)\n'
  '\n'
  '    for i in range(num_iter):\n'
  '        conv_mask = np.abs(z) < radius\n'
  '        z[conv_mask] = np.square(z[conv_mask]) + c\n'
  '        diverge_len[conv_mask] += 1\n'
  '\n'
  '    return diverge_len'),
 ('numpy_tutorials:tutorial-plotting-fractals:012',
  'x, y = np.meshgrid(np.linspace(-1, 1, 400), np.linspace(-1, 1, 400))\n'
  'small_mesh = x + (1j * y)\n'
  '\n'
  'x, y = np.meshgrid(np.linspace(-2, 2, 400), np.linspace(-2, 2, 400))\n'
  'mesh = x + (1j * y)'),
 ('numpy_tutorials:tutorial-plotting-fractals:013',
  "def plot_fractal(fractal, title='Fractal', figsize=(6, 6), cmap='rainbow', extent=[-2, 2, -2, "
  '2]):\n'
  '\n'
  '    fig, ax = plt.subplots(figsize=figsize)\n'
  '\n'
  "    ax.set_title(f'${title}$')\n"
  "    ax.set_xlabel('Real axis')\n"
  "    ax.set_ylabel('Imaginary axis')\n"
  '\n'
  '    im = ax.imshow(fractal, extent=extent, cmap=cmap)\n'
  '    divider = make_axes_locatable(ax)\n'
  '    cax = divider.append_axes("right", size="5%", pad=0.1)\n'
  "    plt.colorbar(im, cax=cax, label='Number of iterations')"),
 ('numpy_tutorials:tutorial-plotting-fractals:014',
  'output = julia(mesh, num_iter=15)\n'
  "kwargs = {'title': 'f(z) = z^2 -1'}\n"
  '\n'
  'plot_fractal(output, **kwargs);'),
 ('numpy_tutorials:tutorial-plotting-fractals:015',
  'output = julia(mesh, c=np.pi/10, num_iter=20)\n'
  "kwargs = {'title': r'f(z) = z^2 + \\dfrac{\\pi}{10}', 'cmap': 'plasma'}\n"
  '\n'
  'plot_fractal(output, **kwargs);'),
 ('numpy_tutorials:tutorial-plotting-fractals:016',
  'output = julia(mesh, c=-0.75 + 0.4j, num_iter=20)\n'
  "kwargs = {'title': r'f(z) = z^2 - \\dfrac{3}{4} + 0.4i', 'cmap': 'Greens_r'}\n"
  '\n'
  'plot_fractal(output, **kwargs);'),
 ('numpy_tutorials:tutorial-plotting-fractals:017',
  'def mandelbrot(mesh, num_iter=10, radius=2):\n'
  '\n'
  '    c = mesh.copy()\n'
  '    z = np.zeros(mesh.shape, dtype=np.complex128)\n'
  '    diverge_len = np.zeros(z.shape)\n'
  '\n'
  '    for i in range(num_iter):\n'
  '        conv_mask = np.abs(z) < radius\n'
  '        z[conv_mask] = np.square(z[conv_mask]) + c[conv_mask]\n'
  '        diverge_len[conv_mask] += 1\n'
  '\n'
  '    return diverge_len'),
 ('numpy_tutorials:tutorial-plotting-fractals:018',
  'output = mandelbrot(mesh, num_iter=50)\n'
  "kwargs = {'title': 'Mandelbrot \\\\ set', 'cmap': 'hot'}\n"
  '\n'
  'plot_fractal(output, **kwargs);'),
 ('numpy_tutorials:tutorial-plotting-fractals:019',
  'def general_julia(mesh, c=-1, f=np.square, num_iter=100, radius=2):\n'
  '\n'
  '    z = mesh.copy()\n'
  '    diverge_len = np.zeros(z.shape)\n'
  '\n'
  '    for i in range(num_iter):\n'
  '        conv_mask = np.abs(z) < radius\n'
  '        z[conv_mask] = f(z[conv_mask]) + c\n'
  '        diverge_len[conv_mask] += 1\n'
  '\n'
  '    return diverge_len'),
 ('numpy_tutorials:tutorial-plotting-fractals:020',
  'fig, axes = plt.subplots(2, 3, figsize=(8, 8))\n'
  'base_degree = 2\n'
  '\n'
  'for deg, ax in enumerate(axes.ravel()):\n'
  '    degree = base_degree + deg\n'
  '    power = lambda z: np.power(z, degree)  # Create power function for current degree\n'
  '\n'
  '    diverge_len = general_julia(mesh, f=power, num_iter=15)\n'
  "    ax.imshow(diverge_len, extent=[-2, 2, -2, 2], cmap='binary')\n"
  "    ax.set_title(f'$f(z) = z^{degree} -1$')"),
 ('numpy_tutorials:tutorial-plotting-fractals:021',
  'def newton_fractal(mesh, f, df, num_iter=10, r=2):\n'
  '\n'
  '    z = mesh.copy()\n'
  '    diverge_len = np.zeros(z.shape)\n'
  '\n'
  '    for i in range(num_iter):\n'
  '        conv_mask = np.abs(z) < r\n'
  '        pz = f(z[conv_mask])\n'
  '        dp = df(z[conv_mask])\n'
  '        z[conv_mask] = z[conv_mask] - pz/dp\n'
  '        diverge_len[conv_mask] += 1\n'
  '\n'
  '    return diverge_len'),
 ('numpy_tutorials:tutorial-plotting-fractals:022',
  'p = np.polynomial.Polynomial([-16, 0, 0, 0, 15, 0, 0, 0, 1])\np'),
 ('numpy_tutorials:tutorial-plotting-fractals:023', 'p.deriv()'),
 ('numpy_tutorials:tutorial-plotting-fractals:024',
  'output = newton_fractal(mesh, p, p.deriv(), num_iter=15, r=2)\n'
  "kwargs = {'title': r'f(z) = z - \\dfrac{(z^8 + 15z^4 - 16)}{(8z^7 + 60z^3)}', 'cmap': "
  "'copper'}\n"
  '\n'
  'plot_fractal(output, **kwargs)'),
 ('numpy_tutorials:tutorial-plotting-fractals:025',
  'def f_tan(z):\n'
  '    return np.square(np.tan(z))\n'
  '\n'
  '\n'
  'def d_tan(z):\n'
  '    return 2*np.tan(z) / np.square(np.cos(z))'),
 ('numpy_tutorials:tutorial-plotting-fractals:026',
  'output = newton_fractal(mesh, f_tan, d_tan, num_iter=15, r=50)\n'
  "kwargs = {'title': r'f(z) = z - \\dfrac{sin(z)cos(z)}{2}', 'cmap': 'binary'}\n"
  '\n'
  'plot_fractal(output, **kwargs);'),
 ('numpy_tutorials:tutorial-plotting-fractals:027',
  'def sin_sum(z, n=10):\n'
  '    total = np.zeros(z.size, dtype=z.dtype)\n'
  '    for i in range(1, n+1):\n'
  '        total += np.power(np.sin(z), i)\n'
  '    return total\n'
  '\n'
  '\n'
  'def d_sin_sum(z, n=10):\n'
  '    total = np.zeros(z.size, dtype=z.dtype)\n'
  '    for i in range(1, n+1):\n'
  '        total += i * np.power(np.sin(z), i-1) * np.cos(z)\n'
  '    return total'),
 ('numpy_tutorials:tutorial-plotting-fractals:028',
  'output = newton_fractal(small_mesh, sin_sum, d_sin_sum, num_iter=10, r=1)\n'
  "kwargs = {'title': 'Wacky \\\\ fractal', 'figsize': (6, 6), 'extent': [-1, 1, -1, 1], 'cmap': "
  "'terrain'}\n"
  '\n'
  'plot_fractal(output, **kwargs)'),
 ('numpy_tutorials:tutorial-plotting-fractals:029', 'def f(z):\n    return np.tan(np.square(z))'),
 ('numpy_tutorials:tutorial-plotting-fractals:030',
  'output = general_julia(mesh, f=f, num_iter=15, radius=2.1)\n'
  "kwargs = {'title': 'f(z) = tan(z^2)', 'cmap': 'gist_stern'}\n"
  '\n'
  'plot_fractal(output, **kwargs);'),
 ('numpy_tutorials:tutorial-plotting-fractals:031', 'def g(z):\n    return np.sin(f(z))'),
 ('numpy_tutorials:tutorial-plotting-fractals:032',
  'output = general_julia(mesh, f=g, num_iter=15, radius=2.1)\n'
  "kwargs = {'title': 'g(z) = sin(tan(z^2))', 'cmap': 'plasma_r'}\n"
  '\n'
  'plot_fractal(output, **kwargs);'),
 ('numpy_tutorials:tutorial-plotting-fractals:033', 'def h(z):\n    return f(z) + g(z)'),
 ('numpy_tutorials:tutorial-plotting-fractals:034',
  'output = general_julia(small_mesh, f=h, num_iter=10, radius=2.1)\n'
  "kwargs = {'title': 'h(z) = tan(z^2) + sin(tan(z^2))', 'figsize': (7, 7), 'extent': [-1, 1, -1, "
  "1], 'cmap': 'jet'}\n"
  '\n'
  'plot_fractal(output, **kwargs);'),
 ('numpy_tutorials:tutorial-plotting-fractals:035',
  'def accident(z):\n    return z - (2 * np.power(np.tan(z), 2) / (np.sin(z) * np.cos(z)))'),
 ('numpy_tutorials:tutorial-plotting-fractals:036',
  'output = general_julia(mesh, f=accident, num_iter=15, c=0, radius=np.pi)\n'
  "kwargs = {'title': 'Accidental \\\\ fractal', 'cmap': 'Blues'}\n"
  '\n'
  'plot_fractal(output, **kwargs);'),
 ('numpy_tutorials:tutorial-static_equilibrium:001',
  'import numpy as np\nimport matplotlib.pyplot as plt'),
 ('numpy_tutorials:tutorial-static_equilibrium:002',
  'forceA = np.array([1, 0, 0])\n'
  'forceB = np.array([0, 1, 0])\n'
  'print("Force A =", forceA)\n'
  'print("Force B =", forceB)'),
 ('numpy_tutorials:tutorial-static_equilibrium:003',
  'fig = plt.figure()\n'
  '\n'
  'd3 = fig.add_subplot(projection="3d")\n'
  '\n'
  'd3.set_xlim(-1, 1)\n'
  'd3.set_ylim(-1, 1)\n'
  'd3.set_zlim(-1, 1)\n'
  '\n'
  'x, y, z = np.array([0, 0, 0])  # defining the point of application.  Make it the origin\n'
  '\n'
  'u, v, w = forceA  # breaking the force vector into individual components\n'
  'd3.quiver(x, y, z, u, v, w, color="r", label="forceA")\n'
  '\n'
  'u, v, w = forceB\n'
  'd3.quiver(x, y, z, u, v, w, color="b", label="forceB")\n'
  '\n'
  'd3.legend()'),
 ('numpy_tutorials:tutorial-static_equilibrium:004',
  'forceC = forceA + forceB\nprint("Force C =", forceC)'),
 ('numpy_tutorials:tutorial-static_equilibrium:005',
  'fig = plt.figure()\n'
  '\n'
  'd3 = fig.add_subplot(projection="3d")\n'
  '\n'
  'd3.set_xlim(-1, 1)\n'
  'd3.set_ylim(-1, 1)\n'
  'd3.set_zlim(-1, 1)\n'
  '\n'
  'x, y, z = np.array([0, 0, 0])\n'
  '\n'
  'u, v, w = forceA\n'
  'd3.quiver(x, y, z, u, v, w, color="r", label="forceA")\n'
  'u, v, w = forceB\n'
  'd3.quiver(x, y, z, u, v, w, color="b", label="forceB")\n'
  'u, v, w = forceC\n'
  'd3.quiver(x, y, z, u, v, w, color="g", label="forceC")\n'
  '\n'
  'd3.legend()'),
 ('numpy_tutorials:tutorial-static_equilibrium:006',
  'R = np.array([-1, -1, 0])\n'
  '\n'
  'fig = plt.figure()\n'
  '\n'
  'd3.set_xlim(-1, 1)\n'
  'd3.set_ylim(-1, 1)\n'
  'd3.set_zlim(-1, 1)\n'
  '\n'
  'd3 = fig.add_subplot(projection="3d")\n'
  '\n'
  'x, y, z = np.array([0, 0, 0])\n'
  '\n'
  'u, v, w = forceA + forceB + R  # add them all together for sum of forces\n'
  'd3.quiver(x, y, z, u, v, w)'),
 ('numpy_tutorials:tutorial-static_equilibrium:007',
  'f = 5  # Force in newtons\n'
  'L = 2  # Length of the pole\n'
  '\n'
  'R = 0 - f\n'
  'M = 0 - f * L\n'
  'print("Reaction force =", R)\n'
  'print("Reaction moment =", M)'),
 ('numpy_tutorials:tutorial-static_equilibrium:008',
  'poleBase = np.array([0, 0, 0])\n'
  'cordBase = np.array([3, 0, 0])\n'
  'cordConnection = np.array([0, 0, 2])\n'
  '\n'
  'poleDirection = cordConnection - poleBase\n'
  'print("Pole direction =", poleDirection)\n'
  'cordDirection = cordBase - cordConnection\n'
  'print("Cord direction =", cordDirection)'),
 ('numpy_tutorials:tutorial-static_equilibrium:009',
  'cordUnit = cordDirection / np.linalg.norm(cordDirection)\n'
  'print("Cord unit vector =", cordUnit)'),
 ('numpy_tutorials:tutorial-static_equilibrium:010',
  'cordTension = 5\nforceCord = cordUnit * cordTension\nprint("Force from the cord =", forceCord)'),
 ('numpy_tutorials:tutorial-static_equilibrium:011',
  'momentCord = np.cross(forceCord, poleDirection)\nprint("Moment from the cord =", momentCord)'),
 ('numpy_tutorials:tutorial-static_equilibrium:012',
  'equilibrium = np.array([0, 0, 0])\n'
  'R = equilibrium - forceCord\n'
  'M = equilibrium - momentCord\n'
  'print("Reaction force =", R)\n'
  'print("Reaction moment =", M)'),
 ('numpy_tutorials:tutorial-static_equilibrium:013',
  'A = np.array([0, 0, 0])\n'
  'B = np.array([0, 3, 0])\n'
  'C = np.array([0, 6, 0])\n'
  'D = np.array([1.5, 0, -3])\n'
  'E = np.array([1.5, 0, 3])\n'
  'F = np.array([-3, 0, 2])'),
 ('numpy_tutorials:tutorial-static_equilibrium:014',
  'AB = B - C\n'
  'AC = C - A\n'
  'BD = D - B\n'
  'BE = E - B\n'
  'CF = F - C\n'
  '\n'
  'UnitBD = BD / np.linalg.norm(BD)\n'
  'UnitBE = BE / np.linalg.norm(BE)\n'
  'UnitCF = CF / np.linalg.norm(CF)\n'
  '\n'
  'RadBD = np.cross(AB, UnitBD)\n'
  'RadBE = np.cross(AB, UnitBE)\n'
  'RadCF = np.cross(AC, UnitCF)'),
 ('numpy_tutorials:tutorial-style-guide:001', '# 100/0'),
 ('numpy_tutorials:tutorial-svd:001', 'from scipy.datasets import face\n\nimg = face()'),
 ('numpy_tutorials:tutorial-svd:002', 'type(img)'),
 ('numpy_tutorials:tutorial-svd:003', 'import matplotlib.pyplot as plt\n\n%matplotlib inline'),
 ('numpy_tutorials:tutorial-svd:004', 'fig, ax = plt.subplots()\nax.imshow(img)'),
 ('numpy_tutorials:tutorial-svd:005', 'img.shape'),
 ('numpy_tutorials:tutorial-svd:006', 'img.ndim'),
 ('numpy_tutorials:tutorial-svd:007', 'img[:, :, 0]'),
 ('numpy_tutorials:tutorial-svd:008', 'img[:, :, 0].shape'),
 ('numpy_tutorials:tutorial-svd:009', 'img_array = img / 255'),
 ('numpy_tutorials:tutorial-svd:010', 'img_array.min(), img_array.max()'),
 ('numpy_tutorials:tutorial-svd:011', 'img_array.dtype'),
 ('numpy_tutorials:tutorial-svd:012',
  'red_array = img_array[:, :, 0]\n'
  'green_array = img_array[:, :, 1]\n'
  'blue_array = img_array[:, :, 2]'),
 ('numpy_tutorials:tutorial-svd:013', 'img_gray = img_array @ [0.2126, 0.7152, 0.0722]'),
 ('numpy_tutorials:tutorial-svd:014', 'img_gray.shape'),
 ('numpy_tutorials:tutorial-svd:015', 'fig, ax = plt.subplots()\nax.imshow(img_gray, cmap="gray")'),
 ('numpy_tutorials:tutorial-svd:016', 'import numpy as np\nU, s, Vt = np.linalg.svd(img_gray)'),
 ('numpy_tutorials:tutorial-svd:017', 'U.shape, s.shape, Vt.shape'),
 ('numpy_tutorials:tutorial-svd:018', 's @ Vt'),
 ('numpy_tutorials:tutorial-svd:019',
  'Sigma = np.zeros((U.shape[1], Vt.shape[0]))\nnp.fill_diagonal(Sigma, s)'),
 ('numpy_tutorials:tutorial-svd:020', 'np.linalg.norm(img_gray - U @ Sigma @ Vt)'),
 ('numpy_tutorials:tutorial-svd:021', 'np.allclose(img_gray, U @ Sigma @ Vt)'),
 ('numpy_tutorials:tutorial-svd:022', 'fig, ax = plt.subplots()\nax.plot(s)'),
 ('numpy_tutorials:tutorial-svd:023', 'k = 10'),
 ('numpy_tutorials:tutorial-svd:024', 'approx = U @ Sigma[:, :k] @ Vt[:k, :]'),
 ('numpy_tutorials:tutorial-svd:025', 'fig, ax = plt.subplots()\nax.imshow(approx, cmap="gray")'),
 ('numpy_tutorials:tutorial-svd:026', 'img_array.shape'),
 ('numpy_tutorials:tutorial-svd:027',
  '# The values in the tuple indicate the original dim, and the order the new axis\n'
  '# so axis 2 -> 0, 0 -> 1, and 1 -> 2\n'
  'img_array_transposed = np.transpose(img_array, (2, 0, 1))\n'
  'img_array_transposed.shape'),
 ('numpy_tutorials:tutorial-svd:028', 'U, s, Vt = np.linalg.svd(img_array_transposed)'),
 ('numpy_tutorials:tutorial-svd:029', 'U.shape, s.shape, Vt.shape'),
 ('numpy_tutorials:tutorial-svd:030',
  'Sigma = np.zeros((3, 768, 1024))\n'
  'for j in range(3):\n'
  '    np.fill_diagonal(Sigma[j, :, :], s[j, :])'),
 ('numpy_tutorials:tutorial-svd:031', 'reconstructed = U @ Sigma @ Vt'),
 ('numpy_tutorials:tutorial-svd:032', 'reconstructed.shape'),
 ('numpy_tutorials:tutorial-svd:033', 'reconstructed.min(), reconstructed.max()'),
 ('numpy_tutorials:tutorial-svd:034',
  'reconstructed = np.clip(reconstructed, 0, 1)\n'
  '\n'
  'fig, ax = plt.subplots()\n'
  'ax.imshow(np.transpose(reconstructed, (1, 2, 0)))'),
 ('numpy_tutorials:tutorial-svd:035', 'approx_img = U @ Sigma[..., :k] @ Vt[..., :k, :]'),
 ('numpy_tutorials:tutorial-svd:036', 'approx_img.shape'),
 ('numpy_tutorials:tutorial-svd:037',
  'fig, ax = plt.subplots()\nax.imshow(np.transpose(np.clip(approx_img, 0, 1), (1, 2, 0)))'),
 ('numpy_tutorials:tutorial-x-ray-image-processing:001',
  'import os\n'
  'import imageio\n'
  '\n'
  'DIR = "tutorial-x-ray-image-processing"\n'
  '\n'
  'xray_image = imageio.v3.imread(os.path.join(DIR, "00000011_001.png"))'),
 ('numpy_tutorials:tutorial-x-ray-image-processing:002',
  'print(xray_image.shape)\nprint(xray_image.dtype)'),
 ('numpy_tutorials:tutorial-x-ray-image-processing:003',
  'import matplotlib.pyplot as plt\n'
  '\n'
  'fig, ax = plt.subplots()\n'
  'ax.imshow(xray_image, cmap="gray")\n'
  'ax.set_axis_off()'),
 ('numpy_tutorials:tutorial-x-ray-image-processing:004',
  'import numpy as np\n'
  'num_imgs = 9\n'
  '\n'
  'combined_xray_images_1 = np.array(\n'
  '    [imageio.v3.imread(os.path.join(DIR, f"00000011_00{i}.png")) for i in range(num_imgs)]\n'
  ')'),
 ('numpy_tutorials:tutorial-x-ray-image-processing:005', 'combined_xray_images_1.shape'),
 ('numpy_tutorials:tutorial-x-ray-image-processing:006',
  'fig, axes = plt.subplots(nrows=1, ncols=num_imgs, figsize=(30, 30))\n'
  '\n'
  'for img, ax in zip(combined_xray_images_1, axes):\n'
  "    ax.imshow(img, cmap='gray')\n"
  "    ax.axis('off')"),
 ('numpy_tutorials:tutorial-x-ray-image-processing:007',
  'GIF_PATH = os.path.join(DIR, "xray_image.gif")\n'
  'imageio.mimwrite(GIF_PATH, combined_xray_images_1, format= ".gif", duration=1000)'),
 ('numpy_tutorials:tutorial-x-ray-image-processing:008',
  'from scipy import ndimage\n'
  '\n'
  'xray_image_laplace_gaussian = ndimage.gaussian_laplace(xray_image, sigma=1)'),
 ('numpy_tutorials:tutorial-x-ray-image-processing:009',
  'fig, axes = plt.subplots(nrows=1, ncols=2, figsize=(10, 10))\n'
  '\n'
  'axes[0].set_title("Original")\n'
  'axes[0].imshow(xray_image, cmap="gray")\n'
  'axes[1].set_title("Laplacian-Gaussian (edges)")\n'
  'axes[1].imshow(xray_image_laplace_gaussian, cmap="gray")\n'
  'for i in axes:\n'
  '    i.axis("off")'),
 ('numpy_tutorials:tutorial-x-ray-image-processing:010',
  'x_ray_image_gaussian_gradient = ndimage.gaussian_gradient_magnitude(xray_image, sigma=2)'),
 ('numpy_tutorials:tutorial-x-ray-image-processing:011',
  'fig, axes = plt.subplots(nrows=1, ncols=2, figsize=(10, 10))\n'
  '\n'
  'axes[0].set_title("Original")\n'
  'axes[0].imshow(xray_image, cmap="gray")\n'
  'axes[1].set_title("Gaussian gradient (edges)")\n'
  'axes[1].imshow(x_ray_image_gaussian_gradient, cmap="gray")\n'
  'for i in axes:\n'
  '    i.axis("off")'),
 ('numpy_tutorials:tutorial-x-ray-image-processing:012',
  'x_sobel = ndimage.sobel(xray_image, axis=0)\n'
  'y_sobel = ndimage.sobel(xray_image, axis=1)\n'
  '\n'
  'xray_image_sobel = np.hypot(x_sobel, y_sobel)\n'
  '\n'
  'xray_image_sobel *= 255.0 / np.max(xray_image_sobel)'),
 ('numpy_tutorials:tutorial-x-ray-image-processing:013',
  'print("The data type - before: ", xray_image_sobel.dtype)\n'
  '\n'
  'xray_image_sobel = xray_image_sobel.astype("float32")\n'
  '\n'
  'print("The data type - after: ", xray_image_sobel.dtype)'),
 ('numpy_tutorials:tutorial-x-ray-image-processing:014',
  'fig, axes = plt.subplots(nrows=1, ncols=3, figsize=(15, 15))\n'
  '\n'
  'axes[0].set_title("Original")\n'
  'axes[0].imshow(xray_image, cmap="gray")\n'
  'axes[1].set_title("Sobel (edges) - grayscale")\n'
  'axes[1].imshow(xray_image_sobel, cmap="gray")\n'
  'axes[2].set_title("Sobel (edges) - CMRmap")\n'
  'axes[2].imshow(xray_image_sobel, cmap="CMRmap")\n'
  'for i in axes:\n'
  '    i.axis("off")'),
 ('numpy_tutorials:tutorial-x-ray-image-processing:015',
  'fourier_gaussian = ndimage.fourier_gaussian(xray_image, sigma=0.05)\n'
  '\n'
  'x_prewitt = ndimage.prewitt(fourier_gaussian, axis=0)\n'
  'y_prewitt = ndimage.prewitt(fourier_gaussian, axis=1)\n'
  '\n'
  'xray_image_canny = np.hypot(x_prewitt, y_prewitt)\n'
  '\n'
  'xray_image_canny *= 255.0 / np.max(xray_image_canny)\n'
  '\n'
  'print("The data type - ", xray_image_canny.dtype)'),
 ('numpy_tutorials:tutorial-x-ray-image-processing:016',
  'fig, axes = plt.subplots(nrows=1, ncols=4, figsize=(20, 15))\n'
  '\n'
  'axes[0].set_title("Original")\n'
  'axes[0].imshow(xray_image, cmap="gray")\n'
  'axes[1].set_title("Canny (edges) - prism")\n'
  'axes[1].imshow(xray_image_canny, cmap="prism")\n'
  'axes[2].set_title("Canny (edges) - nipy_spectral")\n'
  'axes[2].imshow(xray_image_canny, cmap="nipy_spectral")\n'
  'axes[3].set_title("Canny (edges) - terrain")\n'
  'axes[3].imshow(xray_image_canny, cmap="terrain")\n'
  'for i in axes:\n'
  '    i.axis("off")'),
 ('numpy_tutorials:tutorial-x-ray-image-processing:017',
  'print("The data type of the X-ray image is: ", xray_image.dtype)\n'
  'print("The minimum pixel value is: ", np.min(xray_image))\n'
  'print("The maximum pixel value is: ", np.max(xray_image))\n'
  'print("The average pixel value is: ", np.mean(xray_image))\n'
  'print("The median pixel value is: ", np.median(xray_image))'),
 ('numpy_tutorials:tutorial-x-ray-image-processing:018',
  'pixel_intensity_distribution = ndimage.histogram(\n'
  '    xray_image, min=np.min(xray_image), max=np.max(xray_image), bins=256\n'
  ')\n'
  '\n'
  'fig, ax = plt.subplots()\n'
  'ax.plot(pixel_intensity_distribution)\n'
  'ax.set_title("Pixel intensity distribution")'),
 ('numpy_tutorials:tutorial-x-ray-image-processing:019',
  '# The threshold is "greater than 150"\n'
  '# Return the original image if true, `0` otherwise\n'
  'xray_image_mask_noisy = np.where(xray_image > 150, xray_image, 0)\n'
  '\n'
  'fig, ax = plt.subplots()\n'
  'ax.imshow(xray_image_mask_noisy, cmap="gray")\n'
  'ax.set_axis_off()'),
 ('numpy_tutorials:tutorial-x-ray-image-processing:020',
  '# The threshold is "greater than 150"\n'
  '# Return `1` if true, `0` otherwise\n'
  'xray_image_mask_less_noisy = np.where(xray_image > 150, 1, 0)\n'
  '\n'
  'fig, ax = plt.subplots()\n'
  'ax.imshow(xray_image_mask_less_noisy, cmap="gray")\n'
  'ax.set_axis_off()'),
 ('numpy_tutorials:tutorial-x-ray-image-processing:021',
  'fig, axes = plt.subplots(nrows=1, ncols=9, figsize=(30, 30))\n'
  '\n'
  'axes[0].set_title("Original")\n'
  'axes[0].imshow(xray_image, cmap="gray")\n'
  'axes[1].set_title("Laplace-Gaussian (edges)")\n'
  'axes[1].imshow(xray_image_laplace_gaussian, cmap="gray")\n'
  'axes[2].set_title("Gaussian gradient (edges)")\n'
  'axes[2].imshow(x_ray_image_gaussian_gradient, cmap="gray")\n'
  'axes[3].set_title("Sobel (edges) - grayscale")\n'
  'axes[3].imshow(xray_image_sobel, cmap="gray")\n'
  'axes[4].set_title("Sobel (edges) - hot")\n'
  'axes[4].imshow(xray_image_sobel, cmap="hot")\n'
  'axes[5].set_title("Canny (edges) - prism)")\n'
  'axes[5].imshow(xray_image_canny, cmap="prism")\n'
  'axes[6].set_title("Canny (edges) - nipy_spectral)")\n'
  'axes[6].imshow(xray_image_canny, cmap="nipy_spectral")\n'
  'axes[7].set_title("Mask (> 150, noisy)")\n'
  'axes[7].imshow(xray_image_mask_noisy, cmap="gray")\n'
  'axes[8].set_title("Mask (> 150, less noisy)")\n'
  'axes[8].imshow(xray_image_mask_less_noisy, cmap="gray")\n'
  'for i in axes:\n'
  '    i.axis("off")')]
