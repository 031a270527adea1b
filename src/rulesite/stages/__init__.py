"""The glue of the stages whose work crosses a stage's folder: the sources
read and their editions merged (`read.py`), and resolve's results with the
site map made into the one `Context` render, export and check read
(`resolve.py`). The order they run in is `sequence.py`'s."""
