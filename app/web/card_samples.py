"""The card faces that /cards shows side by side for review: data, drawn by
`templates/cards.html` as the boards draw them. The words on them are message ids
(`N_`), said in the viewer's language by the template; bare numbers, money and the
beers' own names (Lager, Stout, IPA: the same in every language) are left as they are."""

from app.web.words import N_

# (classes after "card--", data-card, face text, small print): as the boards draw them.
CARD_SAMPLES = [
    ("Null Bock!", [("doe", "D3", N_("3 doe"), ""), ("doe card--pretentious", "D7+",
                                                      N_("7+ doe"), ""),
                    ("doe", "D15", N_("15 doe"), ""), ("stag", "S9", N_("9 stag"), ""),
                    ("nullbock", "S0", "0 Null Bock", ""), ("back", "", "", "")]),
    ("Stier zoekt Bier", [("beer card--lager", "L3", N_("3 lager"), ""),
                          ("beer card--white", "W2", N_("2 white"), ""),
                          ("beer card--dark", "D4", N_("4 dark"), ""),
                          ("beer card--ale", "A5", N_("5 ale"), ""),
                          ("bull card--lager", "B1", N_("Lenny Lager"),
                           N_("(10: 2 pts, 19: 4 pts)")),
                          ("boss", "BOSS", N_("Beer boss"), ""), ("back", "", "", "")]),
    ("Four pints, please", [("beer", "Lager", "Lager", N_("£3 · 1 pt")),
                            ("beer", "Red Ale", "Red Ale", N_("£5 · 3 pts")),
                            ("beer", "Stout", "Stout", N_("£6 · 4 pts")),
                            ("beer", "IPA", "IPA", N_("£7 · 5 pts")),
                            ("money", "£3", "£3", ""),
                            ("buying", "Pistachios", N_("Pistachios"), ""),
                            ("spilled", "Spilled pint", N_("-1 Spilled pint"), ""),
                            ("back", "", "23", "")]),
    ("Bullenparty", [("number", "7", "7", "4"), ("number", "55", "55", "7"),
                     ("bull", "B7", "7", ""), ("zero", "0A", "0A", ""), ("back", "", "", "")]),
]
WORDS = {text for _, cards in CARD_SAMPLES for _, _, label, small in cards
         for text in (label, small) if any(ch.isalpha() for ch in text)} - {
    "0 Null Bock", "Lager", "Red Ale", "Stout", "IPA", "0A"}
"""The captions the template translates (the rest are the same in every language)."""
