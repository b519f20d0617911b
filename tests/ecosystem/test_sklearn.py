"""scikit-learn with ``array_api_dispatch=True`` on weaknp arrays.

The oracle is scikit-learn on the same data as NumPy arrays; results must stay arrays of
the namespace under test, with the input's dtype (float32 stays float32).
"""

import warnings

import numpy as np
import pytest
from eco import ARRAY, NAMESPACE, check, data, require, xp

sklearn = require("sklearn")
from sklearn import metrics, model_selection, preprocessing
from sklearn.decomposition import PCA
from sklearn.discriminant_analysis import LinearDiscriminantAnalysis
from sklearn.kernel_approximation import Nystroem
from sklearn.linear_model import (
    LogisticRegression,
    PoissonRegressor,
    Ridge,
    RidgeClassifierCV,
    RidgeCV,
)
from sklearn.model_selection import GridSearchCV
from sklearn.naive_bayes import GaussianNB
from sklearn.pipeline import FeatureUnion
from sklearn.preprocessing import (
    Binarizer,
    KernelCenterer,
    MaxAbsScaler,
    MinMaxScaler,
    Normalizer,
    PolynomialFeatures,
    StandardScaler,
)
from sklearn.utils import all_estimators
from sklearn.utils.estimator_checks import check_array_api_input

# StandardScaler's _incremental_mean_and_var divides 0 by 0 on purpose and silences it with
# np.errstate only when the namespace is NumPy itself ("There is no errstate equivalent
# ... in array API"); weaknp keeps NumPy's floating-point warnings (decision 15),
# so scikit-learn's own check emits it on every fit.
pytestmark = pytest.mark.filterwarnings(
    "ignore:invalid value encountered in divide:RuntimeWarning")


@pytest.fixture(autouse=True)
def dispatch():
    """``sklearn.set_config(array_api_dispatch=True)``, scoped to each test."""
    with sklearn.config_context(array_api_dispatch=True):
        yield


X = {dt: data((60, 4), dt) for dt in ("float32", "float64")}
LABELS = (X["float64"][:, 0] + 0.5 * X["float64"][:, 1] > 0).astype(np.int64)
TARGET = X["float64"] @ np.array([1.0, -2.0, 0.5, 3.0]) + 0.1

# scikit-learn's own check for estimators tagged ``array_api_support`` (fit, then every
# predict/transform/score method, values against the NumPy run).
OWN_CHECK = [
    Binarizer(), GaussianNB(), KernelCenterer(), LinearDiscriminantAnalysis(),
    LogisticRegression(max_iter=200), MinMaxScaler(), Normalizer(),
    Nystroem(n_components=5, random_state=0), PCA(n_components=3, svd_solver="full"),
    PolynomialFeatures(), Ridge(solver="svd"), RidgeClassifierCV(), StandardScaler(),
    GridSearchCV(Ridge(solver="svd"), {"alpha": [0.1, 1.0]}, cv=3),
    PoissonRegressor(), RidgeCV(), FeatureUnion([("s", StandardScaler()), ("n", Normalizer())]),
]
#: Estimators scikit-learn tags ``array_api_support`` that ``check_array_api_input`` cannot
#: run, with the reason.
NOT_CHECKED = {"LabelEncoder": "a target transformer: fit(y), while the check calls fit(X, y)"}


def test_every_tagged_estimator_is_checked():
    """A scikit-learn upgrade that tags another estimator makes this fail until it is
    added to OWN_CHECK (meta-estimators needing arguments are covered by GridSearchCV and
    FeatureUnion)."""
    checked = {type(e).__name__ for e in OWN_CHECK} | set(NOT_CHECKED)
    tagged = set()
    for name, cls in all_estimators():
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                tags = cls().__sklearn_tags__()
        except (TypeError, AttributeError):   # needs an estimator or other arguments
            continue
        if tags.array_api_support:
            tagged.add(name)
    assert tagged - checked == set()


@pytest.mark.parametrize("estimator", OWN_CHECK, ids=lambda e: type(e).__name__)
def test_check_array_api_input(estimator, dtype):
    assert estimator.__sklearn_tags__().array_api_support
    check_array_api_input(type(estimator).__name__, estimator, array_namespace=NAMESPACE,
                          dtype_name=dtype, check_values=True)


