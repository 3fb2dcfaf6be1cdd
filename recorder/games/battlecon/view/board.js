/* BattleCON board for the beatlog viewer: seven spaces, every figure, the kits'
   markers (glyph and label from their card data), life bars, and a panel per
   fighter (pair, tokens, counters, form, extra zones, statuses, hand, discards).
   Text from the log goes through textContent / attributes only. */
(function () {
  "use strict";

  var W = 700, GAP = 6, X0 = 4, ROW_Y = 4, ROW_H = 120, MAX_LIFE = 20;
  var SPACE_W = (W - 2 * X0 - 6 * GAP) / 7;
  var COLORS = ["#1f6feb", "#c2410c"];

  function spaceX(space) { return X0 + (space - 1) * (SPACE_W + GAP); }

  function fighterName(ctx, seat) {
    var info = ctx.static.fighters && ctx.static.fighters[seat];
    return info ? info.name : ctx.players[seat].side;
  }

  function shortName(ctx, seat) { return fighterName(ctx, seat).split(" ")[0]; }

  // The markers on the board, with their kit's drawing hints (card data "markers": label, glyph).
  function placedMarkers(s, ctx) {
    return (s.markers || []).filter(function (m) { return m.space !== null && m.space !== undefined; })
      .map(function (m) {
        var info = ctx.static.fighters && ctx.static.fighters[m.owner];
        var hint = (info && info.markers && info.markers[m.name]) || {};
        return { owner: m.owner, name: m.name, space: m.space, label: hint.label || m.name };
      });
  }

  // A duel ends when a fighter reaches 0 life or less (WoI p.4); the true figure is kept, said plainly.
  function minus(n) { return n < 0 ? "\u2212" + (-n) : String(n); }
  function lifeText(life) { return life <= 0 ? minus(life) + " life · knocked out" : life + " life"; }

  // Tokens spent: the discarded ones, less this beat's ante (listed as "Anted" until the beat ends).
  function spentTokens(f) {
    var anted = (f.anted || []).slice();
    return (f.token_discard || []).filter(function (t) {
      var i = anted.indexOf(t);
      if (i < 0) return true;
      anted.splice(i, 1);
      return false;
    });
  }

  // A card as the engine knows it: the fighter's own, or one of the generic bases every fighter shares; a card of
  // the other fighter held as the seat's own is named "<card> (<fighter>'s)" (an effect put it in the seat's hand).
  var BORROWED = /^(.+) \([^()]+'s\)$/;
  function cardInfo(ctx, seat, card) {
    var own = ctx.static.fighters && ctx.static.fighters[seat] && ctx.static.fighters[seat].cards;
    var has = Object.prototype.hasOwnProperty;
    if (own && has.call(own, card)) return own[card];
    if (ctx.static.bases && has.call(ctx.static.bases, card)) return ctx.static.bases[card];
    var lent = BORROWED.exec(card);
    return lent && ctx.static.fighters && ctx.static.fighters.length === 2 ? cardInfo(ctx, 1 - seat, lent[1]) : null;
  }

  function cardTitle(ctx, seat, card) {
    var c = cardInfo(ctx, seat, card);
    if (!c) return card;
    if (c.kind === "extra") return card + ": " + c.text;  // a card set beside the fighter (a Paradigm): its text
    var range = c.range === null ? "N/A" : Array.isArray(c.range) ?
      (c.range[0] === c.range[1] ? String(c.range[0]) : c.range[0] + "~" + c.range[1]) : String(c.range);
    return card + " (" + c.kind + "): range " + range + ", power " + (c.power === null ? "N/A" : c.power) +
      ", priority " + c.priority;
  }

  // Life bars are HTML (readable at any width); the spaces are one SVG row.
  function lifeBars(s, ctx) {
    var el = ctx.el;
    return el("div", { class: "bc-life" }, s.fighters.map(function (f, seat) {
      var life = Math.max(0, Math.min(MAX_LIFE, f.life));
      return el("div", { class: "bc-life-side seat-" + (seat + 1), "data-seat": seat, "data-life": f.life },
        el("div", { class: "bc-life-head" },
           el("span", { class: "bc-life-name" }, el("span", { text: f.name }), " ",
              el("span", { class: "bc-life-fighter", text: shortName(ctx, seat) })),
           el("span", { class: "bc-life-value" + (f.life <= 0 ? " out" : ""), "data-life-text": seat,
                        text: lifeText(f.life) })),
        el("div", { class: "bc-life-track" },
           el("div", { class: "bc-life-fill", style: "width:" + (100 * life / MAX_LIFE) + "%;background:" + COLORS[seat] })));
    }));
  }

  function drawBoard(root, s, ctx) {
    var svg = ctx.svg;
    root.appendChild(lifeBars(s, ctx));
    var board = svg("svg", { viewBox: "0 0 " + W + " " + (ROW_H + 8), class: "bc-board", "aria-hidden": "true",
                             focusable: "false" });
    for (var space = 1; space <= 7; space++) {
      board.appendChild(svg("rect", { x: spaceX(space), y: ROW_Y, width: SPACE_W, height: ROW_H, rx: 8,
                                      class: "space", "data-space": space }));
      board.appendChild(svg("text", { x: spaceX(space) + 7, y: ROW_Y + 20, class: "space-no", text: space }));
    }
    placedMarkers(s, ctx).forEach(function (m) {
      var tx = spaceX(m.space) + SPACE_W - 16, ty = ROW_Y + ROW_H - 16;
      board.appendChild(svg("polygon", {
        points: [tx, ty - 11, tx + 11, ty, tx, ty + 11, tx - 11, ty].join(" "), class: "marker " + m.label,
        fill: COLORS[m.owner], "data-marker": m.name, "data-space": m.space
      }, svg("title", { text: m.name + " on space " + m.space })));
      // A visible name, not only a tooltip: the diamond alone means nothing to a newcomer. Bottom left,
      // below the fighter and clear of the stun mark (top right).
      board.appendChild(svg("text", { x: spaceX(m.space) + 6, y: ROW_Y + ROW_H - 7,
                                      class: "marker-label " + m.label + "-label", text: m.label }));
    });
    // A kit's extra figures (a second standup of the same player), below the fighters' row, with their
    // life inside when a counter of the kit is their life (snapshot "life").
    (s.figures || []).forEach(function (fig) {
      if (!(fig.space >= 1 && fig.space <= 7)) return;
      var fx = spaceX(fig.space) + SPACE_W / 2, fy = ROW_Y + 92;
      var hasLife = fig.life !== undefined && fig.life !== null;
      var title = fig.name + " on space " + fig.space + (hasLife ? ", life " + fig.life : "");
      var g = svg("g", { class: "extra-figure", "data-figure": fig.name, "data-space": fig.space,
                         "data-owner": fig.owner, "data-life": hasLife ? fig.life : "" });
      g.appendChild(svg("circle", { cx: fx, cy: fy, r: 14, fill: COLORS[fig.owner], class: "figure",
                                    "data-figure": fig.name }, svg("title", { text: title })));
      if (hasLife) {
        g.appendChild(svg("text", { x: fx, y: fy + 5, "text-anchor": "middle", class: "figure-life",
                                    text: String(fig.life) }));
      }
      board.appendChild(g);
    });
    s.fighters.forEach(function (f, seat) {
      if (!(f.position >= 1 && f.position <= 7)) return;
      var cx = spaceX(f.position) + SPACE_W / 2, cy = ROW_Y + 46;
      var g = svg("g", { class: "fighter" + (f.stunned ? " stunned" : "") + (s.active === seat ? " active" : ""),
                         "data-fighter": seat, "data-space": f.position,
                         // For the viewer's motion: the same piece from frame to frame, and its life.
                         "data-piece": "fighter-" + seat, "data-life": f.life });
      if (s.active === seat) g.appendChild(svg("circle", { cx: cx, cy: cy, r: 33, class: "active-ring" }));
      g.appendChild(svg("circle", { cx: cx, cy: cy, r: 27, fill: COLORS[seat], class: "token" }));
      g.appendChild(svg("text", { x: cx, y: cy + 10, "text-anchor": "middle", class: "initial", text: f.initial }));
      if (f.stunned) {
        g.appendChild(svg("text", { x: cx + 24, y: cy - 18, "text-anchor": "middle", class: "stun-mark", text: "✶" }));
      }
      board.appendChild(g);
    });
    root.appendChild(board);
    var captionLine = ctx.el("p", { class: "bc-caption", text: caption(s) });
    placedMarkers(s, ctx).forEach(function (m) {
      captionLine.appendChild(ctx.el("span", { class: "bc-legend" }, " · ",
        ctx.el("span", { class: "marker-key " + m.label + "-key", style: "background:" + COLORS[m.owner],
                         "aria-hidden": "true" }),
        " " + shortName(ctx, m.owner) + "'s " + m.name + " on space " + m.space));
    });
    (s.figures || []).forEach(function (fig) {
      var life = fig.life !== undefined && fig.life !== null ? ", life " + fig.life : "";
      var where = fig.space >= 1 && fig.space <= 7 ? " on space " + fig.space + life : " off the board" + life;
      captionLine.appendChild(ctx.el("span", { class: "bc-legend figure-key", "data-figure": fig.name },
        " · " + shortName(ctx, fig.owner) + "'s " + fig.name + where));
    });
    root.appendChild(captionLine);
  }

  // "beat 16 · 1 beat left": a beat with a Pulse does not count toward the limit (WoI p.33), so the
  // beat number can pass it. Counted as the rulebook's pencil count: this beat included, until it ends.
  function beatsLeft(s) {
    if (!s.beat_limit || s.beat === 0 || s.phase === "duel-over" || s.phase === "over") return "";
    var left = s.beat_limit - s.beats_counted + (s.phase === "select-next" ? 0 : 1);
    if (left <= 0) return " · no beats left";
    return " · " + left + (left === 1 ? " beat left" : " beats left");
  }

  function caption(s) {
    var beat = s.beat === 0 ? "set-up" : "beat " + s.beat + beatsLeft(s);
    var text = "duel " + Math.max(s.duel, 1) + ", " + beat;
    if (s.score && (s.score[0] || s.score[1] || s.draws)) text += " · duels won " + s.score[0] + "–" + s.score[1];
    return text;
  }

  function chips(ctx, seat, cards, cls) {
    var el = ctx.el;
    if (!cards || !cards.length) return el("span", { class: "none", text: "—" });
    return el("ul", { class: "chips " + (cls || "") }, cards.map(function (card) {
      var cls = card === "?" ? "chip hidden-card" : BORROWED.test(card) ? "chip borrowed-card" : "chip";
      return el("li", { class: cls, title: card === "?" ? "face down" : cardTitle(ctx, seat, card), text: card });
    }));
  }

  function row(el, label, value, key) {
    return [el("dt", { text: label }), el("dd", { "data-key": key }, value)];
  }

  // A kit's counters ("Level 2"), one row each: the number, then one pentagon per step of the kit's range (up
  // to 10), lit up to the value -- counters are pentagons on the table (WoI p.31).
  function counterRows(el, ctx, seat, f) {
    var info = ctx.static.fighters && ctx.static.fighters[seat], b = (info && info.counters) || {};
    return Object.keys(f.counters || {}).map(function (n) {
      var v = f.counters[n], r = b[n] || {}, p = [];
      for (var i = r.min + 1; r.max - r.min <= 10 && i <= r.max; i++) p.push(el("i", { class: i <= v ? "on" : "" }));
      return row(el, n, [el("span", { class: "counter-value", text: String(v) }), p.length ? el("span",
        { class: "pips", role: "img", "aria-label": n + " " + v + " of " + r.max }, p) : null], "counter-" + n);
    });
  }

  // The seat's extra figures (a second standup): where each stands, its life, and what the kit says of it
  // (its snapshot's "figure_notes": {figure: words}, such as the bonus of the zone it is in).
  function figureRows(el, s, seat, f) {
    var notes = f.figure_notes || {};
    return (s.figures || []).filter(function (fig) { return fig.owner === seat; }).map(function (fig) {
      var where = fig.space >= 1 && fig.space <= 7 ? "on space " + fig.space : "off the board";
      var life = fig.life !== undefined && fig.life !== null ? ", life " + fig.life : "";
      return row(el, fig.name, where + life + (notes[fig.name] ? " · " + notes[fig.name] : ""), "figure");
    });
  }

  // A zone the kit's drawing hints name in "token_zones" holds tokens (a token that travels with the cards):
  // its chips are drawn as tokens.
  function zoneRows(el, ctx, seat, f) {
    var info = ctx.static.fighters && ctx.static.fighters[seat];
    var tokenZones = (info && info.drawing && info.drawing.token_zones) || [];
    return Object.keys(f.zones || {}).filter(function (name) { return f.zones[name].length; }).map(function (name) {
      var cls = tokenZones.indexOf(name) >= 0 ? "tokens" : "";
      return row(el, name, chips(ctx, seat, f.zones[name], cls), "zone-" + name);
    });
  }

  // A kit's snapshot fields the drawing hints name in "card_fields" ({field: label}) hold card names (one, or a
  // list): a row of card chips each, such as a style that applies besides the pair (a Current Form); none: no row.
  function cardFieldRows(el, ctx, seat, f) {
    var info = ctx.static.fighters && ctx.static.fighters[seat];
    var fields = (info && info.drawing && info.drawing.card_fields) || {};
    return Object.keys(fields).filter(function (k) {
      var v = f[k];
      return v !== null && v !== undefined && !(Array.isArray(v) && !v.length);
    }).map(function (k) {
      var v = f[k];
      return row(el, fields[k], chips(ctx, seat, Array.isArray(v) ? v : [v]), "field-" + k);
    });
  }

  function panel(s, f, seat, ctx) {
    var el = ctx.el;
    var badges = [];
    if (s.active === seat) badges.push(el("span", { class: "badge active", text: "active" }));
    if (f.stunned) badges.push(el("span", { class: "badge stunned", text: "stunned" }));
    // Eliminated by an instant win (FighterEliminated), whatever the life total.
    if (f.eliminated) badges.push(el("span", { class: "badge stunned", text: "eliminated (" + f.eliminated + ")" }));
    if (f.form) badges.push(el("span", { class: "badge", text: f.form + " form" }));
    if (f.dodge) badges.push(el("span", { class: "badge", text: "can't be hit" }));
    var pair;
    if (!f.pair) pair = el("span", { class: "none", text: "—" });
    else {
      var cards = [f.pair.style, f.pair.base].filter(function (c) { return c !== null; });
      pair = [chips(ctx, seat, cards, "pair"), f.face_down ? el("span", { class: "muted", text:
                f.style_shown ? " face down, the style face up" : " face down" }) : null,
              !f.face_down && f.base_face_down ? el("span", { class: "muted", text: " clash base face down" }) : null,
              f.pair.covered && f.pair.covered.length ? [el("span", { class: "muted", text: " over " }),
                                                         chips(ctx, seat, f.pair.covered)] : null];
    }
    var hand = f.hand;
    var handNote = null;
    if (f.hand_hidden_count) {
      handNote = el("p", { class: "muted small", text: "Not yet played; " + (f.hand_hidden_count === 1 ?
        "one of these is the face-down base." : f.hand_hidden_count + " of these are the face-down pair.") });
    }
    // A status (+2 power...) or a lock ("cannot move": no stat).
    var statuses = (f.statuses || []).concat(f.cannot_move || []).filter(function (st) {
      return st.beat >= s.beat;
    }).map(function (st) {
      var when = st.beat === s.beat ? "this beat" : "next beat";
      return (st.stat ? (st.amount > 0 ? "+" : "") + st.amount + " " + st.stat : "cannot move") + " " + when +
        " (" + st.label + ")";
    });
    var info = ctx.static.fighters && ctx.static.fighters[seat];
    var spent = spentTokens(f);
    var dl = el("dl", { class: "facts" },
      row(el, "Life", [el("span", { class: "life-num", text: minus(f.life) }),
                       f.life <= 0 ? el("span", { class: "muted", text: " knocked out" }) : null], "life"),
      row(el, "Space", String(f.position || "—"), "position"),
      row(el, "Attack pair", pair, "pair"),
      info && info.tokens.length ? row(el, "Tokens", chips(ctx, seat, f.tokens, "tokens"), "tokens") : null,
      f.anted && f.anted.length ? row(el, "Anted", chips(ctx, seat, f.anted, "tokens"), "anted") : null,
      info && info.tokens.length && spent.length ? row(el, "Spent tokens", chips(ctx, seat, spent, "tokens"), "token_discard") : null,
      counterRows(el, ctx, seat, f),
      figureRows(el, s, seat, f),
      cardFieldRows(el, ctx, seat, f),
      zoneRows(el, ctx, seat, f),
      statuses.length ? row(el, "Status", statuses.join("; "), "statuses") : null,
      // A kit's secret ante decision (a base named face down): "?" until it is revealed, for everyone but its owner.
      f.secret ? row(el, f.secret.name, [f.secret.choice === "none" ? el("span", { class: "none", text: "no base named" })
        : chips(ctx, 1 - seat, [f.secret.choice], "secret"), !f.secret.revealed ? el("span", { class: "muted", text:
        " face down" }) : null], "secret") : null,
      // A kit's effects that last beyond the beat (its snapshot's "lasting": words), such as a Finisher's for the duel.
      f.lasting && f.lasting.length ? row(el, "Lasting effects", f.lasting.join("; "), "lasting") : null,
      f.finisher ? row(el, "Finisher", [chips(ctx, seat, [f.finisher]), el("span", { class: "muted", text:
        f.finisher_active ? " in play" : f.finisher_removed ? " used" : !f.finisher_revealed ? " face down" : "" })],
        "finisher") : null,
      f.special ? row(el, "Special action", String(f.special), "special") : null,
      row(el, seatCanSeeHand(f, seat, ctx) ? "Hand" : "Cards not played", [chips(ctx, seat, hand), handNote], "hand"),
      row(el, "Discard 1", chips(ctx, seat, f.discard1), "discard1"),
      row(el, "Discard 2", chips(ctx, seat, f.discard2), "discard2"),
      f.removed && f.removed.length ? row(el, "Removed", chips(ctx, seat, f.removed), "removed") : null);
    return el("article", { class: "fighter-panel seat-" + (seat + 1), "data-panel": seat,
                           "aria-label": f.name + ", " + fighterName(ctx, seat) },
      el("h3", null, el("span", { class: "dot", style: "background:" + COLORS[seat] }), f.name,
         el("small", { text: " " + fighterName(ctx, seat) }), " ", badges),
      dl);
  }

  function seatCanSeeHand(f, seat, ctx) {
    return ctx.seat === null || ctx.seat === seat || !f.hand_hidden_count;
  }

  function attacks(frame, ctx) {
    var el = ctx.el, s = frame.s;
    var figures = frame.v && frame.v.attacks;
    if (!figures) return null;
    var rows = [["Range", "range", "range_terms"], ["Power", "power", "power_terms"],
                ["Priority", "priority", "priority_terms"], ["Soak", "soak", "soak_terms"],
                ["Stun guard", "stun_guard", "stun_guard_terms"]];
    var head = el("tr", null, el("th", { scope: "col", text: "Revealed" }), s.fighters.map(function (f, seat) {
      // The figures name the pair they are for: it stays on the table after it is recycled.
      var fig = figures[seat];
      var pair = fig ? fig.cards.join(" ") : "—";
      return el("th", { scope: "col", class: "seat-" + (seat + 1) },
                el("span", { class: "dot", style: "background:" + COLORS[seat] }), f.name + ": " + pair,
                s.active === seat ? el("span", { class: "badge active", text: "active" }) : null);
    }));
    var body = rows.map(function (r) {
      return el("tr", null, el("th", { scope: "row", text: r[0] }), figures.map(function (fig, seat) {
        if (!fig) return el("td", { "data-figure": r[1], "data-seat": seat, class: "none", text: "—" });
        return el("td", { "data-figure": r[1], "data-seat": seat },
                  el("strong", { text: fig[r[1]] }),
                  fig[r[2]] ? el("span", { class: "terms", text: fig[r[2]] }) : null);
      }));
    });
    // What each revealed card does, as the engine knows it (the kit's card text).
    body.push(el("tr", { class: "effects" }, el("th", { scope: "row", text: "Effects" }), figures.map(function (fig, seat) {
      var cards = fig ? fig.cards : [];
      return el("td", { "data-figure": "effects", "data-seat": seat, class: cards.length ? "" : "none" },
                cards.length ? cards.map(function (name) {
                  var known = cardInfo(ctx, seat, name), text = known && known.text;
                  return el("p", { class: "card-effect" }, el("strong", { text: name + ": " }), text || "no effect text");
                }) : "—");
    })));
    return el("table", { class: "attacks", "aria-label": "Revealed attack pairs with combined figures" },
              el("thead", null, head), el("tbody", null, body));
  }

  window.BeatlogViews.register("battlecon", {
    draw: function (board, panels, frame, ctx) {
      ctx.clear(board);
      ctx.clear(panels);
      var s = frame.s;
      drawBoard(board, s, ctx);
      var table = attacks(frame, ctx);
      if (table) panels.appendChild(table);
      panels.appendChild(ctx.el("div", { class: "fighter-panels" },
                                s.fighters.map(function (f, seat) { return panel(s, f, seat, ctx); })));
    },
    summary: function (frame, ctx) {
      var s = frame.s;
      var parts = s.fighters.map(function (f, seat) {
        var bits = [f.name + "'s " + shortName(ctx, seat) + (f.position ? " on space " + f.position : " off the board"),
                    lifeText(f.life)];
        if (s.active === seat) bits.push("active");
        if (f.stunned) bits.push("stunned");
        return bits.join(", ");
      });
      var text = "Board, " + caption(s) + ": " + parts.join("; ") + ".";
      placedMarkers(s, ctx).forEach(function (m) { text += " " + m.name + " on space " + m.space + "."; });
      return text;
    }
  });
})();
