"""Counts, articles and lists in messages ("1 card", not "1 cards"; "an int", not "a int";
"South, West and North", not "South and West and North")."""

from __future__ import annotations

from tarocchi.core.words import article, listed, plural


def test_plural_agrees_with_the_count() -> None:
    assert [plural(n, "card") for n in (0, 1, 2)] == ["0 cards", "1 card", "2 cards"]
    assert plural(1, "more trick") == "1 more trick"
    assert plural(3, "Honour", "Honours") == "3 Honours"


def test_article_follows_the_first_letter() -> None:
    assert (article("int"), article("str"), article("Action")) == ("an int", "a str", "an Action")


def test_listed_names_as_a_sentence_does() -> None:
    assert [listed(["South", "West", "North"][:n]) for n in range(4)] == [
        "",
        "South",
        "South and West",
        "South, West and North",
    ]
