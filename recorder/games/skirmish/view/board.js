/* Grid skirmish for the beatlog viewer: the 10x14 grid from above (team zones, obstacles,
   towers and obelisks, each character as a disc in its player's colour with an arrow for
   its facing, its HP and statuses, and the path of its move this turn) and a card per
   character. x runs left to right, y from the bottom edge up (team 0's zone is at the
   bottom); the SVG's y points down, so every y is flipped. Text from the log goes
   through textContent / attributes only. */
(function () {
  "use strict";

  var COLORS = ["#1f6feb", "#c2410c", "#15803d", "#7c3aed"];
  var C = 40;  // one tile, in SVG units
  var ARROW = { N: [0, -1], E: [1, 0], S: [0, 1], W: [-1, 0] };
  var SHORT = { bleed: "Bl", pierced: "Pi", daze: "Dz", burn: "Bu", chill: "Ch", corrosion: "Co", hex: "Hx",
                root: "Rt", stun: "St", guard: "Gd" };

  function color(seat) { return COLORS[seat % COLORS.length]; }

  function playerName(ctx, seat) {
    var p = ctx.players[seat];
    return p ? p.name : "player " + (seat + 1);
  }

  function grid(ctx) { return (ctx.static && ctx.static.grid) || [10, 14]; }

  function cx(x) { return x * C + C / 2; }
  function cy(ctx, y) { return (grid(ctx)[1] - 1 - y) * C + C / 2; }

  function zoneOf(ctx, x, y) {
    var g = grid(ctx), d = (ctx.static && ctx.static.zone_depth) || 3, seats = (ctx.static && ctx.static.seats) || 2;
    if (y < d) return 0;
    if (y >= g[1] - d) return 1;
    if (seats > 2 && x < d) return 2;
    if (seats > 3 && x >= g[0] - d) return 3;
    return null;
  }

  function statusText(s, c) {
    return Object.keys(c.statuses || {}).map(function (k) {
      var v = c.statuses[k];
      if (k === "burn" || k === "pierced" || k === "guard") return k + " " + v;
      return k + " (through turn " + v + ")";
    });
  }

  function charTitle(s, c, ctx) {
    var parts = [c.name + " (" + playerName(ctx, c.owner) + ")"];
    if (!c.alive) parts.push("dead");
    else {
      parts.push("HP " + c.hp + "/" + c.max_hp, "SP " + c.sp + "/" + c.max_sp, "at (" + c.x + ", " + c.y + ") facing " + c.facing);
      if (c.recovering) parts.push("recovering at its obelisk");
      parts = parts.concat(statusText(s, c));
    }
    return parts.join(", ");
  }

  function drawGrid(board, s, ctx) {
    var svg = ctx.svg, g = grid(ctx);
    var root = svg("svg", { class: "sk-board", viewBox: "-4 -4 " + (g[0] * C + 8) + " " + (g[1] * C + 8),
                            role: "img", "aria-label": "the grid" });
    var tiles = svg("g", { class: "tiles" });
    for (var y = 0; y < g[1]; y++) {
      for (var x = 0; x < g[0]; x++) {
        var zone = zoneOf(ctx, x, y);
        tiles.appendChild(svg("rect", { x: x * C, y: (g[1] - 1 - y) * C, width: C, height: C,
                                        class: "tile" + (zone !== null ? " zone" : ""),
                                        fill: zone !== null ? color(zone) : null }));
      }
    }
    root.appendChild(tiles);
    (s.obstacles || []).forEach(function (t) {
      root.appendChild(svg("rect", { class: "obstacle", x: t[0] * C + 4, y: (g[1] - 1 - t[1]) * C + 4, width: C - 8,
                                     height: C - 8, rx: 6, "data-x": t[0], "data-y": t[1] },
                           svg("title", { text: "obstacle at (" + t[0] + ", " + t[1] + ")" })));
    });
    (s.objectives || []).forEach(function (o) {
      var x = cx(o.x), y = cy(ctx, o.y), fill = o.team === null ? "#9aa5b1" : color(o.team);
      var shape = o.kind === "tower"
        ? svg("path", { d: "M " + (x - 13) + " " + (y + 15) + " L " + (x - 10) + " " + (y - 8) + " L " + (x - 14) + " " +
                           (y - 8) + " L " + (x - 14) + " " + (y - 16) + " L " + (x + 14) + " " + (y - 16) + " L " +
                           (x + 14) + " " + (y - 8) + " L " + (x + 10) + " " + (y - 8) + " L " + (x + 13) + " " + (y + 15) + " Z",
                        fill: fill })
        : svg("path", { d: "M " + x + " " + (y - 17) + " L " + (x + 9) + " " + y + " L " + x + " " + (y + 17) + " L " +
                           (x - 9) + " " + y + " Z", fill: fill });
      var who = o.team === null ? (o.kind === "tower" ? "nobody's" : "everyone's") : playerName(ctx, o.team) + "'s";
      root.appendChild(svg("g", { class: "objective " + o.kind, "data-kind": o.kind, "data-x": o.x, "data-y": o.y,
                                  "data-team": o.team === null ? "" : o.team },
                           svg("title", { text: o.kind + " at (" + o.x + ", " + o.y + "), " + who }), shape));
    });
    (s.caravans || []).forEach(function (cv) {
      if (cv.gone) return;
      var x1 = Math.min(cv.head[0], cv.tail[0]), x2 = Math.max(cv.head[0], cv.tail[0]);
      var y1 = Math.max(cv.head[1], cv.tail[1]), y2 = Math.min(cv.head[1], cv.tail[1]);
      var top = (g[1] - 1 - y1) * C, left = x1 * C;
      root.appendChild(svg("g", { class: "caravan", "data-caravan": cv.id, "data-loot": cv.loot,
                                  "data-head": cv.head.join(","), "data-tail": cv.tail.join(",") },
        svg("title", { text: "caravan " + cv.id + ": head (" + cv.head.join(", ") + "), tail (" + cv.tail.join(", ") +
                             "), " + cv.loot + " loot" + (cv.boost ? ", sped up " + cv.boost : "") }),
        svg("rect", { class: "wagon", x: left + 5, y: top + 5, width: (x2 - x1 + 1) * C - 10, height: (y1 - y2 + 1) * C - 10, rx: 8 }),
        svg("circle", { class: "head", cx: cx(cv.head[0]), cy: cy(ctx, cv.head[1]), r: 5 }),
        svg("text", { class: "loot", x: cx(cv.tail[0]), y: cy(ctx, cv.tail[1]) + 5, "text-anchor": "middle", text: "$" + cv.loot })));
    });
    (s.dropped || []).forEach(function (d) {
      var x = cx(d[0]), y = cy(ctx, d[1]);
      root.appendChild(svg("path", { class: "crystal", "data-crystal": d[2], d: "M " + x + " " + (y - 8) + " L " + (x + 6) +
                                     " " + y + " L " + x + " " + (y + 8) + " L " + (x - 6) + " " + y + " Z", fill: color(d[2]) },
                           svg("title", { text: playerName(ctx, d[2]) + "'s crystal on the ground at (" + d[0] + ", " + d[1] + ")" })));
    });
    (s.characters || []).forEach(function (c) {
      if (!c.alive || !c.path || c.path.length < 2) return;
      var pts = c.path.map(function (t) { return cx(t[0]) + "," + cy(ctx, t[1]); }).join(" ");
      root.appendChild(svg("polyline", { class: "path", points: pts, stroke: color(c.owner), "data-path": c.id },
                           svg("title", { text: c.name + "'s move this turn" })));
    });
    (s.characters || []).forEach(function (c) {
      if (!c.alive || c.x === null) return;
      var x = cx(c.x), y = cy(ctx, c.y), a = ARROW[c.facing] || [0, -1];
      var g2 = svg("g", { class: "sk-char" + (c.recovering ? " recovering" : ""), "data-id": c.id, "data-x": c.x,
                          "data-y": c.y, "data-facing": c.facing, "data-hp": c.hp, "data-owner": c.owner },
                   svg("title", { text: charTitle(s, c, ctx) }));
      g2.appendChild(svg("line", { class: "facing", x1: x, y1: y, x2: x + a[0] * 19, y2: y + a[1] * 19, stroke: color(c.owner) }));
      g2.appendChild(svg("circle", { class: "disc", cx: x, cy: y, r: 13, fill: color(c.owner) }));
      g2.appendChild(svg("text", { class: "initial", x: x, y: y + 5, "text-anchor": "middle", text: c.name.slice(0, 2) }));
      var frac = c.max_hp ? Math.max(0, Math.min(1, c.hp / c.max_hp)) : 0;
      g2.appendChild(svg("rect", { class: "hp-track", x: x - 15, y: y + 14, width: 30, height: 4 }));
      g2.appendChild(svg("rect", { class: "hp-fill" + (frac <= 0.34 ? " low" : ""), x: x - 15, y: y + 14, width: 30 * frac, height: 4 }));
      var marks = Object.keys(c.statuses || {}).map(function (k) { return SHORT[k] || k; }).join(" ");
      if (c.crystal !== null && c.crystal !== undefined) marks = ("◆ " + marks).trim();
      if (marks) g2.appendChild(svg("text", { class: "marks", x: x, y: y - 15, "text-anchor": "middle", text: marks }));
      root.appendChild(g2);
    });
    board.appendChild(root);
  }

  function caption(s, ctx) {
    var parts = [(ctx.static && ctx.static.scenario) || s.scenario, s.turn ? "turn " + s.turn : "set-up"];
    if (s.souls && s.souls.some(function (n) { return n > 0; })) {
      parts.push("souls " + s.souls.map(function (n, seat) { return playerName(ctx, seat) + " " + n; }).join(", "));
    }
    Object.keys(s.control || {}).forEach(function (team) {
      parts.push(playerName(ctx, Number(team)) + " holds every tower (" + s.control[team] + " of 3 turns)");
    });
    return parts.join(" · ");
  }

  function card(s, c, ctx) {
    var el = ctx.el, st = ctx.static || {};
    var rows = [];
    function row(label, value, key) { rows.push(el("dt", { text: label }), el("dd", { text: value, "data-key": key || null })); }
    row("HP", c.alive ? c.hp + "/" + c.max_hp : "dead", "hp");
    row("SP", c.sp + "/" + c.max_sp, "sp");
    row("ATK · DEF · AGI", c.atk + " · " + c.def + " · " + c.agi);
    if (c.alive && c.x !== null) row("At", "(" + c.x + ", " + c.y + ") facing " + c.facing, "position");
    row("Weapon", c.weapon ? (st.weapons && st.weapons[c.weapon]) || c.weapon : "fists");
    var statuses = statusText(s, c);
    if (statuses.length) row("Statuses", statuses.join(", "), "statuses");
    if (c.crystal !== null && c.crystal !== undefined) row("Carrying", playerName(ctx, c.crystal) + "'s crystal", "crystal");
    if (c.recovering) row("Recovering", "at its obelisk: no move or action until its HP is full");
    if ((c.inventory || []).length) {
      row("Items", c.inventory.map(function (i) { return ((st.items && st.items[i[0]]) || i[0]) + " ×" + i[1]; }).join(", "));
    }
    row("Movement", "deck " + (c.deck || []).join(" ") + (c.discard && c.discard.length ? " · discarded " + c.discard.join(" ") : ""));
    var planned = s.planned && s.planned[String(c.id)];
    if (planned !== undefined && planned !== null) {
      rows.push(el("dt", { text: "Face down" }), el("dd", { class: "secret", text: "move " + planned + " (secret until revealed)" }));
    }
    return el("article", { class: "sk-card" + (c.alive ? "" : " dead"), "data-char-card": c.id,
                           style: "border-top-color:" + color(c.owner), "aria-label": c.name + ", " + playerName(ctx, c.owner) },
      el("h3", null, el("span", { class: "dot", style: "background:" + color(c.owner) }), c.name,
         el("small", { text: " · " + playerName(ctx, c.owner) })),
      el("dl", { class: "facts" }, rows));
  }

  window.BeatlogViews.register("skirmish", {
    draw: function (board, panels, frame, ctx) {
      ctx.clear(board);
      ctx.clear(panels);
      var s = frame.s;
      drawGrid(board, s, ctx);
      board.appendChild(ctx.el("p", { class: "sk-caption", text: caption(s, ctx) }));
      panels.appendChild(ctx.el("div", { class: "sk-cards" }, (s.characters || []).map(function (c) { return card(s, c, ctx); })));
    },
    summary: function (frame, ctx) {
      var s = frame.s;
      var parts = (s.characters || []).map(function (c) {
        if (!c.alive) return c.name + " (" + playerName(ctx, c.owner) + ") dead";
        return c.name + " (" + playerName(ctx, c.owner) + ") at (" + c.x + ", " + c.y + ") facing " + c.facing +
          ", HP " + c.hp + "/" + c.max_hp + (c.recovering ? ", recovering" : "");
      });
      return "Grid, " + caption(s, ctx) + ". " + parts.join(". ") + ".";
    }
  });
})();
