"""The chi-square test's tail probability, for the tests that judge samplers (no SciPy in the
project's dependencies for one function)."""

from __future__ import annotations

import math


def chi2_sf(statistic: float, dof: int) -> float:
    """P(X >= statistic) for X chi-square with ``dof`` degrees of freedom: 1 - P(dof/2, x/2),
    the regularized lower incomplete gamma function summed as its series (no SciPy needed)."""
    s, x = dof / 2, statistic / 2
    if x == 0:
        return 1.0
    term = math.exp(s * math.log(x) - x - math.lgamma(s + 1))
    total = term
    n = 0
    while term > 1e-17 * total:
        n += 1
        term *= x / (s + n)
        total += term
    return max(0.0, 1.0 - total)