@pytest.mark.parametrize("make, method", [
    (StandardScaler, "fit_transform"), (MinMaxScaler, "fit_transform"),
    (MaxAbsScaler, "fit_transform"),
    (lambda: PCA(n_components=2, svd_solver="full"), "fit_transform"),
    (lambda: Nystroem(n_components=5, random_state=0), "fit_transform"),
    (lambda: LinearDiscriminantAnalysis(), "predict_proba"),
    (lambda: LogisticRegression(max_iter=200), "predict_proba"),
    (lambda: GaussianNB(), "predict_proba"),
    (lambda: Ridge(solver="svd"), "predict"),
], ids=["StandardScaler", "MinMaxScaler", "MaxAbsScaler", "PCA", "Nystroem", "LDA", "LogisticRegression",
        "GaussianNB", "Ridge"])
def test_estimator_values(make, method, dtype):
    """Fitted on weaknp arrays: the same numbers as on NumPy arrays, dtype kept."""
    y = TARGET.astype(dtype) if method == "predict" else LABELS
    with sklearn.config_context(array_api_dispatch=False):
        est = make().fit(X[dtype], y)
        expected = getattr(est, "transform" if method == "fit_transform" else method)(X[dtype])
    est = make().fit(xp.asarray(X[dtype]), xp.asarray(y))
    got = getattr(est, "transform" if method == "fit_transform" else method)(xp.asarray(X[dtype]))
    check(got, expected, dtype, rtol=1e-3 if dtype == "float32" else 1e-9, atol=1e-6)


def test_int32_and_float32_features_stay_float32():
    """weaknp's join: an int32 column joined with float32 ones gives float32 features (NumPy:
    float64), and scikit-learn keeps that dtype through the pipeline."""
    counts = xp.asarray(np.arange(60, dtype=np.int32) % 7)
    features = xp.concat([xp.reshape(counts, (60, 1)), xp.asarray(X["float32"])], axis=1)
    assert features.dtype == xp.float32
    scaled = StandardScaler().fit_transform(features)
    expected = StandardScaler().fit_transform(
        np.concatenate([(np.arange(60) % 7)[:, None], X["float32"]], axis=1).astype(np.float32))
    check(scaled, expected, "float32", rtol=1e-4, atol=1e-6)


Y_TRUE = np.array([0, 1, 2, 2, 1, 0, 2, 1])
Y_PRED = np.array([0, 2, 2, 2, 0, 0, 2, 0])   # label 1 is never predicted


@pytest.mark.parametrize("score", ["precision_score", "recall_score", "f1_score",
                                   "fbeta_score"])
def test_prf_with_a_label_never_predicted(score, dtype):
    """Issue 15 item 2: with float32 sample weights the per-label counts are float32, and
    scikit-learn stores ``np.float64(0.0)`` (zero_division) into them
    (``result[mask] = zero_division_value``).  weaknp keeps the weights' dtype for
    precision and recall (NumPy's scikit-learn path returns float64)."""
    kwargs = {"beta": 2.0} if score == "fbeta_score" else {}
    fn = getattr(metrics, score)
    weights = np.linspace(0.5, 2.0, 8).astype(dtype)
    with sklearn.config_context(array_api_dispatch=False):
        expected = fn(Y_TRUE, Y_PRED, average=None, zero_division=0.0,
                      sample_weight=weights, **kwargs)
    args = xp.asarray(Y_TRUE), xp.asarray(Y_PRED)
    got = fn(*args, average=None, zero_division=0.0, sample_weight=xp.asarray(weights),
             **kwargs)
    # The F-scores are computed in the namespace's widest float (scikit-learn's
    # _max_precision_float_dtype), precision and recall in the weights' dtype.
    want = "float64" if score in ("f1_score", "fbeta_score") else dtype
    check(got, expected, want, rtol=1e-6 if dtype == "float32" else 1e-12)
    macro = fn(*args, average="macro", zero_division=0.0, sample_weight=xp.asarray(weights),
               **kwargs)
    assert float(macro) == pytest.approx(float(np.mean(expected)), rel=1e-6)


def test_metrics(dtype):
    y, p = xp.asarray(TARGET.astype(dtype)), xp.asarray((TARGET * 0.9 + 0.05).astype(dtype))
    for name in ["r2_score", "mean_squared_error", "mean_absolute_error",
                 "explained_variance_score"]:
        fn = getattr(metrics, name)
        with sklearn.config_context(array_api_dispatch=False):
            expected = fn(TARGET.astype(dtype), (TARGET * 0.9 + 0.05).astype(dtype))
        assert float(fn(y, p)) == pytest.approx(float(expected), rel=1e-5), name
    labels = xp.asarray(LABELS)
    assert float(metrics.accuracy_score(labels, xp.flip(labels))) == pytest.approx(
        float(np.mean(LABELS == LABELS[::-1])))
    cm = metrics.confusion_matrix(labels, xp.flip(labels))
    np.testing.assert_array_equal(np.asarray(cm),
                                  metrics.confusion_matrix(LABELS, LABELS[::-1]))


