"""`rulesite serve`: a live preview of the site while its sources are edited (`command.py`)."""
