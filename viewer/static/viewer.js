/* beatlog match viewer: steps through one match's frames. Game-agnostic: the
   board is drawn by the game's view, registered with BeatlogViews.register.
   Every string from a log reaches the page through textContent or an
   attribute value, never through innerHTML. */
(function () {
  "use strict";

  var views = {};
  window.BeatlogViews = {
    register: function (name, impl) { views[name] = impl; }
  };

  // -- DOM helpers (shared with the game views) --------------------------------
  var SVG = "http://www.w3.org/2000/svg";

  function el(tag, attrs) {
    var node = document.createElement(tag);
    setAttrs(node, attrs);
    for (var i = 2; i < arguments.length; i++) append(node, arguments[i]);
    return node;
  }

  function svg(tag, attrs) {
    var node = document.createElementNS(SVG, tag);
    setAttrs(node, attrs);
    for (var i = 2; i < arguments.length; i++) append(node, arguments[i]);
    return node;
  }

  function setAttrs(node, attrs) {
    if (!attrs) return;
    Object.keys(attrs).forEach(function (key) {
      var value = attrs[key];
      if (value === null || value === undefined || value === false) return;
      if (key === "text") node.textContent = String(value);
      else if (key === "class") node.setAttribute("class", value);
      else node.setAttribute(key, value === true ? "" : String(value));
    });
  }

  function append(node, child) {
    if (child === null || child === undefined || child === false) return;
    if (Array.isArray(child)) { child.forEach(function (c) { append(node, c); }); return; }
    node.appendChild(typeof child === "object" ? child : document.createTextNode(String(child)));
  }

  function clear(node) { while (node.firstChild) node.removeChild(node.firstChild); }

  window.BeatlogDOM = { el: el, svg: svg, clear: clear };

  // -- frames: the first whole, then JSON Pointer operations ---------------------
  function own(obj, key, value) {
    // defineProperty, not assignment: a key named "__proto__" stays a plain key.
    Object.defineProperty(obj, key, { value: value, enumerable: true, writable: true, configurable: true });
  }

  function shallow(obj) {
    if (Array.isArray(obj)) return obj.slice();
    var copy = {};
    Object.keys(obj).forEach(function (k) { own(copy, k, obj[k]); });
    return copy;
  }

  function pointerKeys(pointer) {
    if (pointer === "") return [];
    return pointer.slice(1).split("/").map(function (k) {
      return k.replace(/~1/g, "/").replace(/~0/g, "~");
    });
  }

  function setIn(obj, keys, i, op) {
    var copy = shallow(obj);
    var key = Array.isArray(obj) ? Number(keys[i]) : keys[i];
    if (i === keys.length - 1) {
      if (op.length === 1) delete copy[key];
      else if (Array.isArray(copy)) copy[key] = op[1];
      else own(copy, key, op[1]);
    } else {
      var child = setIn(Object.prototype.hasOwnProperty.call(obj, key) ? obj[key] : undefined, keys, i + 1, op);
      if (Array.isArray(copy)) copy[key] = child; else own(copy, key, child);
    }
    return copy;
  }

  // Unchanged parts are shared between frames, so every frame costs only its changes.
  // An operation names its pointer by index into the page's table (`pointers`: each one split
  // into keys once), or, given no table, by the pointer itself.
  function applyOps(value, ops, pointers) {
    ops.forEach(function (op) {
      var keys = pointers ? pointers[op[0]] : pointerKeys(op[0]);
      value = keys.length ? setIn(value, keys, 0, op) : op[1];
    });
    return value;
  }

  // Python's str.splitlines, so the dispute report matches `beatlog explain` byte for byte.
  var LINE_BREAK = /\r\n|[\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029]/;
  function splitlines(text) {
    if (text === "") return [];
    var parts = text.split(LINE_BREAK);
    if (parts[parts.length - 1] === "") parts.pop();
    return parts;
  }

  var CAUSE_WIDTH = 80;

  // A note's untrusted text on one line, as `beatlog explain` prints it (recorder/untrusted.py escape).
  var NAMED = { "\n": "\\n", "\r": "\\r", "\t": "\\t", "\x1b": "\\e" };
  function oneLine(text) {
    return String(text).replace(/[\x00-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]/g, function (c) {
      var code = c.charCodeAt(0);
      return NAMED[c] || (code < 256 ? "\\x" : "\\u") + code.toString(16).padStart(code < 256 ? 2 : 4, "0");
    });
  }

  // Python's text[:width - 1].rstrip() + "…", counting code points as Python does.
  function shorten(text, width) {
    var chars = Array.from(text);
    return chars.length <= width ? text : chars.slice(0, width - 1).join("").replace(/\s+$/, "") + "…";
  }

  // -- the game's words (recorder/terms.py): "duel 1, beat 3", "turn 3", "muster" ----------
  var NEUTRAL = { side: "side", sides: "sides", round: "round", rounds: "rounds", set: "set", sets: "sets",
                  setup: "set-up", phase: "phase" };

  function Words(terms) {
    var t = terms || {};
    var self = this;
    Object.keys(NEUTRAL).forEach(function (k) { self[k] = k in t ? t[k] : NEUTRAL[k]; });
  }

  Words.prototype.at = function (duel, beat) {
    var here = this.round + " " + beat;
    return this.set === null ? here : this.set + " " + duel + ", " + here;
  };

  Words.prototype.stage = function (duel, beat) {
    if (beat !== 0) return this.at(duel, beat);
    return this.set === null ? this.setup : this.set + " " + duel + ", " + this.setup;
  };

  function cap(text) { return text.charAt(0).toUpperCase() + text.slice(1); }

  window.BeatlogWords = { Words: Words, cap: cap };

  // -- the viewer -----------------------------------------------------------------
  function Viewer(data) {
    this.data = data;
    this.players = data.match.players;
    this.view = views[data.view] || views.plain;
    this.n = data.events.length;
    this.pointers = data.frames.pointers.map(pointerKeys);
    this.judge = [data.frames.judge[0]];
    for (var i = 1; i <= this.n; i++) {
      this.judge.push(applyOps(this.judge[i - 1], data.frames.judge[i], this.pointers));
    }
    this.cache = {};
    this.words = new Words(data.terms);
    this.beatOf = [0];
    var self = this;
    data.beats.forEach(function (b, index) {
      for (var seq = b[2]; seq <= b[3]; seq++) self.beatOf[seq] = index;
    });
    // Phases of a round, for a game that names them: [first seq, last seq, name index] runs.
    this.phases = (data.phases && data.phases.runs) || [];
    this.phaseNames = (data.phases && data.phases.names) || [];
    this.phaseOf = [];
    this.phases.forEach(function (run, index) {
      for (var seq = run[0]; seq <= run[1]; seq++) self.phaseOf[seq] = index;
    });
    this.pos = 0;
    this.persp = "judge";
    this.reveal = false;
    this.timer = null;
    this.speed = 1;
    this.digits = "";
    this.digitTimer = null;
    this.chartShown = -1;
    this.reached = 0;  // the furthest event shown so far: the scrubber reaches a little past it
    this.scrubbing = false;
  }

  Viewer.prototype.seat = function () {
    return this.persp === "judge" ? null : Number(this.persp) - 1;
  };

  Viewer.prototype.frame = function (pos) {
    if (this.persp === "judge") return this.judge[pos];
    var key = this.persp + ":" + pos;
    if (!(key in this.cache)) {
      var runs = this.data.frames[this.persp] || [];
      var frame = this.judge[pos];
      for (var i = 0; i < runs.length; i++) {
        if (runs[i][0] <= pos && pos <= runs[i][1]) { frame = applyOps(frame, runs[i][2], this.pointers); break; }
      }
      this.cache[key] = frame;
    }
    return this.cache[key];
  };

  Viewer.prototype.name = function (seat) {
    var p = this.players[seat];
    return p ? p.name : null;
  };

  // An event's text as the current perspective may read it.
  Viewer.prototype.eventText = function (seq) {
    var e = this.data.events[seq - 1];
    var seat = this.seat();
    if (seat !== null && e[3] >= 0 && e[3] !== seat) {
      var who = this.name(e[2]);
      return (who === null ? "A player" : who) + " makes a secret choice";
    }
    return this.data.texts[e[5]];
  };

  Viewer.prototype.beatIndex = function (pos) { return this.beatOf[Math.max(pos, 1)] || 0; };

  // The phase of event `seq` (its name), or null (before the first event, or a game without phases).
  Viewer.prototype.phaseName = function (seq) {
    var index = this.phaseOf[seq];
    return index === undefined ? null : this.phaseNames[this.phases[index][2]];
  };

  Viewer.prototype.beatDone = function (index) { return this.pos >= this.data.beats[index][3]; };

  // -- navigation -----------------------------------------------------------------
  Viewer.prototype.go = function (pos, why) {
    pos = Math.max(0, Math.min(this.n, pos | 0));
    this.pos = pos;
    this.render(why);
  };

  Viewer.prototype.step = function (delta) { this.go(this.pos + delta, "step"); };

  Viewer.prototype.beatStep = function (delta) {
    var beats = this.data.beats;
    if (!beats.length) return;
    var index = this.beatIndex(this.pos);
    if (delta < 0 && this.pos > beats[index][2]) { this.go(beats[index][2], "beat"); return; }
    if (this.pos === 0 && delta > 0) { this.go(beats[0][2], "beat"); return; }
    index = Math.max(0, Math.min(beats.length - 1, index + delta));
    if (delta > 0 && index === this.beatIndex(this.pos)) { this.go(this.n, "beat"); return; }
    this.go(beats[index][2], "beat");
  };

  // Like beatStep, by the runs of a phase: back to this phase's first event, then the one before.
  Viewer.prototype.phaseStep = function (delta) {
    var runs = this.phases;
    if (!runs.length) return;
    var index = this.phaseOf[this.pos];
    if (index === undefined) {  // before the first event, or an event outside every run
      index = -1;
      for (var i = 0; i < runs.length; i++) if (runs[i][0] <= this.pos) index = i;
      if (delta > 0) { this.go(index + 1 < runs.length ? runs[index + 1][0] : this.n, "phase"); return; }
      if (index >= 0) this.go(runs[index][0], "phase");
      return;
    }
    if (delta < 0 && this.pos > runs[index][0]) { this.go(runs[index][0], "phase"); return; }
    var next = index + delta;
    if (next >= runs.length) { this.go(this.n, "phase"); return; }
    this.go(runs[Math.max(0, next)][0], "phase");
  };

  Viewer.prototype.goBeat = function (duel, beat) {
    var beats = this.data.beats;
    for (var i = 0; i < beats.length; i++) {
      if (beats[i][0] === duel && beats[i][1] === beat) { this.go(beats[i][2], "beat"); return true; }
    }
    return false;
  };

  Viewer.prototype.play = function (on) {
    var self = this;
    if (this.timer !== null) { clearInterval(this.timer); this.timer = null; }
    if (on && this.pos >= this.n) this.pos = 0;
    if (on) {
      this.timer = setInterval(function () {
        if (self.pos >= self.n) { self.play(false); return; }
        self.step(1);
      }, 1000 / this.speed);
    }
    var button = document.getElementById("play");
    button.setAttribute("aria-pressed", on ? "true" : "false");
    button.setAttribute("aria-label", on ? "Pause" : "Play");
    button.classList.toggle("playing", on);
  };

  Viewer.prototype.setSpeed = function (speed) {
    this.speed = speed;
    document.getElementById("speed").value = String(speed);
    if (this.timer !== null) this.play(true);
  };

  Viewer.prototype.setPerspective = function (persp) {
    if (persp !== "judge" && !(Number(persp) >= 1 && Number(persp) <= this.players.length)) persp = "judge";
    this.persp = persp;
    var radios = document.querySelectorAll("input[name=persp]");
    for (var i = 0; i < radios.length; i++) radios[i].checked = radios[i].value === persp;
    this.render("perspective");
  };

  Viewer.prototype.setReveal = function (on) {
    this.reveal = on;
    var button = document.getElementById("reveal");
    button.setAttribute("aria-pressed", on ? "true" : "false");
    button.textContent = on ? "Hide" : "Reveal";
    this.chartShown = -1;
    this.render("reveal");
  };

  // -- the URL fragment -----------------------------------------------------------
  Viewer.prototype.fragment = function () {
    var e = this.pos;
    var b = this.data.beats[this.beatIndex(e)] || [1, 0];
    return "#d=" + b[0] + "&b=" + b[1] + "&e=" + e + "&p=" + this.persp + "&r=" + (this.reveal ? 1 : 0);
  };

  Viewer.prototype.readFragment = function () {
    var params = {};
    location.hash.replace(/^#/, "").split("&").forEach(function (part) {
      var kv = part.split("=");
      if (kv[0]) params[decodeURIComponent(kv[0])] = decodeURIComponent(kv[1] || "");
    });
    this.reveal = params.r === "1";
    this.persp = params.p || "judge";
    if (this.persp !== "judge" && !(Number(this.persp) >= 1 && Number(this.persp) <= this.players.length)) {
      this.persp = "judge";
    }
    // With no place named, the page opens on the board as set up (the end of the set-up round),
    // not on the empty board before the first event: what a reader wants to see first.
    var setup = this.data.beats.length && this.data.beats[0][1] === 0 ? this.data.beats[0][3] : 0;
    var pos = Math.min(setup, this.n);
    if (/^\d+$/.test(params.e || "")) {
      pos = Math.min(Number(params.e), this.n);
    } else if (/^\d+$/.test(params.b || "")) {
      var duel = /^\d+$/.test(params.d || "") ? Number(params.d) : 1;
      var beats = this.data.beats;
      for (var i = 0; i < beats.length; i++) {
        if (beats[i][0] === duel && beats[i][1] === Number(params.b)) { pos = beats[i][2]; break; }
      }
    }
    this.pos = pos;
  };

  // -- drawing --------------------------------------------------------------------
  Viewer.prototype.render = function (why) {
    var frame = this.frame(this.pos);
    var seat = this.seat();
    var ctx = { players: this.players, static: this.data.static, seat: seat, reveal: this.reveal,
                pos: this.pos, el: el, svg: svg, clear: clear };
    var board = document.getElementById("board");
    var panels = document.getElementById("panels");
    var before = why === "step" || why === "play" ? piecesAt(board) : null;
    this.view.draw(board, panels, frame, ctx);
    if (before) animate(board, before);
    board.setAttribute("aria-label", this.view.summary(frame, ctx));
    this.renderWhere();
    this.renderNow();
    this.renderEvents();
    this.renderReport();
    this.renderResult();
    this.renderChart();
    this.reached = Math.max(this.reached, this.pos);
    this.renderTimeline();
    var scrubber = document.getElementById("scrubber");
    if (!this.scrubbing) scrubber.max = String(this.scrubMax());
    this.renderMarks(Number(scrubber.max));
    scrubber.value = String(this.pos);
    scrubber.setAttribute("aria-valuetext", this.whereText());
    if (why === "step" || why === "beat" || why === "jump" || why === "phase") this.announce(why);
    var hash = this.fragment();
    if (location.hash !== hash) history.replaceState(null, "", hash);
  };

  // -- motion: a step shows what changed ----------------------------------------------
  // A game's drawing names its pieces (data-piece) and their life (data-life); after one step the viewer
  // glides each piece that moved from where it was, and flashes one that lost life -- briefly, and not
  // at all when the reader prefers reduced motion. The viewer knows nothing else of the game.
  var MOTION_MS = 300;

  function reducedMotion() {
    return window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  }

  function piecesAt(board) {
    if (reducedMotion()) return null;
    var out = {};
    var nodes = board.querySelectorAll("[data-piece]");
    for (var i = 0; i < nodes.length; i++) {
      var r = nodes[i].getBoundingClientRect();
      out[nodes[i].getAttribute("data-piece")] = { x: r.left, y: r.top, life: Number(nodes[i].getAttribute("data-life")) };
    }
    return out;
  }

  function animate(board, before) {
    var nodes = board.querySelectorAll("[data-piece]");
    for (var i = 0; i < nodes.length; i++) {
      var node = nodes[i], old = before[node.getAttribute("data-piece")];
      if (!old) continue;
      var r = node.getBoundingClientRect();
      var ctm = node.ownerSVGElement && node.ownerSVGElement.getScreenCTM ? node.ownerSVGElement.getScreenCTM() : null;
      var scale = ctm && ctm.a ? ctm.a : 1;
      var dx = (old.x - r.left) / scale, dy = (old.y - r.top) / scale;
      if ((Math.abs(dx) > 0.5 || Math.abs(dy) > 0.5) && node.animate) {
        node.animate([{ transform: "translate(" + dx + "px, " + dy + "px)" }, { transform: "translate(0px, 0px)" }],
                     { duration: MOTION_MS, easing: "ease-out" });
      }
      var life = Number(node.getAttribute("data-life"));
      if (life < old.life && node.animate) {
        node.animate([{ opacity: 0.25 }, { opacity: 1 }, { opacity: 0.4 }, { opacity: 1 }],
                     { duration: MOTION_MS + 150, easing: "linear" });
      }
    }
  }

  // The scrubber's length is a function of how far the reader has got, never of the match's length
  // (its thumb would say how much is left): past the end it stops at the end. Once the end has been
  // seen or revealed, it spans the match.
  var SCRUB_AHEAD = 60;
  Viewer.prototype.scrubMax = function () {
    if (this.reveal || this.reached >= this.n) return this.n;
    return Math.max(this.reached + SCRUB_AHEAD, Math.round(this.reached * 1.5));
  };

  Viewer.prototype.whereText = function () {
    if (this.pos === 0) return "Before the first event";
    var b = this.data.beats[this.beatIndex(this.pos)];
    return cap(this.words.stage(b[0], b[1])) + ", event " + this.pos;
  };

  Viewer.prototype.renderWhere = function () {
    var where = document.getElementById("where");
    clear(where);
    var persp = this.persp === "judge" ? "judge's view" : this.name(this.seat()) + "'s view";
    var phase = this.phaseName(this.pos);
    append(where, [el("strong", { text: this.whereText() }),
                   phase !== null ? [" · ", el("span", { class: "phase-now", text: phase })] : null, " · " + persp]);
  };

  // The current event in words beside the controls (the list of the beat's events may be far below).
  Viewer.prototype.renderNow = function () {
    var now = document.getElementById("now");
    if (!now) return;
    clear(now);
    if (this.pos === 0) {
      now.textContent = "Start of the match: step with ▶ (next event) or play.";
      now.removeAttribute("title");
      return;
    }
    var text = this.eventText(this.pos);
    append(now, [el("span", { class: "seq", text: "#" + this.pos }), text]);
    now.setAttribute("title", text);
  };

  Viewer.prototype.announce = function (why) {
    var text = this.pos === 0 ? "Start of the match" : this.whereText() + ": " + this.eventText(this.pos);
    var phase = this.phaseName(this.pos);
    if (why === "phase" && phase !== null) text = cap(this.words.phase) + " " + phase + ". " + text;
    document.getElementById("announce").textContent = text;
  };

  Viewer.prototype.renderEvents = function () {
    var list = document.getElementById("event-list");
    var more = document.getElementById("event-more");
    var title = document.getElementById("events-title");
    clear(list);
    var beats = this.data.beats;
    if (!beats.length) { title.textContent = "Events"; more.hidden = true; return; }
    var b = beats[this.beatIndex(this.pos)];
    title.textContent = cap(this.words.stage(b[0], b[1]));
    var self = this;
    var hidden = 0;
    var lastPhase = null;
    for (var seq = b[2]; seq <= b[3]; seq++) {
      var future = seq > this.pos;
      if (future && !this.reveal) { hidden++; continue; }
      var e = this.data.events[seq - 1];
      var secretTo = e[3] >= 0 ? this.name(e[3]) : null;
      var button = el("button", { type: "button", class: "event-jump", "data-seq": seq,
                                  "aria-label": "Go to event " + seq });
      append(button, el("span", { class: "seq", text: "#" + seq }));
      // The first event shown of each phase carries the phase's name.
      var phase = this.phaseName(seq);
      var phaseTag = phase !== null && phase !== lastPhase ? el("span", { class: "phase", text: phase }) : null;
      lastPhase = phase;
      var item = el("li", { class: "event" + (future ? " future" : "") + (seq === this.pos ? " current" : "") +
                              (e[1] ? " input" : ""), "data-seq": seq },
                    phaseTag, button, el("span", { class: "text", text: this.eventText(seq) }),
                    secretTo !== null ? el("span", { class: "tag", text: "secret to " + secretTo }) : null);
      if (seq === this.pos) item.setAttribute("aria-current", "step");
      list.appendChild(item);
    }
    more.hidden = hidden === 0;
    more.textContent = hidden ? "Later events of this " + this.words.round +
      " are hidden until you step to them (or reveal)." : "";
    showCurrent(list);
    this.jumpOnClick(list);
  };

  // Scroll a list to its current item -- the list only, never the page: the reader may be looking at the board.
  function showCurrent(list) {
    var current = list.querySelector(".current");
    if (!current) return;
    var top = current.offsetTop;
    if (top < list.scrollTop) list.scrollTop = top;
    else if (top + current.offsetHeight > list.scrollTop + list.clientHeight) {
      list.scrollTop = top + current.offsetHeight - list.clientHeight;
    }
  }

  // A click on a button with data-seq (an event, a round, a mark) jumps there.
  Viewer.prototype.jumpOnClick = function (node) {
    var self = this;
    if (node.dataset.bound) return;
    node.dataset.bound = "1";
    node.addEventListener("click", function (ev) {
      var target = ev.target.closest ? ev.target.closest("button[data-seq]") : null;
      if (target) self.go(Number(target.getAttribute("data-seq")), "jump");
    });
  };

  // The dispute report, in the exact format of `beatlog explain` (tested against it).
  Viewer.prototype.reportText = function (index) {
    var data = this.data, m = data.match, self = this;
    var b = data.beats[index];
    var persp = this.persp;
    function stateText(k) {
      var states = data.states, mine = (states[persp] || states.judge)[k];
      var lines = mine === null || mine === undefined ? states.judge[k] : mine;
      return lines.map(function (i) { return states.lines[i]; }).join("\n");
    }
    function indent(text) {
      var lines = splitlines(text).map(function (line) { return line ? "  " + line : ""; });
      return lines.length ? lines : ["  (nothing)"];
    }
    var players = this.players.map(function (p) { return p.name + " (" + p.side + ")"; }).join(" vs ");
    var out = [
      "Match " + m.id + ": " + players,
      m.game_title + " (" + m.edition_title + "); rules " + m.rules_version + ", engine " + m.engine_version,
      cap(this.words.stage(b[0], b[1])) + " (seq " + b[2] + "-" + b[3] + ")",
      "",
      "State before:"
    ].concat(indent(stateText(index)), ["", "Events:"]);
    var lastPhase = null;
    for (var seq = b[2]; seq <= b[3]; seq++) {
      var e = data.events[seq - 1];
      // As `explain` does: a line naming each phase as it begins.
      var phase = this.phaseName(seq);
      if (phase !== null && phase !== lastPhase) out.push("  " + cap(this.words.phase) + ": " + phase);
      lastPhase = phase;
      var actor = e[2] !== null && e[2] < this.players.length ? this.name(e[2]) : null;
      var secretTo = e[3] >= 0 && e[3] < this.players.length ? this.name(e[3]) : null;
      var text = self.eventText(seq);
      var tags = [e[1] ? "input" : "outcome"];
      if (secretTo) tags.push("secret to " + secretTo);
      var who = actor && !this.namesActor(actor, text) ? actor + ": " : "";
      out.push("  #" + seq + " " + who + text + "  [" + data.types[e[0]] + "; " + tags.join(", ") + "]");
      if (e[4] !== null) {
        // As `explain` does: only events up to this one have been described...
        var cause = (e[4] >= 1 && e[4] <= seq ? self.eventText(e[4]) : null) || "(not in this log)";
        // ...and one printed above in this beat is only recalled.
        if (e[4] >= b[2] && e[4] <= b[3]) cause = shorten(cause, CAUSE_WIDTH);
        out.push("      because: #" + e[4] + " " + cause);
      }
      if (e[6] >= 0) out.push("      rule: " + data.cites[e[6]]);
    }
    out = out.concat(["", "State after:"], indent(stateText(index + 1)));
    var result = data.results[index];
    if (result !== null && result !== undefined) out.push("", result);
    var notes = this.notesOf(b);
    if (notes.length) {
      out.push("", "Notes:");
      notes.forEach(function (n) {
        out.push("  " + oneLine(n.author || "note") + " on #" + n.seq + " (" + n.created_at + "): " + oneLine(n.text));
      });
    }
    return out.join("\n") + "\n";
  };

  // Does the text already say who acted (by the player's name or side)? Then `explain` leaves out "Name: ".
  Viewer.prototype.namesActor = function (actor, text) {
    var lower = text.toLowerCase();
    return this.players.some(function (p) {
      return p.name === actor && (lower.indexOf(p.name.toLowerCase()) >= 0 || lower.indexOf(p.side.toLowerCase()) >= 0);
    });
  };

  Viewer.prototype.renderReport = function () {
    var report = document.getElementById("report");
    if (!this.data.beats.length) { report.textContent = "This match has no events yet."; return; }
    var index = this.beatIndex(this.pos);
    if (this.pos === 0 || (!this.beatDone(index) && !this.reveal)) {
      var round = this.words.round;
      report.textContent = "The report covers the whole " + round + ", so it is hidden until you reach the " +
        round + "'s last event (or reveal).";
      return;
    }
    report.textContent = this.reportText(index);
  };

  Viewer.prototype.finished = function () { return this.pos >= this.n && this.data.match.finished; };

  Viewer.prototype.renderResult = function () {
    var show = this.reveal || this.finished();
    document.getElementById("result").hidden = !show;
    document.getElementById("result-hidden").hidden = show;
  };

  // -- the timeline: every round reached with its headline, and the moments on the scrubber ----------
  // Spoiler-free like the rest: a round is listed once the reader has reached it (its headline once
  // its last event is reached), every round only when revealed; later rounds are not even counted.
  Viewer.prototype.renderTimeline = function () {
    var list = document.getElementById("timeline");
    if (!list) return;
    var beats = this.data.beats, heads = this.data.headlines || [];
    var current = this.beatIndex(this.pos);
    var key = [this.reveal, this.reached, current, this.pos === 0].join();
    if (list.dataset.key === key) return;
    list.dataset.key = key;
    clear(list);
    var self = this, later = false;
    var marks = this.data.marks || [];
    for (var i = 0; i < beats.length; i++) {
      var b = beats[i];
      var done = this.reveal || this.reached >= b[3];
      var started = this.reveal || this.reached >= b[2];
      if (!started) { later = true; continue; }
      var stage = cap(this.words.stage(b[0], b[1]));
      var line = done ? heads[i] || "" : "in progress";
      var flags = marks.filter(function (m) { return m[0] >= b[2] && m[0] <= b[3] && (self.reveal || m[0] <= self.reached); })
        .map(function (m) { return el("span", { class: "flag flag-" + m[1], text: m[2] }); });
      var notes = this.notesOf(b).map(function (n) {
        return el("p", { class: "note-line" }, el("strong", { text: (n.author || "note") + ": " }), n.text);
      });
      var button = el("button", { type: "button", class: "round-jump", "data-seq": b[2],
                                  "aria-label": "Go to " + stage },
                      el("span", { class: "round-name", text: stage }),
                      el("span", { class: "headline" + (done ? "" : " muted"), text: line }));
      var item = el("li", { class: "round" + (i === current && this.pos > 0 ? " current" : "") },
                    button, flags.length ? el("span", { class: "flags" }, flags) : null, notes);
      if (i === current && this.pos > 0) item.setAttribute("aria-current", "step");
      list.appendChild(item);
    }
    var more = document.getElementById("timeline-more");
    if (more) {
      more.hidden = !later;
      more.textContent = later ? "Later " + this.words.rounds + " appear as you reach them." : "";
    }
    showCurrent(list);
    this.jumpOnClick(list);
  };

  // The notes (beatlog annotate) on a round: untrusted text, shown through textContent only.
  Viewer.prototype.notesOf = function (b) {
    return (this.data.notes || []).filter(function (n) { return n.duel === b[0] && n.beat === b[1]; });
  };

  // Markers under the scrubber for the moments the view marks (knockouts, stuns, finishers...), at
  // their place on the scrubber's current length; only those reached (all once revealed).
  Viewer.prototype.renderMarks = function (max) {
    var strip = document.getElementById("scrub-marks");
    if (!strip) return;
    var self = this;
    var shown = (this.data.marks || []).filter(function (m) { return self.reveal || m[0] <= self.reached; });
    var key = max + ":" + shown.length;
    if (strip.dataset.key === key) return;
    strip.dataset.key = key;
    clear(strip);
    shown.forEach(function (m) {
      var left = max > 0 ? Math.min(100, 100 * m[0] / max) : 0;
      strip.appendChild(el("button", { type: "button", class: "mark flag-" + m[1], "data-seq": m[0],
                                       style: "left: calc(" + left.toFixed(3) + "% - 5px)",
                                       title: m[2] + ", event " + m[0] }));
    });
    this.jumpOnClick(strip);
  };

  // Chart points: one per beat boundary reached (all of them once revealed). Drawn by beatchart.js
  // (site pages only: a single-file page leaves plotly out).
  Viewer.prototype.renderChart = function () {
    var chart = document.getElementById("chart");
    if (!chart || typeof window.Plotly === "undefined" || !window.BeatlogChart) return;
    var series = this.data.series;
    var shown = 0;
    for (var i = 0; i < series.length; i++) {
      if (this.reveal || this.pos >= this.data.beats[i][3]) shown = i + 1;
    }
    if (shown === this.chartShown) return;
    this.chartShown = shown;
    var self = this;
    window.BeatlogChart.draw(chart, document.getElementById("chart-numbers"), this.data, shown, {
      el: el, clear: clear,
      jump: function (i) { if (self.data.beats[i]) self.go(self.data.beats[i][3], "jump"); }
    });
  };

  // -- input ------------------------------------------------------------------------
  Viewer.prototype.act = function (what) {
    switch (what) {
      case "first-beat": this.go(this.data.beats.length ? this.data.beats[0][2] : 0, "beat"); break;
      case "prev-beat": this.beatStep(-1); break;
      case "prev-event": this.step(-1); break;
      case "play": this.play(this.timer === null); break;
      case "next-event": this.step(1); break;
      case "next-beat": this.beatStep(1); break;
      case "prev-phase": this.phaseStep(-1); break;
      case "next-phase": this.phaseStep(1); break;
      case "last-beat":
        this.go(this.data.beats.length ? this.data.beats[this.data.beats.length - 1][2] : this.n, "beat");
        break;
      case "keys": this.showKeys(); break;
    }
  };

  Viewer.prototype.showKeys = function () {
    var dialog = document.getElementById("keymap");
    if (dialog.open) return;
    if (dialog.showModal) dialog.showModal(); else dialog.setAttribute("open", "");
  };

  var SPEEDS = [0.5, 1, 2, 4, 8];

  Viewer.prototype.key = function (ev) {
    if (ev.ctrlKey || ev.metaKey || ev.altKey) return;
    var target = ev.target;
    var tag = target && target.tagName;
    var k = ev.key;
    if (tag === "SELECT" || tag === "TEXTAREA" || (tag === "INPUT" && target.type !== "radio" && target.type !== "range")) return;
    // The scrubber and the perspective radios move with these keys themselves.
    if (tag === "INPUT" && /^(Arrow|Home$|End$|Page)/.test(k)) return;
    if (document.getElementById("keymap").open) return;
    var handled = true;
    if (k === "ArrowRight") this.step(1);
    else if (k === "ArrowLeft") this.step(-1);
    else if (k === "l") this.beatStep(1);
    else if (k === "j") this.beatStep(-1);
    else if (k === "." && this.phases.length) this.phaseStep(1);
    else if (k === "," && this.phases.length) this.phaseStep(-1);
    else if (k === "k") this.play(this.timer === null);
    else if (k === "Home") this.go(0, "jump");
    else if (k === "End") this.go(this.n, "jump");
    else if (k === "?") this.showKeys();
    else if (k === "p") this.cyclePerspective();
    else if (k === "r") this.setReveal(!this.reveal);
    else if (k === "+" || k === "=") this.setSpeed(SPEEDS[Math.min(SPEEDS.indexOf(this.speed) + 1, SPEEDS.length - 1)]);
    else if (k === "-") this.setSpeed(SPEEDS[Math.max(SPEEDS.indexOf(this.speed) - 1, 0)]);
    else if (/^[0-9]$/.test(k)) this.digit(k);
    else handled = false;
    if (!/^[0-9]$/.test(k)) this.digits = "";  // any other key ends a beat number
    if (handled) ev.preventDefault();
  };

  Viewer.prototype.cyclePerspective = function () {
    var order = ["judge"].concat(this.players.map(function (_, i) { return String(i + 1); }));
    this.setPerspective(order[(order.indexOf(this.persp) + 1) % order.length]);
  };

  // Digits typed within a second make one round number: "1" then "2" is beat (turn) 12.
  Viewer.prototype.digit = function (d) {
    var self = this;
    this.digits = (this.digits + d).slice(-3);
    clearTimeout(this.digitTimer);
    this.digitTimer = setTimeout(function () { self.digits = ""; }, 1000);
    var b = this.data.beats[this.beatIndex(this.pos)];
    var duel = b ? b[0] : 1;
    if (!this.goBeat(duel, Number(this.digits))) {
      var w = this.words;
      var whole = w.set === null ? "The match" : cap(w.set) + " " + duel;
      document.getElementById("announce").textContent = whole + " has no " + w.round + " " + Number(this.digits);
    }
  };

  Viewer.prototype.bind = function () {
    var self = this;
    // On a phone the controls are fixed to the bottom of the screen: the page keeps their height free.
    var controls = document.getElementById("controls");
    function controlsHeight() {
      document.documentElement.style.setProperty("--controls-h", controls.offsetHeight + "px");
    }
    if (typeof ResizeObserver !== "undefined") new ResizeObserver(controlsHeight).observe(controls);
    else window.addEventListener("resize", controlsHeight);
    controlsHeight();
    document.getElementById("controls").addEventListener("click", function (ev) {
      var button = ev.target.closest ? ev.target.closest("button[data-act]") : null;
      if (button) self.act(button.getAttribute("data-act"));
    });
    // A control clicked with a pointer hands the keys back to the viewer (a focused radio or select
    // would take ←/→ for itself); one reached and changed by keyboard keeps its focus.
    var byPointer = false;
    document.addEventListener("pointerdown", function () { byPointer = true; }, true);
    document.addEventListener("keydown", function () { byPointer = false; }, true);
    function refocus() {
      if (byPointer) document.getElementById("main").focus({ preventScroll: true });
    }
    var scrubber = document.getElementById("scrubber");
    scrubber.max = String(this.scrubMax());
    scrubber.addEventListener("pointerdown", function () { self.scrubbing = true; });
    scrubber.addEventListener("input", function () { self.go(Number(scrubber.value), "scrub"); });
    function endScrub() {
      self.scrubbing = false;
      scrubber.max = String(self.scrubMax());
      scrubber.value = String(self.pos);
    }
    scrubber.addEventListener("pointerup", endScrub);
    scrubber.addEventListener("pointercancel", endScrub);
    scrubber.addEventListener("change", function () { endScrub(); self.announce(); refocus(); });
    document.getElementById("speed").addEventListener("change", function (ev) {
      self.setSpeed(Number(ev.target.value));
      refocus();
    });
    var radios = document.querySelectorAll("input[name=persp]");
    for (var i = 0; i < radios.length; i++) {
      radios[i].addEventListener("change", function (ev) {
        if (ev.target.checked) self.setPerspective(ev.target.value);
        refocus();
      });
    }
    document.getElementById("reveal").addEventListener("click", function () { self.setReveal(!self.reveal); });
    document.addEventListener("keydown", function (ev) { self.key(ev); });
    window.addEventListener("hashchange", function () {
      if (location.hash === self.fragment()) return;
      self.readFragment();
      self.syncControls();
      self.render("jump");
    });
  };

  Viewer.prototype.syncControls = function () {
    var radios = document.querySelectorAll("input[name=persp]");
    for (var i = 0; i < radios.length; i++) radios[i].checked = radios[i].value === this.persp;
    var button = document.getElementById("reveal");
    button.setAttribute("aria-pressed", this.reveal ? "true" : "false");
    button.textContent = this.reveal ? "Hide" : "Reveal";
  };

  // Texts are stored as indexes into one table of the words between their spaces (viewer/words.py).
  function unpackWords(data) {
    var words = data.words || [];
    function join(tokens) { return tokens.map(function (i) { return words[i]; }).join(" "); }
    if (data.words) {
      data.texts = data.texts.map(join);
      data.states.lines = data.states.lines.map(join);
      if (data.headlines) data.headlines = data.headlines.map(join);
      joinTexts(data.static, join);
    }
    return data;
  }

  // Every "text" field of the view's static data (viewer/page.py static_texts) is stored as words too.
  function joinTexts(value, join) {
    if (Array.isArray(value)) { value.forEach(function (item) { joinTexts(item, join); }); return; }
    if (!value || typeof value !== "object") return;
    Object.keys(value).forEach(function (key) {
      if (key === "text" && Array.isArray(value[key])) own(value, key, join(value[key]));
      else joinTexts(value[key], join);
    });
  }

  function start() {
    var node = document.getElementById("beatlog-data");
    if (!node) return;
    if (!node.hasAttribute("data-encoding")) { begin(node.textContent); return; }
    // A single-file page's data is deflated, in base64 (viewer/embed.py): the browser inflates it.
    inflated(node).then(begin, function (err) {
      var board = document.getElementById("board");
      if (board) {
        board.textContent = "This page's match could not be read here: " +
          (typeof DecompressionStream === "undefined" ? "this browser cannot inflate it (no DecompressionStream)" : String(err));
      }
    });
  }

  function inflated(node) {
    if (node.getAttribute("data-encoding") !== "deflate-base64") {
      return Promise.reject(new Error("unknown encoding " + node.getAttribute("data-encoding")));
    }
    if (typeof DecompressionStream === "undefined") return Promise.reject(new Error("no DecompressionStream"));
    var binary = atob(node.textContent.trim());
    var bytes = new Uint8Array(binary.length);
    for (var i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    var stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate"));
    return new Response(stream).text();
  }

  function begin(text) {
    var viewer = new Viewer(unpackWords(JSON.parse(text)));
    window.beatlogViewer = viewer;
    viewer.readFragment();
    viewer.bind();
    viewer.syncControls();
    viewer.render("load");
    document.documentElement.setAttribute("data-ready", "1");
    loadCharts(viewer);
    if (window.BeatlogLog) {
      // After the first drawing: rebuilding and hashing the log takes a few milliseconds.
      setTimeout(function () {
        window.BeatlogLog.attach(viewer.data, document.getElementById("log-download"), document.getElementById("log-status"));
      }, 0);
    }
  }

  // plotly (4 MB) is fetched only on a page with a chart, and only once the board is drawn: the board
  // never waits for it.
  function loadCharts(viewer) {
    var chart = document.getElementById("chart");
    var src = chart && chart.getAttribute("data-plotly");
    if (!src || typeof window.Plotly !== "undefined") { viewer.renderChart(); return; }
    var script = document.createElement("script");
    script.src = src;
    script.async = true;
    script.onload = function () { viewer.chartShown = -1; viewer.renderChart(); };
    setTimeout(function () { document.body.appendChild(script); }, 0);
  }

  window.BeatlogViewer = { Viewer: Viewer, applyOps: applyOps, splitlines: splitlines };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
