"""Helpers for the teaching notebooks: one module per game (`cardlearn.lessons.kasina`,
`cardlearn.lessons.kozel`, ...), and `cardlearn.lessons.common` for what they share (rows of
cards, small tables, the quiz, the table of a game's variant options), and
`cardlearn.lessons.thinking` for any game: the search bot's reasoning about one position as
numbers and a matplotlib picture ("how the computer thinks").

A notebook's rules sections should read as prose, pictures and one-line calls; the set-up
code they need (a stacked position, a picture of a hand's end, a quiz) lives here, built
only on each game's public API and `cardlearn.draw`.
"""
