"""Ctrl-C stops `rulesite serve` however it was started. A shell's background
job, and tools that start it so, hand it SIGINT ignored, which Python then
leaves ignored: the server would run on until killed, leaving its kept copies
of the site behind."""

from __future__ import annotations

import signal
import sys

from build.buildproc import REPO, project

from rulesite.bench.serve import ServeProcess

# `rulesite serve --port 0` on the seeds, with SIGINT ignored as a background job has it.
IGNORING = (
    "import runpy, signal, sys; signal.signal(signal.SIGINT, signal.SIG_IGN); "
    "sys.argv = ['rulesite', 'serve', '--config', sys.argv[1], '--port', '0']; "
    "runpy.run_module('rulesite', run_name='__main__')"
)
STOP_S = 60


def test_ctrl_c_stops_a_serve_started_with_sigint_ignored(tmp_path):
    root = project(tmp_path / "project")
    server = ServeProcess(root, REPO / "mkdocs.yml", command=[sys.executable, "-c", IGNORING, str(REPO / "mkdocs.yml")])
    try:
        server.wait_for("serving")
        server.process.send_signal(signal.SIGINT)
        status = server.process.wait(timeout=STOP_S)
    finally:
        server.stop()
    assert status == 0, "".join(server.errors)[-2000:]
    assert "stopped" in "".join(server.errors)
    assert not list(root.glob(".*.spare")), "the kept copies of the generations were left behind"
