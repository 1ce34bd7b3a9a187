"""The words of a table in a room (`cardlearn.table.room`): what a page says that a table
of one's own never does (someone moved first, waiting for another pupil's Áfram, a shared
room's undo by agreement, the teacher's pause and the lesson's end, a page that does not
open, the teacher's links)."""

from __future__ import annotations

from cardlearn.table.words import check_lang

# The words of a table in a room, Icelandic as card players say it, with English twins.
ROOM_WORDS: dict[str, dict[str, str]] = {
    "is": {
        "moved_first": "Einhver varð á undan þér: borðið sýnir nú nýjasta leikinn.",
        "first_what": "Einhver varð á undan þér: {what}.",
        "first_undone": "leikur var tekinn aftur („{moves}“)",
        "first_many": "leiknir voru {n} leikir, síðast „{move}“",
        "waiting_continue": "Beðið eftir að {who} ýti á „Áfram“",
        "waiting_continue_msg": "Beðið eftir að {who} ýti á „Áfram“ — svo heldur spilið áfram.",
        "shared_new": "Aðeins kennarinn getur stofnað nýtt borð fyrir sameiginlegt spil.",
        "shared_teacher": "Kennarasýn er ekki í boði við sameiginlegt borð: hver sér aðeins sín spil.",
        "shared_demo": "Sýnikennsla er ekki í boði við sameiginlegt borð.",
        "undo_asked": "Þú baðst um að taka aftur leikinn „{move}“. Beðið eftir að {who} samþykki.",
        "undo_ask_other": "Beðið er um að taka aftur leikinn „{move}“ ({who}). "
                          "Smelltu á „Afturkalla“ til að samþykkja.",
        "undo_stale": "Beiðnin um að taka aftur féll niður: leikið var á meðan.",
        "paused": "Kennarinn gerði hlé. Bíddu andartak.",
        "ended": "Kennslustundinni er lokið. Takk fyrir!",
        "refused": "Ekki er hægt að opna þetta borð: {why}",
        "wrong_token": "aðgangsorðið í slóðinni passar ekki við sætið. Fáðu rétta slóð hjá kennaranum.",
        "no_such_room": "ekkert borð er til með þessu auðkenni. Fáðu rétta slóð hjá kennaranum.",
        "bad_address": "slóðin er ekki rétt: {why}",
        "other_game": "þetta borð er fyrir spilið {game}, ekki þetta spil.",
        "corrupt": "leikjaskrá borðsins er skemmd ({why}).",
        "links_shown": "slóðirnar að borðinu voru sýndar þegar það var stofnað (aðgangsorðin eru "
                       "ekki geymd). Stofnaðu nýtt borð á forsíðunni.",
        "links_title": "Nýtt borð: {game}",
        "links_intro": "Hver nemandi opnar sína slóð (hver slóð gildir aðeins fyrir eitt sæti):",
        "links_heading": "Slóðir nemenda",
        "link_seat": "Sæti {n}",
        "links_page": "{title} · spil",
        "computers": "Tölvur í hinum sætunum: {level}.",
        "and": " og ",
    },
    "en": {
        "moved_first": "Someone got there first: the table now shows the latest move.",
        "first_what": "Someone got there first: {what}.",
        "first_undone": "taken back ({moves})",
        "first_many": "{n} moves were made, the last “{move}”",
        "waiting_continue": "Waiting for {who} to press “Continue”",
        "waiting_continue_msg": "Waiting for {who} to press “Continue” — then play goes on.",
        "shared_new": "Only the teacher can start a new table for a shared game.",
        "shared_teacher": "The teacher's view is off at a shared table: each sees only their own cards.",
        "shared_demo": "Demo mode is off at a shared table.",
        "undo_asked": "You asked to take back the move “{move}”. Waiting for {who} to agree.",
        "undo_ask_other": "{who} asked to take back the move “{move}”. Click “Undo” to agree.",
        "undo_stale": "The request to take back lapsed: a move was made meanwhile.",
        "paused": "The teacher has paused the game. Please wait.",
        "ended": "The lesson has ended. Thank you!",
        "refused": "This table does not open: {why}",
        "wrong_token": "the token in the address is not this seat's. Ask the teacher for the right link.",
        "no_such_room": "there is no table with this id. Ask the teacher for the right link.",
        "bad_address": "the address is not right: {why}",
        "other_game": "this table is for {game}, not this game.",
        "corrupt": "the table's log is damaged ({why}).",
        "links_shown": "the table's links were shown when it was made (the tokens are not kept). "
                       "Make a new table on the index page.",
        "links_title": "New table: {game}",
        "links_intro": "Each pupil opens their own link (it is good for that seat only):",
        "links_heading": "The pupils' links",
        "link_seat": "Seat {n}",
        "links_page": "{title} · card game",
        "computers": "Computers at the other seats: {level}.",
        "and": " and ",
    },
}


def room_words(lang: str) -> dict[str, str]:
    return ROOM_WORDS[check_lang(lang)]