def test_roc_curve_and_auc(dtype):
    """``roc_curve`` calls ``xp.diff(fps, 2)`` (``n`` positional)."""
    scores = X[dtype][:, 0] + 0.5 * X[dtype][:, 2]
    with sklearn.config_context(array_api_dispatch=False):
        efpr, etpr, ethr = metrics.roc_curve(LABELS, scores)
        eauc = metrics.roc_auc_score(LABELS, scores)
    fpr, tpr, thr = metrics.roc_curve(xp.asarray(LABELS), xp.asarray(scores))
    check(fpr, efpr, "float64")
    check(tpr, etpr, "float64")
    check(thr, ethr, "float64")      # scikit-learn casts thresholds to its widest float
    assert float(metrics.roc_auc_score(xp.asarray(LABELS), xp.asarray(scores))) == \
        pytest.approx(eauc)


def test_pairwise(dtype):
    a, b = X[dtype][:10], X[dtype][10:15]
    for name in ["euclidean_distances", "rbf_kernel", "cosine_similarity", "linear_kernel"]:
        fn = getattr(metrics.pairwise, name)
        with sklearn.config_context(array_api_dispatch=False):
            expected = fn(a, b)
        check(fn(xp.asarray(a), xp.asarray(b)), expected, dtype,
              rtol=1e-4 if dtype == "float32" else 1e-10, atol=1e-6)


def test_result_namespace_is_kept():
    out = StandardScaler().fit(xp.asarray(X["float32"])).transform(xp.asarray(X["float32"]))
    assert isinstance(out, ARRAY)
    assert type(out).__module__.split(".")[0] == NAMESPACE


def test_numpy_errstate_silences_the_scaler_warning():
    """docs/ecosystem.md's advice: scikit-learn's 0/0 warning under weaknp, and ``np.errstate``
    (which weaknp's NumPy calls honour) silencing it."""
    x = xp.asarray(X["float32"])
    with pytest.warns(RuntimeWarning, match="invalid value encountered in divide"):
        StandardScaler().fit(x)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        with np.errstate(invalid="ignore"):
            StandardScaler().fit(x)


RNG = np.random.default_rng(1)
LAB3 = RNG.integers(0, 3, 30)
PRED3 = RNG.integers(0, 3, 30)
PROBA = RNG.random((30, 3)).astype(np.float32) + 0.05
PROBA /= PROBA.sum(axis=1, keepdims=True)
POS = np.abs(data(30, "float32", seed=3)) + np.float32(0.1)
A = data((30, 3), "float32", seed=4)

