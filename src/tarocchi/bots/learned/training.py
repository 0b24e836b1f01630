"""Fitting the network: distilling a teacher's decisions, then policy gradient against the teacher.

Distillation minimizes the cross-entropy of the teacher's choice under the masked softmax, in
shuffled mini-batches (Adam). The policy-gradient rounds then play hands with the policy in one
seat (drawing from its softmax) and the teacher in the others, and move the policy towards the
choices of the hands where its seat made more than the teacher made in its place on the same
deal (REINFORCE; the advantage is that difference less the round's mean, divided by the points'
spread), a small step each round so that no noisy round undoes what distillation taught.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from tarocchi.bots.learned.data import Decisions
from tarocchi.bots.learned.network import Adam, Network

BATCH = 256
"""Decisions per Adam step."""


@dataclass(frozen=True)
class Fit:
    """How a distillation went: its steps and the held-out decisions' loss and agreement."""

    steps: int
    loss: float
    agreement: float
    """Share of the held-out decisions where the policy's most probable id is the teacher's."""


def agreement(network: Network, data: Decisions) -> tuple[float, float]:
    """Mean cross-entropy and share of ``data`` where the network's best legal id is the one chosen."""
    if not len(data):
        return 0.0, 0.0
    losses = 0.0
    agreed = 0
    for start in range(0, len(data), 4096):
        part = slice(start, start + 4096)
        _, p = network.batch(data.features[part], data.masks[part])
        rows = np.arange(len(p))
        losses += float(-np.log(np.maximum(p[rows, data.chosen[part]], 1e-12)).sum())
        agreed += int((p.argmax(axis=1) == data.chosen[part]).sum())
    return losses / len(data), agreed / len(data)


def distill(
    network: Network,
    data: Decisions,
    held_out: Decisions,
    epochs: int,
    seed: int,
    rate: float = 3e-3,
    say: Callable[[str], None] = lambda _: None,
) -> Fit:
    """Fit ``network`` to the choices in ``data`` for ``epochs`` passes; measured on ``held_out``."""
    rng = np.random.default_rng([seed, 1])
    adam = Adam(network, rate)
    ones = np.ones(BATCH, np.float32)
    for epoch in range(epochs):
        order = rng.permutation(len(data))
        total = 0.0
        for start in range(0, len(order), BATCH):
            batch = order[start : start + BATCH]
            gradients, loss = network.gradients(
                data.features[batch], data.masks[batch], data.chosen[batch], ones[: len(batch)]
            )
            adam.step(gradients)
            total += loss * len(batch)
        loss, agreed = agreement(network, held_out)
        say(
            f"  epoch {epoch + 1}: training loss {total / max(1, len(data)):.3f}, held out {loss:.3f}, "
            f"agreement {100 * agreed:.1f}%"
        )
    loss, agreed = agreement(network, held_out)
    return Fit(adam.steps, loss, agreed)


def reinforce(network: Network, adam: Adam, data: Decisions, scale: float) -> float:
    """One round of REINFORCE on the policy's own decisions in ``data`` (their points over the
    teacher's on the same deals): returns those points' mean."""
    if not len(data):
        return 0.0
    advantage = ((data.points - data.points.mean()) / scale).astype(np.float32)
    order = np.arange(len(data))
    for start in range(0, len(order), BATCH):
        batch = order[start : start + BATCH]
        gradients, _ = network.gradients(
            data.features[batch], data.masks[batch], data.chosen[batch], advantage[batch]
        )
        adam.step(gradients)
    return float(data.points.mean())
