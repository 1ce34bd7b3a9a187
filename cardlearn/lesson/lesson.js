// The lesson's pages in the browser (cardlearn/lesson/server.py serves this file): the
// front page's join form, the waiting page, the teacher's page and the board.  Keys stay
// in this browser's localStorage, which is per server (scheme, host and port): a pupil's
// seat key under SEAT, the teacher's key per lesson under TEACHER + code.  Every page polls
// the server's JSON and redraws only what changed, giving focus back to the control that
// had it; what happens is said in the page's live region.
(function () {
  "use strict";
  var SEAT = "cardlearn-lesson-seat";
  var TEACHER = "cardlearn-lesson-teacher-";
  var LESSONS = "cardlearn-lesson-list";
  var node = document.getElementById("cardlearn-lesson-config");
  var config = node ? JSON.parse(node.textContent) : null;
  var form = document.querySelector(".cardlearn-join-form");
  var base = config ? config.base : (form ? form.getAttribute("data-base") : "/");

  function words() { return config ? config.words : JSON.parse(form.getAttribute("data-words")); }
  function say(text) { var el = document.querySelector(".cardlearn-lesson-said"); if (el) el.textContent = text; }
  function fail(text) {
    var el = document.querySelector(".cardlearn-lesson-error");
    if (el) { el.textContent = text; el.hidden = !text; }
  }
  function fill(text, values) {
    return text.replace(/\{(\w+)\}/g, function (_, k) { return values[k] === undefined ? "" : values[k]; });
  }
  function esc(text) {
    return String(text).replace(/[&<>"']/g, function (c) {
      return {"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;"}[c];
    });
  }
  function load(key) { try { return JSON.parse(localStorage.getItem(key) || "null"); } catch (e) { return null; } }
  function keep(key, value) { try { localStorage.setItem(key, JSON.stringify(value)); } catch (e) { /* private mode */ } }
  function drop(key) { try { localStorage.removeItem(key); } catch (e) { /* private mode */ } }

  function call(method, path, data) {
    var options = {method: method, headers: {}, cache: "no-store"};
    if (data) { options.headers["Content-Type"] = "application/json"; options.body = JSON.stringify(data); }
    return fetch(base + "lesson/api/" + path, options).then(function (r) {
      return r.json().then(function (body) {
        if (!r.ok) { var err = new Error(body.error || r.statusText); err.rule = body.rule; throw err; }
        return body;
      });
    });
  }
  function query(values) {
    return Object.keys(values).map(function (k) {
      return encodeURIComponent(k) + "=" + encodeURIComponent(values[k]);
    }).join("&");
  }

  // Redraw a container only when its HTML changed, keeping focus on the control (by id) that had it.
  function redraw(el, markup) {
    if (!el || el.getAttribute("data-drawn") === markup) return;
    var active = document.activeElement, id = active && el.contains(active) ? active.id : "";
    el.innerHTML = markup;
    el.setAttribute("data-drawn", markup);
    if (id) { var again = document.getElementById(id); if (again) again.focus(); }
  }

  // -- the front page: join with a code and a first name --------------------------------------
  function front() {
    var w = words(), code = form.querySelector(".cardlearn-join-code"), name = form.querySelector(".cardlearn-join-name");
    var given = new URLSearchParams(location.search).get("code");
    if (given) code.value = given;
    var seat = load(SEAT);
    if (seat && seat.key) {  // this browser has a seat: back to it, unless the lesson is over
      call("GET", "seat?" + query({code: seat.code, key: seat.key})).then(function (s) {
        if (s.state !== "ended") location.replace(base + "lesson/wait?lang=" + (s.lang || "is"));
        else drop(SEAT);
      }, function () { drop(SEAT); });
    }
    [code, name].forEach(function (field) {
      field.addEventListener("input", function () { field.removeAttribute("aria-invalid"); });
    });
    form.addEventListener("submit", function (event) {
      event.preventDefault();
      fail("");
      var typed = code.value.replace(/[\s-]/g, "");
      var data = {code: typed, name: name.value, lang: document.documentElement.lang || "is"};
      call("POST", "join", data).then(function (j) {
        keep(SEAT, {code: j.code, key: j.key, name: j.name, changed: j.changed, asked: j.asked});
        location.assign(base + "lesson/wait");
      }, function (err) {
        fail(err.message);
        var wrong = err.rule === "bad_name" ? name : code;
        wrong.setAttribute("aria-invalid", "true");
        wrong.focus();
      });
    });
    // The teacher's panel: a new lesson, and the lessons made in this browser.
    var maker = document.querySelector(".cardlearn-new-lesson");
    if (maker) maker.addEventListener("submit", function (event) {
      event.preventDefault();
      var game = event.submitter ? event.submitter.value : "kasina";
      var data = {game: game, pupils: maker.querySelector("[name=pupils]").value,
                  level: (maker.querySelector("[name=lesson-level]:checked") || {}).value, lang: "is"};
      call("POST", "new", data).then(function (made) {
        keep(TEACHER + made.code, made.key);
        var list = load(LESSONS) || []; list.push(made.code); keep(LESSONS, list.slice(-10));
        location.assign(base + made.teacher);
      }, function (err) { fail(err.message); });
    });
    var mine = document.querySelector(".cardlearn-my-lessons");
    var list = load(LESSONS) || [];
    if (mine && list.length) {
      mine.hidden = false;
      mine.querySelector("ul").innerHTML = list.slice().reverse().map(function (c) {
        return '<li><a href="' + base + "lesson/teacher/" + esc(c) + '">' + esc(c) + "</a></li>";
      }).join("");
    }
  }

  // -- the waiting page: until the teacher starts, then the pupil's seat ----------------------
  function wait() {
    var w = words(), seat = load(SEAT);
    var leave = document.querySelector(".cardlearn-leave");
    leave.addEventListener("click", function () { drop(SEAT); location.assign(base); });
    if (!seat) { location.replace(base); return; }
    var named = document.querySelector(".cardlearn-wait-name");
    named.textContent = seat.changed ? fill(w.wait_changed, {asked: seat.asked, name: seat.name})
                                     : fill(w.wait_named, {name: seat.name});
    document.querySelector(".cardlearn-wait-body").textContent = w.wait_body;
    var last = -1;
    function poll() {
      call("GET", "seat?" + query({code: seat.code, key: seat.key})).then(function (s) {
        if (s.state === "seated") { location.replace(s.url); return; }
        if (s.state === "ended") { fail(w.ended_refusal); drop(SEAT); return; }
        if (s.joined !== last) {
          last = s.joined;
          document.querySelector(".cardlearn-wait-joined").textContent = fill(w.wait_joined, {n: s.joined});
        }
        setTimeout(poll, 1500);
      }, function (err) {
        if (err.rule) { fail(err.message); drop(SEAT); leave.textContent = w.join; return; }
        setTimeout(poll, 3000);  // the server restarting: try again
      });
    }
    poll();
  }

  // -- the teacher's page -------------------------------------------------------------------
  function teacher() {
    var w = words(), code = config.code;
    var given = new URLSearchParams(location.search).get("key");
    if (given) {
      keep(TEACHER + code, given);
      var list = load(LESSONS) || []; if (list.indexOf(code) < 0) { list.push(code); keep(LESSONS, list.slice(-10)); }
    }
    var key = given || load(TEACHER + code) || "";
    var hands = "", view = null, previous = null, known = {}, lastSaid = "";
    function act(data) {
      fail("");
      data.code = code; data.key = key; data.lang = config.lang;
      return call("POST", "teacher", data).then(function (answer) { poll(true); return answer; },
                                                  function (err) { fail(err.message); });
    }
    function button(id, cls, text, extra) {
      return '<button type="button" id="' + id + '" class="' + cls + '"' + (extra || "") + ">" + esc(text) + "</button>";
    }
    // Start, then Pause and Resume, are one button (one id): focus stays on it as it changes.
    function controls(v) {
      var out = [];
      if (!v.started && !v.ended) out.push(button("cl-state", "cardlearn-lesson-start", w.start, v.pupils.length ? "" : " disabled"));
      if (v.started && !v.ended) out.push(v.paused ? button("cl-state", "cardlearn-lesson-resume", w.resume)
                                                   : button("cl-state", "cardlearn-lesson-pause", w.pause));
      if (!v.ended) out.push(button("cl-end", "cardlearn-lesson-end", w.end));
      out.push('<a id="cl-board" class="cardlearn-lesson-board-link" href="' + base + "lesson/board/" + esc(code) +
               "?lang=" + config.lang + '" target="cardlearn-board">' + esc(w.board_link + " " + w.new_window) + "</a>");
      if (!v.ended) out.push(button("cl-demo", "cardlearn-lesson-demo", w.demo_on_board,
                                    v.board.table === null ? ' aria-pressed="true"' : ' aria-pressed="false"'));
      // the board shows no hidden card unless the teacher turns the hands open here
      if (!v.ended) out.push(button("cl-board-hands", "cardlearn-lesson-board-hands", w.board_hands,
                                    ' aria-pressed="' + v.board.open + '"'));
      var state = v.ended ? w.ended : v.paused ? w.paused : "";
      return out.join(" ") + (state ? '<p id="cl-state-text" class="cardlearn-lesson-state" tabindex="-1">' +
                                      esc(state) + "</p>" : "");
    }
    function pupilList(v) {
      var away = v.missing && v.missing.length ? '<p class="cardlearn-lesson-missing">' +
                 esc(fill(w.missing, {names: v.missing.join(", ")})) + "</p>" : "";
      if (!v.pupils.length) return "<p>" + esc(w.nobody_yet) + "</p>" + away;
      var tables = v.layout ? v.layout.length : 0;
      return "<ul>" + v.pupils.map(function (p) {
        var place = "";
        if (v.layout && !v.ended) {
          var at = 0;
          v.layout.forEach(function (t, i) { if (t.indexOf(p.name) >= 0) at = i; });
          var options = "";
          for (var t = 0; t <= tables && t < v.pupils.length; t++)
            options += '<option value="' + t + '"' + (t === at ? " selected" : "") + ">" +
                       esc(t < tables ? fill(w.table, {n: t + 1}) : w.new_table) + "</option>";
          place = '<label>' + esc(fill(w.move_to, {name: p.name})) + ' <select id="cl-place-' + p.n +
                  '" data-pupil="' + p.n + '">' + options + "</select></label> " +
                  button("cl-place-go-" + p.n, "cardlearn-lesson-place", w.place,
                         ' data-pupil="' + p.n + '" aria-label="' + esc(w.place + ": " + p.name) + '"');
        }
        var device = v.ended ? "" : " " + button("cl-device-" + p.n, "cardlearn-lesson-device", w.new_device,
                                                ' data-pupil="' + p.n + '" aria-label="' + esc(w.new_device + ": " + p.name) + '"');
        // before the start the select's label names the pupil ("Anna situr við"); after it, the name alone
        return '<li class="cardlearn-lesson-pupil">' + (place || esc(p.name)) + device + "</li>";
      }).join("") + "</ul>" + away;
    }
    function seatsOf(t, v) {
      return t.map(function (name) { return name === null ? w.computer : name; }).join(", ");
    }
    function tableCards(v) {
      if (!v.started) {
        return (v.layout || []).map(function (t, i) {
          return '<section class="cardlearn-lesson-table" aria-labelledby="cl-t-' + i + '"><h3 id="cl-t-' + i + '">' +
                 esc(fill(w.table, {n: i + 1})) + "</h3><p>" + esc(seatsOf(t, v)) + "</p></section>";
        }).join("");
      }
      return v.tables.map(function (t) {
        var pupils = t.pupils.map(function (p) {
          var refused = Object.keys(p.refused || {}).map(function (r) { return r + " " + p.refused[r]; }).join(", ");
          var total = Object.keys(p.refused || {}).reduce(function (s, r) { return s + p.refused[r]; }, 0);
          return "<li>" + esc(p.name) + ": " + esc(fill(w.hints, {n: p.hints})) + ", " +
                 esc(fill(w.refused, {n: total})) + (refused ? " (" + esc(refused) + ")" : "") + "</li>";
        }).join("");
        var score = (t.scores || []).map(function (s) { return esc(s.name) + " " + esc(s.score); }).join(" · ");
        var open = hands === t.room;
        return '<section class="cardlearn-lesson-table' + (t.idle ? " cardlearn-idle" : "") + '" aria-labelledby="cl-t-' + t.n + '">' +
               '<h3 id="cl-t-' + t.n + '">' + esc(t.title) + "</h3>" +
               "<p>" + esc(t.over ? w.over : t.deal_text) + (score ? " · " + esc(w.score) + ": " + score : "") + "</p>" +
               '<p class="cardlearn-lesson-turn">' + (t.idle ? "⚠ " : "") + esc(t.turn_text) + "</p>" +
               "<ul>" + pupils + "</ul>" +
               button("cl-board-" + t.n, "cardlearn-lesson-to-board", w.to_board,
                      ' data-table="' + t.n + '" aria-pressed="' + (view && view.board.table === t.n) + '"') + " " +
               button("cl-hands-" + t.n, "cardlearn-lesson-hands", open ? w.hide_hands : w.open_hands,
                      ' data-room="' + esc(t.room) + '" aria-pressed="' + open + '"') +
               (open && t.hands_html ? '<div class="cardlearn-lesson-hands-view" tabindex="0" role="region" aria-label="' +
                                       esc(fill(w.hands_region, {n: t.n + 1})) + '">' + t.hands_html + "</div>" : "") +
               "</section>";
      }).join("");
    }
    function resultTable(v) {
      if (!v.results || !v.results.length) return "";
      var cols = ["name", "table", "deals_played", "deals_won", "points", "hints", "refusals"];
      var heads = [w.col_name, w.col_table, w.col_played, w.col_won, w.col_points, w.col_hints, w.col_refused];
      return "<table><thead><tr>" + heads.map(function (h) { return '<th scope="col">' + esc(h) + "</th>"; }).join("") +
             "</tr></thead><tbody>" + v.results.map(function (r) {
               return "<tr>" + cols.map(function (c, i) {
                 return i === 0 ? '<th scope="row">' + esc(r[c]) + "</th>" : "<td>" + esc(r[c]) + "</td>";
               }).join("") + "</tr>";
             }).join("") + "</tbody></table>" +
             '<p><a id="cl-csv" href="' + base + "lesson/api/results.csv?" + query({code: code, key: key, lang: config.lang}) +
             '">' + esc(w.results_csv) + "</a></p>";
    }
    function draw(v) {
      view = v;
      document.title = v.title + " · spil";
      document.querySelector(".cardlearn-lesson-title").textContent = v.title;
      var address = document.querySelector(".cardlearn-lesson-address");
      if (address.textContent !== v.pupils_url) address.textContent = v.pupils_url;
      var qr = document.querySelector(".cardlearn-lesson-qr");
      qr.alt = fill(w.qr_alt, {url: v.pupils_url, code: code});
      var before = previous;  // the last look (null at the first)
      previous = v;
      redraw(document.querySelector(".cardlearn-lesson-controls"), controls(v));
      document.getElementById("cl-pupils-h").textContent = fill(w.joined_heading, {n: v.pupils.length, size: v.size});
      redraw(document.querySelector(".cardlearn-lesson-pupil-list"), pupilList(v));
      redraw(document.querySelector(".cardlearn-lesson-grid"), tableCards(v));
      var results = document.querySelector(".cardlearn-lesson-results");
      results.hidden = !(v.results && v.results.length);
      redraw(document.querySelector(".cardlearn-lesson-result-table"), resultTable(v));
      // what is news since the last look is said; at the first look, nothing (it is all there)
      if (before) {
        v.pupils.filter(function (p) { return !known[p.n]; }).forEach(function (p) {
          lastSaid = fill(w.live_joined, {name: p.name});
        });
        if (v.started && !before.started) lastSaid = w.started_said;
        if (v.paused && !before.paused) lastSaid = w.paused;
        if (!v.paused && before.paused && !v.ended) lastSaid = w.resumed;
        if (v.ended && !before.ended) lastSaid = w.ended;
        if (lastSaid) say(lastSaid);
        lastSaid = "";
        if (v.ended && document.activeElement === document.body) {
          var text = document.getElementById("cl-state-text"); if (text) text.focus();
        }
      }
      v.pupils.forEach(function (p) { known[p.n] = true; });
      var seatCode = document.querySelector(".cardlearn-lesson-seat-code");
      if (seatCode && v.ended) seatCode.remove();
    }
    var timer = null;
    function poll(now) {
      clearTimeout(timer);
      call("GET", "teacher?" + query({code: code, key: key, lang: config.lang, hands: hands})).then(function (v) {
        draw(v); timer = setTimeout(poll, 2000);  // an error stays until the teacher acts again
      }, function (err) {
        fail(err.message);
        if (!err.rule) timer = setTimeout(poll, 4000);
      });
    }
    document.addEventListener("click", function (event) {
      var b = event.target.closest("button");
      if (!b) return;
      if (b.classList.contains("cardlearn-lesson-start")) act({do: "start"});
      else if (b.classList.contains("cardlearn-lesson-pause")) act({do: "pause"});
      else if (b.classList.contains("cardlearn-lesson-resume")) act({do: "resume"});
      else if (b.classList.contains("cardlearn-lesson-place")) {
        var who = parseInt(b.getAttribute("data-pupil"), 10);
        var table = parseInt(document.getElementById("cl-place-" + who).value, 10);
        act({do: "place", pupil: who, table: table}).then(function (answer) {
          if (answer) say(fill(w.placed, {name: view.pupils[who].name, n: table + 1}));
        });
      }
      else if (b.id === "cl-end") { if (confirm(w.end_sure)) act({do: "end"}); }
      else if (b.id === "cl-demo") act({do: "board", table: null, open: false, pace: view ? view.board.pace : "slow"});
      else if (b.id === "cl-board-hands")
        act({do: "board", table: view.board.table, open: !view.board.open, pace: view.board.pace});
      else if (b.classList.contains("cardlearn-lesson-to-board"))
        act({do: "board", table: parseInt(b.getAttribute("data-table"), 10), open: false, pace: view ? view.board.pace : "slow"});
      else if (b.classList.contains("cardlearn-lesson-hands")) {
        hands = hands === b.getAttribute("data-room") ? "" : b.getAttribute("data-room"); poll(true);
      } else if (b.classList.contains("cardlearn-lesson-device")) {
        var n = parseInt(b.getAttribute("data-pupil"), 10);
        act({do: "seatcode", pupil: n}).then(function (answer) {
          if (answer && answer.seat_code) {
            var name = view.pupils[n].name;
            say(fill(w.seat_code_is, {name: name, code: answer.seat_code}));
            fail("");
            var shown = document.querySelector(".cardlearn-lesson-seat-code") || document.createElement("p");
            shown.className = "cardlearn-lesson-seat-code";
            shown.textContent = fill(w.seat_code_is, {name: name, code: answer.seat_code});
            document.querySelector(".cardlearn-lesson-controls").after(shown);
          }
        });
      }
    });
    poll(true);
  }

  // -- the board: one table, or the demo at its pace ----------------------------------------
  function board() {
    var w = words(), code = config.code, key = load(TEACHER + code) || new URLSearchParams(location.search).get("key") || "";
    var step = parseInt(sessionStorage.getItem("cardlearn-board-step-" + code) || "0", 10), state = null, timer = null;
    var PACE = {slow: 4000, normal: 2000};
    function controls() {
      if (!state || state.table !== null) return "";
      return ["slow", "normal", "step"].map(function (p) {
        return '<button type="button" id="cl-pace-' + p + '" data-pace="' + p + '" aria-pressed="' + (state.pace === p) + '">' +
               esc(w["pace_" + p]) + "</button>";
      }).join(" ") + (state.pace === "step" ? " " + '<button type="button" id="cl-next" class="cardlearn-board-next">' +
                                              esc(w.next_step) + "</button>" : "");
    }
    function show(s) {
      state = s;
      document.querySelector(".cardlearn-board-title").textContent =
        s.table === null ? w.board_demo : fill(w.table, {n: s.table + 1});
      redraw(document.querySelector(".cardlearn-board-controls"), controls());
      redraw(document.querySelector(".cardlearn-board-view"), s.html);
    }
    function poll() {
      clearTimeout(timer);
      call("GET", "board?" + query({code: code, key: key, lang: config.lang, step: step})).then(function (s) {
        fail(""); show(s);
        var wait = 1000;
        if (s.table === null && s.pace !== "step") { step += 1; wait = PACE[s.pace] || 4000; }
        sessionStorage.setItem("cardlearn-board-step-" + code, String(step));
        timer = setTimeout(poll, wait);
      }, function (err) { fail(err.message); timer = setTimeout(poll, 4000); });
    }
    document.addEventListener("click", function (event) {
      var b = event.target.closest("button");
      if (!b) return;
      if (b.id === "cl-next") { step += 1; poll(); }
      else if (b.getAttribute("data-pace")) {
        call("POST", "teacher", {code: code, key: key, do: "board", table: null, open: false,
                                 pace: b.getAttribute("data-pace")}).then(poll, function (err) { fail(err.message); });
      }
    });
    document.addEventListener("keydown", function (event) {
      if ((event.key === " " || event.key === "ArrowRight") && state && state.pace === "step" && state.table === null &&
          !(event.target.closest && event.target.closest("button"))) {
        event.preventDefault(); step += 1; poll();
      }
    });
    poll();
  }

  if (form) front();
  else if (config && config.kind === "wait") wait();
  else if (config && config.kind === "teacher") teacher();
  else if (config && config.kind === "board") board();
})();
