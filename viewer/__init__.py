"""beatlog viewer: a static HTML site to step through matches in a browser, offline.

``beatlog render`` (``beatlog/cli/view_commands.py``) calls :func:`viewer.site.render_site`.
Modules, one concept each:

- :mod:`viewer.sources`  where matches come from (JSONL logs, a store)
- :mod:`viewer.frames`   the one-walk visitor building a page's frames, events and beats
- :mod:`viewer.patch`    compact JSON differences between frames
- :mod:`viewer.page`     one match: page data, summary, statistics (``replay.stats``)
- :mod:`viewer.logpack`  the match log packed into its page, and rebuilt from it (``beatlog extract``)
- :mod:`viewer.gameview` the ``VIEW`` hook a game provides for its drawing
- :mod:`viewer.embed`    JSON safe inside ``<script>``
- :mod:`viewer.names`    safe file names for untrusted strings
- :mod:`viewer.assets`   shared CSS/JS, plotly.js from the installed package
- :mod:`viewer.templating` the jinja2 environment (autoescape everywhere)
- :mod:`viewer.summary`  the statistics summary shaped for the index and player pages
- :mod:`viewer.charts`   plotly figure specs, every string escaped for plotly
- :mod:`viewer.player`   one player's page: figures per match, usage, each match beat by beat
- :mod:`viewer.site`     writing the index and match pages, and the whole site
"""
