"""Kasína: `RULE_TEACH`, each refusal's rule in one sentence (docs/learn.md)."""

from __future__ import annotations

__all__ = ["RULE_TEACH"]

_TAKE_IS = ("Reglan um að taka: spil af hendi tekur spil í borði sem er jafnhátt því, eða hóp spila "
            "sem eru samanlagt jafnhá því (ás gildir 14 af hendi en 1 í borði).")
_TAKE_EN = ("Taking: a card from your hand takes table cards of its own rank, or groups of cards "
            "adding up to its value (an ace is 14 from the hand but 1 on the table).")

RULE_TEACH = {
    "is": {
        "not_in_hand": "Þú leikur alltaf einu spili af eigin hendi.",
        "not_on_table": "Aðeins má taka spil sem liggja upp í loft í borði.",
        "not_on_table_many": "Aðeins má taka spil sem liggja upp í loft í borði.",
        "trail_card_can_take": ("Skylt er að taka: spil sem getur tekið má ekki leggja "
                                "niður, það tekur."),
        "must_take": ("Skylt er að taka: þú mátt aðeins leggja spil niður í borðið ef ekkert spil á hendi "
                      "þinni getur tekið."),
        "must_take_all": "Eftir þessum reglum tekur spilið alla hópa sem það getur tekið.",
        "cannot_take": _TAKE_IS,
    },
    "en": {
        "not_in_hand": "You always play one card from your own hand.",
        "not_on_table": "You can take only cards lying face up on the table.",
        "not_on_table_many": "You can take only cards lying face up on the table.",
        "trail_card_can_take": ("Taking is compulsory: a card that can take may not be laid down; "
                                "it takes."),
        "must_take": ("Taking is compulsory: you may lay a card down on the table only when no card "
                      "in your hand can take."),
        "must_take_all": "Under these rules a card takes every group it can take.",
        "cannot_take": _TAKE_EN,
    },
}