# (name, call with the namespace's asarray ``a``, dtype of an array result or None for a
# Python/NumPy scalar).  The oracle is the same call with NumPy arrays (dispatch off).
METRICS = [
    ("log_loss", lambda a: metrics.log_loss(a(LAB3), a(PROBA)), None),
    ("zero_one_loss", lambda a: metrics.zero_one_loss(a(LAB3), a(PRED3)), None),
    ("hamming_loss", lambda a: metrics.hamming_loss(a(LAB3), a(PRED3)), None),
    ("cohen_kappa_score", lambda a: metrics.cohen_kappa_score(a(LAB3), a(PRED3)), None),
    ("balanced_accuracy", lambda a: metrics.balanced_accuracy_score(a(LAB3), a(PRED3)), None),
    ("jaccard_score", lambda a: metrics.jaccard_score(a(LAB3), a(PRED3), average=None),
     "float64"),
    ("multilabel_confusion_matrix",
     lambda a: metrics.multilabel_confusion_matrix(a(LAB3), a(PRED3)), "int64"),
    ("d2_tweedie_score", lambda a: metrics.d2_tweedie_score(a(POS), a(POS * 1.1)), None),
    ("mean_pinball_loss", lambda a: metrics.mean_pinball_loss(a(POS), a(POS * 0.9)), None),
    ("mean_absolute_percentage_error",
     lambda a: metrics.mean_absolute_percentage_error(a(POS), a(POS * 0.9)), None),
    ("mean_squared_log_error",
     lambda a: metrics.mean_squared_log_error(a(POS), a(POS * 0.9)), None),
    ("max_error", lambda a: metrics.max_error(a(POS), a(POS * 0.9)), None),
    ("mean_poisson_deviance",
     lambda a: metrics.mean_poisson_deviance(a(POS), a(POS * 1.1)), None),
    ("r2_score raw_values",
     lambda a: metrics.r2_score(a(A), a(A * 0.9), multioutput="raw_values"), "float32"),
    ("precision_recall_curve",
     lambda a: metrics.precision_recall_curve(a(LAB3 > 0), a(A[:, 0]))[0], "float64"),
    ("det_curve", lambda a: metrics.det_curve(a(LAB3 > 0), a(A[:, 0]))[0], "float64"),
    ("average_precision_score",
     lambda a: metrics.average_precision_score(a(LAB3 > 0), a(A[:, 0])), None),
    ("roc_auc_score ovr",
     lambda a: metrics.roc_auc_score(a(LAB3), a(PROBA), multi_class="ovr"), None),
    ("top_k_accuracy_score",
     lambda a: metrics.top_k_accuracy_score(a(LAB3), a(PROBA), k=2), None),
    ("ndcg_score", lambda a: metrics.ndcg_score(a(PROBA), a(PROBA * 0.5 + 0.1)), None),
    ("calinski_harabasz_score",
     lambda a: metrics.calinski_harabasz_score(a(A), a(LAB3)), None),
    ("davies_bouldin_score", lambda a: metrics.davies_bouldin_score(a(A), a(LAB3)), None),
    ("silhouette_score", lambda a: metrics.silhouette_score(a(A), a(LAB3)), None),
    ("manhattan_distances",
     lambda a: metrics.pairwise.manhattan_distances(a(A[:5]), a(A[5:9])), "float32"),
    ("polynomial_kernel",
     lambda a: metrics.pairwise.polynomial_kernel(a(A[:5]), a(A[5:9])), "float32"),
    ("chi2_kernel", lambda a: metrics.pairwise.chi2_kernel(a(PROBA[:5]), a(PROBA[5:9])),
     "float32"),
    ("paired_euclidean_distances",
     lambda a: metrics.pairwise.paired_euclidean_distances(a(A[:5]), a(A[5:10])), "float32"),
    ("pairwise_distances cosine",
     lambda a: metrics.pairwise.pairwise_distances(a(A[:5]), metric="cosine"), "float32"),
]


@pytest.mark.parametrize("name, call, result_dtype", METRICS, ids=[m[0] for m in METRICS])
def test_more_metrics(name, call, result_dtype):
    with sklearn.config_context(array_api_dispatch=False):
        expected = call(np.asarray)
    got = call(xp.asarray)
    if result_dtype is None:
        assert not isinstance(got, ARRAY) or got.ndim == 0
        assert float(got) == pytest.approx(float(expected), rel=1e-5, abs=1e-6)
    else:
        check(got, np.asarray(expected), result_dtype, rtol=1e-5, atol=1e-6)


PREPROCESSING = [
    ("normalize", lambda a: preprocessing.normalize(a(A))),
    ("minmax_scale", lambda a: preprocessing.minmax_scale(a(A))),
    ("add_dummy_feature", lambda a: preprocessing.add_dummy_feature(a(A))),
    ("label_binarize", lambda a: preprocessing.label_binarize(a(LAB3), classes=[0, 1, 2])),
    ("LabelEncoder", lambda a: preprocessing.LabelEncoder().fit_transform(a(LAB3))),
    ("LabelBinarizer", lambda a: preprocessing.LabelBinarizer().fit_transform(a(LAB3))),
    ("train_test_split", lambda a: model_selection.train_test_split(a(A), random_state=0)[0]),
    ("shuffle", lambda a: sklearn.utils.shuffle(a(A), random_state=0)),
    ("PCA randomized", lambda a: PCA(2, svd_solver="randomized", random_state=0,
                                                 power_iteration_normalizer="QR")
     .fit_transform(a(A))),
    ("PCA covariance_eigh", lambda a: PCA(2, svd_solver="covariance_eigh").fit_transform(a(A))),
    ("PCA whiten inverse", lambda a: PCA(2, whiten=True, svd_solver="full").fit(a(A))
     .inverse_transform(a(A[:, :2]))),
    ("RidgeCV gcv", lambda a: RidgeCV(alphas=(0.1, 1.0)).fit(a(A), a(POS)).coef_),
    ("LogisticRegression multinomial", lambda a: LogisticRegression().fit(a(A), a(LAB3))
     .predict_proba(a(A))),
]


@pytest.mark.parametrize("name, call", PREPROCESSING, ids=[p[0] for p in PREPROCESSING])
def test_preprocessing_and_models(name, call):
    """Array results stay namespace arrays with NumPy's dtype for this input."""
    with sklearn.config_context(array_api_dispatch=False):
        expected = np.asarray(call(np.asarray))
    got = call(xp.asarray)
    check(got, expected, str(expected.dtype), rtol=1e-4, atol=1e-5)
