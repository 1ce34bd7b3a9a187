// The table for every pupil (issue 33): what ipywidgets cannot say by itself.
// ipywidgets draws a card as an empty button (its accessible name a zero-width space) and
// sets no ARIA, and a redraw moves focus to <body>.  The table draws, per card, its name
// in the page's language as the button's tooltip, and a hidden child `.cardlearn-say`
// whose span carries what to say now (data-polite, data-assertive, numbered by data-n),
// the table's language and a few words (see cardlearn/table/view.py, `_speak`).  This:
// - names every card and target zone (aria-label: its name, "not usable now" when so)
//   and says a chosen card is pressed (aria-pressed), and labels each row of cards;
// - keeps two live regions per page, polite and assertive, and says what the table says;
// - sets <html lang> to the table's language;
// - makes the hand one tab stop: arrow keys, Home and End move between its cards, Space
//   or Enter chooses one (a button's own keys), and S / C presses Staðfesta / Confirm;
// - keeps focus: a focused card keeps its card across redraws, focus lost to <body> by a
//   redraw (or left on Staðfesta after a move) goes back to the hand, or to the control
//   now needed (Áfram at a deal's end);
// - adds a "skip to your cards" link at the top of the page.
// Nothing is fetched, and nothing here changes what a seat may see.
(function () {
  "use strict";
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
  function say(kind, text) {
    if (!text) return;
    var el = liveRegion(kind);
    // the same words twice in a row are said twice: emptied first, then written
    el.textContent = "";
    window.setTimeout(function () { el.textContent = text; }, 30);
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
    var buttons = root.querySelectorAll("button.cardlearn-card, button.cardlearn-target");
    for (var i = 0; i < buttons.length; i++) {
      var b = buttons[i];
      var name = b.getAttribute("title") || b.textContent.trim();
      if (b.classList.contains("cardlearn-unusable") && unusable) name += ", " + unusable;
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
      if (row.getAttribute("role") !== "group") row.setAttribute("role", "group");
      if (text && row.getAttribute("aria-label") !== text) row.setAttribute("aria-label", text);
    }
  }
  function rove(root, span) {
    var cards = handCards(root);
    if (!cards.length) return;
    var current = cards.filter(function (b) { return cardClass(b) === focusCard; })[0] ||
      cards.filter(function (b) { return b.getAttribute("tabindex") === "0"; })[0] ||
      cards.filter(function (b) { return !b.classList.contains("cardlearn-unusable"); })[0] || cards[0];
    var keys = keysNote(root, span);
    cards.forEach(function (b) {
      var want = b === current ? "0" : "-1";
      if (b.getAttribute("tabindex") !== want) b.setAttribute("tabindex", want);
      if (b.getAttribute("aria-describedby") !== keys) b.setAttribute("aria-describedby", keys);
    });
  }
  function focusHand(root) {
    var summary = root.querySelector(".cardlearn-summary button.cardlearn-dismiss");
    if (summary && summary.offsetParent !== null) { summary.focus(); return; }
    var cards = handCards(root);
    var target = cards.filter(function (b) { return b.getAttribute("tabindex") === "0"; })[0] || cards[0];
    if (!target) {
      target = root.querySelector("button.cardlearn-action") ||
        root.querySelector("button.cardlearn-confirm:not(.cardlearn-unusable)");
    }
    if (target) target.focus();
  }
  function moves(root) {
    return root.getAttribute("data-moves") || (root.querySelector(".cardlearn-status") || {}).textContent;
  }
  function sync() {
    var roots = document.querySelectorAll(".cardlearn-table");
    for (var i = 0; i < roots.length; i++) {
      var root = roots[i];
      var span = words(root);
      if (!span) continue;
      var lang = span.getAttribute("data-lang");
      if (roots.length === 1 && lang && document.documentElement.lang !== lang) {
        document.documentElement.lang = lang;
      }
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
      rove(root, span);
      if (roots.length === 1) skipLink(span);
      keepFocus(root);
    }
  }
  function keepFocus(root) {
    var active = document.activeElement;
    var now = moves(root);
    var moved = lastMoves !== null && now !== lastMoves;
    lastMoves = now;
    if (!focusInTable) return;
    if (!active || active === document.body || !active.closest(".cardlearn-table") &&
        !(active.matches && active.matches("a[href], button, input, select, textarea"))) {
      focusHand(root);
      return;
    }
    if (!root.contains(active)) return;
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
  document.addEventListener("focusin", function (event) {
    var t = event.target;
    var root = t && t.closest ? t.closest(".cardlearn-table") : null;
    if (!root && focusInTable && !(t.matches && t.matches("a[href], button, input, select, textarea"))) {
      // a redraw took focus from the table to a container (Voilà's notebook takes it,
      // not <body>): give it back
      var table = document.querySelector(".cardlearn-table");
      if (table) { window.requestAnimationFrame(function () { focusHand(table); }); return; }
    }
    focusInTable = !!root;
    if (root && t.classList.contains("cardlearn-zone-hand")) focusCard = cardClass(t);
  });
  document.addEventListener("keydown", function (event) {
    var t = event.target;
    if (!t || !t.closest) return;
    var root = t.closest(".cardlearn-table");
    if (!root || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName)) return;
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    var key = event.key;
    if ((key === "s" || key === "S" || key === "c" || key === "C")) {
      var confirm = root.querySelector("button.cardlearn-confirm");
      if (confirm && confirm.offsetParent !== null) { event.preventDefault(); confirm.click(); }
      return;
    }
    if (!t.classList.contains("cardlearn-zone-hand")) return;
    var cards = handCards(root);
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
  // Focus can also be lost with no change to the page after it (the focused button is
  // detached, and the browser gives focus to <body> or the notebook without a focusin).
  function lost() {
    var active = document.activeElement;
    return !active || active === document.body ||
      !(active.closest && active.closest(".cardlearn-table")) &&
      !(active.matches && active.matches("a[href], button, input, select, textarea"));
  }
  document.addEventListener("focusout", function (event) {
    var t = event.target;
    if (!(t && t.closest && t.closest(".cardlearn-table"))) return;
    window.setTimeout(function () {
      var table = t.closest(".cardlearn-table") || document.querySelector(".cardlearn-table");
      if (table && lost()) focusHand(table);
    }, 60);
  });
  var pending = false;
  new MutationObserver(function () {
    if (pending) return;
    pending = true;
    window.requestAnimationFrame(function () { pending = false; sync(); });
  }).observe(document.documentElement, {subtree: true, childList: true, characterData: true,
    attributes: true, attributeFilter: ["class", "title", "data-moves"]});
  sync();
})();
