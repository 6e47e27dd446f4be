"""The shared core: the bottom layer every other module may use, and which uses none.

* :mod:`rulesref.core.errors` - the one exception family and located :class:`Problem`;
* :mod:`rulesref.core.files` - reading files safely, the one atomic writer;
* :mod:`rulesref.core.tomlfile` - reading TOML with every problem located by line;
* :mod:`rulesref.core.names` - the one "did you mean" matcher;
* :mod:`rulesref.core.findings` - the one finding type (severity, place, rule) and
  the one report shape every ``check --json`` prints;
* :mod:`rulesref.core.games` - game ids and telling which game a file belongs to;
* :mod:`rulesref.core.text` - untrusted text: lines as an editor shows them, bounded quotes.

Nothing here imports anything of ``rulesref`` or ``cluesolver`` outside this folder.
"""
