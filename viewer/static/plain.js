/* The fallback drawing for a game without a view of its own: the snapshot as an outline. */
(function () {
  "use strict";

  function outline(el, value) {
    if (value === null || typeof value !== "object") return el("span", { class: "leaf", text: JSON.stringify(value) });
    var keys = Object.keys(value);
    if (!keys.length) return el("span", { class: "leaf", text: Array.isArray(value) ? "[]" : "{}" });
    return el("ul", { class: "outline" }, keys.map(function (k) {
      return el("li", null, el("span", { class: "key", text: k + ": " }), outline(el, value[k]));
    }));
  }

  window.BeatlogViews.register("plain", {
    draw: function (board, panels, frame, ctx) {
      ctx.clear(board);
      ctx.clear(panels);
      board.appendChild(outline(ctx.el, frame.s));
    },
    summary: function (frame) {
      return "State: " + JSON.stringify(frame.s);
    }
  });
})();
