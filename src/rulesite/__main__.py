"""`python -m rulesite`: the same as the `rulesite` command."""

import sys

from .cli import main

sys.exit(main())
