"""The commands `cli.py` dispatches to, one module each (`build.py`,
`serve.py`, `export.py`), and the options they share (`options.py`).
`rulesite check` is `check/command.py`, `rulesite bench` `bench/command.py`;
the live preview `serve.py` starts is the `serve/` package."""
