"""The commands `cli.py` dispatches to, one module each, and the options
they share (`options.py`). `rulesite check` and `rulesite serve` live in their
own packages (`check/command.py`, `serve/command.py`), `rulesite bench` in
`bench/command.py`."""
