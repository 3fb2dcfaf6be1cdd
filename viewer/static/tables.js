/* beatlog index and player pages: sortable, filterable tables and spoiler
   controls, without a server. Reads text from the page; writes nothing but
   attributes and textContent. */
(function () {
  "use strict";

  function cellKey(cell, type) {
    if (!cell) return "";
    var hidden = cell.getAttribute("data-hidden") === "1";
    // A hidden result must not leak through the order of the rows.
    var raw = hidden ? "" : (cell.hasAttribute("data-sort") ? cell.getAttribute("data-sort") : cell.textContent.trim());
    if (type === "number") {
      var n = parseFloat(raw);
      return isNaN(n) ? -Infinity : n;
    }
    return raw.toLocaleLowerCase();
  }

  function sortable(table) {
    var heads = table.querySelectorAll("thead th");
    Array.prototype.forEach.call(heads, function (th, column) {
      var button = th.querySelector("button.sort");
      if (!button) return;
      button.addEventListener("click", function () {
        var ascending = th.getAttribute("aria-sort") !== "ascending";
        Array.prototype.forEach.call(heads, function (h) { h.removeAttribute("aria-sort"); });
        th.setAttribute("aria-sort", ascending ? "ascending" : "descending");
        var type = th.getAttribute("data-type") || "text";
        var body = table.tBodies[0];
        var rows = Array.prototype.slice.call(body.rows);
        rows.forEach(function (row, i) { row._order = i; });
        rows.sort(function (a, b) {
          var x = cellKey(a.cells[column], type), y = cellKey(b.cells[column], type);
          var c = x < y ? -1 : x > y ? 1 : a._order - b._order;
          return ascending ? c : -c;
        });
        rows.forEach(function (row) { body.appendChild(row); });
      });
    });
  }

  function filterable(input) {
    var table = document.getElementById(input.getAttribute("data-filter-for"));
    if (table) input.addEventListener("input", function () { applyFilters(table); });
  }

  function applyFilters(table) {
    var text = document.querySelector("[data-filter-for='" + table.id + "']");
    var terms = text ? text.value.toLocaleLowerCase().split(/\s+/).filter(Boolean) : [];
    var selects = document.querySelectorAll("[data-column-filter-for='" + table.id + "']");
    var shown = 0;
    Array.prototype.forEach.call(table.tBodies[0].rows, function (row) {
      var haystack = visibleText(row).toLocaleLowerCase();
      var ok = terms.every(function (t) { return haystack.indexOf(t) >= 0; });
      Array.prototype.forEach.call(selects, function (select) {
        if (!select.value) return;
        var values = (row.getAttribute("data-" + select.getAttribute("data-column")) || "").split("\n");
        if (values.indexOf(select.value) < 0) ok = false;
      });
      row.hidden = !ok;
      if (ok) shown++;
    });
    var count = document.querySelector("[data-count-for='" + table.id + "']");
    if (count) count.textContent = shown + " of " + table.tBodies[0].rows.length + " shown";
  }

  // Text a reader can see: a hidden result is not searchable (that would spoil it).
  function visibleText(row) {
    var parts = [];
    Array.prototype.forEach.call(row.cells, function (cell) {
      if (cell.getAttribute("data-hidden") !== "1") parts.push(cell.textContent);
    });
    return parts.join(" ");
  }

  var charts = [];

  function setRevealed(on, fromUser) {
    var button = document.getElementById("reveal-all");
    if (button) {
      button.setAttribute("aria-pressed", on ? "true" : "false");
      button.textContent = on ? "Hide results" : "Reveal results";
    }
    Array.prototype.forEach.call(document.querySelectorAll(".spoiler"), function (cell) {
      cell.setAttribute("data-hidden", on ? "0" : "1");
    });
    Array.prototype.forEach.call(document.querySelectorAll("[data-spoiler]"), function (node) { node.hidden = !on; });
    if (on) drawCharts();
    var hash = on ? "#r=1" : "#r=0";
    if (fromUser && location.hash !== hash) history.replaceState(null, "", hash);
  }

  // A player page can hold dozens of charts: each is drawn when it comes near the screen.
  // Their specs (viewer/charts.py) escape every string plotly would read as markup.
  var watcher = null;

  function drawChart(c) {
    if (c.drawn) return;
    c.drawn = true;
    window.Plotly.newPlot(c.target, c.spec.traces, c.spec.layout, { displayModeBar: false, responsive: true });
  }

  function drawCharts() {
    if (typeof window.Plotly === "undefined") return;
    if (!("IntersectionObserver" in window)) { charts.forEach(drawChart); return; }
    if (!watcher) {
      watcher = new IntersectionObserver(function (entries) {
        entries.forEach(function (entry) {
          if (!entry.isIntersecting) return;
          watcher.unobserve(entry.target);
          charts.forEach(function (c) { if (c.target === entry.target) drawChart(c); });
        });
      }, { rootMargin: "400px 0px" });
    }
    charts.forEach(function (c) { if (!c.drawn) watcher.observe(c.target); });
  }

  function start() {
    Array.prototype.forEach.call(document.querySelectorAll("table.sortable"), sortable);
    Array.prototype.forEach.call(document.querySelectorAll("[data-filter-for]"), filterable);
    Array.prototype.forEach.call(document.querySelectorAll("[data-column-filter-for]"), function (select) {
      var table = document.getElementById(select.getAttribute("data-column-filter-for"));
      if (table) select.addEventListener("change", function () { applyFilters(table); });
    });
    Array.prototype.forEach.call(document.querySelectorAll("script.chart-data"), function (node) {
      var target = document.getElementById(node.getAttribute("data-target"));
      if (target) charts.push({ target: target, spec: JSON.parse(node.textContent), drawn: false });
    });
    document.addEventListener("click", function (ev) {
      var button = ev.target.closest ? ev.target.closest(".spoiler-button") : null;
      if (button) {
        // The row's other hidden cells (its beats) go with its result.
        var row = button.closest("tr") || button.parentNode;
        Array.prototype.forEach.call(row.querySelectorAll(".spoiler"), function (cell) {
          cell.setAttribute("data-hidden", "0");
        });
        var value = button.parentNode.querySelector(".spoiler-value");
        if (value) { value.setAttribute("tabindex", "-1"); value.focus(); }
      }
    });
    var reveal = document.getElementById("reveal-all");
    if (reveal) {
      reveal.addEventListener("click", function () { setRevealed(reveal.getAttribute("aria-pressed") !== "true", true); });
    }
    setRevealed(/(^#|&)r=1(&|$)/.test(location.hash));
    Array.prototype.forEach.call(document.querySelectorAll("table[id]"), function (t) {
      if (document.querySelector("[data-filter-for='" + t.id + "']")) applyFilters(t);
    });
    document.documentElement.setAttribute("data-ready", "1");
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
