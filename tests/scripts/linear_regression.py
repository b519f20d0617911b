"""Least squares on float32 data: normal equations and gradient descent."""
import numpy as np


def main():
    x = np.linspace(0.0, 1.0, 200, dtype=np.float32)
    y = 3.0 * x + 0.5 + 0.1 * np.sin(40.0 * x)
    X = np.column_stack([x, np.ones_like(x)])
    w = np.linalg.solve(X.T @ X, X.T @ y)
    theta = np.zeros(2, dtype=np.float32)
    for _ in range(300):
        grad = X.T @ (X @ theta - y) / len(y)
        theta = theta - 0.5 * grad
    resid = y - X @ w
    r2 = 1.0 - np.sum(resid ** 2) / np.sum((y - np.mean(y)) ** 2)
    return {"w": w, "theta": theta, "r2": r2, "pred": X @ w, "std": y.std()}
