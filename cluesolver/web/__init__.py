"""The companion as a local web page: ``cluesolver serve``.

A Starlette app over the same library and session files as the CLI: the Clue notebook
of a session (written through :mod:`cluesolver.clue.session.store`, lock and atomic write),
Vegas payouts and scores of files in the session's folder, and the rule books.  Jinja2
templates, htmx shipped as a static file (no CDN, no build step).  Nothing here is
imported unless ``serve`` runs, so the other commands start as fast as before.

Every request needs the random token of the run (``?t=TOKEN`` once, then a cookie);
a wrong or missing token gets 403 and an empty page.
"""
