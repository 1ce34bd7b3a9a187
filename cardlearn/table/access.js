// The table for every pupil (issue 33): what ipywidgets cannot say by itself.
// ipywidgets draws a card as an empty button (its accessible name a zero-width space) and
// sets no ARIA, and a redraw moves focus to <body>.  The table draws, per card, its name
// in the page's language as the button's tooltip, and a hidden child `.cardlearn-say`
// whose span carries what to say now (data-polite, data-assertive, numbered by data-n),
// the table's language and title and a few words (cardlearn/table/view.py, `_speak`).
// The table itself brings this script (cardlearn/table/look.py, `script_html`), so that it
// runs wherever a table is drawn: a Voilà page, a notebook in JupyterLab, the static site.
// This:
// - names every card and target zone (aria-label: its name, "in the last move" and "not
//   usable now" when so)
//   and says a chosen card is pressed (aria-pressed), and labels each row of cards;
// - keeps two live regions per page, polite and assertive, and says what the table says;
// - says which of the header's switches are on (aria-pressed);
// - sets `lang` on the table, and on a page that is only a table (Voilà, the site's REPL)
//   <html lang> and the page's title; the game's title is a heading, the felt and the side
//   column regions, the scrolling lists (hints, log, sheet) reachable by keyboard;
// - makes the hand one tab stop: arrow keys, Home and End move between its cards, Space
//   or Enter chooses one (a button's own keys), and S / C presses Staðfesta / Confirm;
// - keeps focus: a focused card keeps its card across redraws, focus lost by a redraw
//   (to <body> or a container; also with no event, checked a few times a second while the
//   pupil is at the table) goes back to the hand, or to the control now needed (Áfram);
//   a click elsewhere or Escape lets the pupil leave;
// - sends the text view's typed move on Enter or its button, not when the field is left;
// - adds a "skip to your cards" link at the top of a page that is only a table.
// Nothing is fetched, and nothing here changes what a seat may see.
(function () {
  "use strict";
  if (window.cardlearnAccess) return;  // one per page, however many tables draw it
  window.cardlearnAccess = true;
  var HIDDEN = "position:absolute;width:1px;height:1px;margin:-1px;padding:0;overflow:hidden;" +
    "clip:rect(0 0 0 0);white-space:nowrap;border:0";
  var said = {};           // per table: the last utterance number said
  var focusCard = null;    // the card class of the hand card last focused ("cardlearn-card-QS")
  var focusInTable = false;
  var lastMoves = null;

  function words(root) {
    return root.querySelector(".cardlearn-say span[data-n]");
  }
  function cardClass(el) {
    var c = el && el.classList ? Array.prototype.find.call(el.classList, function (x) {
      return /^cardlearn-card-/.test(x);
    }) : null;
    return c || null;
  }
  function handCards(root) {
    return Array.prototype.slice.call(root.querySelectorAll("button.cardlearn-card.cardlearn-zone-hand"))
      .filter(function (b) { return b.offsetParent !== null; });
  }
  function liveRegion(kind) {
    var el = document.getElementById("cardlearn-live-" + kind);
    if (!el) {
      el = document.createElement("div");
      el.id = "cardlearn-live-" + kind;
      el.className = "cardlearn-live";
      el.setAttribute("role", kind === "assertive" ? "alert" : "status");
      el.setAttribute("aria-live", kind);
      el.setAttribute("aria-atomic", "true");
      el.style.cssText = HIDDEN;
      document.body.appendChild(el);
    }
    return el;
  }
  var cleared = {};
  function say(kind, text) {
    if (!text) return;
    var el = liveRegion(kind);
    // the same words twice in a row are said twice: emptied first, then written
    el.textContent = "";
    window.setTimeout(function () { el.textContent = text; }, 30);
    // a refusal does not stay to be found later, when it no longer holds
    if (kind === "assertive") {
      window.clearTimeout(cleared[kind]);
      cleared[kind] = window.setTimeout(function () { el.textContent = ""; }, 8000);
    }
  }
  function skipLink(span) {
    var link = document.getElementById("cardlearn-skip");
    if (!link) {
      link = document.createElement("a");
      link.id = "cardlearn-skip";
      link.href = "#";
      link.className = "cardlearn-skip";
      link.style.cssText = HIDDEN;
      link.addEventListener("focus", function () {
        link.style.cssText = "position:fixed;top:4px;left:4px;z-index:1000;padding:8px 12px;" +
          "background:#ffffff;color:#1b1b1b;border:3px solid #1b1b1b;font-size:16px";
      });
      link.addEventListener("blur", function () { link.style.cssText = HIDDEN; });
      link.addEventListener("click", function (event) {
        event.preventDefault();
        var root = document.querySelector(".cardlearn-table");
        if (root) focusHand(root);
      });
      document.body.insertBefore(link, document.body.firstChild);
    }
    var text = span.getAttribute("data-to-hand");
    if (text && link.textContent !== text) link.textContent = text;
  }
  function keysNote(root, span) {
    var note = root.querySelector(".cardlearn-keys");
    if (!note) {
      note = document.createElement("span");
      note.className = "cardlearn-keys";
      note.id = "cardlearn-keys-" + Math.random().toString(36).slice(2);
      note.style.cssText = HIDDEN;
      root.appendChild(note);
    }
    var text = span.getAttribute("data-keys") || "";
    if (note.textContent !== text) note.textContent = text;
    return note.id;
  }
  function label(row) {
    // a row's zone label: the label or head drawn just before it in its box
    var prev = row.previousElementSibling;
    while (prev && !prev.textContent.trim()) prev = prev.previousElementSibling;
    if (!prev) return null;
    var bold = prev.querySelector("b");
    return (bold || prev).textContent.trim();
  }
  function nameCards(root, span) {
    var unusable = span.getAttribute("data-unusable") || "";
    var last = span.getAttribute("data-last") || "";
    var suggested = span.getAttribute("data-suggested") || "";
    var buttons = root.querySelectorAll("button.cardlearn-card, button.cardlearn-target");
    for (var i = 0; i < buttons.length; i++) {
      var b = buttons[i];
      var name = b.getAttribute("title") || b.textContent.trim();
      if (b.classList.contains("cardlearn-last") && last) name += ", " + last;
      if (b.classList.contains("cardlearn-unusable") && unusable) name += ", " + unusable;
      if (b.classList.contains("cardlearn-suggested") && suggested) name += ", " + suggested;  // a guided deal
      if (name && b.getAttribute("aria-label") !== name) b.setAttribute("aria-label", name);
      var back = b.classList.contains("cardlearn-back");
      var choosable = !back && !b.classList.contains("cardlearn-unusable");
      var pressed = b.classList.contains("mod-success") ? "true" : choosable ? "false" : null;
      if (pressed === null) b.removeAttribute("aria-pressed");
      else if (b.getAttribute("aria-pressed") !== pressed) b.setAttribute("aria-pressed", pressed);
    }
    var rows = root.querySelectorAll(".cardlearn-row");
    for (var j = 0; j < rows.length; j++) {
      var row = rows[j];
      var text = row.querySelector(".cardlearn-zone-hand")
        ? (root.querySelector(".cardlearn-hand-label b") || {}).textContent
        : label(row);
      if (!row.querySelector("button")) {  // an empty row is no group (a zone's target alone)
        row.removeAttribute("role");
        row.removeAttribute("aria-label");
        continue;
      }
      if (row.getAttribute("role") !== "group") row.setAttribute("role", "group");
      if (text && row.getAttribute("aria-label") !== text) row.setAttribute("aria-label", text);
    }
  }
  function visible(buttons) {
    return Array.prototype.slice.call(buttons).filter(function (b) { return b.offsetParent !== null; });
  }
  function rowCards(row) {
    return visible(row.querySelectorAll("button.cardlearn-card"));
  }
  // Each row of cards is one tab stop (the hand, the table, a trick, each meld): the card
  // that had it keeps it, else the first usable one; arrows move within the row.
  function rove(root, span) {
    var keys = keysNote(root, span);
    var rows = root.querySelectorAll(".cardlearn-row");
    for (var r = 0; r < rows.length; r++) {
      var cards = rowCards(rows[r]);
      if (!cards.length) continue;
      var hand = cards[0].classList.contains("cardlearn-zone-hand");
      var current = (hand && cards.filter(function (b) { return cardClass(b) === focusCard; })[0]) ||
        cards.filter(function (b) { return b.getAttribute("tabindex") === "0"; })[0] ||
        cards.filter(function (b) { return !b.classList.contains("cardlearn-unusable"); })[0] || cards[0];
      cards.forEach(function (b) {
        setAttr(b, "tabindex", b === current ? "0" : "-1");
        // the keys' help on the hand's cards only (the others are not chosen so)
        if (hand) setAttr(b, "aria-describedby", keys);
      });
    }
  }
  // Where focus waits while the table has nothing to press (the hand empty while the
  // computers play, before new cards are dealt): the status line, in the table.
  function park(root) {
    var status = root.querySelector(".cardlearn-status");
    if (status) { setAttr(status, "tabindex", "-1"); status.focus(); }
  }
  function focusHand(root) {
    var summary = root.querySelector(".cardlearn-summary button.cardlearn-dismiss");
    if (summary && summary.offsetParent !== null) { summary.focus(); return; }
    var cards = handCards(root);
    var target = cards.filter(function (b) { return b.getAttribute("tabindex") === "0"; })[0] || cards[0];
    if (!target) {
      target = visible(root.querySelectorAll("button.cardlearn-action"))[0] ||
        visible(root.querySelectorAll("button.cardlearn-confirm:not(.cardlearn-unusable)"))[0];
    }
    if (target) target.focus();
    else park(root);
  }
  function moves(root) {
    return root.getAttribute("data-moves") || (root.querySelector(".cardlearn-status") || {}).textContent;
  }
  // A page that is only a table (a Voilà page, the site's REPL), not a notebook in
  // JupyterLab, whose title and language are JupyterLab's own.
  function pageOnly(roots) {
    return roots.length === 1 && !document.querySelector(".jp-NotebookPanel");
  }
  function setAttr(el, name, value) {
    if (el && el.getAttribute(name) !== value) el.setAttribute(name, value);
  }
  function regions(root, span) {
    var title = root.querySelector(".cardlearn-title b");
    if (title) { setAttr(title, "role", "heading"); setAttr(title, "aria-level", "1"); }
    var hand = root.querySelector(".cardlearn-hand-label b");
    if (hand) { setAttr(hand, "role", "heading"); setAttr(hand, "aria-level", "2"); }
    var felt = root.querySelector(".cardlearn-felt");
    if (felt) { setAttr(felt, "role", "region"); setAttr(felt, "aria-label", span.getAttribute("data-felt") || ""); }
    var side = root.querySelector(".cardlearn-side");
    if (side) { setAttr(side, "role", "region"); setAttr(side, "aria-label", span.getAttribute("data-side") || ""); }
    // the header's switches (teacher's view, demo and its pace, four colours, text view):
    // pressed while on, which the look shows by colour alone
    var toggles = root.querySelectorAll("button.cardlearn-teacher, button.cardlearn-demo, " +
      "button.cardlearn-four-colour, button.cardlearn-textview-toggle, .cardlearn-demo-pace button");
    for (var k = 0; k < toggles.length; k++) {
      var on = /\bmod-(warning|success)\b/.test(toggles[k].className);
      setAttr(toggles[k], "aria-pressed", on ? "true" : "false");
    }
    // the scrolling lists: a tab stop each, named, so that a keyboard scrolls them
    var lists = [["cardlearn-hints", "data-hints"], ["cardlearn-log", "data-log"], ["cardlearn-sheet", "data-sheet"]];
    lists.forEach(function (pair) {
      var el = root.querySelector("." + pair[0]);
      if (!el) return;
      var shown = el.offsetParent !== null && el.textContent.trim() !== "";
      if (shown) {
        setAttr(el, "tabindex", "0");
        setAttr(el, "role", "region");
        setAttr(el, "aria-label", span.getAttribute(pair[1]) || "");
      } else if (el.hasAttribute("tabindex")) {
        el.removeAttribute("tabindex");
      }
    });
  }
  function sync() {
    var roots = document.querySelectorAll(".cardlearn-table");
    var only = pageOnly(roots);
    for (var i = 0; i < roots.length; i++) {
      var root = roots[i];
      var span = words(root);
      if (!span) continue;
      var lang = span.getAttribute("data-lang");
      if (lang) setAttr(root, "lang", lang);
      if (only && lang && document.documentElement.lang !== lang) document.documentElement.lang = lang;
      var title = span.getAttribute("data-title");
      if (only && title && document.title !== title) document.title = title;
      var n = span.getAttribute("data-n");
      var key = i;
      if (said[key] === undefined) {
        said[key] = n; // a page just opened: the table says whose turn once
        say("polite", span.getAttribute("data-polite"));
      } else if (said[key] !== n) {
        said[key] = n;
        say("polite", span.getAttribute("data-polite"));
        say("assertive", span.getAttribute("data-assertive"));
      }
      nameCards(root, span);
      regions(root, span);
      rove(root, span);
      if (only) skipLink(span);
      // the page's main part: the table (a page that is only a table has no other)
      if (only && !document.querySelector("main, [role=main]")) setAttr(root, "role", "main");
      keepFocus(root);
    }
  }
  // Is focus lost?  On <body>, or outside the tables on something the pupil cannot have
  // chosen by keyboard (a container with a negative tabindex: Voilà's notebook takes focus
  // so when a focused button is taken away).
  function lost() {
    var active = document.activeElement;
    if (!active || active === document.body || active === document.documentElement) return true;
    if (active.closest && active.closest(".cardlearn-table")) return false;
    return !(active.tabIndex >= 0);
  }
  function keepFocus(root) {
    var active = document.activeElement;
    var now = moves(root);
    var moved = lastMoves !== null && now !== lastMoves;
    lastMoves = now;
    if (!focusInTable) return;
    if (lost()) { focusHand(root); return; }
    if (!root.contains(active)) return;
    // waiting on the status line: the hand (or Áfram) again once there is something to press
    if (active.classList.contains("cardlearn-status")) {
      var dismiss = root.querySelector(".cardlearn-summary button.cardlearn-dismiss");
      if (handCards(root).length || (dismiss && dismiss.offsetParent !== null)) focusHand(root);
      return;
    }
    // a card button that now shows another card: focus follows the card
    if (focusCard && active.classList.contains("cardlearn-zone-hand") && cardClass(active) !== focusCard) {
      var same = handCards(root).filter(function (b) { return cardClass(b) === focusCard; })[0];
      if (same) { same.focus(); return; }
    }
    // after a move, from Staðfesta or a move's button back to the hand (or Áfram)
    if (moved && (active.classList.contains("cardlearn-confirm") || active.classList.contains("cardlearn-action"))) {
      focusHand(root);
    }
  }
  function tableOf(el) {
    return (el && el.closest && el.closest(".cardlearn-table")) || document.querySelector(".cardlearn-table");
  }
  document.addEventListener("focusin", function (event) {
    var t = event.target;
    var root = t && t.closest ? t.closest(".cardlearn-table") : null;
    if (!root && focusInTable && lost()) {
      // a redraw took focus from the table to a container: give it back
      var table = tableOf(null);
      if (table) {
        focusHand(table);  // at once, and again once the redraw has drawn the hand
        window.requestAnimationFrame(function () { if (lost()) focusHand(table); });
        return;
      }
    }
    focusInTable = !!root;
    if (root && t.classList.contains("cardlearn-zone-hand")) focusCard = cardClass(t);
    // a row's tab stop follows the card last focused in it
    var row = root && t.classList.contains("cardlearn-card") && t.closest(".cardlearn-row");
    if (row) rowCards(row).forEach(function (b) { setAttr(b, "tabindex", b === t ? "0" : "-1"); });
  });
  // The pupil leaves the table on purpose: a click (or tap) elsewhere, or Escape (in
  // JupyterLab, the notebook's command mode).
  document.addEventListener("pointerdown", function (event) {
    var t = event.target;
    if (!(t && t.closest && t.closest(".cardlearn-table"))) focusInTable = false;
  }, true);
  document.addEventListener("keydown", function (event) {
    var t = event.target;
    if (!t || !t.closest) return;
    var root = t.closest(".cardlearn-table");
    if (!root) return;
    if (event.key === "Escape") { focusInTable = false; return; }
    if (/^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName)) return;
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    var key = event.key;
    if ((key === "s" || key === "S" || key === "c" || key === "C")) {
      var confirm = root.querySelector("button.cardlearn-confirm");
      if (confirm && confirm.offsetParent !== null) { event.preventDefault(); confirm.click(); }
      return;
    }
    var row = t.classList.contains("cardlearn-card") && t.closest(".cardlearn-row");
    if (!row) return;
    var cards = rowCards(row);
    var i = cards.indexOf(t);
    var next = null;
    if (key === "ArrowRight" || key === "ArrowDown") next = cards[Math.min(i + 1, cards.length - 1)];
    else if (key === "ArrowLeft" || key === "ArrowUp") next = cards[Math.max(i - 1, 0)];
    else if (key === "Home") next = cards[0];
    else if (key === "End") next = cards[cards.length - 1];
    if (!next) return;
    event.preventDefault();
    cards.forEach(function (b) { b.setAttribute("tabindex", b === next ? "0" : "-1"); });
    next.focus();
  });
  // The text view's field sends its move when the browser commits its text (ipywidgets'
  // `change`): on Enter, and on the "Leika" button; never merely because the pupil leaves
  // the field to read the table (the browser commits then too: that commit is stopped).
  var typedOk = false;
  function commitTyped(root) {
    var input = root.querySelector(".cardlearn-typed input");
    if (!input) return;
    typedOk = true;
    try { input.dispatchEvent(new Event("change", {bubbles: true})); } finally { typedOk = false; }
  }
  window.addEventListener("change", function (event) {
    var t = event.target;
    if (!typedOk && t && t.closest && t.closest(".cardlearn-typed")) event.stopImmediatePropagation();
  }, true);
  window.addEventListener("keydown", function (event) {
    var t = event.target;
    if (event.key !== "Enter" || !(t && t.closest && t.closest(".cardlearn-typed"))) return;
    var root = t.closest(".cardlearn-table");
    if (root) { event.preventDefault(); commitTyped(root); }
  }, true);
  window.addEventListener("click", function (event) {
    var t = event.target;
    var play = t && t.closest ? t.closest("button.cardlearn-typed-play") : null;
    var root = play && play.closest(".cardlearn-table");
    if (root) commitTyped(root);
  }, true);
  // Focus can be lost with no event at all (a focused button is detached: Chromium moves
  // focus to <body> without a focusout), and with no change to the page after it: so
  // while the pupil is at the table, look a few times a second.
  window.setInterval(function () {
    if (!focusInTable || !lost()) return;
    var table = tableOf(null);
    if (table) focusHand(table);
  }, 250);
  var pending = false;
  new MutationObserver(function () {
    if (pending) return;
    pending = true;
    window.requestAnimationFrame(function () { pending = false; sync(); });
  }).observe(document.documentElement, {subtree: true, childList: true, characterData: true,
    attributes: true, attributeFilter: ["class", "title", "data-moves"]});
  sync();
})();
