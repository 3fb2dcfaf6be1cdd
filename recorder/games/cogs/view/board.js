/* Cogs of Valor for the beatlog viewer: the play surface seen from above (islands,
   cogs shaped by type and turned to their heading, grapples, fire, the wind), a
   score strip per player and a card per cog (hull, fire, crews by deck, hold,
   ballistae). Each deck's crew is counted on the deck itself, per side, in the
   side's colour. Positions are tenths of an inch with y pointing north; the SVG's
   y points down, so every y is flipped. Text from the log goes through
   textContent / attributes only. */
(function () {
  "use strict";

  var COLORS = ["#1f6feb", "#c2410c", "#15803d", "#7c3aed", "#b45309", "#0e7490", "#be185d", "#4d7c0f"];
  var HEADINGS = ["N", "NE", "E", "SE", "S", "SW", "W", "NW"];
  var DECK_ORDER = ["stern", "main", "fore", "nest", "middle", "hold"];
  var DECK_NAMES = { stern: "Stern castle", main: "Main deck", fore: "Forecastle", nest: "Crow's nest",
                     middle: "Boarding melee", hold: "Hold" };
  var PAD = 40;  // tenths of an inch of sea around the surface, for labels
  // Cogs are drawn a little larger than their footprint (a few inches on a table of
  // feet) so that hull, castles and heading read at a glance; positions stay exact.
  var COG_SCALE = 1.4;

  function color(seat) { return COLORS[seat % COLORS.length]; }

  function inches(tenths) {
    var v = Math.round(tenths) / 10;
    return String(v);
  }

  function playerName(ctx, seat) {
    var p = ctx.players[seat];
    return p ? p.name : "player " + (seat + 1);
  }

  function fleetName(ctx, seat) {
    var f = ctx.static.fleets && ctx.static.fleets[seat];
    return f || (ctx.players[seat] ? ctx.players[seat].side : "");
  }

  function typeInfo(ctx, type) {
    var t = ctx.static.types && ctx.static.types[type];
    return t || { title: type, hull: 10, radius: 15, large: false, decks: ["stern", "main", "fore", "nest"] };
  }

  // -- shapes ---------------------------------------------------------------------
  // A hull pointing north, centred on (0, 0): slim for a small cog, beamy for a
  // merchant, long for a large cog, boxy for a hulk.
  function hullPath(type, r) {
    var beam = { small: 0.42, small_merchant: 0.56, large: 0.46, hulk: 0.6 }[type] || 0.45;
    var b = r * beam, sternW = b * (type === "hulk" ? 0.95 : 0.75);
    var bowCurve = type === "hulk" ? 0.75 : 0.35;
    return "M 0 " + (-r) +
      " C " + b + " " + (-r * bowCurve) + " " + b + " " + (r * 0.55) + " " + sternW + " " + r +
      " L " + (-sternW) + " " + r +
      " C " + (-b) + " " + (r * 0.55) + " " + (-b) + " " + (-r * bowCurve) + " 0 " + (-r) + " Z";
  }

  function drawCog(board, cog, s, ctx, scale) {
    var svg = ctx.svg;
    var info = typeInfo(ctx, cog.type);
    var k = scale.k;
    var r = info.radius * scale.cog;
    function font(px) { return "font-size:" + (px * k) + "px;stroke-width:" + (px * k * 0.22) + "px"; }
    var H = s.surface[1];
    var cx = cog.x, cy = H - cog.y;
    var angle = HEADINGS.indexOf(cog.heading) * 45;
    var owner = cog.owner;
    var g = svg("g", { class: "cog" + (cog.sunk ? " sunk" : "") + (cog.fire ? " burning" : ""),
                       "data-cog": cog.id, "data-x": cog.x, "data-y": cog.y, "data-heading": cog.heading,
                       "data-owner": owner, "data-hull": cog.hull,
                       // For the viewer's motion: the same piece from frame to frame, and its hull as its life.
                       "data-piece": "cog-" + cog.id, "data-life": cog.hull });
    g.appendChild(svg("title", { text: cogTitle(cog, s, ctx) }));
    var body = svg("g", { transform: "translate(" + cx + " " + cy + ") rotate(" + angle + ")" });
    if (!cog.sunk) {
      // The heading arrow runs ahead of the bow.
      var a = Math.max(k, 0.5);
      body.appendChild(svg("line", { x1: 0, y1: -r, x2: 0, y2: -r - 14 * a, class: "heading", stroke: color(owner),
                                     "stroke-width": 3 * a }));
      body.appendChild(svg("path", { d: "M " + (-5 * a) + " " + (-r - 12 * a) + " L 0 " + (-r - 21 * a) + " L " +
                                        5 * a + " " + (-r - 12 * a) + " Z", class: "heading-head", fill: color(owner) }));
    }
    body.appendChild(svg("path", { d: hullPath(cog.type, r), class: "hull", fill: cog.sunk ? "none" : color(owner) }));
    // Castles and the mast (the crow's nest) of the decks this type has.
    if (info.decks.indexOf("stern") >= 0) {
      body.appendChild(svg("rect", { x: -r * 0.3, y: r * 0.45, width: r * 0.6, height: r * 0.4, rx: 1.5, class: "castle" }));
    }
    if (info.decks.indexOf("fore") >= 0) {
      body.appendChild(svg("rect", { x: -r * 0.22, y: -r * 0.72, width: r * 0.44, height: r * 0.3, rx: 1.5, class: "castle" }));
    }
    body.appendChild(svg("circle", { cx: 0, cy: -r * 0.05, r: Math.max(2.5, r * 0.14), class: "mast" }));
    g.appendChild(body);
    // Labels stay upright: name above, hull bar and badges below.
    var labelY = cy - r - 26 * Math.max(k, 0.5);
    g.appendChild(svg("text", { x: cx, y: labelY, "text-anchor": "middle", class: "cog-name", style: font(17),
                                text: cog.name }));
    if (!cog.sunk) {
      var barW = 44 * k, barH = 6 * k, frac = Math.max(0, Math.min(1, cog.hull / cog.max_hull));
      var by = cy + r + 8 * k;
      g.appendChild(svg("rect", { x: cx - barW / 2, y: by, width: barW, height: barH, rx: 2 * k, class: "hull-track" }));
      g.appendChild(svg("rect", { x: cx - barW / 2, y: by, width: barW * frac, height: barH, rx: 2 * k,
                                  class: "hull-fill" + (frac <= 0.3 ? " low" : "") }));
      // Fire (a flame and its value) and the anchor, drawn (emoji fonts are not everywhere).
      var mx = cx + r + 8 * k, my = cy - 6 * k;
      if (cog.fire) {
        var f = svg("g", { class: "fire-mark", transform: "translate(" + mx + " " + my + ") scale(" + k + ")" });
        f.appendChild(svg("path", { d: "M 0 -10 C 7 -3 8 3 4 8 C 2 10 -2 10 -4 8 C -8 3 -5 -2 -2 -4 C -2 0 0 1 1 0 C 2 -3 1 -7 0 -10 Z",
                                    class: "flame" }));
        f.appendChild(svg("text", { x: 8, y: 6, class: "fire-value", text: cog.fire }));
        g.appendChild(f);
        my += 20 * k;
      }
      if (cog.anchored) {
        var an = svg("g", { class: "anchor-mark", transform: "translate(" + mx + " " + my + ") scale(" + k + ")" });
        an.appendChild(svg("circle", { cx: 0, cy: -8, r: 2.5 }));
        an.appendChild(svg("path", { d: "M 0 -5.5 L 0 8 M -5 -2 L 5 -2 M -7 3 C -6 8 6 8 7 3" }));
        g.appendChild(an);
      }
      drawDeckCounts(g, cog, s, ctx, cx, cy, angle, r, k);
    } else {
      g.appendChild(svg("text", { x: cx, y: cy + r + 18 * k, "text-anchor": "middle", class: "sunk-label",
                                  style: font(13), text: "sunk" }));
    }
    board.appendChild(g);
  }

  // Where each deck's crew count sits on the hull (cog frame, bow up, in hull radii): the stern
  // castle aft, the main deck amidships, the forecastle forward, the crow's nest beside the mast.
  var DECK_SPOTS = { stern: [0, 0.66], main: [0, 0.15], fore: [0, -0.6], nest: [0.72, -0.05] };

  // Crew standing on each deck (struck crew still stand there until the cleanup), per side.
  function deckCounts(s, cogId) {
    var out = {};
    s.crew.forEach(function (c) {
      if (c.cog !== cogId || !DECK_SPOTS[c.deck] || c.captive_of !== null) return;
      var sides = out[c.deck] = out[c.deck] || {};
      sides[c.owner] = (sides[c.owner] || 0) + c.n;
    });
    return out;
  }

  // Each deck's crew as upright numbers on its deck shape, one per side in the side's colour
  // ("12/3": twelve of one fleet and three boarders of another).
  function drawDeckCounts(g, cog, s, ctx, cx, cy, angle, r, k) {
    var svg = ctx.svg, counts = deckCounts(s, cog.id);
    var rad = angle * Math.PI / 180, cos = Math.cos(rad), sin = Math.sin(rad);
    var size = 14 * k;
    Object.keys(DECK_SPOTS).forEach(function (deck) {
      var sides = counts[deck];
      if (!sides) return;
      var lx = DECK_SPOTS[deck][0] * r, ly = DECK_SPOTS[deck][1] * r;
      var x = cx + lx * cos - ly * sin, y = cy + lx * sin + ly * cos;
      var seats = Object.keys(sides).map(Number).sort(function (a, b) {
        return (a === cog.owner ? -1 : b === cog.owner ? 1 : a - b);
      });
      var text = svg("text", { x: x, y: y + size * 0.35, "text-anchor": "middle", class: "deck-count",
                               "data-deck-count": deck, style: "font-size:" + size + "px;stroke-width:" + (size * 0.3) + "px" });
      text.appendChild(svg("title", { text: DECK_NAMES[deck] + ": " + seats.map(function (p) {
        return sides[p] + " " + playerName(ctx, p);
      }).join(", ") }));
      seats.forEach(function (p, i) {
        if (i) text.appendChild(svg("tspan", { class: "deck-sep", text: "/" }));
        text.appendChild(svg("tspan", { fill: color(p), "data-seat": p, text: String(sides[p]) }));
      });
      g.appendChild(text);
    });
  }

  function aboardCount(s, cogId) {
    var n = 0;
    s.crew.forEach(function (c) {
      if (c.cog === cogId && c.deck !== "hold" && c.captive_of === null && c.fate === null) n += c.n;
    });
    return n;
  }

  function cogTitle(cog, s, ctx) {
    var counts = deckCounts(s, cog.id);
    var decks = Object.keys(DECK_SPOTS).filter(function (d) { return counts[d]; }).map(function (d) {
      return DECK_NAMES[d].toLowerCase() + " " + Object.keys(counts[d]).map(function (p) {
        return counts[d][p] + " " + playerName(ctx, Number(p));
      }).join(" + ");
    });
    return cog.name + " (" + typeInfo(ctx, cog.type).title + ", " + playerName(ctx, cog.owner) + ") at (" +
      inches(cog.x) + ", " + inches(cog.y) + ") heading " + cog.heading + ", " + hullText(cog) +
      (cog.fire ? ", fire " + cog.fire : "") + (cog.anchored ? ", anchored" : "") +
      (decks.length ? "; crew: " + decks.join("; ") : "");
  }

  // A sunk cog's hull is gone, not negative: "hull 0/10, sunk" (the log keeps the damage done).
  function hullText(cog) {
    return cog.sunk ? "hull 0/" + cog.max_hull + ", sunk" : "hull " + cog.hull + "/" + cog.max_hull;
  }

  function drawIslands(board, s, ctx) {
    var svg = ctx.svg, H = s.surface[1];
    var r = ctx.static.island_radius || 30, reach = ctx.static.island_reach || 30;
    var finders = {};
    Object.keys(s.searched || {}).forEach(function (p) {
      (s.searched[p] || []).forEach(function (id) { (finders[id] = finders[id] || []).push(Number(p)); });
    });
    s.islands.forEach(function (isl) {
      var x = isl.x, y = H - isl.y;
      var g = svg("g", { class: "island", "data-island": isl.id });
      g.appendChild(svg("title", { text: "Island " + isl.id + " at (" + inches(isl.x) + ", " + inches(isl.y) + ")" +
        (finders[isl.id] ? "; treasure found by " + finders[isl.id].map(function (p) { return playerName(ctx, p); }).join(", ") : "") }));
      g.appendChild(svg("circle", { cx: x, cy: y, r: r + reach, class: "reach" }));
      g.appendChild(svg("circle", { cx: x, cy: y, r: r, class: "sand" }));
      g.appendChild(svg("circle", { cx: x - r * 0.25, cy: y - r * 0.2, r: r * 0.45, class: "palm" }));
      (finders[isl.id] || []).forEach(function (p, i) {
        var fx = x + r * 0.3 + i * 9, fy = y - r * 0.1;
        g.appendChild(svg("line", { x1: fx, y1: fy, x2: fx, y2: fy - 22, class: "flag-pole" }));
        g.appendChild(svg("path", { d: "M " + fx + " " + (fy - 22) + " l 12 5 l -12 5 Z", fill: color(p), class: "flag" }));
      });
      board.appendChild(g);
    });
  }

  function drawGrapples(board, s, ctx) {
    var svg = ctx.svg, H = s.surface[1];
    var byId = {};
    s.cogs.forEach(function (c) { byId[c.id] = c; });
    s.cogs.forEach(function (c) {
      (c.grappled || []).forEach(function (other) {
        if (other < c.id || !byId[other]) return;
        var o = byId[other];
        board.appendChild(svg("line", { x1: c.x, y1: H - c.y, x2: o.x, y2: H - o.y, class: "grapple",
                                        "data-grapple": c.id + "-" + other }));
      });
    });
  }

  // The wind rose: where the wind blows from, the arrow pointing downwind.
  function drawWind(board, s, ctx, box, k) {
    var svg = ctx.svg;
    // Inside the sea, clear of its edge (the view box has PAD of margin around the table).
    var R = 32 * k, cx = box[0] + box[2] - (PAD + 10) * k - R, cy = box[1] + (PAD + 10) * k + R;
    var from = HEADINGS.indexOf(s.wind);
    var g = svg("g", { class: "wind", "data-wind": s.wind });
    g.appendChild(svg("title", { text: "Wind from " + s.wind }));
    g.appendChild(svg("circle", { cx: cx, cy: cy, r: R, class: "rose", "stroke-width": 1.5 * k }));
    ["N", "E", "S", "W"].forEach(function (d, i) {
      var a = i * Math.PI / 2;
      g.appendChild(svg("text", { x: cx + Math.sin(a) * (R - 8 * k), y: cy - Math.cos(a) * (R - 8 * k) + 4 * k,
                                  "text-anchor": "middle", class: "rose-letter", style: "font-size:" + 10 * k + "px",
                                  text: d }));
    });
    var arrow = svg("g", { transform: "translate(" + cx + " " + cy + ") rotate(" + (from * 45 + 180) + ") scale(" + k + ")" });
    arrow.appendChild(svg("path", { d: "M 0 -22 L 9 -6 L 3 -6 L 3 20 L -3 20 L -3 -6 L -9 -6 Z", class: "wind-arrow" }));
    g.appendChild(arrow);
    g.appendChild(svg("text", { x: cx, y: cy + R + 16 * k, "text-anchor": "middle", class: "wind-label",
                                style: "font-size:" + 13 * k + "px", text: "wind from " + s.wind }));
    board.appendChild(g);
  }

  // The part of the surface to show: the whole table while the fleets are apart,
  // closing in (never below MIN_VIEW tenths across) once they meet, so a melee of
  // grappled cogs stays readable. Returns [x, y, width, height] in SVG units.
  var MIN_VIEW = 360, MARGIN = 90;
  function viewBox(s) {
    var W = s.surface[0], H = s.surface[1];
    var full = [-PAD, -PAD, W + 2 * PAD, H + 2 * PAD];
    var afloat = s.cogs.filter(function (c) { return !c.sunk; });
    if (!afloat.length) return full;
    var x0 = Infinity, x1 = -Infinity, y0 = Infinity, y1 = -Infinity;
    afloat.forEach(function (c) {
      x0 = Math.min(x0, c.x); x1 = Math.max(x1, c.x);
      y0 = Math.min(y0, H - c.y); y1 = Math.max(y1, H - c.y);
    });
    var w = Math.max(x1 - x0 + 2 * MARGIN, MIN_VIEW), h = Math.max(y1 - y0 + 2 * MARGIN, MIN_VIEW * H / W);
    // Keep the table's proportions.
    if (w / h > full[2] / full[3]) h = w * full[3] / full[2]; else w = h * full[2] / full[3];
    if (w >= full[2] * 0.8) return full;
    var cx = (x0 + x1) / 2, cy = (y0 + y1) / 2;
    var x = Math.max(full[0], Math.min(cx - w / 2, full[0] + full[2] - w));
    var y = Math.max(full[1], Math.min(cy - h / 2, full[1] + full[3] - h));
    return [x, y, w, h];
  }

  function drawSurface(root, s, ctx) {
    var svg = ctx.svg;
    var W = s.surface[0], H = s.surface[1];
    var box = viewBox(s);
    var k = box[2] / (W + 2 * PAD);  // 1 for the whole table; smaller when zoomed in
    var board = svg("svg", { viewBox: box.join(" "), class: "cogs-board" + (k < 1 ? " zoomed" : ""),
                             "aria-hidden": "true", focusable: "false", "data-zoom": k.toFixed(2) });
    board.appendChild(svg("rect", { x: 0, y: 0, width: W, height: H, rx: 6, class: "sea" }));
    // A one-foot grid, as on a gaming table.
    for (var gx = 120; gx < W; gx += 120) board.appendChild(svg("line", { x1: gx, y1: 0, x2: gx, y2: H, class: "grid" }));
    for (var gy = 120; gy < H; gy += 120) board.appendChild(svg("line", { x1: 0, y1: H - gy, x2: W, y2: H - gy, class: "grid" }));
    drawIslands(board, s, ctx);
    drawGrapples(board, s, ctx);
    var scale = { k: k, cog: Math.max(1, COG_SCALE * k) };
    s.cogs.filter(function (c) { return c.sunk; }).forEach(function (c) { drawCog(board, c, s, ctx, scale); });
    s.cogs.filter(function (c) { return !c.sunk; }).forEach(function (c) { drawCog(board, c, s, ctx, scale); });
    drawWind(board, s, ctx, box, k);
    if (k < 1) {
      board.appendChild(svg("text", { x: box[0] + 10 * k, y: box[1] + box[3] - 10 * k, class: "zoom-note",
                                      style: "font-size:" + (13 * k) + "px",
                                      text: "close-up: " + Math.round(box[2] / 10) + "\" across" }));
    }
    root.appendChild(board);
  }

  // -- panels -----------------------------------------------------------------------
  function caption(s, ctx) {
    var turns = ctx.static.turns;
    var text = s.turn === 0 ? "Muster" : "Turn " + s.turn + (turns ? " of " + turns : "");
    text += " · wind from " + s.wind;
    if (ctx.static.cog_match) text += " · cog-matching";
    if (s.over) text += " · match over";
    return text;
  }

  function points(n) { return n + (n === 1 ? " pt" : " pts"); }

  function scoreStrip(frame, ctx) {
    var el = ctx.el, s = frame.s;
    var totals = frame.v && frame.v.totals;
    return el("div", { class: "cg-scores" }, s.players.map(function (name, seat) {
      var t = totals ? totals[seat] : null;
      var facts = t ? [t.cogs + (t.cogs === 1 ? " cog" : " cogs"), t.crew + " crew", "hull " + t.hull + "/" + t.max_hull]
                    : [];
      if (t && t.captives) facts.push(t.captives + " captive" + (t.captives === 1 ? "" : "s"));
      var found = (s.searched && s.searched[String(seat)]) || [];
      if (found.length) facts.push(found.length + " treasure");
      return el("div", { class: "cg-score" + (t && !t.in_play ? " out" : ""), "data-seat": seat,
                         style: "border-top-color:" + color(seat) },
        el("div", { class: "cg-score-head" },
           el("span", { class: "cg-score-name" }, el("span", { class: "dot", style: "background:" + color(seat) }), name),
           el("span", { class: "cg-score-value", "data-score": seat, text: points(s.scores[seat]) })),
        el("div", { class: "cg-score-fleet muted", text: fleetName(ctx, seat) }),
        el("div", { class: "cg-score-facts", text: facts.join(" · ") }));
    }));
  }

  function chipsFor(ctx, groups) {
    var el = ctx.el;
    return el("ul", { class: "chips" }, groups.map(function (g) {
      var label = g.n + " " + g.profile + (g.fate ? " (" + g.fate + ")" : "") +
        (g.captive_of !== null ? " (captive of " + playerName(ctx, g.captive_of) + ")" : "");
      return el("li", { class: "chip" + (g.fate ? " struck" : "") + (g.spent ? " spent" : ""),
                        style: "border-color:" + color(g.owner), title: playerName(ctx, g.owner) + (g.spent ? ", has acted" : ""),
                        text: label });
    }));
  }

  function cogCard(s, cog, ctx) {
    var el = ctx.el;
    var info = typeInfo(ctx, cog.type);
    var badges = [];
    if (cog.sunk) badges.push(el("span", { class: "badge sunk", text: "sunk" }));
    if (cog.fire) badges.push(el("span", { class: "badge fire", text: "fire " + cog.fire }));
    if (cog.anchored) badges.push(el("span", { class: "badge", text: "anchored" }));
    (cog.grappled || []).forEach(function (other) {
      var o = s.cogs.filter(function (c) { return c.id === other; })[0];
      badges.push(el("span", { class: "badge grapple", text: "grappled to " + (o ? o.name : "cog " + other) }));
    });
    var rows = [];
    var frac = cog.sunk ? 0 : Math.max(0, Math.min(1, cog.hull / cog.max_hull));
    rows.push(el("dt", { text: "Hull" }), el("dd", { "data-key": "hull" },
      el("span", { class: "cg-hull" }, el("span", { class: "cg-hull-fill" + (frac <= 0.3 ? " low" : ""),
                                                      style: "width:" + (100 * frac) + "%" })),
      " " + (cog.sunk ? "0/" + cog.max_hull + " (sunk)" : cog.hull + "/" + cog.max_hull)));
    rows.push(el("dt", { text: "At" }), el("dd", { "data-key": "position",
      text: "(" + inches(cog.x) + "\", " + inches(cog.y) + "\") heading " + cog.heading }));
    DECK_ORDER.forEach(function (deck) {
      var here = s.crew.filter(function (c) { return c.cog === cog.id && c.deck === deck; });
      if (!here.length) return;
      var n = here.reduce(function (a, c) { return a + c.n; }, 0);
      rows.push(el("dt", { text: DECK_NAMES[deck] + " " + n }), el("dd", { "data-deck": deck }, chipsFor(ctx, here)));
    });
    var ballistae = (cog.ballistae || []).map(function (b) { return b.side + (b.destroyed ? " (destroyed)" : ""); });
    if (ballistae.length) rows.push(el("dt", { text: "Ballistae" }), el("dd", { text: ballistae.join(", ") }));
    var hold = Object.keys(cog.hold || {}).map(function (k) {
      return cog.hold[k] + " " + (k.indexOf("leader:") === 0 ? "leader's " + k.slice(7) : k);
    });
    if (cog.paint) hold.push("paint (" + cog.paint + " fire)");
    if (hold.length) rows.push(el("dt", { text: "Holdings" }), el("dd", { text: hold.join(", ") }));
    var course = s.courses && s.courses[String(cog.id)];
    if (course) rows.push(el("dt", { text: "Course" }), el("dd", { class: "secret", text: course[0] + " " + course[1] + "\" (secret until revealed)" }));
    var boarding = s.boarding && s.boarding[String(cog.id)];
    if (boarding) {
      var target = s.cogs.filter(function (c) { return c.id === boarding[0]; })[0];
      rows.push(el("dt", { text: "Boarding" }), el("dd", { class: "secret",
        text: boarding[1] + " to " + (target ? target.name : "cog " + boarding[0]) + " (secret until revealed)" }));
    }
    return el("article", { class: "cg-cog" + (cog.sunk ? " sunk" : ""), "data-cog-card": cog.id,
                           style: "border-top-color:" + color(cog.owner),
                           "aria-label": cog.name + ", " + playerName(ctx, cog.owner) },
      el("h3", null, el("span", { class: "dot", style: "background:" + color(cog.owner) }), cog.name,
         el("small", { text: " " + info.title + " · " + playerName(ctx, cog.owner) }), " ", badges),
      el("dl", { class: "facts" }, rows));
  }

  window.BeatlogViews.register("cogs", {
    draw: function (board, panels, frame, ctx) {
      ctx.clear(board);
      ctx.clear(panels);
      var s = frame.s;
      board.appendChild(scoreStrip(frame, ctx));
      drawSurface(board, s, ctx);
      board.appendChild(ctx.el("p", { class: "cg-caption", text: caption(s, ctx) }));
      var afloat = s.cogs.filter(function (c) { return !c.sunk; });
      var sunk = s.cogs.filter(function (c) { return c.sunk; });
      panels.appendChild(ctx.el("div", { class: "cg-cogs" },
        afloat.concat(sunk).map(function (c) { return cogCard(s, c, ctx); })));
    },
    summary: function (frame, ctx) {
      var s = frame.s;
      var parts = s.players.map(function (name, seat) {
        var cogs = s.cogs.filter(function (c) { return c.owner === seat && !c.sunk; }).map(function (c) {
          return c.name + " at (" + inches(c.x) + ", " + inches(c.y) + ") heading " + c.heading + ", " +
            hullText(c) + ", " + aboardCount(s, c.id) + " crew" + (c.fire ? ", fire " + c.fire : "");
        });
        return name + " " + s.scores[seat] + (s.scores[seat] === 1 ? " point" : " points") +
          (cogs.length ? ": " + cogs.join("; ") : ", no cog afloat");
      });
      return "Surface, " + caption(s, ctx) + ". " + parts.join(". ") + ".";
    }
  });
})();
