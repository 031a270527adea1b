"""`rulesite bench`: times every stage over the real corpora (`command.py`),
the live preview's save-to-screen wait (`serve.py`), and editions made up for
the purpose (`editions.py`). Not used by a build."""
