"""The card faces that /cards shows side by side for review: each game's `samples`
(its registry entry), drawn by `templates/cards.html` as the boards draw them. Their
words are message ids of the pages' catalogue, said in the viewer's language by the
template; bare numbers, money and names (`Face.same`) are left as they are."""

from __future__ import annotations

from app.web.deps import Registry

Sample = tuple[str, str, str, str]
"""(classes after "card--", data-card, face text, small print), as cards.html reads it."""


def card_samples(games: Registry) -> list[tuple[str, list[Sample]]]:
    """Per game with faces to show, its title and its faces, in the registry's order."""
    return [(game.rules.title, [(f.kind, f.card, f.label, f.small) for f in game.samples])
            for game in games.values() if game.samples]


def card_words(games: Registry) -> set[str]:
    """The captions the template translates (the rest are the same in every language)."""
    words = set()
    for game in games.values():
        for face in game.samples:
            texts = (face.small,) if face.same else (face.label, face.small)
            words |= {text for text in texts if any(ch.isalpha() for ch in text)}
    return words
