"""matplotlib (Agg canvas, no display) drawing weaknp arrays: what is drawn is checked."""

import numpy as np
import pytest
from eco import data, require, xp

require("matplotlib")
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

X = data(40, "float32")


@pytest.fixture
def ax():
    fig = Figure()
    FigureCanvasAgg(fig)          # the Agg canvas: rendering without a display
    yield fig.add_subplot()
    fig.canvas.draw()             # everything drawn must also render


def test_plot(ax):
    (line,) = ax.plot(xp.asarray(X), xp.asarray(X) * 2)
    np.testing.assert_array_equal(np.asarray(line.get_xdata()), X)
    np.testing.assert_array_equal(np.asarray(line.get_ydata()), X * np.float32(2))


@pytest.mark.parametrize("bins", [5, 8])
def test_hist_counts(ax, bins):
    """Issue 15 item 1: ``hist`` must see one dataset of 40 values, not 40 datasets."""
    counts, edges, patches = ax.hist(xp.asarray(X), bins=bins)
    expected_counts, expected_edges = np.histogram(X, bins=bins)
    assert np.asarray(counts).shape == (bins,)
    np.testing.assert_array_equal(np.asarray(counts), expected_counts)
    np.testing.assert_allclose(np.asarray(edges), expected_edges, rtol=1e-6)
    assert len(patches) == bins
    assert [p.get_height() for p in patches] == expected_counts.tolist()


def test_imshow(ax):
    image = xp.reshape(xp.arange(12, dtype=xp.float32), (3, 4))
    im = ax.imshow(image)
    np.testing.assert_array_equal(np.asarray(im.get_array()),
                                  np.arange(12, dtype=np.float32).reshape(3, 4))
    assert im.get_extent() == [-0.5, 3.5, 2.5, -0.5]


def test_set_ylim_with_0d_arrays(ax):
    """Issue 15 item 1: a 0-d array (``wnp.max(x)``) is a scalar limit."""
    x = xp.asarray(X)
    ax.set_ylim(0, xp.max(x))
    assert ax.get_ylim() == (0.0, float(X.max()))
    ax.set_xlim(xp.min(x), xp.max(x))
    assert ax.get_xlim() == (float(X.min()), float(X.max()))


def test_scatter_and_bar(ax):
    x = xp.asarray(X)
    paths = ax.scatter(x, x * 0.5)
    np.testing.assert_allclose(paths.get_offsets(), np.stack([X, X * 0.5], axis=1), rtol=1e-6)
    bars = ax.bar(xp.arange(3), xp.asarray([1.0, 2.0, 3.0]))
    assert [b.get_height() for b in bars] == [1.0, 2.0, 3.0]


def test_dendrogram_on_axes(ax):
    """Issue 15 item 1: SciPy's dendrogram drawing onto matplotlib axes."""
    hierarchy = require("scipy.cluster.hierarchy")
    points = data((6, 2), "float64")
    expected = hierarchy.dendrogram(hierarchy.linkage(points), no_plot=True)
    got = hierarchy.dendrogram(hierarchy.linkage(xp.asarray(points)), ax=ax)
    assert got["ivl"] == expected["ivl"]
    np.testing.assert_allclose(np.asarray(got["dcoord"]), np.asarray(expected["dcoord"]))
