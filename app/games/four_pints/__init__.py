"""Four pints, please: push your luck at the bar, first to 12 points wins."""

from app.games.four_pints.rules import FourPintsPlease

__all__ = ["FourPintsPlease"]
