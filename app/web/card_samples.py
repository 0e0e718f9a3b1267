"""The card faces that /cards shows side by side for review: data, drawn by
`templates/cards.html` as the boards draw them."""

# (classes after "card--", data-card, face text, small print): as the boards draw them.
CARD_SAMPLES = [
    ("Null Bock!", [("doe", "D3", "3 doe", ""), ("doe card--pretentious", "D7+", "7+ doe", ""),
                    ("doe", "D15", "15 doe", ""), ("stag", "S9", "9 stag", ""),
                    ("nullbock", "S0", "0 Null Bock", ""), ("back", "", "", "")]),
    ("Stier zoekt Bier", [("beer card--lager", "L3", "3 lager", ""),
                          ("beer card--white", "W2", "2 white", ""),
                          ("beer card--dark", "D4", "4 dark", ""),
                          ("beer card--ale", "A5", "5 ale", ""),
                          ("bull card--lager", "B1", "Lenny Lager", "(10: 2 pts, 19: 4 pts)"),
                          ("boss", "BOSS", "Beer boss", ""), ("back", "", "", "")]),
    ("Four pints, please", [("beer", "Lager", "Lager", "£3 · 1 pt"),
                            ("beer", "Red Ale", "Red Ale", "£5 · 3 pt"),
                            ("beer", "Stout", "Stout", "£6 · 4 pt"),
                            ("beer", "IPA", "IPA", "£7 · 5 pt"),
                            ("money", "£3", "£3", ""), ("buying", "Pistachios", "Pistachios", ""),
                            ("spilled", "Spilled pint", "-1 Spilled pint", ""),
                            ("back", "", "23", "")]),
    ("Bullenparty", [("number", "7", "7", "4"), ("number", "55", "55", "7"),
                     ("bull", "B7", "7", ""), ("zero", "0A", "0A", ""), ("back", "", "", "")]),
]
