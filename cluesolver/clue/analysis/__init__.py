"""What a log means: the report every front end shows, why a fact holds, which lines
force it, what a line changed, and the rules check of a whole log.
"""
