"""Bots as a student writes them, for ``--bots module:Class`` (tests/test_cli_students.py)."""

from __future__ import annotations

import random

from phase10 import Action, PlayerView, legal_actions


class FirstBot:
    """Plays the first legal action."""

    def act(self, view: PlayerView, rng: random.Random) -> Action:
        return legal_actions(view)[0]


class NotABot:
    """Has no act method."""


class NeedsArguments:
    def __init__(self, depth: int):
        self.depth = depth

    def act(self, view: PlayerView, rng: random.Random) -> Action:
        return legal_actions(view)[0]
