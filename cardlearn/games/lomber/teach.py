"""Lomber: `RULE_TEACH`, each refusal's rule in one sentence (docs/learn.md)."""

from __future__ import annotations

__all__ = ["RULE_TEACH"]

_AUCTION_IS = ("Sagnir: hver sögn verður að vera hærri en sú sem stendur, nema sá sem sagði fyrr "
               "haldi henni með því að nefna sömu sögn aftur.")
_AUCTION_EN = ("The auction (sagnir): each bid must be higher than the one standing, unless an earlier "
               "seat holds it by naming the same contract again.")
_EXCHANGE_IS = ("Kaupin: eftir sagnir leggur hver sem sögnin leyfir spil frá sér á grúfu og kaupir "
                "jafnmörg úr stokknum, sagnhafi fyrst, áður en spilað er út.")
_EXCHANGE_EN = ("The exchange (kaupin): after the auction each seat the contract allows lays cards "
                "away face down and buys as many from the talon, the declarer first, before the "
                "first lead.")
_TRUMP_IS = ("Tromp í spili nefnir sagnhafi: hjarta, tígul eða lauf; spil með spaða sem tromp heitir "
             "betra spil og sóló í spaða spaðasóló, hærri sagnir.")
_TRUMP_EN = ("In spil and sóló the declarer names trumps in hearts, diamonds or clubs; a game in "
             "spades is the higher contract betra spil, a solo in spades spaðasóló.")
_CONCEDE_IS = ("Að leggja sig: eftir kaupin og fyrir fyrsta útspil má sagnhafi gefast upp og greiða "
               "tapið, í þeim sögnum sem leyfa það.")
_CONCEDE_EN = ("Conceding (leggja sig): after the exchange and before the first lead the declarer "
               "may give up and pay the loss, in the contracts that allow it.")

RULE_TEACH = {
    "is": {
        "not_now": "Gjöfin gengur í þrepum: sagnir, kaupin, tromp nefnt, svo níu slagir.",
        "write_discard": _EXCHANGE_IS,
        "bid_too_low": _AUCTION_IS,
        "hold_same_contract": _AUCTION_IS,
        "grand_turnir_aces": ("Grand-túrni má aðeins sá segja sem fékk báða svörtu ásana, spöddu (A♠) "
                              "og basta (A♣)."),
        "grandisamo_off": "Grandisamó er ekki spilað eftir þessum reglum.",
        "spil_trump": _TRUMP_IS,
        "solo_trump": _TRUMP_IS,
        "exchange_closed": _EXCHANGE_IS,
        "exchange_max": _EXCHANGE_IS,
        "exchange_min": _EXCHANGE_IS,
        "exposed_card": "Spil sem hefur verið sýnt öllum verður kyrrt á hendi.",
        "no_concede": _CONCEDE_IS,
        "no_concede_yet": _CONCEDE_IS,
        "not_in_hand": "Þú spilar aðeins spilum af eigin hendi.",
        "must_follow": ("Að fylgja lit: þú spilar í litinn sem spilað var út ef þú getur, og öll tromp "
                        "teljast einn litur; matadorum (spöddu, manilíu og basta) máttu þó halda eftir "
                        "nema hærri matador hafi verið spilað út."),
    },
    "en": {
        "not_now": "A deal goes in steps: the auction, the exchange, trumps named, then nine tricks.",
        "write_discard": _EXCHANGE_EN,
        "bid_too_low": _AUCTION_EN,
        "hold_same_contract": _AUCTION_EN,
        "grand_turnir_aces": ("Grand-túrnir may be bid only by a player dealt both black aces, spadda "
                              "(A♠) and basti (A♣)."),
        "grandisamo_off": "Grandisamó is not played under these rules.",
        "spil_trump": _TRUMP_EN,
        "solo_trump": _TRUMP_EN,
        "exchange_closed": _EXCHANGE_EN,
        "exchange_max": _EXCHANGE_EN,
        "exchange_min": _EXCHANGE_EN,
        "exposed_card": "A card shown to the table stays in the hand.",
        "no_concede": _CONCEDE_EN,
        "no_concede_yet": _CONCEDE_EN,
        "not_in_hand": "You play only cards from your own hand.",
        "must_follow": ("Following suit: you play the suit led if you can, and all trumps count as one "
                        "suit; but you may keep back a matador (spadda, manilía, basti) unless a higher "
                        "matador was led."),
    },
}
