// A table bound to a room (cardlearn/table/room/) draws a hidden child,
// `.cardlearn-room-data`, whose span carries data-moves (the room log's length),
// data-seat and data-room, and data-href (the query string naming the room and seat).
// ipywidgets cannot set attributes on the table's root box, so this copies them onto
// the root (`.cardlearn-table`), and rewrites the page's address to name its room, so
// that a reload (or a bookmark) comes back to the same table; the teacher's links page
// (`.cardlearn-room-links`) is rewritten to `?shown=1`, and given its <html lang> and
// title.  Nothing is fetched.
(function () {
  "use strict";
  var KEYS = ["moves", "seat", "room"];
  function sync() {
    var spans = document.querySelectorAll(".cardlearn-room-data [data-moves]");
    for (var i = 0; i < spans.length; i++) {
      var span = spans[i];
      var root = span.closest(".cardlearn-table");
      if (!root) continue;
      KEYS.forEach(function (key) {
        var value = span.getAttribute("data-" + key);
        if (value !== null && root.getAttribute("data-" + key) !== value) {
          root.setAttribute("data-" + key, value);
        }
      });
      rewrite(span.getAttribute("data-href"));
    }
    // The teacher's links page: a reload must not make another room; and the page is
    // in the language and has the title the links say (there is no table to say them).
    var links = document.querySelector(".cardlearn-room-links [data-href]");
    if (links) {
      rewrite(links.getAttribute("data-href"));
      var lang = links.getAttribute("data-lang"), title = links.getAttribute("data-title");
      if (lang && document.documentElement.lang !== lang) document.documentElement.lang = lang;
      if (title && document.title !== title) document.title = title;
    }
  }
  function rewrite(href) {
    if (href && window.location.search !== href) {
      window.history.replaceState(window.history.state, "", window.location.pathname + href);
    }
  }
  // A click on the table says what the page showed when it was made: before the click
  // reaches its button (this listens in the capture phase), the log's length drawn now is
  // typed into the table's hidden text field (`.cardlearn-room-saw`), whose change goes to
  // the kernel ahead of the click.  A click on a position that has changed meanwhile is
  // then refused there ("Einhver varð á undan þér: …") instead of meaning something else.
  // A move typed in the text view (`.cardlearn-typed`, sent by its change) says it too.
  function record(target) {
    var root = target && target.closest ? target.closest(".cardlearn-table") : null;
    if (!root) return;
    var span = root.querySelector(".cardlearn-room-data [data-moves]");
    var input = root.querySelector(".cardlearn-room-saw input");
    if (!span || !input) return;
    var moves = span.getAttribute("data-moves");
    if (moves !== null && input.value !== moves) {
      input.value = moves;
      input.dispatchEvent(new Event("input", {bubbles: true}));
    }
  }
  document.addEventListener("click", function (event) { record(event.target); }, true);
  document.addEventListener("change", function (event) {
    var t = event.target;
    if (t && t.closest && t.closest(".cardlearn-typed")) record(t);
  }, true);
  new MutationObserver(sync).observe(document.documentElement,
    {subtree: true, childList: true, characterData: true});
  // And twice a second: an address rewritten by other code after the last change to the
  // page (seen once in CI on a busy machine: the links page never showed ?shown=1) is put
  // right again.  sync() only reads a few attributes.
  window.setInterval(sync, 500);
  sync();
})();
