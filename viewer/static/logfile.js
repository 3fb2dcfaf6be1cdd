/* beatlog match page: the match log rebuilt from the page, offered as a download.

   The page embeds the log packed (viewer/logpack.py): the header, each record's
   data values (repeated strings once, in a table), and the last hash. Everything
   else of a record is in the page's events and beats, or follows from the chain. This rebuilds the exact bytes of
   the log file -- canonical JSON (keys sorted by code point, as orjson writes
   them) and SHA-256 along the chain -- checks that the chain ends at the hash the
   page was rendered with, and links the bytes as a Blob: no network, works from
   file://, and `beatlog verify` accepts the file saved. */
(function () {
  "use strict";

  // -- SHA-256 (FIPS 180-4); the constants are the fractional parts of roots of primes --
  var K = [], H0 = [];
  (function () {
    for (var p = 2, found = 0; found < 64; p++) {
      var prime = true;
      for (var d = 2; d * d <= p; d++) if (p % d === 0) { prime = false; break; }
      if (!prime) continue;
      if (found < 8) H0.push((Math.pow(p, 1 / 2) % 1) * 4294967296 | 0);
      K.push((Math.pow(p, 1 / 3) % 1) * 4294967296 | 0);
      found++;
    }
  })();

  function sha256hex(bytes) {
    var n = bytes.length, blocks = ((n + 8) >> 6) + 1;
    var w = new Int32Array(blocks * 16), m = new Int32Array(64), h = H0.slice(), t;
    for (var i = 0; i < n; i++) w[i >> 2] |= bytes[i] << (24 - (i & 3) * 8);
    w[n >> 2] |= 0x80 << (24 - (n & 3) * 8);
    w[blocks * 16 - 2] = Math.floor(n / 0x20000000);
    w[blocks * 16 - 1] = n << 3;
    for (var at = 0; at < w.length; at += 16) {
      for (t = 0; t < 64; t++) {
        if (t < 16) { m[t] = w[at + t]; continue; }
        var x = m[t - 15], y = m[t - 2];
        var s0 = (x >>> 7 | x << 25) ^ (x >>> 18 | x << 14) ^ (x >>> 3);
        var s1 = (y >>> 17 | y << 15) ^ (y >>> 19 | y << 13) ^ (y >>> 10);
        m[t] = (m[t - 16] + s0 + m[t - 7] + s1) | 0;
      }
      var a = h[0], b = h[1], c = h[2], d = h[3], e = h[4], f = h[5], g = h[6], k = h[7];
      for (t = 0; t < 64; t++) {
        var t1 = (k + ((e >>> 6 | e << 26) ^ (e >>> 11 | e << 21) ^ (e >>> 25 | e << 7)) +
                  ((e & f) ^ (~e & g)) + K[t] + m[t]) | 0;
        var t2 = (((a >>> 2 | a << 30) ^ (a >>> 13 | a << 19) ^ (a >>> 22 | a << 10)) +
                  ((a & b) ^ (a & c) ^ (b & c))) | 0;
        k = g; g = f; f = e; e = (d + t1) | 0; d = c; c = b; b = a; a = (t1 + t2) | 0;
      }
      h[0] = (h[0] + a) | 0; h[1] = (h[1] + b) | 0; h[2] = (h[2] + c) | 0; h[3] = (h[3] + d) | 0;
      h[4] = (h[4] + e) | 0; h[5] = (h[5] + f) | 0; h[6] = (h[6] + g) | 0; h[7] = (h[7] + k) | 0;
    }
    return h.map(function (v) { return ("0000000" + (v >>> 0).toString(16)).slice(-8); }).join("");
  }

  // -- canonical JSON: what recorder/canonical.py writes (integers only, no whitespace) --
  function byCodePoint(a, b) {
    for (var i = 0; i < a.length && i < b.length;) {
      var x = a.codePointAt(i), y = b.codePointAt(i);
      if (x !== y) return x - y;
      i += x > 0xffff ? 2 : 1;
    }
    return a.length - b.length;
  }

  function canonical(v) {
    if (v === null || typeof v !== "object") return JSON.stringify(v);
    if (Array.isArray(v)) return "[" + v.map(canonical).join(",") + "]";
    return "{" + Object.keys(v).sort(byCodePoint).map(function (key) {
      return JSON.stringify(key) + ":" + canonical(v[key]);
    }).join(",") + "}";
  }

  function own(obj, key, value) {
    // defineProperty: a data key named "__proto__" stays a plain key.
    Object.defineProperty(obj, key, { value: value, enumerable: true, writable: true, configurable: true });
  }

  // The log file's text, or an Error saying where the chain breaks.
  function rebuild(data) {
    var log = data.log, header = log.header, utf8 = new TextEncoder();
    var body = {};
    Object.keys(header).forEach(function (key) { if (key !== "created_at" && key !== "hash") own(body, key, header[key]); });
    if (sha256hex(utf8.encode(canonical(body))) !== header.hash) throw new Error("the header does not match its hash");
    var where = [];
    data.beats.forEach(function (b) { for (var seq = b[2]; seq <= b[3]; seq++) where[seq] = b; });
    if (data.events.length !== log.data.length) throw new Error("the log and the page disagree on the number of events");
    var lines = [canonical(header)], prev = header.hash;
    data.events.forEach(function (e, i) {
      var seq = i + 1, values = log.data[i].slice(1), shape = log.shapes[log.data[i][0]], payload = {};
      shape[1].forEach(function (j) { values[j] = log.strings[values[j]]; });
      shape[0].forEach(function (key, j) { own(payload, key, values[j]); });
      var record = { match_id: header.match_id, seq: seq, duel: where[seq][0], beat: where[seq][1],
                     type: data.types[e[0]], kind: e[1] ? "input" : "outcome", actor: e[2], data: payload,
                     cause: e[4], visibility: e[3] < 0 ? "public" : e[3], prev: prev };
      prev = sha256hex(utf8.encode(canonical(record)));
      record.hash = prev;
      lines.push(canonical(record));
    });
    if (prev !== log.final) throw new Error("the events do not rebuild to the hash this page was made with");
    return lines.join("\n") + "\n";
  }

  // Point the page's download link at the rebuilt log (called once the viewer has drawn).
  function attach(data, link, status) {
    if (!link || !data.log) return;
    try {
      var text = rebuild(data);
      link.href = URL.createObjectURL(new Blob([text], { type: "application/x-ndjson" }));
      link.hidden = false;
      // No event count here: it would say how long the match runs.
      if (status) status.textContent = "(rebuilt from this page; hash chain checked)";
    } catch (err) {
      if (status) status.textContent = "The log embedded in this page is damaged: " + err.message + ".";
    }
  }

  window.BeatlogLog = { sha256hex: sha256hex, canonical: canonical, rebuild: rebuild, attach: attach };
})();
