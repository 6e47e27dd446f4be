"""The Clue games, room by room (lower rooms never import higher ones):

* :mod:`.variants` - the editions as data;
* :mod:`.record` - what was said at the table: the ``.clue`` log, constraints, turns, clock;
* :mod:`.engine` - counting the deals that agree with a log (front door :func:`.engine.count`);
* :mod:`.analysis` - what a log means: report, why, forcing lines, what a line changed, rules checks;
* :mod:`.advice` - what to suggest, when to accuse, the opponents' threat, self-play;
* :mod:`.session` - live sessions on disk: reading, changing, recording a line;
* :mod:`.game` - Clue's entry in the game registry.

Importing any of it changes nothing outside: settings a command needs (e.g. one BLAS
thread) are made by the CLI entry point, :mod:`cluesolver.cli`.
"""
