"""Kínaskák: `RULE_TEACH`, each refusal's rule in one sentence (docs/learn.md)."""

from __future__ import annotations

__all__ = ["RULE_TEACH"]

_SET_IS = "Þrenna er þrjú spil eða fleiri af sama gildi; jóker getur staðið fyrir hvaða spil sem er."
_SET_EN = "A set (þrenna) is three or more cards of one rank; a joker can stand for any card."
_RUN_IS = ("Röð er fjögur spil eða fleiri í sama lit, hvert á eftir öðru; ásinn má vera neðst eða "
           "efst, og jóker getur staðið fyrir spil sem vantar.")
_RUN_EN = ("A run (röð) is four or more cards of one suit in sequence; the ace may be low or high, "
           "and a joker can stand for a missing card.")
_OFF_IS = ("Að bæta við: þegar þú hefur lagt samninginn niður máttu bæta spilum við raðir og þrennur "
           "á borðinu, við röð á endunum í sama lit, við þrennu spili af sama gildi.")
_OFF_EN = ("Laying off: once you have laid down your contract you may add cards to the runs and "
           "sets on the table, to a run at its ends in its suit, to a set a card of its rank.")
_STEAL_IS = ("Að taka jóker: sá sem hefur lagt niður má taka jóker úr röð á borðinu með því að setja "
             "spilið sem hann stendur fyrir í staðinn, og notar jókerinn strax.")
_STEAL_EN = ("Stealing a joker: a player who has laid down may take a joker from a run on the table "
             "by putting in the card it stands for, and uses the joker at once.")
_TURN_IS = ("Hver umferð: fyrst tekurðu efsta spil kastbunkans eða dregur úr stokknum, svo leggurðu "
            "niður eða bætir við ef þú getur, og síðast kastarðu einu spili.")
_TURN_EN = ("Each turn: first take the top of the discard pile or draw from the stock, then lay "
            "down or lay off if you can, and last discard one card.")
_ROUND8_IS = ("Í áttundu umferð er ekkert keypt og ekkert bætt við: sá sem fer út leggur öll 14 "
              "spilin niður í einu, tvær raðir og tvær þrennur.")
_ROUND8_EN = ("In the eighth round there is no buying and no laying off: whoever goes out lays all "
              "14 cards down at once, two runs and two sets.")

RULE_TEACH = {
    "is": {
        "wrong_step": _TURN_IS,
        "draw_first": _TURN_IS,
        "no_buy_now": ("Að kaupa: þegar sá sem á leik afþakkar efsta spil kastbunkans mega hinir kaupa "
                       "það, og sá sem kaupir fær efsta spil stokksins með því."),
        "no_buy_round8": _ROUND8_IS,
        "not_in_hand": "Þú leikur aðeins spilum af eigin hendi.",
        "same_card": "Spilinu sem þú tókst af kastbunkanum máttu ekki kasta aftur í sömu umferð.",
        "not_a_set": _SET_IS,
        "not_a_run": _RUN_IS,
        "run_placing": _RUN_IS,
        "no_new_melds": ("Samningurinn er lagður niður einu sinni; eftir það bætirðu aðeins við raðir "
                         "og þrennur á borðinu."),
        "final_round_whole_hand": _ROUND8_IS,
        "meld_length": ("Raðir og þrennur eru lagðar niður eins stuttar og hægt er (röð 4, þrenna 3); "
                        "fleiri spilum er bætt við á eftir."),
        "contract": ("Samningur umferðarinnar segir hvaða raðir og þrennur þú leggur niður, allt í "
                     "einu; raðir í sama samningi eru hver í sínum lit."),
        "contract_rest": ("Samningur umferðarinnar segir hvaða raðir og þrennur þú leggur niður, allt "
                          "í einu, og hitt á hendinni verður að duga í það sem vantar."),
        "not_laid_down": _OFF_IS,
        "final_round": _ROUND8_IS,
        "layoff_same_turn": "Í þessum reglum bætirðu ekki við í sama sinn og þú leggur samninginn niður.",
        "no_such_meld": _OFF_IS,
        "keep_two": ("Að fara út: þú losnar við síðustu spilin með því að leggja niður eða bæta við og "
                     "kasta síðasta spilinu."),
        "bad_layoff": _OFF_IS,
        "layoff_rank": _OFF_IS,
        "layoff_run_end": _OFF_IS,
        "layoff_run_full": _OFF_IS,
        "steal_own": _STEAL_IS,
        "steal_from_set": _STEAL_IS,
        "bad_steal": _STEAL_IS,
        "steal_unused": _STEAL_IS,
    },
    "en": {
        "wrong_step": _TURN_EN,
        "draw_first": _TURN_EN,
        "no_buy_now": ("Buying: when the player in turn declines the top of the discard pile, the "
                       "others may buy it (kaupa); the buyer takes the top stock card with it."),
        "no_buy_round8": _ROUND8_EN,
        "not_in_hand": "You play only cards from your own hand.",
        "same_card": "The card you took from the discard pile may not go back on it in the same turn.",
        "not_a_set": _SET_EN,
        "not_a_run": _RUN_EN,
        "run_placing": _RUN_EN,
        "no_new_melds": ("The contract is laid down once; after that you only lay off on the runs and "
                         "sets on the table."),
        "final_round_whole_hand": _ROUND8_EN,
        "meld_length": ("Runs and sets are laid down at their shortest (run 4, set 3); more cards are "
                        "laid off afterwards."),
        "contract": ("The round's contract (samningur) says which runs and sets you lay down, all at "
                     "once; the runs of one contract are each of its own suit."),
        "contract_rest": ("The round's contract (samningur) says which runs and sets you lay down, all "
                          "at once, and the rest of your hand must make what is missing."),
        "not_laid_down": _OFF_EN,
        "final_round": _ROUND8_EN,
        "layoff_same_turn": "Under these rules you do not lay off in the turn you lay down your contract.",
        "no_such_meld": _OFF_EN,
        "keep_two": ("Going out: you get rid of your last cards by laying down or laying off and "
                     "discarding the last one."),
        "bad_layoff": _OFF_EN,
        "layoff_rank": _OFF_EN,
        "layoff_run_end": _OFF_EN,
        "layoff_run_full": _OFF_EN,
        "steal_own": _STEAL_EN,
        "steal_from_set": _STEAL_EN,
        "bad_steal": _STEAL_EN,
        "steal_unused": _STEAL_EN,
    },
}
