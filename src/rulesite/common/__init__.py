"""What every stage shares, below all of them: the model (`model.py`), the
grammar of names (`names.py`), the interface strings (`strings.py`), the one
diagnostics sink (`diagnostics.py`), the output folders' generations
(`output.py`) and the copies of them a serve keeps (`files_memory.py`),
text normalization, card symbols, content policies, the
offline app's file names, and the forked workers (`workers.py`). None of
these imports a stage."""
