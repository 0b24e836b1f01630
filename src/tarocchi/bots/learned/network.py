"""The learned policy's network: one hidden layer, a score per action id, a softmax over the legal ones.

``features -> relu(W1 x + b1) -> W2 h + b2``: a score for every id of the game's action space,
the illegal ids masked out before the softmax. numpy only: a forward pass of one view is two
small matrix products (tens of microseconds), and the weights of the largest game are a few
hundred kilobytes. Training uses the same arrays: ``gradients`` gives the cross-entropy (or
policy-gradient) gradients of a batch, ``Adam`` steps them.
"""

from __future__ import annotations

import io
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

Floats = npt.NDArray[np.float32]
Ints = npt.NDArray[np.int64]
Masks = npt.NDArray[np.bool_]

HIDDEN = 64
"""Hidden units: enough to distill a rule-of-thumb player's choices, small enough that a
decision costs tens of microseconds."""
PARAMETERS = ("w1", "b1", "w2", "b2")


@dataclass(eq=False)
class Network:
    """The weights, and what made them (``made``: the command, commit, data sizes, hours)."""

    w1: Floats
    b1: Floats
    w2: Floats
    b2: Floats
    made: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def initial(cls, features: int, actions: int, seed: int, hidden: int = HIDDEN) -> Network:
        """He-initialized weights from ``seed``."""
        rng = np.random.default_rng(seed)
        return cls(
            (rng.standard_normal((features, hidden)) * np.sqrt(2.0 / features)).astype(np.float32),
            np.zeros(hidden, dtype=np.float32),
            (rng.standard_normal((hidden, actions)) * np.sqrt(1.0 / hidden)).astype(np.float32),
            np.zeros(actions, dtype=np.float32),
        )

    @property
    def features(self) -> int:
        return int(self.w1.shape[0])

    @property
    def actions(self) -> int:
        return int(self.w2.shape[1])

    def arrays(self) -> list[Floats]:
        return [self.w1, self.b1, self.w2, self.b2]

    def legal_scores(self, x: Floats, legal: Ints) -> Floats:
        """The scores of the ``legal`` ids for one feature vector (only their columns computed)."""
        hidden = np.maximum(x @ self.w1 + self.b1, 0)
        scores: Floats = hidden @ self.w2[:, legal] + self.b2[legal]
        return scores

    def log_probabilities(self, x: Floats, legal: Ints) -> Floats:
        """Log of the masked softmax over the ``legal`` ids, in their order."""
        scores = self.legal_scores(x, legal)
        scores = scores - scores.max()
        result: Floats = scores - np.log(np.exp(scores).sum())
        return result

    def batch(self, x: Floats, masks: Masks) -> tuple[Floats, Floats]:
        """For a batch: the hidden layer and the masked softmax (illegal ids 0)."""
        hidden = np.maximum(x @ self.w1 + self.b1, 0)
        scores = hidden @ self.w2 + self.b2
        scores = np.where(masks, scores, -np.inf)
        scores -= scores.max(axis=1, keepdims=True)
        weights = np.exp(scores)
        probabilities: Floats = weights / weights.sum(axis=1, keepdims=True)
        return hidden, probabilities

    def gradients(self, x: Floats, masks: Masks, chosen: Ints, weights: Floats) -> tuple[list[Floats], float]:
        """Gradients of ``-sum(weights * log p(chosen)) / len(x)`` (cross-entropy with weights 1;
        REINFORCE with the advantages as weights), and that loss."""
        hidden, probabilities = self.batch(x, masks)
        rows = np.arange(len(x))
        picked = np.maximum(probabilities[rows, chosen], 1e-12)
        loss = float(-(weights * np.log(picked)).sum() / len(x))
        delta = probabilities
        delta[rows, chosen] -= 1
        delta *= (weights / len(x))[:, None]
        g_w2 = hidden.T @ delta
        g_b2 = delta.sum(axis=0)
        back = (delta @ self.w2.T) * (hidden > 0)
        g_w1 = x.T @ back
        g_b1 = back.sum(axis=0)
        return [g_w1, g_b1, g_w2, g_b2], loss

    def save(self, path: Path) -> None:
        """The weights as float16 (compressed), with ``made`` as JSON."""
        arrays: dict[str, Any] = {
            name: array.astype(np.float16) for name, array in zip(PARAMETERS, self.arrays(), strict=True)
        }
        arrays["made"] = np.array(json.dumps(self.made, sort_keys=True))
        buffer = io.BytesIO()
        np.savez_compressed(buffer, **arrays)
        path.write_bytes(buffer.getvalue())

    @classmethod
    def load(cls, path: Path) -> Network:
        with np.load(path) as saved:
            w1, b1, w2, b2 = (saved[name].astype(np.float32) for name in PARAMETERS)
            made = json.loads(str(saved["made"]))
        return cls(w1, b1, w2, b2, made=made)


class Adam:
    """Adam steps down the gradients of a network's arrays, in place."""

    def __init__(self, network: Network, rate: float) -> None:
        self.network = network
        self.rate = rate
        self.steps = 0
        self.moments = [np.zeros_like(a) for a in network.arrays()]
        self.squares = [np.zeros_like(a) for a in network.arrays()]

    def step(self, gradients: list[Floats]) -> None:
        self.steps += 1
        fix1, fix2 = 1 - 0.9**self.steps, 1 - 0.999**self.steps
        for array, gradient, moment, square in zip(
            self.network.arrays(), gradients, self.moments, self.squares, strict=True
        ):
            moment *= 0.9
            moment += 0.1 * gradient
            square *= 0.999
            square += 0.001 * gradient * gradient
            array -= (self.rate * (moment / fix1) / (np.sqrt(square / fix2) + 1e-8)).astype(np.float32)
