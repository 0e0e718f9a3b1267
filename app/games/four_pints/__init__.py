"""Four pints, please: push your luck at the bar, first to 12 points wins."""

from app.games.four_pints.rules import FourPintsOptions, FourPintsPlease

__all__ = ["FourPintsOptions", "FourPintsPlease"]
