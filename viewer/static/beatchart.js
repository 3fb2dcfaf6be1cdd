/* beatlog match page: the chart of the beats reached so far, and its numbers as a table.

   The game's view gives, at the end of each beat, numbers per seat (life) or
   shared (distance) -- drawn as lines -- and per-beat amounts (damage dealt) --
   drawn as bars; each figure in a panel of its own (its own unit). Clicking a
   point jumps the viewer to the end of that beat. The x axis counts the beats reached: it never runs
   past the current beat, so it cannot give away how long the match lasts.

   Plotly reads a subset of HTML in every string it draws (names, hover text,
   ticks, annotations): each one goes through plotText first. */
(function () {
  "use strict";

  var SEAT_COLORS = ["#1f6feb", "#c2410c", "#15803d", "#7c3aed", "#b45309", "#0e7490", "#be185d", "#4d7c0f"];
  var SHARED_COLOR = "#6b7280";

  // Plotly shows "&lt;b&gt;" as the text "<b>": escaped, a name is never markup.
  function plotText(value) {
    return String(value).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  }

  function keysOf(series, bars) {
    var lines = [], shared = [];
    if (!series.length) return { lines: lines, shared: shared, bars: [] };
    Object.keys(series[0]).forEach(function (key) {
      if (key === "duel" || key === "beat" || bars.indexOf(key) >= 0) return;
      (Array.isArray(series[0][key]) ? lines : shared).push(key);
    });
    return { lines: lines, shared: shared, bars: bars.filter(function (k) { return k in series[0]; }) };
  }

  // One x per point; a duel's first point (its set-up) starts a new line.
  function lineXY(points, value) {
    var x = [], y = [];
    points.forEach(function (p, i) {
      if (i > 0 && p.beat === 0) { x.push(i - 0.5); y.push(null); }
      x.push(i);
      y.push(value(p));
    });
    return { x: x, y: y };
  }

  // The game's words (viewer.js: BeatlogWords): "duel 1, beat 3", "turn 3", "muster".
  function wordsOf(data) { return new window.BeatlogWords.Words(data.terms); }

  // One panel (its own y axis) per figure: never two units on one axis (life and distance, score and
  // hull). Per-seat figures are lines, one per seat; a shared one is a dotted line; the first per-beat
  // amount is bars (the table has them all). The panels stack, the x axis (the rounds) under the last.
  function figure(points, keys, players, words) {
    var traces = [];
    var hover = points.map(function (p) { return words.stage(p.duel, p.beat); });
    var panels = keys.lines.map(function (k) { return { key: k, kind: "seats" }; })
      .concat(keys.shared.map(function (k) { return { key: k, kind: "shared" }; }))
      .concat(keys.bars.slice(0, 1).map(function (k) { return { key: k, kind: "bars" }; }));
    var count = Math.max(panels.length, 1), gap = 0.06;
    var span = (1 - gap * (count - 1)) / count;
    var layout = {
      margin: { l: 48, r: 10, t: 18, b: 40 }, height: 150 + 110 * count, barmode: "group", bargap: 0.3,
      legend: { orientation: "h", y: -0.12 }, paper_bgcolor: "rgba(0,0,0,0)", plot_bgcolor: "rgba(0,0,0,0)",
      hovermode: "closest"
    };
    panels.forEach(function (panel, i) {
      var axis = i === 0 ? "y" : "y" + (i + 1);
      var top = 1 - i * (span + gap);
      layout[i === 0 ? "yaxis" : "yaxis" + (i + 1)] = {
        rangemode: "tozero", domain: [Math.max(top - span, 0), top], anchor: "x",
        title: { text: plotText(panel.key), font: { size: 11 } }
      };
      var key = panel.key;
      if (panel.kind === "seats") {
        players.forEach(function (player, seat) {
          var xy = lineXY(points, function (p) { return p[key][seat]; });
          traces.push({ type: "scatter", mode: "lines+markers", x: xy.x, y: xy.y, yaxis: axis,
                        name: plotText(key + ": " + player.name), connectgaps: false,
                        line: { color: SEAT_COLORS[seat % SEAT_COLORS.length], shape: "hv" },
                        text: xy.x.map(function (x) { return x % 1 ? "" : plotText(hover[x]); }),
                        hovertemplate: "%{text}: %{y}" });
        });
      } else if (panel.kind === "shared") {
        var xy = lineXY(points, function (p) { return p[key]; });
        traces.push({ type: "scatter", mode: "lines+markers", x: xy.x, y: xy.y, name: plotText(key), yaxis: axis,
                      line: { color: SHARED_COLOR, dash: "dot", shape: "hv" }, connectgaps: false,
                      text: xy.x.map(function (x) { return x % 1 ? "" : plotText(hover[x]); }),
                      hovertemplate: "%{text}: %{y}" });
      } else {
        players.forEach(function (player, seat) {
          traces.push({ type: "bar", x: points.map(function (_, i) { return i; }), yaxis: axis,
                        y: points.map(function (p) { return p[key][seat]; }), name: plotText(key + ": " + player.name),
                        marker: { color: SEAT_COLORS[seat % SEAT_COLORS.length] }, opacity: 0.55,
                        text: hover.map(plotText), textposition: "none", hovertemplate: "%{text}: %{y}" });
        });
      }
    });
    var n = Math.max(points.length, 1);
    var shapes = [], annotations = [];
    points.forEach(function (p, i) {
      if (i > 0 && p.beat === 0) {
        shapes.push({ type: "line", xref: "x", yref: "paper", x0: i - 0.5, x1: i - 0.5, y0: 0, y1: 1,
                      line: { color: SHARED_COLOR, width: 1, dash: "dash" } });
        annotations.push({ xref: "x", yref: "paper", x: i - 0.5, y: 1, yanchor: "bottom", xanchor: "left",
                           text: plotText(window.BeatlogWords.cap((words.set || "set") + " " + p.duel)),
                           showarrow: false, font: { size: 11, color: SHARED_COLOR } });
      }
    });
    layout.shapes = shapes;
    layout.annotations = annotations;
    // Only the beats reached so far: the axis must not give away how long the match lasts.
    layout.xaxis = { range: [-0.5, n - 0.5], tickmode: "array", tickvals: points.map(function (_, i) { return i; }),
                     ticktext: points.map(function (p) { return String(p.beat); }), zeroline: false,
                     anchor: count > 1 ? "y" + count : "y" };
    return { traces: traces, layout: layout };
  }

  // The numbers of the chart (and every per-beat amount), one row per beat reached.
  function table(node, points, keys, players, el, clear, words) {
    clear(node);
    var cap = window.BeatlogWords.cap;
    var perSeat = keys.lines.concat(keys.bars);
    var top = (words.set === null ? [] : [el("th", { scope: "col", rowspan: 2, text: cap(words.set) })])
      .concat([el("th", { scope: "col", rowspan: 2, text: cap(words.round) })]);
    var names = [];
    perSeat.forEach(function (key) {
      top.push(el("th", { scope: "colgroup", colspan: players.length, class: "num", text: key }));
      players.forEach(function (p) { names.push(el("th", { scope: "col", class: "num", text: p.name })); });
    });
    keys.shared.forEach(function (key) { top.push(el("th", { scope: "col", rowspan: 2, class: "num", text: key })); });
    var rows = points.map(function (p) {
      var cells = (words.set === null ? [] : [el("td", { text: p.duel })])
        .concat([el("td", { text: p.beat === 0 ? words.setup : p.beat })]);
      perSeat.forEach(function (key) {
        players.forEach(function (_, seat) { cells.push(el("td", { class: "num", text: show(p[key][seat]) })); });
      });
      keys.shared.forEach(function (key) { cells.push(el("td", { class: "num", text: show(p[key]) })); });
      return el("tr", null, cells);
    });
    node.appendChild(el("table", { class: "data compact" }, el("thead", null, el("tr", null, top), el("tr", null, names)),
                        el("tbody", null, rows)));
  }

  function show(v) { return v === null || v === undefined ? "—" : String(v); }

  // Draw the chart for the first `shown` points (the beats reached, or all once revealed).
  function draw(chart, numbers, data, shown, dom) {
    var points = data.series.slice(0, shown);
    var words = wordsOf(data);
    chart.hidden = shown === 0;
    if (shown === 0) {  // before the first round ends there is nothing to draw
      window.Plotly.purge(chart);
      if (numbers) numbers.textContent = "The chart fills in as each " + words.round + " ends.";
      return;
    }
    var keys = keysOf(data.series, data.series_bars || []);
    var spec = figure(points, keys, data.match.players, words);
    window.Plotly.react(chart, spec.traces, spec.layout, { displayModeBar: false, responsive: true });
    // A point (or bar) clicked: the viewer jumps to the end of that round.
    if (!chart.dataset.jumps && chart.on && dom.jump) {
      chart.dataset.jumps = "1";
      chart.on("plotly_click", function (ev) {
        var point = ev && ev.points && ev.points[0];
        if (point && typeof point.x === "number" && point.x % 1 === 0) dom.jump(point.x);
      });
    }
    if (numbers) table(numbers, points, keys, data.match.players, dom.el, dom.clear, words);
  }

  window.BeatlogChart = { draw: draw, plotText: plotText };
})();
