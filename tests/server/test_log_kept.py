"""The log lines a table keeps from one state to the next (``web.present.Log``) are exactly the
lines the whole log would give, for every seat and a spectator, over hand boundaries, face-down
discards and partners made known mid-hand (the lines are built anew only for new events); the
page's parts of each line are its words with each card apart."""

from __future__ import annotations

import random

import pytest
from test_play import VARIANTS

from tarocchi.core.match import Match
from tarocchi.core.registry import get_game
from tarocchi.web.present import Log, presentation


@pytest.mark.parametrize(
    ("game", "options"), VARIANTS, ids=lambda v: v if isinstance(v, str) else "-".join(v.values())
)
def test_kept_log_lines_equal_the_whole_log_at_every_step(game: str, options: dict[str, str]) -> None:
    g = get_game(game, options)
    rng = random.Random(7)  # which legal action is taken: any sequence must keep the equality
    match = Match(g, seed=11, first_dealer=0)
    seats: list[int | None] = [*range(g.players), None]
    logs = {seat: Log() for seat in seats}
    steps = 0
    while len(match.hands) < 2 or not match.hand_over:
        if match.hand_over:
            match.next_hand()
        for seat in seats:
            view = match.view(seat)
            present = presentation(g, view, logs[seat])
            assert present["log"] == presentation(g, view)["log"], (seat, steps)
            # the page's parts say the same words, each card apart as a card of the pack
            joined = [
                "".join(p if isinstance(p, str) else p["card"] for p in line) for line in present["log_parts"]
            ]
            assert joined == present["log"], (seat, steps)
            cards = {p["card"] for line in present["log_parts"] for p in line if not isinstance(p, str)}
            assert cards <= {card.code for card in g.deck.cards}
        mover = match.to_act()
        assert mover is not None
        match.submit(mover, rng.choice(match.view(mover).legal_actions))
        steps += 1
    assert steps > 2 * g.players  # two hands were played, not one action
