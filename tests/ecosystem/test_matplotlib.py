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


def test_scatter(ax):
    x = xp.asarray(X)
    paths = ax.scatter(x, x * 0.5, c=x, s=abs(x) * 20)
    np.testing.assert_allclose(paths.get_offsets(), np.stack([X, X * 0.5], axis=1), rtol=1e-6)
    np.testing.assert_allclose(paths.get_sizes(), np.abs(X) * 20, rtol=1e-6)


def test_bar(ax):
    """``bar``/``barh`` call ``np.broadcast_arrays(np.atleast_1d(x), height, width, y,
    linewidth, hatch)`` with Python floats, lists and ``hatch=None`` beside the arrays."""
    bars = ax.bar(xp.arange(3), xp.asarray([1.0, 2.0, 3.0]))
    assert [b.get_height() for b in bars] == [1.0, 2.0, 3.0]
    bars = ax.barh(xp.arange(3), xp.asarray([1.0, 2.0, 3.0]))
    assert [b.get_width() for b in bars] == [1.0, 2.0, 3.0]
    (bar,) = ax.bar(xp.asarray(1.0), xp.asarray(2.0))
    assert bar.get_height() == 2.0


def test_dendrogram_on_axes(ax):
    """Issue 15 item 1: SciPy's dendrogram drawing onto matplotlib axes."""
    hierarchy = require("scipy.cluster.hierarchy")
    points = data((6, 2), "float64")
    expected = hierarchy.dendrogram(hierarchy.linkage(points), no_plot=True)
    got = hierarchy.dendrogram(hierarchy.linkage(xp.asarray(points)), ax=ax)
    assert got["ivl"] == expected["ivl"]
    np.testing.assert_allclose(np.asarray(got["dcoord"]), np.asarray(expected["dcoord"]))


def test_0d_arrays_as_positions(ax):
    """Reference lines and labels placed at 0-d arrays (matplotlib's unit check iterates
    what ``np.iterable`` calls iterable)."""
    x = xp.asarray(X)
    line = ax.axhline(xp.max(x))
    assert line.get_ydata() == [float(X.max())] * 2
    assert ax.axvline(xp.asarray(0.5)).get_xdata() == [0.5, 0.5]
    assert ax.text(xp.asarray(0.25), xp.asarray(0.75), "t").get_position() == (0.25, 0.75)
    note = ax.annotate("a", (xp.asarray(0.5), xp.asarray(1.0)))
    assert tuple(float(v) for v in note.xy) == (0.5, 1.0)


def test_eventplot(ax):
    (events,) = ax.eventplot(xp.asarray(X[:5]))
    (expected,) = Figure().add_subplot().eventplot(X[:5])      # sorted positions
    assert events.get_positions() == expected.get_positions()


@pytest.mark.parametrize("draw", ["errorbar", "fill_between", "contourf", "pcolormesh",
                                  "boxplot", "stairs", "hist2d", "matshow", "stem", "psd"])
def test_other_plot_kinds(ax, draw):
    """Drawn from weaknp arrays: the same artists' data as from NumPy arrays."""
    m = np.random.default_rng(1).standard_normal((5, 6)).astype(np.float32)
    calls = {
        "errorbar": lambda a, v, w: a.errorbar(v[:5], v[5:10], yerr=abs(v[10:15])),
        "fill_between": lambda a, v, w: a.fill_between(v[:5], v[5:10], 0),
        "contourf": lambda a, v, w: a.contourf(w, levels=4),
        "pcolormesh": lambda a, v, w: a.pcolormesh(w),
        "boxplot": lambda a, v, w: a.boxplot(v),
        "stairs": lambda a, v, w: a.stairs(abs(v[:5])),
        "hist2d": lambda a, v, w: a.hist2d(v, v[::-1], bins=3)[0],
        "matshow": lambda a, v, w: a.matshow(w).get_array(),
        "stem": lambda a, v, w: a.stem(v[:5]).markerline.get_ydata(),
        "psd": lambda a, v, w: a.psd(v, NFFT=16)[0],
    }
    other = Figure().add_subplot()
    expected = calls[draw](other, X, m)
    got = calls[draw](ax, xp.asarray(X), xp.asarray(m))
    if isinstance(expected, np.ndarray):
        np.testing.assert_allclose(np.asarray(got), expected, rtol=1e-6)
