"""The tensors and masks of every game: layouts that tile, masks equal to the legal actions,
values within bounds, and nothing a seat's view does not hold (resampled worlds encode alike)."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest
from research_tools import CONFIGS, IDS, Config, make, random_hand

from tarocchi.core.views import PlayerView
from tarocchi.research.encoding import Encoder, Layout, encoder, put_mask
from tarocchi.research.incremental import IncrementalEncoder

HANDS = 2
"""Random hands per configuration; every step, every seat."""
RESAMPLE_EVERY = 9
"""Steps between the resampling checks (two worlds each, for the seat to act)."""


def _tiles(layout: Layout) -> None:
    at = 0
    for slot in layout:
        assert slot.start == at, f"{slot.name} starts at {slot.start}, not {at}"
        assert slot.size > 0
        at = slot.stop
    assert at == layout.size
    low, high = layout.bounds()
    assert low.shape == high.shape == (layout.size,)
    assert (low <= high).all()


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_layouts_tile_their_tensors(config: Config) -> None:
    enc = encoder(make(config))
    obs, state = enc.observation_layout, enc.information_state_layout
    _tiles(obs)
    _tiles(state)
    assert state.slots[: len(obs.slots)] == obs.slots, "the information state starts with the observation"
    assert len({slot.name for slot in state}) == len(state.slots)
    assert obs["hand"] == slice(obs.slot("hand").start, obs.slot("hand").stop)


def _check_view(enc: Encoder, view: PlayerView, buffers: tuple[Any, Any, Any]) -> None:
    obs, state, mask = buffers
    game = enc.game
    enc.action_mask(view, mask)
    assert set(np.flatnonzero(mask)) == {game.action_id(a) for a in view.legal_actions}
    assert mask.sum() == len(view.legal_actions)
    enc.encode_observation(view, obs)
    enc.encode_information_state(view, state)
    np.testing.assert_array_equal(state[: obs.size], obs)
    low, high = enc.information_state_layout.bounds()
    assert ((state >= low) & (state <= high)).all()
    assert enc.information_state_layout.view(state, "hand").sum() == len(view.hand)
    again = PlayerView.from_json(game, view.to_json())
    np.testing.assert_array_equal(enc.encode_information_state(again), state)


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_every_view_of_random_hands(config: Config) -> None:
    """At every step, for every seat: the mask is the legal actions; the tensors stay in bounds,
    start alike, and are the same for the view read back from its JSON."""
    game = make(config)
    enc = encoder(game)
    rng = random.Random(f"research/{config}")
    buffers = (enc.observation_buffer(), enc.information_state_buffer(), enc.mask_buffer())
    for _ in range(HANDS):
        for state in random_hand(game, rng):
            for seat in range(game.players):
                _check_view(enc, game.view(state, seat), buffers)


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_resampled_worlds_encode_alike(config: Config) -> None:
    """The generic leak test: worlds the seat cannot tell from the real one (``game.resample``)
    give that seat the very same tensors, whatever the other seats hold, by the view's encoder
    and by the incremental one (which follows the real hand; test_incremental.py swaps hidden
    cards under it as it follows)."""
    game = make(config)
    enc = encoder(game)
    rng = random.Random(f"research/resample/{config}")
    fast, worlds = IncrementalEncoder(game), IncrementalEncoder(game)
    for step, state in enumerate(random_hand(game, rng)):
        seat = game.to_act(state)
        if seat is None:
            continue
        followed = fast.information_state(state, seat)  # the fast path follows the real hand
        if step % RESAMPLE_EVERY:
            continue
        view = game.view(state, seat)
        obs, info = enc.encode_observation(view), enc.encode_information_state(view)
        np.testing.assert_array_equal(followed, info)
        for _ in range(2):
            world = game.resample(view, rng)
            other = game.view(world, seat)
            np.testing.assert_array_equal(enc.encode_observation(other), obs)
            np.testing.assert_array_equal(enc.encode_information_state(other), info)
            np.testing.assert_array_equal(worlds.information_state(world, seat), info)


def test_a_spectator_has_no_tensors() -> None:
    game = make(CONFIGS[0])
    state = next(random_hand(game, random.Random(1)))
    with pytest.raises(ValueError, match="spectator"):
        encoder(game).encode_observation(game.view(state, None))


def test_the_encoder_is_built_once_per_game_and_options() -> None:
    game = make(CONFIGS[0])
    assert encoder(game) is encoder(make(CONFIGS[0]))


def test_card_masks_are_written_card_by_card_or_unpacked_alike() -> None:
    """``put_mask`` writes a few cards one by one and more by numpy's unpacking: both give the
    card set's bits, for sets of every size."""
    rng = random.Random("put_mask")
    for size in (32, 78, 80):
        for count in range(size + 1):
            mask = sum(1 << card for card in rng.sample(range(size), count))
            out = np.zeros(size + 7, dtype=np.float32)
            put_mask(out, 3, size, mask)
            expected = [0.0] * 3 + [float(mask >> card & 1) for card in range(size)] + [0.0] * 4
            assert out.tolist() == expected
