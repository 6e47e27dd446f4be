"""What was said at the table: the ``.clue`` log (events, reader, writer), the constraints
and facts it puts on the deal, whose turn it is, the Lost in Vegas clock, and honest
random games for tests and self-play.
"""
