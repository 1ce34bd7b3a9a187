"""Geit: `RULE_TEACH`, each refusal's rule in one sentence (docs/learn.md)."""

from __future__ import annotations

__all__ = ["RULE_TEACH"]

RULE_TEACH = {
    "is": {
        "not_in_hand": "Þú spilar aðeins spilum af eigin hendi.",
        "lead_one_suit": ("Útspil: sá sem spilar út leggur eitt spil eða fleiri, öll í sama lit, "
                          "upp í loft."),
        "lead_face_up": ("Útspil er alltaf upp í loft; á grúfu leggur maður spil aðeins þegar maður "
                         "svarar útspili og slær ekki."),
        "wrong_count": "Hver sem svarar leggur jafnmörg spil og spilað var út, hvorki fleiri né færri.",
        "not_a_beat": ("Að slá: þú slærð öll spilin sem eiga slaginn, hvert með sínu spili, hærra "
                       "spili í sama lit eða trompi á móti spili sem er ekki tromp; getirðu það "
                       "ekki leggurðu jafnmörg spil á grúfu."),
        "must_beat": "Í þessu afbrigði er skylt að slá þegar maður getur.",
        "partner_winning": "Í þessu afbrigði slær maður ekki slag sem makker á.",
        "bad_pairing": "Hvert spil sem slær er parað við sitt spil í slagnum, aldrei tvö við það sama.",
        "no_claim": ("Fjögur í lit: sá sem á fjögur spil í sama lit og hefur ekki lagt í slaginn má "
                     "krefjast útspils, en aðeins eftir að spil er komið á borðið."),
        "claim_off": "Í þessu afbrigði er ekki krafist útspils með fjórum í lit.",
        "claim_once": "Fjögur í lit: aðeins má krefjast útspils einu sinni í hverjum slag.",
        "pass_only_claim": ("„Sleppa“ segir maður aðeins þegar maður krefst ekki útspils með fjórum í "
                            "lit; annars slærðu eða leggur á grúfu."),
        "claim_pending": ("Fjögur í lit: sá sem getur krafist útspils ákveður það fyrst, krefst eða "
                          "sleppir, áður en aðrir leika."),
    },
    "en": {
        "not_in_hand": "You play only cards from your own hand.",
        "lead_one_suit": "The lead: the leader plays one or more cards, all of one suit, face up.",
        "lead_face_up": ("A lead is always face up; cards go face down only to answer a lead you "
                         "do not beat."),
        "wrong_count": "Whoever answers plays as many cards as were led, no more and no fewer.",
        "not_a_beat": ("Beating (slá): you beat all the cards that own the trick, each with a card "
                       "of your own, a higher card of its suit or a trump against a non-trump; if you "
                       "cannot, lay as many cards face down."),
        "must_beat": "In this variant you must beat when you can.",
        "partner_winning": "In this variant you do not beat a trick your partner owns.",
        "bad_pairing": "Each beating card is paired with a card of its own in the trick, never two with one.",
        "no_claim": ("Four of a suit (fjögur í lit): a player holding four cards of one suit who has "
                     "not yet played to the trick may claim the lead, once a card is on the table."),
        "claim_off": "In this variant nobody claims the lead with four of a suit.",
        "claim_once": "Four of a suit: the lead may be claimed only once in each trick.",
        "pass_only_claim": ("'Pass' is only for not claiming the lead with four of a suit; otherwise "
                            "you beat or lay cards face down."),
        "claim_pending": ("Four of a suit: whoever can claim the lead decides first, claim or pass, "
                          "before anyone else plays."),
    },
}
